import { USER_MSG } from '../../../contract/users.js';
import { forbidden, validationError } from '../../http/errors.js';

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
  /**
   * A brand's user (issue 25): served by the portal routes only (http/auth-guard.ts refuses it
   * elsewhere with 403), for its linked customers only, like an operator.
   */
  isBrand: boolean;
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
/** A brand's user: the warehouse's screens, their routes and any object of no customer are not its. */
export const isBrandUser = (caller: Caller): boolean => !isApiKey(caller) && caller.isBrand;

export const isApiKey = (caller: Caller): caller is ApiKeyCaller => 'kind' in caller && caller.kind === 'api-key';

/**
 * Admin-only commands refuse by themselves: the route hook is a first line, but the CLI, the worker
 * and any future caller reach the service without it.
 */
export function requireAdmin(user: AuthUser): void {
  if (!user.isSu) throw forbidden();
}

/**
 * The portal's billing statements and report schedules (issue 25) are the brand's and the admin's:
 * in the warehouse billing and schedules are the admin's (under /su), so an operator linked to the
 * customer is refused here too.
 */
export function requireBrandOrAdmin(user: AuthUser): void {
  if (!user.isBrand && !user.isSu) throw forbidden();
}

/** The domain of an e-mail address, lower case. */
export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * A brand user mails the data of its customers to its own organisation only (issue 25): the
 * address must be of the domain of the user's own e-mail. Staff may send anywhere.
 */
export function requireOwnMailDomain(user: AuthUser, email: string, field = 'email'): void {
  if (user.isBrand && domainOf(email) !== domainOf(user.email)) throw validationError({ [field]: [USER_MSG.ownDomainOnly] });
}
