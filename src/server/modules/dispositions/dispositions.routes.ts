import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '../../../contract/common.js';
import { dispositionBody, dispositionParams, dispositionView } from '../../../contract/dispositions.js';
import { customerIdParam } from '../../../contract/orders.js';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import type { DispositionsService } from './dispositions.service.js';

export interface DispositionsRoutesOptions {
  guards: Guards;
  dispositions: DispositionsService;
}

/** A customer's dispositions (issue 16): read for receiving, managed by admins in the customer drawer. */
export const dispositionsRoutes: FastifyPluginAsyncZod<DispositionsRoutesOptions> = async (app, { guards, dispositions: svc }) => {
  const common = { tags: ['dispositions'], security: [{ bearer: [] }] };
  const admin = { onRequest: guards.requireAdmin };

  app.get(
    '/returns/dispositions/:customerId',
    {
      onRequest: guards.requireAuth,
      schema: {
        ...common,
        summary: "A customer's dispositions with their default conditions (for receiving)",
        params: customerIdParam,
        response: { 200: envelope(z.array(dispositionView)) },
      },
    },
    async (req) => ok(await svc.list(currentUser(req), req.params.customerId)),
  );

  app.post(
    '/su/customers/:id/dispositions',
    {
      ...admin,
      schema: {
        ...common,
        summary: 'Add a disposition to a customer',
        params: idParam,
        body: dispositionBody,
        response: { 200: envelope(dispositionView) },
      },
    },
    async (req) => ok(await svc.add(currentUser(req), req.params.id, req.body)),
  );

  app.put(
    '/su/customers/:id/dispositions/:dispId',
    {
      ...admin,
      schema: {
        ...common,
        summary: "Change a customer's disposition",
        params: dispositionParams,
        body: dispositionBody,
        response: { 200: envelope(dispositionView) },
      },
    },
    async (req) => ok(await svc.update(currentUser(req), req.params.id, req.params.dispId, req.body)),
  );

  app.delete(
    '/su/customers/:id/dispositions/:dispId',
    {
      ...admin,
      schema: { ...common, summary: "Delete a customer's disposition", params: dispositionParams, response: { 200: envelope(z.string()) } },
    },
    async (req) => {
      await svc.remove(currentUser(req), req.params.id, req.params.dispId);
      return ok('Disposition deleted');
    },
  );
};
