import { forbidden } from '../../http/errors.js';

/**
 * The signed-in user every service is called with. A type of its own (not the auth service's), so
 * services, the access check and the HTTP guard can name it without importing one another.
 */
export interface AuthUser {
  id: number;
  username: string;
  name: string;
  email: string;
  isSu: boolean;
  sessionId: number;
  /** The chosen interface and mail language (src/contract/locales.ts); null follows the browser. */
  language?: string | null;
}

/**
 * A customer's platform calling with its API key (issue 26; DESIGN §5a): a caller of its own kind,
 * bound to one customer and to its scopes. Staff routes never resolve it (http/auth-guard.ts).
 */
export interface ApiKeyCaller {
  kind: 'api-key';
  keyId: number;
  customerId: number;
  scopes: readonly string[];
}

/** Whoever a service is called for: a signed-in user (operator, admin) or an API key. */
export type Caller = AuthUser | ApiKeyCaller;
export const isApiKey = (caller: Caller): caller is ApiKeyCaller => 'kind' in caller && caller.kind === 'api-key';

/**
 * Admin-only commands refuse by themselves: the route hook is a first line, but the CLI, the worker
 * and any future caller reach the service without it.
 */
export function requireAdmin(user: AuthUser): void {
  if (!user.isSu) throw forbidden();
}
