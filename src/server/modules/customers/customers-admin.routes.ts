import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import type { CustomersAdminService } from './customers-admin.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface CustomersAdminRoutesOptions {
  guards: Guards;
  customersAdmin: CustomersAdminService;
}

export const customersAdminRoutes: FastifyPluginAsyncZod<CustomersAdminRoutesOptions> = async (app, { guards, customersAdmin: svc }) => {
  const route = contractRoutes(app, guards);
  const common = { access: 'admin', tags: ['admin'] } as const;

  route('listCustomers', { ...common, handler: async (req) => ok(await svc.list(currentUser(req))) });
  route('createCustomer', { ...common, handler: async (req) => ok(await svc.create(currentUser(req), req.body)) });
  route('updateCustomer', { ...common, handler: async (req) => ok(await svc.update(currentUser(req), req.params.id, req.body)) });

  route('createOption', { ...common, handler: async (req) => ok(await svc.addOption(currentUser(req), req.params.id, req.body)) });
  route('updateOption', {
    ...common,
    handler: async (req) => ok(await svc.updateOption(currentUser(req), req.params.id, req.params.optId, req.body)),
  });
  route('deleteOption', {
    ...common,
    handler: async (req) => {
      await svc.deleteOption(currentUser(req), req.params.id, req.params.optId);
      return ok('Reason deleted');
    },
  });

  route('createConnection', { ...common, handler: async (req) => ok(await svc.addConnection(currentUser(req), req.params.id, req.body)) });
  route('updateConnection', {
    ...common,
    handler: async (req) => ok(await svc.updateConnection(currentUser(req), req.params.id, req.params.connId, req.body)),
  });
  route('deleteConnection', {
    ...common,
    handler: async (req) => {
      await svc.deleteConnection(currentUser(req), req.params.id, req.params.connId);
      return ok('Connection deleted');
    },
  });
};
