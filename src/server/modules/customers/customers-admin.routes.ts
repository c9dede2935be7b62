import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '../../../contract/common.js';
import {
  adminCustomer,
  connectionBody,
  connectionParams,
  connectionView,
  customerBody,
  optionBody,
  optionParams,
  optionView,
} from '../../../contract/customers.js';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import type { CustomersAdminService } from './customers-admin.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface CustomersAdminRoutesOptions {
  guards: Guards;
  customersAdmin: CustomersAdminService;
}

export const customersAdminRoutes: FastifyPluginAsyncZod<CustomersAdminRoutesOptions> = async (app, { guards, customersAdmin: svc }) => {
  app.addHook('onRequest', guards.requireAdmin);
  const common = { tags: ['admin'], security: [{ bearer: [] }] };

  app.get('/su/customers', { schema: { ...common, response: { 200: envelope(z.array(adminCustomer)) } } }, async (req) =>
    ok(await svc.list(currentUser(req))),
  );

  app.post('/su/customers', { schema: { ...common, body: customerBody, response: { 200: envelope(adminCustomer) } } }, async (req) =>
    ok(await svc.create(currentUser(req), req.body)),
  );

  app.put(
    '/su/customers/:id',
    { schema: { ...common, params: idParam, body: customerBody, response: { 200: envelope(adminCustomer) } } },
    async (req) => ok(await svc.update(currentUser(req), req.params.id, req.body)),
  );

  app.post(
    '/su/customers/:id/options',
    { schema: { ...common, params: idParam, body: optionBody, response: { 200: envelope(optionView) } } },
    async (req) => ok(await svc.addOption(currentUser(req), req.params.id, req.body)),
  );

  app.put(
    '/su/customers/:id/options/:optId',
    { schema: { ...common, params: optionParams, body: optionBody, response: { 200: envelope(optionView) } } },
    async (req) => ok(await svc.updateOption(currentUser(req), req.params.id, req.params.optId, req.body)),
  );

  app.delete(
    '/su/customers/:id/options/:optId',
    { schema: { ...common, params: optionParams, response: { 200: envelope(z.string()) } } },
    async (req) => {
      await svc.deleteOption(currentUser(req), req.params.id, req.params.optId);
      return ok('Reason deleted');
    },
  );

  app.post(
    '/su/customers/:id/connections',
    { schema: { ...common, params: idParam, body: connectionBody, response: { 200: envelope(connectionView) } } },
    async (req) => ok(await svc.addConnection(currentUser(req), req.params.id, req.body)),
  );

  app.put(
    '/su/customers/:id/connections/:connId',
    { schema: { ...common, params: connectionParams, body: connectionBody, response: { 200: envelope(connectionView) } } },
    async (req) => ok(await svc.updateConnection(currentUser(req), req.params.id, req.params.connId, req.body)),
  );

  app.delete(
    '/su/customers/:id/connections/:connId',
    { schema: { ...common, params: connectionParams, response: { 200: envelope(z.string()) } } },
    async (req) => {
      await svc.deleteConnection(currentUser(req), req.params.id, req.params.connId);
      return ok('Connection deleted');
    },
  );
};
