import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_KEY_MSG } from '../../../contract/api-keys.js';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import type { ApiKeysService } from './api-keys.service.js';

export interface ApiKeysRoutesOptions {
  guards: Guards;
  apiKeys: ApiKeysService;
}

/** Admin routes of a customer's API keys (issue 26). */
export const apiKeysRoutes: FastifyPluginAsyncZod<ApiKeysRoutesOptions> = async (app, { guards, apiKeys }) => {
  const route = contractRoutes(app, guards);
  const common = { access: 'admin', tags: ['api keys'] } as const;
  route('listApiKeys', {
    ...common,
    summary: "A customer's API keys (never the keys themselves)",
    handler: async (req) => ok(await apiKeys.list(currentUser(req), req.params.id)),
  });
  route('createApiKey', {
    ...common,
    summary: 'Make an API key for a customer; the answer carries the key, shown this once',
    handler: async (req) => ok(await apiKeys.create(currentUser(req), req.params.id, req.body)),
  });
  route('revokeApiKey', {
    ...common,
    summary: 'Revoke an API key at once',
    handler: async (req) => {
      await apiKeys.revoke(currentUser(req), req.params.id);
      return ok(API_KEY_MSG.revoked);
    },
  });
};
