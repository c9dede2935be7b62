import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../modules/auth/auth-user.js';
import { forbidden, unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/**
 * Which callers a route serves (DESIGN §5a: every route names it; brand users and API keys will be
 * kinds of caller of their own, refused where staff-only routes say `user` or `admin` today).
 * - `public`: anyone (signing in, probes, signed links);
 * - `user`: a live session, resolved before the body is read;
 * - `admin`: a live session of an admin (403 for anyone else);
 * - `user-by-statement`: a live session that the handler's one statement checks itself (the access
 *   repository's caller fragment, issue 13): up front only a bearer token must be there.
 */
export type RouteAccess = 'public' | 'user' | 'admin' | 'user-by-statement';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Resolves a bearer token to its user (the auth service's `authenticate`). */
export type Authenticate = (token: string) => Promise<AuthUser | undefined>;

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The one guard of every route (src/server/http/contract-route.ts registers it): an onRequest hook
 * by the route's access, so 401 and 403 come before the body is parsed or validated. It is the first
 * line only; services check the same rules themselves.
 */
export function createGuards(authenticate: Authenticate) {
  async function resolveCaller(request: FastifyRequest): Promise<void> {
    if (request.user) return;
    const token = bearerToken(request);
    const user = token ? await authenticate(token) : undefined;
    if (!user) throw unauthorized();
    request.user = user;
  }
  const hooks: Record<Exclude<RouteAccess, 'public'>, Hook> = {
    user: resolveCaller,
    async admin(request) {
      await resolveCaller(request);
      if (!request.user?.isSu) throw forbidden();
    },
    async 'user-by-statement'(request) {
      if (!bearerToken(request)) throw unauthorized();
    },
  };
  return {
    /** The onRequest hook of a route with this access; none for a public route. */
    hookFor: (access: RouteAccess): Hook | undefined => (access === 'public' ? undefined : hooks[access]),
    /**
     * Before bad input is answered (422): a caller the hook let through on its token alone is
     * resolved now, so a caller without a live session learns nothing of the route's rules
     * (401 before 422). The valid request pays nothing: its statement checks the session.
     */
    resolveBeforeBadInput: resolveCaller,
  };
}
export type Guards = ReturnType<typeof createGuards>;

/** The bearer token of a route whose statement checks the session (`user-by-statement`). */
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
