import type { OrderDetail, OrderSearchBody, OrderSearchResult } from '../../../contract/orders.js';
import { forbidden, invalid, notFound } from '../../http/errors.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import type { ReasonsRepository } from '../customers/reasons.repository.js';
import type { OrderDetailRepository } from './order-detail.repository.js';
import type { OrderSourceGateways } from './order-source-gateway.js';

/** Order search and order load for the Receiving screen; every call checks the customer link first. */
export function createOrdersService(deps: {
  customerAccess: CustomerAccess;
  gateways: OrderSourceGateways;
  repo: OrderDetailRepository;
  reasons: ReasonsRepository;
}) {
  const { customerAccess, gateways, repo } = deps;
  return {
    async search(user: AuthUser, customerId: number, body: OrderSearchBody): Promise<OrderSearchResult[]> {
      const customer = await customerAccess.require(user, customerId);
      return gateways.forCustomer(customer).search(customer, body.search, body.field ?? null);
    },

    async load(
      user: AuthUser,
      source: string,
      id: number | 'new',
      body: { customer_id?: number; data?: unknown } | null | undefined,
    ): Promise<OrderDetail> {
      let customer;
      if (id === 'new') {
        if (!body?.customer_id) throw invalid('customer_id', 'A customer is required to load a new order');
        customer = await customerAccess.require(user, body.customer_id);
      } else {
        const order = await repo.findOrder(id);
        if (!order) throw notFound('Order not found.');
        customer = await customerAccess.require(user, order.customerId);
        if (body?.customer_id && body.customer_id !== order.customerId) throw forbidden();
      }
      const localId = await gateways.forCustomer(customer).load(customer, source, id, body?.data);
      const order = await repo.findOrder(localId);
      if (!order || order.customerId !== customer.id) throw notFound('Order not found.');
      const [detail, reasons] = await Promise.all([repo.detail(order), deps.reasons.list(customer.id)]);
      return { ...detail, reasons };
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
