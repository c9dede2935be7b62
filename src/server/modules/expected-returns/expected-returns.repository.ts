import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { customers, expectedReturnItems, expectedReturns } from '../../db/schema/index.js';
import { queryRows } from '../../db/client.js';
import type { ExpectedListStatus } from '../../../contract/expected-returns.js';

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

    /** A customer's expected returns, newest first, of one list status (expected, received, overdue) or all. */
    async list(customerId: number, status: ExpectedListStatus | undefined, limit: number) {
      const byStatus: Record<ExpectedListStatus, SQL | undefined> = {
        received: eq(expectedReturns.status, 'received'),
        overdue: and(eq(expectedReturns.status, 'expected'), isNotNull(expectedReturns.overdueAt)),
        expected: and(eq(expectedReturns.status, 'expected'), isNull(expectedReturns.overdueAt)),
      };
      const rows = await db
        .select()
        .from(expectedReturns)
        .where(and(eq(expectedReturns.customerId, customerId), status ? byStatus[status] : undefined))
        .orderBy(desc(expectedReturns.id))
        .limit(limit);
      return withItems(rows);
    },

    /** How many of the customer's expected returns are in each list status. */
    async counts(customerId: number): Promise<Record<ExpectedListStatus, number>> {
      const [row] = await db
        .select({
          received: sql<number>`count(*) FILTER (WHERE ${expectedReturns.status} = 'received')`.mapWith(Number),
          overdue:
            sql<number>`count(*) FILTER (WHERE ${expectedReturns.status} = 'expected' AND ${expectedReturns.overdueAt} IS NOT NULL)`.mapWith(
              Number,
            ),
          expected:
            sql<number>`count(*) FILTER (WHERE ${expectedReturns.status} = 'expected' AND ${expectedReturns.overdueAt} IS NULL)`.mapWith(
              Number,
            ),
        })
        .from(expectedReturns)
        .where(eq(expectedReturns.customerId, customerId));
      return row ?? { expected: 0, received: 0, overdue: 0 };
    },

    /** Expected vs arrived of these customers (all when 'all'): announced and received in [from, to), open and overdue now. */
    async dashboard(customers: number[] | 'all', from: Date, to: Date) {
      const scope = customers === 'all' ? sql`TRUE` : customers.length ? inArray(expectedReturns.customerId, customers) : sql`FALSE`;
      const [row] = await db
        .select({
          announced:
            sql<number>`count(*) FILTER (WHERE ${expectedReturns.createdAt} >= ${from.toISOString()}::timestamptz AND ${expectedReturns.createdAt} < ${to.toISOString()}::timestamptz)`.mapWith(
              Number,
            ),
          arrived:
            sql<number>`count(*) FILTER (WHERE ${expectedReturns.receivedAt} >= ${from.toISOString()}::timestamptz AND ${expectedReturns.receivedAt} < ${to.toISOString()}::timestamptz)`.mapWith(
              Number,
            ),
          awaiting:
            sql<number>`count(*) FILTER (WHERE ${expectedReturns.status} = 'expected' AND ${expectedReturns.overdueAt} IS NULL)`.mapWith(
              Number,
            ),
          overdue:
            sql<number>`count(*) FILTER (WHERE ${expectedReturns.status} = 'expected' AND ${expectedReturns.overdueAt} IS NOT NULL)`.mapWith(
              Number,
            ),
        })
        .from(expectedReturns)
        .where(scope);
      return row ?? { announced: 0, arrived: 0, awaiting: 0, overdue: 0 };
    },

    async overdueDays(customerId: number): Promise<number | undefined> {
      const [row] = await db.select({ days: customers.expectedOverdueDays }).from(customers).where(eq(customers.id, customerId));
      return row?.days;
    },

    /** The customer's expected return with this id, if it is one of theirs. */
    async findOwn(customerId: number, id: number) {
      const rows = await db
        .select()
        .from(expectedReturns)
        .where(and(eq(expectedReturns.customerId, customerId), eq(expectedReturns.id, id)));
      return (await withItems(rows))[0];
    },

    async setOverdueDays(customerId: number, days: number): Promise<boolean> {
      const rows = await db
        .update(customers)
        .set({ expectedOverdueDays: days })
        .where(eq(customers.id, customerId))
        .returning({ id: customers.id });
      return rows.length > 0;
    },

    /**
     * Marks the expected returns past their customer's days as overdue, once (a row another node
     * marked first is not taken again), and answers them with their items.
     */
    async markOverdue(now: Date) {
      const marked = await queryRows<{ id: number }>(
        db,
        sql`UPDATE expected_returns e SET overdue_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
            FROM customers c
            WHERE c.id = e.customer_id AND e.status = 'expected' AND e.overdue_at IS NULL
              AND e.created_at <= ${now.toISOString()}::timestamptz - c.expected_overdue_days * interval '1 day'
            RETURNING e.id`,
      );
      if (!marked.length) return [];
      const rows = await db
        .select()
        .from(expectedReturns)
        .where(
          inArray(
            expectedReturns.id,
            marked.map((m) => Number(m.id)),
          ),
        )
        .orderBy(asc(expectedReturns.id));
      return withItems(rows);
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
