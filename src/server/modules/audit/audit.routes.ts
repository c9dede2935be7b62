import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntry, auditQuery } from '../../../contract/audit.js';
import { envelope } from '../../../contract/common.js';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import type { AuditService } from './audit.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface AuditRoutesOptions {
  guards: Guards;
  audit: AuditService;
}

export const auditRoutes: FastifyPluginAsyncZod<AuditRoutesOptions> = async (app, { guards, audit }) => {
  app.addHook('onRequest', guards.requireAdmin);
  app.get(
    '/su/audit',
    { schema: { tags: ['admin'], security: [{ bearer: [] }], querystring: auditQuery, response: { 200: envelope(z.array(auditEntry)) } } },
    async (req) => ok(await audit.listFor(currentUser(req), req.query.entity_type, req.query.entity_id)),
  );
};
