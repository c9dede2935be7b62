import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { options, products, returnLedgers, returns } from '../../db/schema/index.js';
import type { ProductRow } from '../../../contract/blind.js';
import { containsPattern } from '../history/history.repository.js';
import { enqueueOutboundTasks } from './outbound-tasks.js';

export interface NewBlindReturn {
  draftId: string;
  customerId: number;
  userId: number;
  username: string;
  reference1: string;
  reference2: string;
  returnDate: string;
  ledgers: { productId: number; quantity: number; condition: string; reason: string; comment: string }[];
}

export function createBlindReturnRepository(db: Db) {
  async function findByDraft(userId: number, draftId: string) {
    const [row] = await db
      .select({ id: returns.id, customerId: returns.customerId, isBlind: returns.isBlind })
      .from(returns)
      .where(and(eq(returns.userId, userId), eq(returns.draftId, draftId)))
      .limit(1);
    return row;
  }

  return {
    findByDraft,

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

    async reasons(customerId: number) {
      return db
        .select({ id: options.id, option_code: options.optionCode, option_value: options.optionValue })
        .from(options)
        .where(and(eq(options.customerId, customerId), eq(options.optionType, 'Reason')))
        .orderBy(asc(options.id));
    },

    /** Which of these product ids belong to the customer. */
    async productIdsOf(customerId: number, ids: number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.customerId, customerId), inArray(products.id, ids)));
      return new Set(rows.map((r) => r.id));
    },

    /**
     * One transaction: the return (blind, no order), its ledgers and the outbound tasks. The unique
     * (user_id, draft_id) key turns a repeated or concurrent save of one draft into a read of the first.
     */
    async save(input: NewBlindReturn, now: Date): Promise<{ id: number; customerId: number; isBlind: boolean }> {
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(returns)
          .values({
            customerId: input.customerId,
            orderId: null,
            userId: input.userId,
            username: input.username,
            reference1: input.reference1,
            reference2: input.reference2 || null,
            returnDate: input.returnDate,
            isBlind: true,
            draftId: input.draftId,
            createdAt: now,
          })
          .onConflictDoNothing({ target: [returns.userId, returns.draftId] })
          .returning({ id: returns.id, customerId: returns.customerId, isBlind: returns.isBlind });
        if (!row) return undefined;
        await tx.insert(returnLedgers).values(
          input.ledgers.map((l) => ({
            returnId: row.id,
            customerId: input.customerId,
            orderId: null,
            orderLineId: null,
            productId: l.productId,
            condition: l.condition,
            quantity: l.quantity,
            reason: l.reason,
            comment: l.comment || null,
            createdAt: now,
          })),
        );
        await enqueueOutboundTasks(tx, { returnId: row.id, customerId: input.customerId, orderId: null }, now);
        return row;
      });
      if (created) return created;
      // A save of the same draft committed first (ON CONFLICT waited for it): answer that return.
      const existing = await findByDraft(input.userId, input.draftId);
      if (!existing) throw new Error(`draft ${input.draftId} conflicted but no return was found`);
      return existing;
    },
  };
}
export type BlindReturnRepository = ReturnType<typeof createBlindReturnRepository>;
