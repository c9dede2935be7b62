import { forbidden, notFound } from '../../http/errors.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { CustomerAccessRepository, CustomerRow } from './customer-access.repository.js';

/**
 * The per-customer access check every service runs before touching a customer's data.
 * Unknown customer → 404; a customer the user is not linked to → 403.
 */
export function createCustomerAccess(repo: CustomerAccessRepository) {
  return {
    listVisible: (user: AuthUser) => repo.listVisible(user),
    async require(user: AuthUser, customerId: number): Promise<CustomerRow> {
      const customer = await repo.findVisible(user, customerId);
      if (customer) return customer;
      if (await repo.exists(customerId)) throw forbidden();
      throw notFound('Customer not found.');
    },
  };
}
export type CustomerAccess = ReturnType<typeof createCustomerAccess>;
