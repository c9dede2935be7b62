import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import type { ReturnViewService } from './return-view.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface ReturnViewRoutesOptions {
  guards: Guards;
  returnView: ReturnViewService;
}

export const returnViewRoutes: FastifyPluginAsyncZod<ReturnViewRoutesOptions> = async (app, { guards, returnView: returnViews }) => {
  contractRoutes(app, guards)('readReturn', {
    access: 'portal',
    tags: ['returns'],
    summary: "Read one return with its order, lines and timeline tasks (orderId is the word 'blind' for blind returns)",
    handler: async (req) => ok(await returnViews.read(currentUser(req), req.params.returnId, req.params.orderId)),
  });
};
