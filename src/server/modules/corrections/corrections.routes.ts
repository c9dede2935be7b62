import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/common.js';
import { correctionBody, correctionParams } from '../../../contract/corrections.js';
import { returnView } from '../../../contract/return-view.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { ok } from '../../http/envelope.js';
import type { CorrectionsService } from './corrections.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface CorrectionsRoutesOptions {
  guards: Guards;
  corrections: CorrectionsService;
}

export const correctionsRoutes: FastifyPluginAsyncZod<CorrectionsRoutesOptions> = async (app, { guards, corrections }) => {
  app.addHook('onRequest', guards.requireAdmin);

  app.post(
    '/su/returns/:returnId/corrections',
    {
      schema: {
        tags: ['returns'],
        summary:
          'Correct a submitted return (admin): the corrected lines, the version read and a comment; saves a new version and queues the correction messages (409 when the return changed)',
        security: [{ bearer: [] }],
        params: correctionParams,
        body: correctionBody,
        response: { 200: envelope(returnView) },
      },
    },
    async (req) => ok(await corrections.correct(currentUser(req), req.params.returnId, req.body)),
  );
};
