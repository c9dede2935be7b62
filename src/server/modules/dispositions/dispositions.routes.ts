import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import type { DispositionsService } from './dispositions.service.js';

export interface DispositionsRoutesOptions {
  guards: Guards;
  dispositions: DispositionsService;
}

/** A customer's dispositions (issue 16): read for receiving, managed by admins in the customer drawer. */
export const dispositionsRoutes: FastifyPluginAsyncZod<DispositionsRoutesOptions> = async (app, { guards, dispositions: svc }) => {
  const route = contractRoutes(app, guards);
  const tags = ['dispositions'];

  route('listDispositions', {
    access: 'portal',
    tags,
    summary: "A customer's dispositions with their default conditions (for receiving)",
    handler: async (req) => ok(await svc.list(currentUser(req), req.params.customerId)),
  });

  route('createDisposition', {
    access: 'admin',
    tags,
    summary: 'Add a disposition to a customer',
    handler: async (req) => ok(await svc.add(currentUser(req), req.params.id, req.body)),
  });

  route('updateDisposition', {
    access: 'admin',
    tags,
    summary: "Change a customer's disposition",
    handler: async (req) => ok(await svc.update(currentUser(req), req.params.id, req.params.dispId, req.body)),
  });

  route('deleteDisposition', {
    access: 'admin',
    tags,
    summary: "Delete a customer's disposition",
    handler: async (req) => {
      await svc.remove(currentUser(req), req.params.id, req.params.dispId);
      return ok('Disposition deleted');
    },
  });
};
