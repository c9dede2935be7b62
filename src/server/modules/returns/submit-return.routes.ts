import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/common.js';
import { createdReturn, submitReturnBody } from '../../../contract/returns.js';
import { currentToken, type Guards } from '../../http/auth-guard.js';
import { ok } from '../../http/envelope.js';
import type { SubmitReturnService } from './submit-return.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface SubmitReturnRoutesOptions {
  guards: Guards;
  submitReturn: SubmitReturnService;
}

export const submitReturnRoutes: FastifyPluginAsyncZod<SubmitReturnRoutesOptions> = async (app, { guards, submitReturn }) => {
  app.post(
    '/returns',
    {
      // The submit's check statement reads the session itself (one round trip for every check, issue 13).
      onRequest: guards.requireToken,
      // Bad input is answered in the handler, after the session check (401 before 422).
      attachValidation: true,
      schema: {
        tags: ['receiving'],
        summary: 'Submit the return being processed; the draft id makes a repeated submit answer the same return',
        security: [{ bearer: [] }],
        body: submitReturnBody,
        response: { 200: envelope(createdReturn) },
      },
    },
    async (req, reply) => {
      if (req.validationError) {
        // A caller without a live session must not learn the route's validation rules.
        await guards.requireAuth(req, reply);
        throw req.validationError;
      }
      return ok(await submitReturn.submit(currentToken(req), req.body));
    },
  );
};
