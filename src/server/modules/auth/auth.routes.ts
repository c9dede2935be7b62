import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authToken, confirmPasswordBody, forgetPasswordBody, loginBody, validateResetTokenBody } from '../../../contract/auth.js';
import { envelope } from '../../../contract/common.js';
import { MSG } from '../../../contract/messages.js';
import { ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import type { AuthService } from './auth.service.js';

const text = envelope(z.string());

/** The public routes need the auth service only (no guard: they are what signs a user in). */
export interface AuthRoutesOptions {
  auth: AuthService;
}

/** The four public routes of SPEC §7. Stricter rate limits: they are what attackers try. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth }) => {
  const tight = { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } };

  app.post('/auth/login', { ...tight, schema: { tags: ['auth'], body: loginBody, response: { 200: envelope(authToken) } } }, async (req) =>
    ok(await auth.login(req.body.username, req.body.password, req.ip)),
  );

  app.post(
    '/auth/forget-password',
    { ...tight, schema: { tags: ['auth'], body: forgetPasswordBody, response: { 200: text } } },
    async (req) => {
      await auth.forgetPassword(req.body.username, req.body.email, requestOrigin(req));
      return ok(MSG.checkEmail);
    },
  );

  app.post(
    '/auth/validate-reset-token',
    {
      ...tight,
      schema: { tags: ['auth'], body: validateResetTokenBody, response: { 200: envelope(z.object({ valid: z.literal(true) })) } },
    },
    async (req) => {
      if (await auth.validateResetToken(req.body.username, req.body.token)) return ok({ valid: true as const });
      throw notFound(MSG.resetLinkExpired);
    },
  );

  app.post(
    '/auth/confirm-password',
    { ...tight, schema: { tags: ['auth'], body: confirmPasswordBody, response: { 200: text } } },
    async (req) => {
      await auth.confirmPassword(req.body.username, req.body.token, req.body.new_pass);
      return ok(MSG.passwordUpdated);
    },
  );
};

function requestOrigin(req: { protocol: string; host: string }): string {
  return `${req.protocol}://${req.host}`;
}
