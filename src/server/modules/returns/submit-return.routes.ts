import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/common.js';
import { createdReturn, submitReturnBody } from '../../../contract/returns.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { ok } from '../../http/envelope.js';
import type { SubmitReturnService } from './submit-return.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface SubmitReturnRoutesOptions {
  guards: Guards;
  submitReturn: SubmitReturnService;
}

export const submitReturnRoutes: FastifyPluginAsyncZod<SubmitReturnRoutesOptions> = async (app, { guards, submitReturn }) => {
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
    async (req) => ok(await submitReturn.submit(currentUser(req), req.body)),
  );
};
