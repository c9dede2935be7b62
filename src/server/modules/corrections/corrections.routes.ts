import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import type { CorrectionsService } from './corrections.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface CorrectionsRoutesOptions {
  guards: Guards;
  corrections: CorrectionsService;
}

export const correctionsRoutes: FastifyPluginAsyncZod<CorrectionsRoutesOptions> = async (app, { guards, corrections }) => {
  contractRoutes(app, guards)('correctReturn', {
    access: 'admin',
    tags: ['returns'],
    summary:
      'Correct a submitted return (admin): the corrected lines, the version read and a comment; saves a new version and queues the correction messages (409 when the return changed)',
    handler: async (req) => ok(await corrections.correct(currentUser(req), req.params.returnId, req.body)),
  });
};
