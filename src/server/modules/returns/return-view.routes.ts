import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/common.js';
import { returnView, returnViewParams } from '../../../contract/return-view.js';
import { ok } from '../../http/envelope.js';
import { currentUser } from '../../http/auth-guard.js';
import type { AppContext } from '../../app.js';

export const returnViewRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services, guards }) => {
  app.addHook('onRequest', guards.requireAuth);

  app.get(
    '/returns/:returnId/order/:orderId',
    {
      schema: {
        tags: ['returns'],
        summary: "Read one return with its order, lines and timeline tasks (orderId is the word 'blind' for blind returns)",
        security: [{ bearer: [] }],
        params: returnViewParams,
        response: { 200: envelope(returnView) },
      },
    },
    async (req) => ok(await services.returnView.read(currentUser(req), req.params.returnId, req.params.orderId)),
  );
};
