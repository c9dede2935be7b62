import type { ImportError, ImportSummary } from '../../../contract/order-import.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { CustomerRow } from '../customers/customer-access.repository.js';
import type { ParsedOrder } from './order-file.validation.js';
import {
  sameDetails,
  withDetails,
  type NewOrderLineRow,
  type NewOrderRow,
  type OrderImportRepository,
  type ProductInput,
  type StoredProduct,
} from './order-import.repository.js';

/** What was stored differs from what was parsed: nothing of the file may be kept. */
export class ImportMismatchError extends Error {}

export const emptySummary = (errors: ImportError[] = []): ImportSummary => ({
  orders_created: 0,
  orders_unchanged: 0,
  lines_created: 0,
  products_created: 0,
  products_updated: 0,
  errors,
});

/**
 * Writes one file's orders inside the file's transaction (`file`: the unit of work bound to it), a batch at a time in file order, and
 * keeps what the answer needs (issue 13: the import writes each batch while it parses the next).
 *
 * Products: a batch's SKUs not seen yet in the file are looked up (their stored rows remembered as
 * they were before the file) or inserted; the file's last description of every SKU is written
 * once at the end (`finish`), where products_updated counts the products that existed before the
 * file and differ from how they were then. A field the file leaves empty keeps the stored value.
 *
 * Orders: each batch is a savepoint. If it fails, its orders are written again one savepoint each,
 * so a failing order is reported and rolled back alone and no order is ever half imported. An
 * order that exists already (customer, source_id) is left exactly as it is. After each batch, what
 * was stored is compared with what was parsed; a difference throws ImportMismatchError.
 */
