import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentToken, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import type { SubmitReturnService } from './submit-return.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface SubmitReturnRoutesOptions {
  guards: Guards;
  submitReturn: SubmitReturnService;
}

export const submitReturnRoutes: FastifyPluginAsyncZod<SubmitReturnRoutesOptions> = async (app, { guards, submitReturn }) => {
  contractRoutes(app, guards)('submitReturn', {
    // The submit's check statement reads the session itself (one round trip for every check, issue 13).
    access: 'user-by-statement',
    tags: ['receiving'],
    summary: 'Submit the return being processed; the draft id makes a repeated submit answer the same return',
    handler: async (req) => ok(await submitReturn.submit(currentToken(req), req.body)),
  });
};
