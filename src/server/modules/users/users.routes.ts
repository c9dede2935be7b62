import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import { requestOrigin } from '../../http/origin.js';
import type { UsersService } from './users.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface UsersRoutesOptions {
  guards: Guards;
  users: UsersService;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { guards, users }) => {
  const route = contractRoutes(app, guards);
  const common = { access: 'admin', tags: ['admin'] } as const;

  route('listUsers', { ...common, handler: async (req) => ok(await users.list(currentUser(req))) });
  route('createUser', {
    ...common,
    summary: 'Create a user: operator, admin or brand user; with `invite` the user is mailed a link to choose the password',
    handler: async (req) => ok(await users.create(currentUser(req), req.body, requestOrigin(req))),
  });
  route('updateUser', { ...common, handler: async (req) => ok(await users.update(currentUser(req), req.params.id, req.body)) });
  route('inviteUser', {
    ...common,
    summary: 'Mail the user a new invitation link to choose a password (valid 72 hours, single use)',
    handler: async (req) => ok(await users.invite(currentUser(req), req.params.id, requestOrigin(req))),
  });
};
