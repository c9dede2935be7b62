import { forbidden, notFound } from '../../http/errors.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { AccessRepository } from '../access/access.repository.js';
import type { CustomerRow } from './customer-access.repository.js';

/**
 * The per-customer access check every service runs before touching a customer's data.
 * Unknown customer → 404; a customer the user is not linked to → 403.
 */
export function createCustomerAccess(repo: AccessRepository) {
  return {
    listVisible: (user: AuthUser) => repo.listVisibleCustomers(user),
    async require(user: AuthUser, customerId: number): Promise<CustomerRow> {
      const customer = await repo.findTouchableCustomer(user, customerId);
      if (customer) return customer;
      if (await repo.customerExists(customerId)) throw forbidden();
      throw notFound('Customer not found.');
    },
  };
}
export type CustomerAccess = ReturnType<typeof createCustomerAccess>;
