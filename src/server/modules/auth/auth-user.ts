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
 * Admin-only commands refuse by themselves: the route hook is a first line, but the CLI, the worker
 * and any future caller reach the service without it.
 */
export function requireAdmin(user: AuthUser): void {
  if (!user.isSu) throw forbidden();
}
