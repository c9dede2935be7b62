import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { billingRates, connections, customers, options, type ConnectionRow } from '../../db/schema/index.js';
import { RESERVED_COMPANY } from '../../../contract/constants.js';
import type { AdminCustomer, ConnectionView, OptionView } from '../../../contract/customers.js';
import { toCustomerSummary, type CustomerRow } from './customer-access.repository.js';

export type OptionRow = typeof options.$inferSelect;
export type CustomerWrite = Pick<
  typeof customers.$inferInsert,
  | 'company'
  | 'canBlind'
  | 'customerStatus'
  | 'orderSource'
  | 'cdnUrl1'
  | 'cdnUrl2'
  | 'photoRequiredConditions'
  | 'currency'
  | 'parcelAmberDays'
  | 'parcelRedDays'
>;
export type OptionWrite = Pick<typeof options.$inferInsert, 'optionType' | 'optionCode' | 'optionValue'>;
export type ConnectionWrite = Omit<typeof connections.$inferInsert, 'id' | 'customerId' | 'createdAt' | 'updatedAt'>;

export const toOptionView = (o: OptionRow): OptionView => ({
  id: o.id,
  customer_id: o.customerId,
  option_type: o.optionType,
  option_code: o.optionCode,
  option_value: o.optionValue,
});

/** The sealed columns are read only to answer whether a secret is set. */
export const toConnectionView = (c: ConnectionRow): ConnectionView => ({
  id: c.id,
  customer_id: c.customerId,
  connection_type: c.connectionType,
  biztalk_schema: c.biztalkSchema,
  biztalk_sender: c.biztalkSender,
  biztalk_receiver: c.biztalkReceiver,
  endpoint: c.endpoint,
  username: c.username,
  has_short_token: !!c.secureShortTokenEnc,
  has_long_token: !!c.secureLongTokenEnc,
  connection_meta: c.connectionMeta ?? {},
  updated_at: c.updatedAt.toISOString(),
});

export const toAdminCustomer = (c: CustomerRow, opts: OptionRow[], conns: ConnectionRow[]): AdminCustomer => ({
  ...toCustomerSummary(c),
  is_reserved: c.company === RESERVED_COMPANY,
  parcel_amber_days: c.parcelAmberDays,
  parcel_red_days: c.parcelRedDays,
  options: opts.map(toOptionView),
  connections: conns.map(toConnectionView),
  options_count: opts.length,
  connections_count: conns.length,
  currency: c.currency,
});

/** Admin reads and writes of customers, their reason options and their connections. */
export function createCustomersAdminRepository(db: DbOrTx) {
  async function withChildren(rows: CustomerRow[]): Promise<AdminCustomer[]> {
    const ids = rows.map((r) => r.id);
    if (!ids.length) return [];
    // One after the other: inside a transaction both share one connection.
    const opts = await db.select().from(options).where(inArray(options.customerId, ids)).orderBy(asc(options.optionCode), asc(options.id));
    const conns = await db.select().from(connections).where(inArray(connections.customerId, ids)).orderBy(asc(connections.id));
    return rows.map((r) =>
      toAdminCustomer(
        r,
        opts.filter((o) => o.customerId === r.id),
        conns.filter((c) => c.customerId === r.id),
      ),
    );
  }

  return {
    async list(): Promise<AdminCustomer[]> {
      const rows = await db
        .select()
        .from(customers)
        .orderBy(asc(sql`lower(${customers.company})`), asc(customers.id));
      return withChildren(rows);
    },

    async find(id: number): Promise<AdminCustomer | undefined> {
      const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
      return row ? (await withChildren([row]))[0] : undefined;
    },

    async findRow(id: number): Promise<CustomerRow | undefined> {
      const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
      return row;
    },

    /** Billing rates are in the customer's currency: while one exists the currency stays. */
    async hasBillingRates(customerId: number): Promise<boolean> {
      const [row] = await db.select({ id: billingRates.id }).from(billingRates).where(eq(billingRates.customerId, customerId)).limit(1);
      return !!row;
    },

    async companyTaken(company: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(sql`lower(${customers.company}) = lower(${company})`, exceptId ? ne(customers.id, exceptId) : undefined))
        .limit(1);
      return !!row;
    },

    async insertCustomer(values: CustomerWrite, now: Date): Promise<number> {
      const [row] = await db
        .insert(customers)
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning({ id: customers.id });
      return row!.id;
    },

    async updateCustomer(id: number, values: CustomerWrite, now: Date): Promise<void> {
      await db
        .update(customers)
        .set({ ...values, updatedAt: now })
        .where(eq(customers.id, id));
    },

    /** Any change under a customer moves its updated_at, so the list shows when it last changed. */
    async touchCustomer(id: number, now: Date): Promise<void> {
      await db.update(customers).set({ updatedAt: now }).where(eq(customers.id, id));
    },

    async findOption(customerId: number, id: number): Promise<OptionRow | undefined> {
      const [row] = await db
        .select()
        .from(options)
        .where(and(eq(options.id, id), eq(options.customerId, customerId)))
        .limit(1);
      return row;
    },

    async optionCodeTaken(customerId: number, type: string, code: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: options.id })
        .from(options)
        .where(
          and(
            eq(options.customerId, customerId),
            eq(options.optionType, type),
            eq(options.optionCode, code),
            exceptId ? ne(options.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return !!row;
    },

    async insertOption(customerId: number, values: OptionWrite, now: Date): Promise<OptionRow> {
      const [row] = await db
        .insert(options)
        .values({ ...values, customerId, createdAt: now })
        .returning();
      return row!;
    },

    async updateOption(id: number, values: OptionWrite): Promise<OptionRow> {
      const [row] = await db.update(options).set(values).where(eq(options.id, id)).returning();
      return row!;
    },

    async deleteOption(id: number): Promise<void> {
      await db.delete(options).where(eq(options.id, id));
    },

    async findConnection(customerId: number, id: number): Promise<ConnectionRow | undefined> {
      const [row] = await db
        .select()
        .from(connections)
        .where(and(eq(connections.id, id), eq(connections.customerId, customerId)))
        .limit(1);
      return row;
    },

    async insertConnection(customerId: number, values: ConnectionWrite, now: Date): Promise<ConnectionRow> {
      const [row] = await db
        .insert(connections)
        .values({ ...values, customerId, createdAt: now, updatedAt: now })
        .returning();
      return row!;
    },

    async updateConnection(id: number, values: Partial<ConnectionWrite>, now: Date): Promise<ConnectionRow> {
      const [row] = await db
        .update(connections)
        .set({ ...values, updatedAt: now })
        .where(eq(connections.id, id))
        .returning();
      return row!;
    },

    async deleteConnection(id: number): Promise<void> {
      await db.delete(connections).where(eq(connections.id, id));
    },
  };
}
export type CustomersAdminRepository = ReturnType<typeof createCustomersAdminRepository>;
