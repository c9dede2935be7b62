import { RESERVED_COMPANY } from '../../../contract/constants.js';
import type { ImportError, ImportSummary, OrderFileFormat } from '../../../contract/order-import.js';
import { badRequest, notFound, validationError } from '../../http/errors.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { requireAdmin, type AuthUser } from '../auth/auth-user.js';
import type { CustomerRow } from '../customers/customer-access.repository.js';
import { capErrors, parseOrderFile } from './order-file.parser.js';
import { jsonPath, validateOrder, findDuplicateOrders, rawSourceId, type ParsedOrder } from './order-file.validation.js';
import type { DbOrTx } from '../../db/client.js';
import {
  createOrderImportRepository,
  refreshImportStatistics,
  type NewOrderLineRow,
  type NewOrderRow,
  type OrderImportRepository,
  type ProductInput,
} from './order-import.repository.js';

/**
 * Order import (docs/integrations.md "Order files"), used by the CLI, the admin upload, the demo
 * data, the SGL Inbound task (files from FTP) and partner adapters that fetch one order.
 *
 * Rules: the whole file is validated first and a file with any bad row imports nothing; then
 * products are upserted by (customer, sku) and orders written in batches, each batch a savepoint
 * of the file's transaction. If a batch fails, its orders are written again one savepoint each, so
 * a failing order is reported and rolled back alone and no order is ever half imported. An order
 * that exists already (customer, source_id) is left exactly as it is.
 *
 * After each batch, what was stored is compared with what was parsed (every order found by its
 * source_id, every line of a new order written). Any difference means the database did not keep
 * the values as sent: the file's transaction is rolled back and the whole file refused.
 */

/** What was stored differs from what was parsed: nothing of the file may be kept. */
export class ImportMismatchError extends Error {}

/** Orders per transaction; bounded by lines too so one transaction stays short. */
const BATCH_ORDERS = 200;
const BATCH_LINES = 5000;
/** An import that wrote this many orders and lines refreshes the planner's statistics. */
export const BULK_ROWS = 1000;

export interface ImportResult {
  summary: ImportSummary;
  /** source_id → local order id, for created and already known orders. */
  orderIds: Map<string, number>;
}

const emptySummary = (errors: ImportError[] = []): ImportSummary => ({
  orders_created: 0,
  orders_unchanged: 0,
  lines_created: 0,
  products_created: 0,
  products_updated: 0,
  errors,
});

function batchesOf(parsed: ParsedOrder[]): ParsedOrder[][] {
  const batches: ParsedOrder[][] = [];
  let current: ParsedOrder[] = [];
  let lines = 0;
  for (const p of parsed) {
    if (current.length && (current.length >= BATCH_ORDERS || lines + p.order.lines.length > BATCH_LINES)) {
      batches.push(current);
      current = [];
      lines = 0;
    }
    current.push(p);
    lines += p.order.lines.length;
  }
  if (current.length) batches.push(current);
  return batches;
}

