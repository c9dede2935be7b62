import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CreatedReturn } from '../../../contract/returns.js';
import type { Db } from '../../db/client.js';
import { options, orderLines, orders, returnLedgers, returns } from '../../db/schema/index.js';
import { ORDER_STATUS_RETURN_CREATED } from '../../../contract/constants.js';
import { toLedgerEntry } from '../orders/order-detail.repository.js';
import { enqueueOutboundTasks } from './outbound-tasks.js';

export interface NewReturn {
  draftId: string;
  customerId: number;
  orderId: number;
  userId: number;
  username: string;
  reference1: string;
  reference2: string;
  returnDate: string;
  ledgers: { orderLineId: number; productId: number; quantity: number; condition: string; reason: string; comment: string }[];
}

type ReturnRow = typeof returns.$inferSelect;

const toCreatedReturn = (r: ReturnRow, ledgers: (typeof returnLedgers.$inferSelect)[]): CreatedReturn => ({
  id: r.id,
  order_id: r.orderId,
  customer_id: r.customerId,
  user_id: r.userId,
  username: r.username,
  reference_1: r.reference1,
  reference_2: r.reference2,
  return_date: r.returnDate,
  is_blind: r.isBlind,
  created_at: r.createdAt.toISOString(),
  ledgers: ledgers.map(toLedgerEntry),
});

export function createSubmitReturnRepository(db: Db) {
  async function readBack(userId: number, draftId: string): Promise<CreatedReturn | undefined> {
    const [row] = await db
      .select()
      .from(returns)
      .where(and(eq(returns.userId, userId), eq(returns.draftId, draftId)))
      .limit(1);
    if (!row) return undefined;
    const ledgers = await db.select().from(returnLedgers).where(eq(returnLedgers.returnId, row.id)).orderBy(asc(returnLedgers.id));
    return toCreatedReturn(row, ledgers);
  }

  return {
    readBack,

    /** The order lines named by a draft, with the customer of their order (for the access check). */
    async findLines(lineIds: number[]) {
      if (!lineIds.length) return [];
      return db
        .select({ id: orderLines.id, orderId: orderLines.orderId, productId: orderLines.productId, customerId: orders.customerId })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(inArray(orderLines.id, lineIds));
    },

    async reasonCodes(customerId: number): Promise<Set<string>> {
      const rows = await db
        .select({ code: options.optionCode })
        .from(options)
        .where(and(eq(options.customerId, customerId), eq(options.optionType, 'Reason')));
      return new Set(rows.map((r) => r.code));
    },

    /**
     * One transaction: the return, its ledgers, the order status and the outbound tasks. The
     * unique (user_id, draft_id) key makes a repeated or concurrent submit of the same draft a
     * no-op that reads back the return the first one wrote.
     */
    async save(input: NewReturn, now: Date): Promise<{ created: boolean; saved: CreatedReturn }> {
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(returns)
          .values({
            customerId: input.customerId,
            orderId: input.orderId,
            userId: input.userId,
            username: input.username,
            reference1: input.reference1,
            reference2: input.reference2,
            returnDate: input.returnDate,
            isBlind: false,
            draftId: input.draftId,
            createdAt: now,
          })
          .onConflictDoNothing({ target: [returns.userId, returns.draftId] })
          .returning();
        if (!row) return undefined;
        const ledgers = await tx
          .insert(returnLedgers)
          .values(
            input.ledgers.map((l) => ({
              returnId: row.id,
              customerId: input.customerId,
              orderId: input.orderId,
              orderLineId: l.orderLineId,
              productId: l.productId,
              condition: l.condition,
              quantity: l.quantity,
              reason: l.reason,
              comment: l.comment || null,
              createdAt: now,
            })),
          )
          .returning();
        await tx.update(orders).set({ orderStatus: ORDER_STATUS_RETURN_CREATED, updatedAt: now }).where(eq(orders.id, input.orderId));
        await enqueueOutboundTasks(tx, { returnId: row.id, customerId: input.customerId, orderId: input.orderId }, now);
        return toCreatedReturn(row, ledgers);
      });
      if (created) return { created: true, saved: created };
      // Another submit of this draft won; it has committed (ON CONFLICT waited for it), so read it.
      const existing = await readBack(input.userId, input.draftId);
      if (!existing) throw new Error(`draft ${input.draftId} conflicted but no return was found`);
      return { created: false, saved: existing };
    },
  };
}
export type SubmitReturnRepository = ReturnType<typeof createSubmitReturnRepository>;
