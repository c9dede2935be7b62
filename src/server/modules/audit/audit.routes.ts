import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import type { AuditService } from './audit.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface AuditRoutesOptions {
  guards: Guards;
  audit: AuditService;
}

export const auditRoutes: FastifyPluginAsyncZod<AuditRoutesOptions> = async (app, { guards, audit }) => {
  contractRoutes(app, guards)('auditTrail', {
    access: 'admin',
    tags: ['admin'],
    handler: async (req) => ok(await audit.listFor(currentUser(req), req.query.entity_type, req.query.entity_id)),
  });
};
