import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentToken, currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import type { OrdersService } from './orders.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface OrdersRoutesOptions {
  guards: Guards;
  orders: OrdersService;
}

export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, { guards, orders }) => {
  const route = contractRoutes(app, guards);
  route('searchOrders', {
    // The search statement checks the session itself (one round trip per request, issue 13).
    access: 'user-by-statement',
    tags: ['receiving'],
    summary: "Search a customer's orders by delivery, order, web order number or buyer reference",
    handler: async (req) => ok(await orders.searchForToken(currentToken(req), req.params.customerId, req.body)),
  });

  route('loadOrder', {
    access: 'user',
    tags: ['receiving'],
    summary: 'Load an order for return processing (a local id, or new with the search result data)',
    handler: async (req) => ok(await orders.load(currentUser(req), req.params.source, req.params.id, req.body)),
  });
};
