import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blindReturnBody, blindReturnSaved, blindSetup, productRow, productSearchBody } from '../../../contract/blind.js';
import { envelope } from '../../../contract/common.js';
import { customerIdParam } from '../../../contract/orders.js';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import type { BlindReturnService } from './blind-return.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface BlindReturnRoutesOptions {
  guards: Guards;
  blindReturns: BlindReturnService;
}

export const blindReturnRoutes: FastifyPluginAsyncZod<BlindReturnRoutesOptions> = async (app, { guards, blindReturns }) => {
  app.addHook('onRequest', guards.requireAuth);
  const security = [{ bearer: [] }];
  const tags = ['blind returns'];

  app.put(
    '/returns/products/:customerId',
    {
      schema: {
        tags,
        summary: 'Product search for a customer (substring of sku, upc or name; at most 50)',
        security,
        params: customerIdParam,
        body: productSearchBody,
        response: { 200: envelope(z.array(productRow)) },
      },
    },
    async (req) => ok(await blindReturns.searchProducts(currentUser(req), req.params.customerId, req.body.search)),
  );

  app.get(
    '/returns/blind/:customerId',
    {
      schema: {
        tags,
        summary: 'The customer and its reasons, for the Blind Return screen',
        security,
        params: customerIdParam,
        response: { 200: envelope(blindSetup) },
      },
    },
    async (req) => ok(await blindReturns.setup(currentUser(req), req.params.customerId)),
  );

  app.put(
    '/returns/blind/:customerId',
    {
      schema: {
        tags,
        summary: 'Save a blind return (needs can_blind; 422 names the refused rule)',
        security,
        params: customerIdParam,
        body: blindReturnBody,
        response: { 200: envelope(blindReturnSaved) },
      },
    },
    async (req) => ok(await blindReturns.save(currentUser(req), req.params.customerId, req.body)),
  );
};
