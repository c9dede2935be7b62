import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/common.js';
import {
  customerIdParam,
  orderDetail,
  orderLoadBody,
  orderLoadParams,
  orderSearchBody,
  orderSearchResult,
} from '../../../contract/orders.js';
import { currentToken, currentUser, type Guards } from '../../http/auth-guard.js';
import { ok } from '../../http/envelope.js';
import type { OrdersService } from './orders.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface OrdersRoutesOptions {
  guards: Guards;
  orders: OrdersService;
}

export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, { guards, orders }) => {
  const security = [{ bearer: [] }];

  app.put(
    '/returns/search/:customerId',
    {
      // The search statement checks the session itself (one round trip per request, issue 13).
      onRequest: guards.requireToken,
      // Bad input is answered in the handler, after the session check (401 before 422).
      attachValidation: true,
      schema: {
        tags: ['receiving'],
        summary: "Search a customer's orders by delivery, order, web order number or buyer reference",
        security,
        params: customerIdParam,
        body: orderSearchBody,
        response: { 200: envelope(z.array(orderSearchResult)) },
      },
    },
    async (req, reply) => {
      if (req.validationError) {
        // A caller without a live session must not learn the route's validation rules.
        await guards.requireAuth(req, reply);
        throw req.validationError;
      }
      return ok(await orders.searchForToken(currentToken(req), req.params.customerId, req.body));
    },
  );

  app.put(
    '/returns/order/:source/:id',
    {
      onRequest: guards.requireAuth,
      schema: {
        tags: ['receiving'],
        summary: 'Load an order for return processing (a local id, or new with the search result data)',
        security,
        params: orderLoadParams,
        body: orderLoadBody,
        response: { 200: envelope(orderDetail) },
      },
    },
    async (req) => ok(await orders.load(currentUser(req), req.params.source, req.params.id, req.body)),
  );
};
