import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { connections, customers, dispositions, options, orderLines, orders, tasks, userCustomers, users } from '../db/schema/index.js';

type NewCustomer = typeof customers.$inferInsert;
type NewUser = typeof users.$inferInsert;

/** What start-up writes before anyone logs in: the first admin and the demo data set. */
export function createBootstrapRepository(db: DbOrTx) {
  return {
    userCount: async (): Promise<number> => (await db.select({ n: count() }).from(users))[0]?.n ?? 0,

    customerCount: async (): Promise<number> => (await db.select({ n: count() }).from(customers))[0]?.n ?? 0,

    /** The user of that username, whatever its case. */
    async findUser(username: string) {
      const [user] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`);
      return user;
    },

    /** The first admin (the one start-up creates), if there is one. */
    async firstAdmin() {
      const [user] = await db.select().from(users).where(eq(users.isSu, true)).orderBy(asc(users.id)).limit(1);
      return user;
    },

    async updateUser(id: number, values: Partial<NewUser>): Promise<void> {
      await db.update(users).set(values).where(eq(users.id, id));
    },

    async insertUser(values: NewUser): Promise<void> {
      await db.insert(users).values(values);
    },

    /** The new user's id; undefined when another start-up created that username first. */
    async insertUserUnlessTaken(values: NewUser): Promise<number | undefined> {
      const [created] = await db.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
      return created?.id;
    },

    async linkUser(userId: number, customerIds: number[]): Promise<void> {
      await db
        .insert(userCustomers)
        .values(customerIds.map((customerId) => ({ userId, customerId })))
        .onConflictDoNothing();
    },

    /** Serialises loads of the demo data set until the end of the transaction. */
    async lockTransaction(key: number): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${key})`);
    },

    async insertCustomer(values: NewCustomer): Promise<number> {
      const [customer] = await db.insert(customers).values(values).returning();
      return customer!.id;
    },

    /** A customer's reasons, connections and dispositions, each list in one statement. */
    async insertCustomerSetup(
      customerId: number,
      setup: {
        reasons: readonly (readonly [string, string])[];
        connections: readonly Omit<typeof connections.$inferInsert, 'customerId' | 'biztalkSchema'>[];
        dispositions: readonly Omit<typeof dispositions.$inferInsert, 'customerId'>[];
      },
    ): Promise<void> {
      await db
        .insert(options)
        .values(setup.reasons.map(([optionCode, optionValue]) => ({ customerId, optionType: 'Reason', optionCode, optionValue })));
      await db.insert(connections).values(setup.connections.map((c) => ({ customerId, biztalkSchema: 'Default', ...c })));
      await db.insert(dispositions).values(setup.dispositions.map((d) => ({ customerId, ...d })));
    },

    /** The lines of a customer's orders named by source id, in line order (the demo history returns them). */
    async orderLinesBySource(customerId: number, sourceIds: string[]) {
      if (!sourceIds.length) return [];
      return db
        .select({
          sourceId: orders.sourceId1,
          orderId: orders.id,
          orderNumber: orders.orderNumber,
          lineId: orderLines.id,
          productId: orderLines.productId,
          quantity: orderLines.quantity,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(eq(orders.customerId, customerId), inArray(orders.sourceId1, sourceIds)))
        .orderBy(asc(orders.id), asc(orderLines.lineNumber));
    },

    /**
     * The demo history's outbound tasks count as delivered long ago: nothing of a return in the past
     * waits to be sent (or fails against the demo's placeholder endpoints) on the first start.
     */
    async markTasksSent(returnIds: number[], note: string): Promise<number> {
      if (!returnIds.length) return 0;
      const done = await db
        .update(tasks)
        .set({
          taskStatus: 'Success',
          message2: note,
          details: sql`${tasks.details} || jsonb_build_array(jsonb_build_object('at', ${tasks.createdAt}, 'event', 'success', 'note', ${note}::text))`,
          updatedAt: sql`${tasks.createdAt}`,
        })
        .where(and(inArray(tasks.returnId, returnIds), eq(tasks.taskStatus, 'Pending')))
        .returning({ id: tasks.id });
      return done.length;
    },
  };
}
