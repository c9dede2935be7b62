import { and, eq, sql } from 'drizzle-orm';
import { copyIn, isEmbeddedDatabase, queryRows, transactionConnection, type DbOrTx } from '../../db/client.js';
import { customers, orderLines, orders, products } from '../../db/schema/index.js';

export type NewOrderRow = typeof orders.$inferInsert;
export type NewOrderLineRow = typeof orderLines.$inferInsert;

export interface ProductInput {
  sku: string;
  upc?: string;
  name_1?: string;
  color?: string;
  size?: string;
  category?: string;
}

/**
 * Bulk statements pass one array per column and unnest() them: a handful of bind parameters
 * whatever the number of rows, and no per-row query building in JavaScript.
 */
const CHUNK = 5000;
const list = (values: unknown[]) => sql.param(values);
const instant = (d: Date) => sql`${d.toISOString()}::timestamptz`;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

type IdSku = { id: number; sku: string };

/** A product row's details as stored. */
export interface StoredProduct {
  id: number;
  sku: string;
  upc: string | null;
  name1: string;
  color: string | null;
  size: string | null;
  category: string | null;
}

/** A stored product with a file's description over it: a field the file leaves empty keeps what is stored. */
export const withDetails = (row: StoredProduct, p: ProductInput): StoredProduct => ({
  id: row.id,
  sku: row.sku,
  upc: p.upc ?? row.upc,
  name1: p.name_1 ?? row.name1,
  color: p.color ?? row.color,
  size: p.size ?? row.size,
  category: p.category ?? row.category,
});

export const sameDetails = (a: StoredProduct, b: StoredProduct) =>
  a.upc === b.upc && a.name1 === b.name1 && a.color === b.color && a.size === b.size && a.category === b.category;
type IdSource = { id: number; source_id_1: string };

/** Reads and writes of the order import; every statement is batched, none is issued per line. */
/**
 * The order import's statements on a database or a transaction; the import service opens the
 * transaction of each batch and builds this repository on it (docs/decisions.md, "One transaction idiom").
 */
