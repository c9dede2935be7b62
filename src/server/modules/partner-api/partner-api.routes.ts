import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { currentApiKey, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import type { PartnerReturnsService } from './partner-returns.service.js';

export interface PartnerApiRoutesOptions {
  guards: Guards;
  partnerReturns: PartnerReturnsService;
}

/** The key-scoped API (issue 26): a customer's platform with its API key; sessions are refused here. */
export const partnerApiRoutes: FastifyPluginAsyncZod<PartnerApiRoutesOptions> = async (app, { guards, partnerReturns }) => {
  const route = contractRoutes(app, guards);
  const common = { access: 'key:returns:read', tags: ['partner API'] } as const;
  route('partnerListReturns', {
    ...common,
    summary: "The key's customer's returns by last change (submit or correction), oldest first; cursor pages, updated_since",
    handler: async (req) => ok(await partnerReturns.list(currentApiKey(req), req.query)),
  });
  route('partnerReadReturn', {
    ...common,
    summary: 'One return with its lines (condition, reason, disposition, bin, discrepancy) and signed photo links',
    handler: async (req) => ok(await partnerReturns.read(currentApiKey(req), req.params.returnId)),
  });
};
