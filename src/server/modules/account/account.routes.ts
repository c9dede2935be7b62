import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordBody, tokenRefresh } from '../../../contract/auth.js';
import { envelope } from '../../../contract/common.js';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import type { AuthService } from '../auth/auth.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface AccountRoutesOptions {
  guards: Guards;
  auth: AuthService;
}

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { guards, auth }) => {
  // onRequest: the token is checked before the body is parsed or validated, so 401 comes before 422.
  app.addHook('onRequest', guards.requireAuth);
  const security = [{ bearer: [] }];

  app.post('/account/token', { schema: { tags: ['account'], security, response: { 200: envelope(tokenRefresh) } } }, async (req) =>
    ok(await auth.refresh(currentUser(req))),
  );

  app.post(
    '/account/password',
    { schema: { tags: ['account'], security, body: changePasswordBody, response: { 200: envelope(z.string()) } } },
    async (req) => {
      await auth.changePassword(currentUser(req), req.body);
      return ok('Your password has been updated successfully');
    },
  );

  app.post('/account/logout', { schema: { tags: ['account'], security, response: { 200: envelope(z.string()) } } }, async (req) => {
    await auth.logout(currentUser(req));
    return ok('Logged out');
  });
};
