import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { expectedReturnItems, expectedReturns } from '../../db/schema/index.js';

export type ExpectedReturnRow = typeof expectedReturns.$inferSelect;
export type ExpectedItemRow = typeof expectedReturnItems.$inferSelect;
export type NewExpectedReturn = Omit<typeof expectedReturns.$inferInsert, 'id'> & {
  items: Omit<typeof expectedReturnItems.$inferInsert, 'id' | 'expectedReturnId'>[];
};

/** Expected returns (pre-advice, issue 26) and their items. */
export function createExpectedReturnsRepository(db: DbOrTx) {
  async function withItems(rows: ExpectedReturnRow[]) {
    if (!rows.length) return [];
    const items = await db
      .select()
      .from(expectedReturnItems)
      .where(
        inArray(
          expectedReturnItems.expectedReturnId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(expectedReturnItems.id));
    return rows.map((r) => ({ ...r, items: items.filter((i) => i.expectedReturnId === r.id) }));
  }

  return {
    /** Which of these RMAs (any case) the customer announced already. */
    async takenRmas(customerId: number, rmas: string[]): Promise<Set<string>> {
      if (!rmas.length) return new Set();
      const rows = await db
        .select({ rma: expectedReturns.rma })
        .from(expectedReturns)
        .where(
          and(
            eq(expectedReturns.customerId, customerId),
            inArray(
              sql`upper(${expectedReturns.rma})`,
              rmas.map((r) => r.toUpperCase()),
            ),
          ),
        );
      return new Set(rows.map((r) => r.rma.toUpperCase()));
    },

    async insert(rows: NewExpectedReturn[]): Promise<(ExpectedReturnRow & { items: ExpectedItemRow[] })[]> {
      const saved: ExpectedReturnRow[] = [];
      for (const { items, ...row } of rows) {
        const [r] = await db.insert(expectedReturns).values(row).returning();
        await db.insert(expectedReturnItems).values(items.map((i) => ({ ...i, expectedReturnId: r!.id })));
        saved.push(r!);
      }
      return withItems(saved);
    },

    /** The customer's expected return whose tracking key is one of `keys`, or whose RMA is the scan; the newest first. */
    async findByScan(customerId: number, keys: string[], rma: string) {
      const rows = await db
        .select()
        .from(expectedReturns)
        .where(
          and(
            eq(expectedReturns.customerId, customerId),
            sql`(${expectedReturns.trackingKey} IN ${keys.length ? keys : ['']} OR upper(${expectedReturns.rma}) = ${rma.toUpperCase()})`,
          ),
        )
        .orderBy(sql`${expectedReturns.status} = 'expected' DESC`, sql`${expectedReturns.id} DESC`)
        .limit(1);
      return (await withItems(rows))[0];
    },
  };
}
export type ExpectedReturnsRepository = ReturnType<typeof createExpectedReturnsRepository>;
