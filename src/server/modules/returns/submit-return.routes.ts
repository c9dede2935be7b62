import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/common.js';
import { createdReturn, submitReturnBody } from '../../../contract/returns.js';
import { currentUser } from '../../http/auth-guard.js';
import { ok } from '../../http/envelope.js';
import type { AppContext } from '../../app.js';

export const submitReturnRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services, guards }) => {
  app.addHook('onRequest', guards.requireAuth);

  app.post(
    '/returns',
    {
      schema: {
        tags: ['receiving'],
        summary: 'Submit the return being processed; the draft id makes a repeated submit answer the same return',
        security: [{ bearer: [] }],
        body: submitReturnBody,
        response: { 200: envelope(createdReturn) },
      },
    },
    async (req) => ok(await services.submitReturn.submit(currentUser(req), req.body)),
  );
};