export function createImportWriter(file: UnitOfWork<OrderImportRepository>, customer: CustomerRow, now: Date) {
  const repo = file.repos;
  const summary = emptySummary();
  const orderIds = new Map<string, number>();
  const productIds = new Map<string, number>();
  /** Products that existed before the file, as they were. */
  const before = new Map<string, StoredProduct>();
  /** Products this file created, as inserted. */
  const created = new Map<string, StoredProduct>();
  /** The file's last description of each SKU. */
  const last = new Map<string, ProductInput>();

  async function resolveProducts(batch: ParsedOrder[]) {
    const unseen = new Map<string, ProductInput>();
    for (const { order } of batch) {
      for (const { product } of order.lines) {
        last.set(product.sku, product);
        if (!productIds.has(product.sku)) unseen.set(product.sku, product);
      }
    }
    if (!unseen.size) return;
    const resolved = await repo.resolveProducts(customer.id, [...unseen.values()], now);
    for (const row of resolved.existing) before.set(row.sku, row);
    for (const { id, sku } of resolved.created) {
      const p = unseen.get(sku)!;
      created.set(sku, {
        id,
        sku,
        upc: p.upc ?? null,
        name1: p.name_1 ?? '',
        color: p.color ?? null,
        size: p.size ?? null,
        category: p.category ?? null,
      });
    }
    // Products another import inserted in between are used, not described (as before issue 13).
    for (const { id, sku } of [...resolved.existing, ...resolved.created, ...resolved.raced]) productIds.set(sku, id);
    summary.products_created += resolved.created.length;
  }

  async function writeBatch(tx: OrderImportRepository, batch: ParsedOrder[]) {
    const rows: NewOrderRow[] = batch.map(({ order: o }) => ({
      customerId: customer.id,
      sourceId1: o.source_id,
      source: o.source ?? customer.orderSource,
      orderStatus: o.order_status,
      deliveryNumber: o.delivery_number ?? null,
      orderNumber: o.order_number ?? null,
      webOrderNumber: o.web_order_number ?? null,
      buyerReference: o.buyer_reference ?? null,
      orderType: o.order_type ?? null,
      deliveryName1: o.delivery_name_1 ?? null,
      deliveryName2: o.delivery_name_2 ?? null,
      deliveryAddress1: o.delivery_address_1 ?? null,
      deliveryAddress2: o.delivery_address_2 ?? null,
      deliveryAddress3: o.delivery_address_3 ?? null,
      deliveryCity: o.delivery_city ?? null,
      deliveryState: o.delivery_state ?? null,
      deliveryZipcode: o.delivery_zipcode ?? null,
      deliveryCountry: o.delivery_country ?? null,
      deliveryContact: o.delivery_contact ?? null,
      deliveryPhone: o.delivery_phone ?? null,
      deliveryEmail: o.delivery_email ?? null,
      createdAt: o.created_at ? new Date(o.created_at) : now,
      updatedAt: now,
    }));
    const inserted = await tx.insertOrders(rows);
    const parsedIds = new Set(batch.map((p) => p.order.source_id));
    const stray = inserted.find((r) => !parsedIds.has(r.sourceId1));
    if (stray)
      throw new ImportMismatchError(`order ${JSON.stringify(stray.sourceId1)} was stored under a source_id the file does not have`);
    const ids = new Map(inserted.map((r) => [r.sourceId1, r.id]));
    const lines: NewOrderLineRow[] = [];
    for (const { order } of batch) {
      const orderId = ids.get(order.source_id);
      if (orderId === undefined) continue;
      for (const line of order.lines) {
        const productId = productIds.get(line.product.sku);
        if (productId === undefined) throw new Error(`product ${line.product.sku} was not saved`);
        lines.push({ orderId, productId, lineNumber: line.line_number, quantity: line.quantity, unitValue: line.unit_value ?? null });
      }
    }
    const linesCreated = await tx.insertLines(lines);
    if (linesCreated !== lines.length) {
      throw new ImportMismatchError(`${lines.length - linesCreated} of ${lines.length} order lines were not stored`);
    }
    const serials = batch.flatMap(({ order }) => {
      const orderId = ids.get(order.source_id);
      if (orderId === undefined) return [];
      return order.lines.flatMap((line) => (line.serials ?? []).map((serial) => ({ orderId, lineNumber: line.line_number, serial })));
    });
    if (serials.length) {
      const stored = await tx.insertSerials(serials);
      if (stored !== serials.length)
        throw new ImportMismatchError(`${serials.length - stored} of ${serials.length} serial numbers were not stored`);
    }
    const known = batch.map((p) => p.order.source_id).filter((s) => !ids.has(s));
    if (known.length) for (const r of await tx.findOrderIds(customer.id, known)) ids.set(r.sourceId1, r.id);
    const lost = batch.find((p) => !ids.has(p.order.source_id));
    if (lost) throw new ImportMismatchError(`order ${lost.order.source_id} was neither stored nor found`);
    return { created: inserted.length, unchanged: batch.length - inserted.length, linesCreated, ids };
  }

  const add = (r: Awaited<ReturnType<typeof writeBatch>>) => {
    summary.orders_created += r.created;
    summary.orders_unchanged += r.unchanged;
    summary.lines_created += r.linesCreated;
    for (const [k, v] of r.ids) orderIds.set(k, v);
  };
  const inSavepoint = (batch: ParsedOrder[]) => file.transaction((tx) => writeBatch(tx, batch));

  return {
    /** Writes one batch of orders (file order); a failing order is reported in the summary. */
    async write(batch: ParsedOrder[]) {
      await resolveProducts(batch);
      try {
        add(await inSavepoint(batch));
      } catch (batchError) {
        if (batchError instanceof ImportMismatchError) throw batchError;
        if (batch.length === 1) {
          summary.errors.push(saveError(batch[0]!, batchError));
          return;
        }
        for (const one of batch) {
          try {
            add(await inSavepoint([one]));
          } catch (error) {
            if (error instanceof ImportMismatchError) throw error;
            summary.errors.push(saveError(one, error));
          }
        }
      }
    },

    /** Gives each product the file's last description; answers the summary and the order ids. */
    async finish(): Promise<{ summary: ImportSummary; orderIds: Map<string, number> }> {
      const changed: StoredProduct[] = [];
      for (const [sku, p] of last) {
        const was = before.get(sku);
        if (was) {
          const next = withDetails(was, p);
          if (!sameDetails(next, was)) {
            changed.push(next);
            summary.products_updated++;
          }
          continue;
        }
        const inserted = created.get(sku);
        if (!inserted) continue;
        // Created from an earlier description of the file: the last one is what it is created as.
        const next = {
          ...inserted,
          upc: p.upc ?? null,
          name1: p.name_1 ?? '',
          color: p.color ?? null,
          size: p.size ?? null,
          category: p.category ?? null,
        };
        if (!sameDetails(next, inserted)) changed.push(next);
      }
      await repo.updateProducts(customer.id, changed, now);
      return { summary, orderIds };
    },
  };
}

function saveError(one: ParsedOrder, error: unknown): ImportError {
  // Drizzle wraps the driver's error in "Failed query: <sql> params: …"; the driver's text is the reason.
  const cause = (error as { cause?: unknown })?.cause;
  const reason = cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
  return { line: one.line, message: `order ${one.order.source_id} could not be saved, nothing of it was imported: ${reason}` };
}
