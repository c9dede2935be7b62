import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { customers, orderLines, orders, products } from '../../db/schema/index.js';

export type NewOrderRow = typeof orders.$inferInsert;
export type NewOrderLineRow = typeof orderLines.$inferInsert;

export interface ProductInput {
  sku: string;
  upc?: string;
  name_1?: string;
  color?: string;
  size?: string;
}

/** Rows per statement: well under PostgreSQL's 65,535 bind parameters, big enough to be fast. */
const PRODUCT_CHUNK = 1000;
const ORDER_CHUNK = 500;
const LINE_CHUNK = 4000;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Reads and writes of the order import; every statement is batched, none is issued per line. */
function importStatements(db: DbOrTx) {
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
      for (const chunk of chunks(items, PRODUCT_CHUNK)) {
        const skus = chunk.map((p) => p.sku);
        const existing = await db
          .select({
            id: products.id,
            sku: products.sku,
            upc: products.upc,
            name1: products.name1,
            color: products.color,
            size: products.size,
          })
          .from(products)
          .where(and(eq(products.customerId, customerId), inArray(products.sku, skus)));
        const known = new Map(existing.map((p) => [p.sku, p]));
        const fresh: (typeof products.$inferInsert)[] = [];
        const changed: { id: number; upc: string | null; name1: string; color: string | null; size: string | null }[] = [];
        for (const p of chunk) {
          const row = known.get(p.sku);
          if (!row) {
            fresh.push({
              customerId,
              sku: p.sku,
              upc: p.upc ?? null,
              name1: p.name_1 ?? '',
              color: p.color ?? null,
              size: p.size ?? null,
              createdAt: now,
              updatedAt: now,
            });
            continue;
          }
          idBySku.set(p.sku, row.id);
          const next = {
            id: row.id,
            upc: p.upc ?? row.upc,
            name1: p.name_1 ?? row.name1,
            color: p.color ?? row.color,
            size: p.size ?? row.size,
          };
          if (next.upc !== row.upc || next.name1 !== row.name1 || next.color !== row.color || next.size !== row.size) changed.push(next);
        }
        if (fresh.length) {
          const inserted = await db
            .insert(products)
            .values(fresh)
            .onConflictDoNothing({ target: [products.customerId, products.sku] })
            .returning({ id: products.id, sku: products.sku });
          created += inserted.length;
          for (const r of inserted) idBySku.set(r.sku, r.id);
          // Another import inserted some of them in between: read their ids.
          const missing = fresh.map((f) => f.sku).filter((s) => !idBySku.has(s));
          if (missing.length) {
            const raced = await db
              .select({ id: products.id, sku: products.sku })
              .from(products)
              .where(and(eq(products.customerId, customerId), inArray(products.sku, missing)));
            for (const r of raced) idBySku.set(r.sku, r.id);
          }
        }
        if (changed.length) {
          const values = sql.join(
            changed.map((c) => sql`(${c.id}::int, ${c.upc}::text, ${c.name1}::text, ${c.color}::text, ${c.size}::text)`),
            sql`, `,
          );
          await db.execute(sql`
            update products as p
               set upc = v.upc, name_1 = v.name_1, color = v.color, size = v.size, updated_at = ${now.toISOString()}::timestamptz
              from (values ${values}) as v(id, upc, name_1, color, size)
             where p.id = v.id and p.customer_id = ${customerId}`);
          updated += changed.length;
        }
      }
      return { idBySku, created, updated };
    },

    /** Inserts the orders that do not exist yet; an existing (customer, source_id_1) is left as it is. */
    async insertOrders(rows: NewOrderRow[]): Promise<{ id: number; sourceId1: string }[]> {
      const inserted: { id: number; sourceId1: string }[] = [];
      for (const chunk of chunks(rows, ORDER_CHUNK)) {
        inserted.push(
          ...(await db
            .insert(orders)
            .values(chunk)
            .onConflictDoNothing({ target: [orders.customerId, orders.sourceId1] })
            .returning({ id: orders.id, sourceId1: orders.sourceId1 })),
        );
      }
      return inserted;
    },

    async findOrderIds(customerId: number, sourceIds: string[]): Promise<{ id: number; sourceId1: string }[]> {
      const out: { id: number; sourceId1: string }[] = [];
      for (const chunk of chunks(sourceIds, PRODUCT_CHUNK)) {
        out.push(
          ...(await db
            .select({ id: orders.id, sourceId1: orders.sourceId1 })
            .from(orders)
            .where(and(eq(orders.customerId, customerId), inArray(orders.sourceId1, chunk)))),
        );
      }
      return out;
    },

    async insertLines(rows: NewOrderLineRow[]): Promise<number> {
      let count = 0;
      for (const chunk of chunks(rows, LINE_CHUNK)) {
        const inserted = await db
          .insert(orderLines)
          .values(chunk)
          .onConflictDoNothing({ target: [orderLines.orderId, orderLines.lineNumber] })
          .returning({ id: orderLines.id });
        count += inserted.length;
      }
      return count;
    },
  };
}
export type OrderImportStatements = ReturnType<typeof importStatements>;

export function createOrderImportRepository(db: DbOrTx) {
  return {
    ...importStatements(db),
    /** On a transaction already (demo data) this nests as a savepoint. */
    transaction<T>(work: (tx: OrderImportStatements) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(importStatements(tx)));
    },
  };
}
export type OrderImportRepository = ReturnType<typeof createOrderImportRepository>;
