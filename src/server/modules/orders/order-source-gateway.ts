import type { OrderSearchResult } from '../../../contract/orders.js';
import type { OrderSource, SearchField } from '../../../contract/constants.js';
import { notFound } from '../../http/errors.js';
import type { CustomerRow } from '../customers/customer-access.repository.js';
import type { OrderSearchRepository } from './order-search.repository.js';

/**
 * Where a customer's orders come from. The local gateway searches the imported orders; live
 * sources ('Biztalk Rest' REST search, 'SGL Ecommerce' shop reads) plug in per order source.
 */
export interface OrderSourceGateway {
  search(customer: CustomerRow, search: string, field: SearchField | null): Promise<OrderSearchResult[]>;
  /**
   * Makes the order available locally and answers its local id: `idOrNew` is a local order id
   * (already checked to belong to the customer) or 'new' with the search result's `data` to import.
   */
  load(customer: CustomerRow, source: string, idOrNew: number | 'new', data: unknown): Promise<number>;
}

export function createLocalOrderGateway(repo: OrderSearchRepository, limit: number): OrderSourceGateway {
  return {
    // Only 'Biztalk Rest' customers choose a field (SPEC §2.7); other sources search all four references.
    search: (customer, search, field) => repo.search(customer.id, search, customer.orderSource === 'Biztalk Rest' ? field : null, limit),
    async load(_customer, _source, idOrNew) {
      if (idOrNew === 'new') throw notFound('Order not found.');
      return idOrNew;
    },
  };
}

/** Picks the gateway of a customer's order source; every source falls back to the local one. */
export function createOrderSourceGateways(local: OrderSourceGateway, live: Partial<Record<OrderSource, OrderSourceGateway>> = {}) {
  return {
    forCustomer(customer: CustomerRow): OrderSourceGateway {
      return live[customer.orderSource as OrderSource] ?? local;
    },
    /** The order sources with a live gateway; every other source searches the local orders. */
    liveSources: (): string[] => Object.keys(live).filter((k) => live[k as OrderSource]),
  };
}
export type OrderSourceGateways = ReturnType<typeof createOrderSourceGateways>;