export function createOrderImportRepository(db: DbOrTx) {
  /**
   * The stored rows of the SKUs that exist (as they are now), and the ones inserted for the rest
   * (an empty name as ''). SKUs another import inserted in between are `raced`: their ids only.
   */
  async function resolveProducts(customerId: number, items: ProductInput[], now: Date) {
    const existing = await db
      .select({
        id: products.id,
        sku: products.sku,
        upc: products.upc,
        name1: products.name1,
        color: products.color,
        size: products.size,
        category: products.category,
      })
      .from(products)
      .where(and(eq(products.customerId, customerId), sql`${products.sku} = any(${list(items.map((p) => p.sku))}::text[])`));
    const known = new Set(existing.map((p) => p.sku));
    const fresh = items.filter((p) => !known.has(p.sku));
    const created: IdSku[] = [];
    const raced: IdSku[] = [];
    if (fresh.length) {
      const inserted = await queryRows<IdSku>(
        db,
        sql`insert into products (customer_id, sku, upc, name_1, color, size, category, created_at, updated_at)
            select ${customerId}, t.sku, t.upc, coalesce(t.name_1, ''), t.color, t.size, t.category, ${instant(now)}, ${instant(now)}
              from unnest(${list(fresh.map((p) => p.sku))}::text[], ${list(fresh.map((p) => p.upc ?? null))}::text[],
                          ${list(fresh.map((p) => p.name_1 ?? null))}::text[], ${list(fresh.map((p) => p.color ?? null))}::text[],
                          ${list(fresh.map((p) => p.size ?? null))}::text[], ${list(fresh.map((p) => p.category ?? null))}::text[])
                   as t(sku, upc, name_1, color, size, category)
            on conflict (customer_id, sku) do nothing
            returning id, sku`,
      );
      created.push(...inserted);
      // Another import inserted some of them in between: read their ids.
      const got = new Set(inserted.map((r) => r.sku));
      const missing = fresh.map((f) => f.sku).filter((s) => !got.has(s));
      if (missing.length) {
        raced.push(
          ...(await db
            .select({ id: products.id, sku: products.sku })
            .from(products)
            .where(and(eq(products.customerId, customerId), sql`${products.sku} = any(${list(missing)}::text[])`))),
        );
      }
    }
    return { existing, created, raced };
  }

  /** Writes the details of products of this customer (by id). */
  async function updateProducts(customerId: number, changed: StoredProduct[], now: Date) {
    for (const chunk of chunks(changed, CHUNK)) {
      await db.execute(sql`
        update products as p
           set upc = t.upc, name_1 = t.name_1, color = t.color, size = t.size, category = t.category, updated_at = ${instant(now)}
          from unnest(${list(chunk.map((c) => c.id))}::int[], ${list(chunk.map((c) => c.upc))}::text[],
                      ${list(chunk.map((c) => c.name1))}::text[], ${list(chunk.map((c) => c.color))}::text[],
                      ${list(chunk.map((c) => c.size))}::text[], ${list(chunk.map((c) => c.category))}::text[])
                   as t(id, upc, name_1, color, size, category)
         where p.id = t.id and p.customer_id = ${customerId}`);
    }
  }

  return {
    async findCustomer(ref: string | number) {
      const asId = typeof ref === 'number' ? ref : /^\d+$/.test(ref.trim()) ? Number(ref.trim()) : undefined;
      if (asId !== undefined) {
        const [byId] = await db.select().from(customers).where(eq(customers.id, asId)).limit(1);
        if (byId || typeof ref === 'number') return byId;
      }
      const [byCompany] = await db
        .select()
        .from(customers)
        .where(sql`lower(${customers.company}) = lower(${String(ref).trim()})`)
        .limit(1);
      return byCompany;
    },

    /**
     * Inserts unknown SKUs and updates known ones whose details changed. A field the file leaves
     * empty keeps what is known. Only this customer's products are read or written.
     */
    async upsertProducts(customerId: number, items: ProductInput[], now: Date) {
      const idBySku = new Map<string, number>();
      let created = 0;
      let updated = 0;
      for (const chunk of chunks(items, CHUNK)) {
        const resolved = await resolveProducts(customerId, chunk, now);
        created += resolved.created.length;
        const known = new Map(resolved.existing.map((p) => [p.sku, p]));
        for (const r of [...resolved.existing, ...resolved.created, ...resolved.raced]) idBySku.set(r.sku, r.id);
        const changed: StoredProduct[] = [];
        for (const p of chunk) {
          const row = known.get(p.sku);
          if (!row) continue;
          const next = withDetails(row, p);
          if (!sameDetails(next, row)) changed.push(next);
        }
        await updateProducts(customerId, changed, now);
        updated += changed.length;
      }
      return { idBySku, created, updated };
    },

    resolveProducts,
    updateProducts,

    /** Inserts the orders that do not exist yet; an existing (customer, source_id_1) is left as it is. */
    async insertOrders(rows: NewOrderRow[]): Promise<{ id: number; sourceId1: string }[]> {
      const inserted: { id: number; sourceId1: string }[] = [];
      for (const chunk of chunks(rows, CHUNK)) {
        const col = (pick: (r: NewOrderRow) => unknown) => list(chunk.map((r) => pick(r) ?? null));
        const out = await queryRows<IdSource>(
          db,
          sql`insert into orders (customer_id, source_id_1, source, order_status, delivery_number, order_number, web_order_number,
                                  buyer_reference, order_type, delivery_name_1, delivery_name_2, delivery_address_1, delivery_address_2,
                                  delivery_address_3, delivery_city, delivery_state, delivery_zipcode, delivery_country, delivery_contact,
                                  delivery_phone, delivery_email, created_at, updated_at)
              select * from unnest(
                ${col((r) => r.customerId)}::int[], ${col((r) => r.sourceId1)}::text[], ${col((r) => r.source)}::text[],
                ${col((r) => r.orderStatus)}::text[], ${col((r) => r.deliveryNumber)}::text[], ${col((r) => r.orderNumber)}::text[],
                ${col((r) => r.webOrderNumber)}::text[], ${col((r) => r.buyerReference)}::text[], ${col((r) => r.orderType)}::text[],
                ${col((r) => r.deliveryName1)}::text[], ${col((r) => r.deliveryName2)}::text[], ${col((r) => r.deliveryAddress1)}::text[],
                ${col((r) => r.deliveryAddress2)}::text[], ${col((r) => r.deliveryAddress3)}::text[], ${col((r) => r.deliveryCity)}::text[],
                ${col((r) => r.deliveryState)}::text[], ${col((r) => r.deliveryZipcode)}::text[], ${col((r) => r.deliveryCountry)}::text[],
                ${col((r) => r.deliveryContact)}::text[], ${col((r) => r.deliveryPhone)}::text[], ${col((r) => r.deliveryEmail)}::text[],
                ${col((r) => r.createdAt?.toISOString())}::timestamptz[], ${col((r) => r.updatedAt?.toISOString())}::timestamptz[])
              on conflict (customer_id, source_id_1) do nothing
              returning id, source_id_1`,
        );
        inserted.push(...out.map((r) => ({ id: r.id, sourceId1: r.source_id_1 })));
      }
      return inserted;
    },

    async findOrderIds(customerId: number, sourceIds: string[]): Promise<{ id: number; sourceId1: string }[]> {
      const out: { id: number; sourceId1: string }[] = [];
      for (const chunk of chunks(sourceIds, CHUNK)) {
        out.push(
          ...(await db
            .select({ id: orders.id, sourceId1: orders.sourceId1 })
            .from(orders)
            .where(and(eq(orders.customerId, customerId), sql`${orders.sourceId1} = any(${list(chunk)}::text[])`))),
        );
      }
      return out;
    },

    /**
     * Lines of orders this transaction has just inserted (so none of them exists yet). On
     * PostgreSQL inside a transaction they go in by COPY (issue 13: no per-statement arrays, no
     * RETURNING to read back); elsewhere by one INSERT … unnest a chunk. Answers the rows stored.
     */
    async insertLines(rows: NewOrderLineRow[]): Promise<number> {
      const connection = rows.length ? await transactionConnection(db) : undefined;
      if (connection) {
        return copyIn(
          connection,
          'COPY order_lines (order_id, product_id, line_number, quantity, unit_value) FROM STDIN',
          linesAsCopyText(rows),
        );
      }
      let count = 0;
      for (const chunk of chunks(rows, CHUNK)) {
        const inserted = await queryRows<{ id: number }>(
          db,
          sql`insert into order_lines (order_id, product_id, line_number, quantity, unit_value)
              select * from unnest(${list(chunk.map((r) => r.orderId))}::int[], ${list(chunk.map((r) => r.productId))}::int[],
                                   ${list(chunk.map((r) => r.lineNumber))}::int[], ${list(chunk.map((r) => r.quantity))}::int[],
                                   ${list(chunk.map((r) => r.unitValue ?? null))}::bigint[])
              on conflict (order_id, line_number) do nothing
              returning id`,
        );
        count += inserted.length;
      }
      return count;
    },

    /**
     * The serial numbers shipped on lines this transaction has just inserted (issue 27), one row a
     * serial, found by order and line number. Answers the rows stored.
     */
    async insertSerials(rows: { orderId: number; lineNumber: number; serial: string }[]): Promise<number> {
      let count = 0;
      for (const chunk of chunks(rows, CHUNK)) {
        const inserted = await queryRows<{ n: number }>(
          db,
          sql`with s as (
                insert into order_line_serials (order_line_id, serial)
                select l.id, t.serial
                  from unnest(${list(chunk.map((r) => r.orderId))}::int[], ${list(chunk.map((r) => r.lineNumber))}::int[],
                              ${list(chunk.map((r) => r.serial))}::text[]) as t(order_id, line_number, serial)
                  join order_lines l on l.order_id = t.order_id and l.line_number = t.line_number
                on conflict do nothing
                returning 1)
              select count(*)::int as n from s`,
        );
        count += Number(inserted[0]?.n ?? 0);
      }
      return count;
    },
  };
}
export type OrderImportRepository = ReturnType<typeof createOrderImportRepository>;

