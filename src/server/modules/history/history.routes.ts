import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/common.js';
import { historyPage, historyQuery } from '../../../contract/history.js';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/auth-guard.js';
import type { AppContext } from '../../app.js';

export const historyRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services, guards }) => {
  app.addHook('onRequest', guards.requireAuth);

  app.get(
    '/returns',
    {
      schema: {
        tags: ['history'],
        summary: 'Return History page (30 a page, newest first, exact totals)',
        security: [{ bearer: [] }],
        querystring: historyQuery,
        response: { 200: envelope(historyPage) },
      },
    },
    async (req) => ok(await services.history.list(currentUser(req), req.query)),
  );
};
