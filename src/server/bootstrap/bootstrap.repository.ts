import { count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { connections, customers, dispositions, options, userCustomers, users } from '../db/schema/index.js';

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
  };
}
