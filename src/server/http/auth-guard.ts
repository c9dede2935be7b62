import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthService, AuthUser } from '../modules/auth/auth.service.js';
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

/** preHandlers: `requireAuth` for every signed-in route, `requireAdmin` for /api/su. */
export function createGuards(auth: AuthService) {
  async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const token = bearerToken(request);
    const user = token ? await auth.authenticate(token) : undefined;
    if (!user) throw unauthorized();
    request.user = user;
  }
  async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await requireAuth(request, reply);
    if (!request.user?.isSu) throw forbidden();
  }
  return { requireAuth, requireAdmin };
}
export type Guards = ReturnType<typeof createGuards>;

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
