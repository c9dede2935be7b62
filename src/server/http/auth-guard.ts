import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_PREFIX, type ApiKeyScope } from '../../contract/api-keys.js';
import type { ApiKeyCaller, AuthUser } from '../modules/auth/auth-user.js';
import type { PortalAction } from '../modules/audit/portal-audit.service.js';
import { forbidden, unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    apiKey: ApiKeyCaller | null;
  }
}

/**
 * Which callers a route serves (DESIGN §5a: every route names it). Three kinds of signed-in user:
 * operator, admin and brand user (issue 25); a brand user is served by the `portal` accesses only,
 * so a new route is the warehouse's until it says otherwise.
 * - `public`: anyone (signing in, probes, signed links);
 * - `user`: a live session of the warehouse's staff (operator or admin), resolved before the body is
 *   read; a brand user gets 403;
 * - `admin`: a live session of an admin (403 for anyone else);
 * - `user-by-statement`: a live staff session that the handler's one statement checks itself (the
 *   access repository's caller fragment, issue 13): up front only a bearer token must be there;
 * - `portal`, `portal-by-statement`: as `user` and `user-by-statement`, and a brand user too (its
 *   portal: its customers' returns, photos, parcels, reports, the dashboard, its account);
 * - `brand`: a live session of a brand user only (its decisions on exceptions, issue 25): the warehouse's
 *   staff get 403 (an operator never sees the portal's decision actions);
 * - `key:<scope>`: a customer's API key with that scope (issue 26); a session is refused (401), a key
 *   without the scope gets 403. Every other access refuses API keys (401): staff routes never see one.
 */
export type RouteAccess =
  'public' | 'user' | 'admin' | 'user-by-statement' | 'portal' | 'portal-by-statement' | 'brand' | `key:${ApiKeyScope}`;

/** The accesses that serve brand users too. */
export const PORTAL: readonly RouteAccess[] = ['portal', 'portal-by-statement', 'brand'];

/** The accesses whose guard lets a bearer token through unresolved: the handler's statement checks it. */
export const BY_STATEMENT: readonly RouteAccess[] = ['user-by-statement', 'portal-by-statement'];

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Resolves a bearer token to its user (the auth service's `authenticate`). */
export type Authenticate = (token: string) => Promise<AuthUser | undefined>;
/** Resolves an API key to its caller (the access seam's `findApiKeyCaller`). */
export type AuthenticateKey = (key: string) => Promise<ApiKeyCaller | undefined>;

/** A bearer token that is an API key, by its prefix: staff routes refuse it without a lookup. */
const isApiKeyToken = (token: string) => token.startsWith(API_KEY_PREFIX);

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The one guard of every route (src/server/http/contract-route.ts registers it): an onRequest hook
 * by the route's access, so 401 and 403 come before the body is parsed or validated. It is the first
 * line only; services check the same rules themselves.
 */
/** Writes a brand user's action to the audit trail (the portal audit's `record`). */
export type RecordPortalAction = (user: AuthUser, action: PortalAction) => Promise<void>;

export function createGuards(
  authenticate: Authenticate,
  authenticateKey: AuthenticateKey = async () => undefined,
  recordPortalAction: RecordPortalAction = async () => undefined,
) {
  async function resolveCaller(request: FastifyRequest): Promise<AuthUser> {
    if (request.user) return request.user;
    const token = bearerToken(request);
    const user = token && !isApiKeyToken(token) ? await authenticate(token) : undefined;
    if (!user) throw unauthorized();
    request.user = user;
    return user;
  }
  /** The warehouse's routes: a brand user is refused, nothing of the route runs. */
  async function resolveStaff(request: FastifyRequest): Promise<void> {
    if ((await resolveCaller(request)).isBrand) throw forbidden();
  }
  const keyHook =
    (scope: ApiKeyScope): Hook =>
    async (request) => {
      const token = bearerToken(request);
      const caller = token && isApiKeyToken(token) ? await authenticateKey(token) : undefined;
      if (!caller) throw unauthorized();
      if (!caller.scopes.includes(scope)) throw forbidden();
      request.apiKey = caller;
    };
  const tokenOnly: Hook = async (request) => {
    const token = bearerToken(request);
    if (!token || isApiKeyToken(token)) throw unauthorized();
  };
  const hooks: Record<Exclude<RouteAccess, 'public'>, Hook> = {
    user: resolveStaff,
    async admin(request) {
      if (!(await resolveCaller(request)).isSu) throw forbidden();
    },
    'user-by-statement': tokenOnly,
    async portal(request) {
      await resolveCaller(request);
    },
    'portal-by-statement': tokenOnly,
    async brand(request) {
      if (!(await resolveCaller(request)).isBrand) throw forbidden();
    },
    'key:returns:read': keyHook('returns:read'),
    'key:expected_returns:write': keyHook('expected_returns:write'),
  };
  return {
    /** A brand user's call of a portal route, for the audit trail (contract-route.ts names the calls). */
    recordPortalAction,
    /** The onRequest hook of a route with this access; none for a public route. */
    hookFor: (access: RouteAccess): Hook | undefined => (access === 'public' ? undefined : hooks[access]),
    /**
     * Before bad input is answered (422): a caller the hook let through on its token alone is
     * resolved now, so a caller without a live session learns nothing of the route's rules
     * (401 before 422), nor a brand user those of a warehouse route (403). The valid request pays
     * nothing: its statement checks the session.
     */
    async resolveBeforeBadInput(request: FastifyRequest, access: RouteAccess): Promise<void> {
      if (access === 'portal-by-statement') await resolveCaller(request);
      else await resolveStaff(request);
    },
  };
}
export type Guards = ReturnType<typeof createGuards>;

/** The bearer token of a route whose statement checks the session (`user-by-statement`). */
export function currentToken(request: FastifyRequest): string {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  return token;
}

/** The API key of a key-scoped route (`key:<scope>`). */
export function currentApiKey(request: FastifyRequest): ApiKeyCaller {
  if (!request.apiKey) throw unauthorized();
  return request.apiKey;
}

/** The signed-in user of a guarded route. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
