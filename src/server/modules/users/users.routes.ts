import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '../../../contract/common.js';
import { adminUser, userCreateBody, userUpdateBody } from '../../../contract/users.js';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import type { UsersService } from './users.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface UsersRoutesOptions {
  guards: Guards;
  users: UsersService;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { guards, users }) => {
  // onRequest: 401/403 come before any body validation, so an operator learns nothing from 422s.
  app.addHook('onRequest', guards.requireAdmin);
  const common = { tags: ['admin'], security: [{ bearer: [] }] };

  app.get('/su/users', { schema: { ...common, response: { 200: envelope(z.array(adminUser)) } } }, async (req) =>
    ok(await users.list(currentUser(req))),
  );

  app.post('/su/users', { schema: { ...common, body: userCreateBody, response: { 200: envelope(adminUser) } } }, async (req) =>
    ok(await users.create(currentUser(req), req.body)),
  );

  app.put(
    '/su/users/:id',
    { schema: { ...common, params: idParam, body: userUpdateBody, response: { 200: envelope(adminUser) } } },
    async (req) => ok(await users.update(currentUser(req), req.params.id, req.body)),
  );
};
