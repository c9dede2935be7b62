import { forbidden, notFound } from '../../http/errors.js';
import { isApiKey, isBrandUser, type Caller } from '../auth/auth-user.js';
import type { AccessRepository } from '../access/access.repository.js';
import type { CustomerRow } from './customer-access.repository.js';

/**
 * The per-customer access check every service runs before touching a customer's data, for every
 * kind of caller. A user: unknown customer → 404; a customer the user is not linked to → 403.
 * An API key: its own customer only; any other is 404, so a key learns nothing of other customers.
 * Objects of no customer (an unknown parcel not yet assigned) are the warehouse's: staff see them,
 * a brand user (issue 25) and an API key do not.
 */
export function createCustomerAccess(repo: AccessRepository) {
  /** Whether the caller sees objects of no customer (the warehouse's own). */
  const seesUnassigned = (caller: Caller): boolean => !isApiKey(caller) && !isBrandUser(caller);
  return {
    seesUnassigned,
    /** An object of no customer: 403 for a caller that does not see those. */
    requireUnassigned(caller: Caller): void {
      if (!seesUnassigned(caller)) throw forbidden();
    },
    async listVisible(caller: Caller): Promise<CustomerRow[]> {
      if (!isApiKey(caller)) return repo.listVisibleCustomers(caller);
      const own = await repo.findCustomer(caller.customerId);
      return own ? [own] : [];
    },
    async require(caller: Caller, customerId: number): Promise<CustomerRow> {
      if (isApiKey(caller)) {
        const own = caller.customerId === customerId ? await repo.findCustomer(customerId) : undefined;
        if (!own) throw notFound('Customer not found.');
        return own;
      }
      const user = caller;
      const customer = await repo.findTouchableCustomer(user, customerId);
      if (customer) return customer;
      if (await repo.customerExists(customerId)) throw forbidden();
      throw notFound('Customer not found.');
    },
  };
}
export type CustomerAccess = ReturnType<typeof createCustomerAccess>;
