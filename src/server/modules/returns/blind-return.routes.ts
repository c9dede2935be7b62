import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import type { BlindReturnService } from './blind-return.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface BlindReturnRoutesOptions {
  guards: Guards;
  blindReturns: BlindReturnService;
}

export const blindReturnRoutes: FastifyPluginAsyncZod<BlindReturnRoutesOptions> = async (app, { guards, blindReturns }) => {
  const route = contractRoutes(app, guards);
  const common = { access: 'user', tags: ['blind returns'] } as const;

  route('searchProducts', {
    ...common,
    summary: 'Product search for a customer (substring of sku, upc or name; at most 50)',
    handler: async (req) => ok(await blindReturns.searchProducts(currentUser(req), req.params.customerId, req.body.search)),
  });

  route('blindSetup', {
    ...common,
    summary: 'The customer and its reasons, for the Blind Return screen',
    handler: async (req) => ok(await blindReturns.setup(currentUser(req), req.params.customerId)),
  });

  route('saveBlindReturn', {
    ...common,
    summary: 'Save a blind return (needs can_blind; 422 names the refused rule)',
    handler: async (req) => ok(await blindReturns.save(currentUser(req), req.params.customerId, req.body)),
  });
};
