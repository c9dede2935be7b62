import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../modules/auth/auth-user.js';
import { forbidden, unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Resolves a bearer token to its user (the auth service's `authenticate`). */
export type Authenticate = (token: string) => Promise<AuthUser | undefined>;

/**
 * onRequest hooks: `requireAuth` for every signed-in route, `requireAdmin` for /api/su. They are the
 * first line only; services check the same rules themselves.
 */
export function createGuards(authenticate: Authenticate) {
  async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    const user = token ? await authenticate(token) : undefined;
    if (!user) throw unauthorized();
    request.user = user;
  }
  /**
   * For routes whose service checks the session inside its own statement (one round trip): only
   * that a bearer token is there; the service answers 401 for one that is not live.
   */
  async function requireToken(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (!bearerToken(request)) throw unauthorized();
  }
  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireAuth(request, reply);
    if (!request.user?.isSu) throw forbidden();
  }
  return { requireAuth, requireToken, requireAdmin };
}
export type Guards = ReturnType<typeof createGuards>;

/** The bearer token of a route guarded by requireToken. */
export function currentToken(request: FastifyRequest): string {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  return token;
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
