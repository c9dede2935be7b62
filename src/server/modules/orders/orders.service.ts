import type { DeskDecisionRule } from '../../../contract/decisions.js';
import type { OrderDetail, OrderSearchBody, OrderSearchResult } from '../../../contract/orders.js';
import { forbidden, invalid, notFound, unauthorized } from '../../http/errors.js';
import { sha256 } from '../../lib/crypto.js';
import type { Clock } from '../../lib/clock.js';
import type { OrderSearchRepository } from './order-search.repository.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import type { ReasonsRepository } from '../customers/reasons.repository.js';
import type { OrderDetailRepository, OrderRow } from './order-detail.repository.js';
import type { OrderSourceGateways } from './order-source-gateway.js';
import type { InspectionDeskService } from '../inspection/inspection-desk.service.js';

/** Order search and order load for the Receiving screen; every call checks the customer link first. */
export function createOrdersService(deps: {
  customerAccess: CustomerAccess;
  gateways: OrderSourceGateways;
  repo: OrderDetailRepository;
  reasons: ReasonsRepository;
  /** Issue 27: the rule of each of the order's products, loaded with the order (the desk asks nothing per scan). */
  inspection?: Pick<InspectionDeskService, 'forOrder'>;
  /** Issue 25: the customer's decision rules, loaded with the order (the summary marks the lines that will wait). */
  decisionRules?: (customerId: number) => Promise<DeskDecisionRule[]>;
  /** For the one-round-trip search (searchForToken). */
  search?: {
    repo: OrderSearchRepository;
    authenticate: (token: string) => Promise<AuthUser | undefined>;
    clock: Clock;
    limit: number;
  };
}) {
  const { customerAccess, gateways, repo } = deps;
  async function search(user: AuthUser, customerId: number, body: OrderSearchBody): Promise<OrderSearchResult[]> {
    const customer = await customerAccess.require(user, customerId);
    return gateways.forCustomer(customer).search(customer, body.search, body.field ?? null);
  }
  return {
    search,

    /**
     * The search for a bearer token in one round trip (issue 13): the statement checks the session,
     * the customer and the user's link to it, and searches the local orders. 401 for a dead
     * session, 404 for an unknown customer, 403 for one the user may not work for. A customer whose
     * orders live at a partner is searched there, as search() does.
     */
    async searchForToken(token: string, customerId: number, body: OrderSearchBody): Promise<OrderSearchResult[]> {
      const s = deps.search;
      if (!s) throw new Error('searchForToken needs the search dependencies');
      const r = await s.repo.checkedSearch(
        { tokenHash: sha256(token), now: s.clock.now(), customerId, liveSources: gateways.liveSources() },
        body.search,
        s.limit,
      );
      if (!r.authed) throw unauthorized();
      if (r.brand) throw forbidden();
      if (!r.known) throw notFound('Customer not found.');
      if (!r.allowed) throw forbidden();
      if (r.orderSource === null || !gateways.liveSources().includes(r.orderSource)) return r.rows;
      const user = await s.authenticate(token);
      if (!user) throw unauthorized();
      return search(user, customerId, body);
    },

    async load(
      user: AuthUser,
      source: string,
      id: number | 'new',
      body: { customer_id?: number; data?: unknown } | null | undefined,
    ): Promise<OrderDetail> {
      let customer;
      let stored: OrderRow | undefined;
      if (id === 'new') {
        if (!body?.customer_id) throw invalid('customer_id', 'A customer is required to load a new order');
        customer = await customerAccess.require(user, body.customer_id);
      } else {
        stored = await repo.findOrder(id);
        if (!stored) throw notFound('Order not found.');
        customer = await customerAccess.require(user, stored.customerId);
        if (body?.customer_id && body.customer_id !== stored.customerId) throw forbidden();
      }
      const localId = await gateways.forCustomer(customer).load(customer, source, id, body?.data);
      // A live gateway may have imported or refreshed the order: read it again. The local one answers
      // the id it was given, whose row was just read: reading it twice was the statement issue 27's
      // rules read (below) now costs.
      const live = gateways.liveSources().includes(customer.orderSource);
      const order = stored && !live && localId === stored.id ? stored : await repo.findOrder(localId);
      if (!order || order.customerId !== customer.id) throw notFound('Order not found.');
      const [detail, reasons, decisionRules] = await Promise.all([
        repo.detail(order),
        deps.reasons.list(customer.id),
        deps.decisionRules?.(customer.id),
      ]);
      const decisions = decisionRules ? { decision_rules: decisionRules } : {};
      if (!deps.inspection) return { ...detail, reasons, ...decisions };
      const productIds = detail.order_lines.map((l) => l.product_id);
      const inspection = await deps.inspection.forOrder(customer.id, order.id, productIds);
      return { ...detail, reasons, inspection, ...decisions };
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