/** `db` may be a transaction already (demo data): each batch's transaction then nests as a savepoint. */
export function createOrderImportService(deps: { db: DbOrTx; clock?: Clock }) {
  const { db } = deps;
  const repo = createOrderImportRepository(db);
  const clock = deps.clock ?? systemClock;

  async function requireCustomer(ref: string | number): Promise<CustomerRow> {
    const customer = await repo.findCustomer(ref);
    if (!customer) throw notFound('Customer not found.');
    if (customer.company === RESERVED_COMPANY) throw badRequest(`Orders cannot be imported for ${RESERVED_COMPANY}.`);
    return customer;
  }

  async function writeBatch(
    tx: OrderImportRepository,
    customer: CustomerRow,
    batch: ParsedOrder[],
    productIds: Map<string, number>,
    now: Date,
  ) {
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
        lines.push({ orderId, productId, lineNumber: line.line_number, quantity: line.quantity });
      }
    }
    const linesCreated = await tx.insertLines(lines);
    if (linesCreated !== lines.length) {
      throw new ImportMismatchError(`${lines.length - linesCreated} of ${lines.length} order lines were not stored`);
    }
    const known = batch.map((p) => p.order.source_id).filter((s) => !ids.has(s));
    if (known.length) for (const r of await tx.findOrderIds(customer.id, known)) ids.set(r.sourceId1, r.id);
    const lost = batch.find((p) => !ids.has(p.order.source_id));
    if (lost) throw new ImportMismatchError(`order ${lost.order.source_id} was neither stored nor found`);
    return { created: inserted.length, unchanged: batch.length - inserted.length, linesCreated, ids };
  }

  /** Statistics help the next queries; an import that saved its orders does not fail for them. */
  async function refreshStatisticsQuietly() {
    try {
      await refreshImportStatistics(db);
    } catch (error) {
      console.warn(`Statistics not refreshed after an order import: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Imports validated orders in one transaction; a stored/parsed mismatch rolls all of it back. */
  async function importParsed(customer: CustomerRow, parsed: ParsedOrder[]): Promise<ImportResult> {
    try {
      const result = await db.transaction((fileTx) => writeFile(fileTx, customer, parsed));
      // After the commit: ANALYZE sees the new rows only then, and VACUUM cannot run in a transaction.
      if (result.summary.orders_created + result.summary.lines_created >= BULK_ROWS) await refreshStatisticsQuietly();
      return result;
    } catch (error) {
      if (!(error instanceof ImportMismatchError)) throw error;
      const message = `nothing of this file was imported: what the database stored differs from the file (${error.message})`;
      return { summary: emptySummary([{ line: 1, message }]), orderIds: new Map() };
    }
  }

  async function writeFile(fileTx: DbOrTx, customer: CustomerRow, parsed: ParsedOrder[]): Promise<ImportResult> {
    const now = clock.now();
    const summary = emptySummary();
    const orderIds = new Map<string, number>();
    // The same SKU in several orders is one product; its last description in the file wins.
    const bySku = new Map<string, ProductInput>();
    for (const { order } of parsed) for (const line of order.lines) bySku.set(line.product.sku, line.product);
    const products = await createOrderImportRepository(fileTx).upsertProducts(customer.id, [...bySku.values()], now);
    summary.products_created = products.created;
    summary.products_updated = products.updated;

    const add = (r: Awaited<ReturnType<typeof writeBatch>>) => {
      summary.orders_created += r.created;
      summary.orders_unchanged += r.unchanged;
      summary.lines_created += r.linesCreated;
      for (const [k, v] of r.ids) orderIds.set(k, v);
    };
    for (const batch of batchesOf(parsed)) {
      try {
        add(await fileTx.transaction((tx) => writeBatch(createOrderImportRepository(tx), customer, batch, products.idBySku, now)));
      } catch (batchError) {
        if (batchError instanceof ImportMismatchError) throw batchError;
        if (batch.length === 1) {
          summary.errors.push(saveError(batch[0]!, batchError));
          continue;
        }
        for (const one of batch) {
          try {
            add(await fileTx.transaction((tx) => writeBatch(createOrderImportRepository(tx), customer, [one], products.idBySku, now)));
          } catch (error) {
            if (error instanceof ImportMismatchError) throw error;
            summary.errors.push(saveError(one, error));
          }
        }
      }
    }
    summary.errors = capErrors(summary.errors);
    return { summary, orderIds };
  }

  async function runFile(input: { customerId: number | string; format: OrderFileFormat; content: string }) {
    const customer = await requireCustomer(input.customerId);
    const parsed = parseOrderFile(input.format, input.content);
    if (parsed.errors.length) return { summary: emptySummary(parsed.errors), rejected: true };
    const { summary } = await importParsed(customer, parsed.orders);
    // A file rolled back whole (a stored/parsed mismatch) is refused like a file with bad rows.
    return { summary, rejected: summary.orders_created + summary.orders_unchanged === 0 && summary.errors.length > 0 };
  }

  return {
    requireCustomer,

    /** Parses and imports one file for one customer; any bad row → nothing imported, every bad row listed. */
    async importFile(input: { customerId: number | string; format: OrderFileFormat; content: string }): Promise<ImportSummary> {
      return (await runFile(input)).summary;
    },

    /**
     * The admin upload: a file refused for bad rows is a 422 whose messages name each line
     * ("Line 4: …"); an imported file answers its summary.
     */
    async uploadFile(user: AuthUser, customerId: number, input: { format: OrderFileFormat; content: string }): Promise<ImportSummary> {
      requireAdmin(user);
      const { summary, rejected } = await runFile({ customerId, ...input });
      if (!rejected) return summary;
      const errors: Record<string, string[]> = {};
      for (const e of summary.errors) {
        const where = typeof e.line === 'number' ? `line ${e.line}` : e.line;
        (errors[where] ??= []).push(`${typeof e.line === 'number' ? `Line ${e.line}` : e.line}: ${e.message}`);
      }
      throw validationError(errors);
    },

    /**
     * Imports orders already in the file's JSON shape (partner adapters, demo data). Validated like
     * a JSON file's orders; errors are reported as orders[i]… and then nothing is imported.
     */
    async importOrders(customerId: number | string, inputs: unknown[]): Promise<ImportResult> {
      const customer = await requireCustomer(customerId);
      const parsed: ParsedOrder[] = [];
      const errors: ImportError[] = [];
      inputs.forEach((value, i) => {
        const result = validateOrder(value, (path) => jsonPath(`orders[${i}]`, path));
        errors.push(...result.errors);
        if (result.order) parsed.push({ order: result.order, line: `orders[${i}]` });
      });
      errors.push(
        ...findDuplicateOrders(
          inputs.map((v, i) => ({
            sourceId: rawSourceId((v as { source_id?: unknown })?.source_id),
            line: `orders[${i}].source_id`,
            where: `orders[${i}]`,
          })),
        ),
      );
      if (errors.length) return { summary: emptySummary(capErrors(errors)), orderIds: new Map() };
      return importParsed(customer, parsed);
    },
  };
}
export type OrderImportService = ReturnType<typeof createOrderImportService>;

function saveError(one: ParsedOrder, error: unknown): ImportError {
  // Drizzle wraps the driver's error in "Failed query: <sql> params: …"; the driver's text is the reason.
  const cause = (error as { cause?: unknown })?.cause;
  const reason = cause instanceof Error ? cause.message : error instanceof Error ? error.message : String(error);
  return { line: one.line, message: `order ${one.order.source_id} could not be saved, nothing of it was imported: ${reason}` };
}
