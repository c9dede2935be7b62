import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { ProductRow } from '../../../contract/blind.js';
import { ORDER_STATUS_RETURN_CREATED } from '../../../contract/constants.js';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { orderLines, orders, products, returnLedgers, returnMissingLines, returns } from '../../db/schema/index.js';
import { containsPattern } from '../history/history.repository.js';
import type { LedgerRow, MissingRow, ReturnRow } from './return.presenter.js';

export type NewReturnRow = Omit<typeof returns.$inferInsert, 'id' | 'messageId'>;
export type NewLedgerRow = Omit<typeof returnLedgers.$inferInsert, 'id'>;
export type NewMissingRow = Omit<typeof returnMissingLines.$inferInsert, 'id'>;

/** Reads and writes of returns and their ledgers, order-based and blind alike. */
export function createReturnsRepository(db: DbOrTx) {
  return {
    /** The return a user saved under a draft id, with its ledgers. */
    async findByDraft(
      userId: number,
      draftId: string,
    ): Promise<{ ret: ReturnRow; ledgers: LedgerRow[]; missing: MissingRow[] } | undefined> {
      const [ret] = await db
        .select()
        .from(returns)
        .where(and(eq(returns.userId, userId), eq(returns.draftId, draftId)))
        .limit(1);
      if (!ret) return undefined;
      const ledgers = await db.select().from(returnLedgers).where(eq(returnLedgers.returnId, ret.id)).orderBy(asc(returnLedgers.id));
      const missing = await db
        .select()
        .from(returnMissingLines)
        .where(eq(returnMissingLines.returnId, ret.id))
        .orderBy(asc(returnMissingLines.id));
      return { ret, ledgers, missing };
    },

    /** Inserts the return unless the user's draft id is taken (then undefined: see createReturn). */
    async insertUnlessDraftTaken(row: NewReturnRow): Promise<ReturnRow | undefined> {
      const [inserted] = await db
        .insert(returns)
        .values(row)
        .onConflictDoNothing({ target: [returns.userId, returns.draftId] })
        .returning();
      return inserted;
    },

    async insertLedgers(rows: NewLedgerRow[]): Promise<LedgerRow[]> {
      return db.insert(returnLedgers).values(rows).returning();
    },

    async insertMissingLines(rows: NewMissingRow[]): Promise<MissingRow[]> {
      if (!rows.length) return [];
      return db.insert(returnMissingLines).values(rows).returning();
    },

    /** The product ids of an order's lines (a wrong item must not be one of them). */
    async orderProductIds(orderId: number): Promise<Set<number>> {
      const rows = await db.select({ productId: orderLines.productId }).from(orderLines).where(eq(orderLines.orderId, orderId));
      return new Set(rows.map((r) => r.productId));
    },

    async markOrderReturned(orderId: number, now: Date): Promise<void> {
      await db.update(orders).set({ orderStatus: ORDER_STATUS_RETURN_CREATED, updatedAt: now }).where(eq(orders.id, orderId));
    },

    /** The order lines named by a draft, with the customer of their order (for the access check). */
    async findOrderLines(lineIds: number[]) {
      if (!lineIds.length) return [];
      return db
        .select({
          id: orderLines.id,
          orderId: orderLines.orderId,
          productId: orderLines.productId,
          quantity: orderLines.quantity,
          customerId: orders.customerId,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(inArray(orderLines.id, lineIds));
    },

    /** Which of these product ids belong to the customer (a blind return names products, not lines). */
    async productIdsOf(customerId: number, ids: number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.customerId, customerId), inArray(products.id, ids)));
      return new Set(rows.map((r) => r.id));
    },

    /**
     * Substring search over sku, upc and name_1. The LIKE runs on exactly the expression of
     * products_search_trgm_idx so the trigram index serves it; exact sku/upc hits (a scan) come first.
     */
    async searchProducts(customerId: number, term: string, limit: number): Promise<ProductRow[]> {
      const lower = term.toLowerCase();
      const rows = await queryRows<ProductRow>(
        db,
        sql`
        SELECT id, customer_id, sku, upc, name_1, color, size FROM products
        WHERE customer_id = ${customerId}
          AND lower(sku || ' ' || coalesce(upc, '') || ' ' || name_1) LIKE ${containsPattern(term)}
        ORDER BY (lower(sku) = ${lower} OR lower(coalesce(upc, '')) = ${lower}) DESC, sku, id
        LIMIT ${limit}`,
      );
      return rows.map((r) => ({ ...r, id: Number(r.id), customer_id: Number(r.customer_id) }));
    },
  };
}
export type ReturnsRepository = ReturnType<typeof createReturnsRepository>;
