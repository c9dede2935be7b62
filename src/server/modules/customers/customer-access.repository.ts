import { and, asc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { customers, userCustomers } from '../../db/schema/index.js';
import { RESERVED_COMPANY } from '../../../contract/constants.js';
import type { CustomerSummary } from '../../../contract/common.js';

export type CustomerRow = typeof customers.$inferSelect;

export const toCustomerSummary = (c: CustomerRow): CustomerSummary => ({
  id: c.id,
  company: c.company,
  can_blind: c.canBlind,
  customer_status: c.customerStatus,
  order_source: c.orderSource,
  cdn_url_1: c.cdnUrl1,
  cdn_url_2: c.cdnUrl2,
  photo_required_conditions: c.photoRequiredConditions,
  updated_at: c.updatedAt.toISOString(),
});

/** Which customers a user may work for: admins all, operators those linked to them. */
export function createCustomerAccessRepository(db: DbOrTx) {
  return {
    async listVisible(user: { id: number; isSu: boolean }): Promise<CustomerRow[]> {
      if (user.isSu) {
        return db.select().from(customers).where(ne(customers.company, RESERVED_COMPANY)).orderBy(asc(customers.company));
      }
      const rows = await db
        .select({ customer: customers })
        .from(userCustomers)
        .innerJoin(customers, eq(customers.id, userCustomers.customerId))
        .where(and(eq(userCustomers.userId, user.id), ne(customers.company, RESERVED_COMPANY)))
        .orderBy(asc(customers.company));
      return rows.map((r) => r.customer);
    },

    async findVisible(user: { id: number; isSu: boolean }, customerId: number): Promise<CustomerRow | undefined> {
      if (user.isSu) {
        const [row] = await db.select().from(customers).where(eq(customers.id, customerId)).limit(1);
        return row;
      }
      const [row] = await db
        .select({ customer: customers })
        .from(userCustomers)
        .innerJoin(customers, eq(customers.id, userCustomers.customerId))
        .where(and(eq(userCustomers.userId, user.id), eq(customers.id, customerId)))
        .limit(1);
      return row?.customer;
    },

    async exists(customerId: number): Promise<boolean> {
      const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).limit(1);
      return !!row;
    },
  };
}
export type CustomerAccessRepository = ReturnType<typeof createCustomerAccessRepository>;
