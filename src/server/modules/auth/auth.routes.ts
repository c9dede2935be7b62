import { localeFromAcceptLanguage } from '../../../contract/locales.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../contract/messages.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AUTH_REQUESTS_PER_MINUTE } from '../../http/rate-limits.js';
import { notFound } from '../../http/errors.js';
import { requestOrigin } from '../../http/origin.js';
import type { AuthService } from './auth.service.js';

/** The public routes need the auth service only (no guard: they are what signs a user in). */
export interface AuthRoutesOptions {
  auth: AuthService;
}

/** The four public routes of SPEC §7. Stricter rate limits: they are what attackers try. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth }) => {
  const route = contractRoutes(app);
  const common = {
    access: 'public',
    tags: ['auth'],
    options: { config: { rateLimit: { max: AUTH_REQUESTS_PER_MINUTE, timeWindow: '1 minute' } } },
  } as const;

  route('login', { ...common, handler: async (req) => ok(await auth.login(req.body.username, req.body.password, req.ip)) });

  route('forgetPassword', {
    ...common,
    handler: async (req) => {
      await auth.forgetPassword(
        req.body.username,
        req.body.email,
        requestOrigin(req),
        localeFromAcceptLanguage(req.headers['accept-language']),
      );
      return ok(MSG.checkEmail);
    },
  });

  route('validateResetToken', {
    ...common,
    handler: async (req) => {
      if (await auth.validateResetToken(req.body.username, req.body.token)) return ok({ valid: true as const });
      throw notFound(MSG.resetLinkExpired);
    },
  });

  route('confirmPassword', {
    ...common,
    handler: async (req) => {
      await auth.confirmPassword(req.body.username, req.body.token, req.body.new_pass);
      return ok(MSG.passwordUpdated);
    },
  });
};
