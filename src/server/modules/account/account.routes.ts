import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import type { AuthService } from '../auth/auth.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface AccountRoutesOptions {
  guards: Guards;
  auth: AuthService;
}

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { guards, auth }) => {
  const route = contractRoutes(app, guards);
  // Every signed-in user's own account, a brand user's too (issue 25).
  const common = { access: 'portal', tags: ['account'] } as const;

  route('refreshToken', { ...common, handler: async (req) => ok(await auth.refresh(currentUser(req))) });

  route('changePassword', {
    ...common,
    handler: async (req) => {
      await auth.changePassword(currentUser(req), req.body);
      return ok('Your password has been updated successfully');
    },
  });

  route('setLanguage', {
    ...common,
    summary: "Choose the account's language for screens and mails (null follows the browser)",
    handler: async (req) => {
      await auth.setLanguage(currentUser(req), req.body.language);
      return ok('Language saved');
    },
  });

  route('logout', {
    ...common,
    handler: async (req) => {
      await auth.logout(currentUser(req));
      return ok('Logged out');
    },
  });
};