/** COPY text of order lines, a few thousand rows a chunk; every value is an integer or \N (nothing to escape). */
function* linesAsCopyText(rows: NewOrderLineRow[]): Generator<string> {
  const int = (n: unknown) => {
    if (!Number.isSafeInteger(n)) throw new Error(`an order line value is not an integer: ${String(n)}`);
    return String(n);
  };
  for (const chunk of chunks(rows, 2000)) {
    yield chunk
      .map(
        (r) =>
          `${int(r.orderId)}\t${int(r.productId)}\t${int(r.lineNumber)}\t${int(r.quantity)}\t${r.unitValue == null ? '\\N' : int(r.unitValue)}\n`,
      )
      .join('');
  }
}

/**
 * After a bulk import the planner's statistics describe the tables before it, and on a server with
 * autovacuum off (or PGlite, which has none) nothing refreshes them: plans go wrong (issue 13).
 * ANALYZE the imported tables and merge the trigram index's pending list; on PGlite, outside a
 * transaction, VACUUM too (visibility for index-only scans, dead rows of the upserts).
 */
export async function refreshImportStatistics(db: DbOrTx) {
  await db.execute(sql`ANALYZE orders, order_lines, products`);
  await db.execute(sql`SELECT gin_clean_pending_list('orders_customer_reference_trgm_idx'::regclass)`);
  if (isEmbeddedDatabase(db)) await db.execute(sql`VACUUM orders, order_lines, products`);
}
