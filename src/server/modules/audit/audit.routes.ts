import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditEntry, auditQuery } from '../../../contract/audit.js';
import { envelope } from '../../../contract/common.js';
import { ok } from '../../http/envelope.js';
import type { AppContext } from '../../app.js';

export const auditRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { services, guards }) => {
  app.addHook('onRequest', guards.requireAdmin);
  app.get(
    '/su/audit',
    { schema: { tags: ['admin'], security: [{ bearer: [] }], querystring: auditQuery, response: { 200: envelope(z.array(auditEntry)) } } },
    async (req) => ok(await services.audit.listFor(req.query.entity_type, req.query.entity_id)),
  );
};
