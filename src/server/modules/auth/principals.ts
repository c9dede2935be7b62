import { sha256 } from '../../lib/crypto.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import type { AuthUser } from './auth-user.js';

/** Who a bearer token was, as far as the shape of a query goes (never as permission). */
export interface Principal {
  tokenHash: string;
  user: AuthUser;
  /** The customers an operator is linked to, ascending; null for an admin (every customer). */
  links: number[] | null;
}

/**
 * A short memory of token → user and linked customers, so a read that checks the session itself
 * (the history page: one statement) knows which query to send without two more round trips.
 * It decides nothing: that statement checks again that the session is live, the user Active, and
 * the admin flag and links are still these (SessionCheck); when they are not it answers 401 at
 * once, or the caller forgets the entry and resolves it again.
 */
export function createPrincipals(deps: {
  authenticate: (token: string) => Promise<AuthUser | undefined>;
  customerAccess: CustomerAccess;
  ttlMs?: number;
  maxEntries?: number;
}) {
  const ttlMs = deps.ttlMs ?? 30_000;
  const maxEntries = deps.maxEntries ?? 10_000;
  const cache = new Map<string, { principal: Principal; until: number }>();

  return {
    async resolve(token: string): Promise<Principal | undefined> {
      const tokenHash = sha256(token);
      const hit = cache.get(tokenHash);
      if (hit && hit.until > Date.now()) return hit.principal;
      const user = await deps.authenticate(token);
      if (!user) {
        cache.delete(tokenHash);
        return undefined;
      }
      const links = user.isSu ? null : (await deps.customerAccess.listVisible(user)).map((c) => c.id).sort((a, b) => a - b);
      const principal = { tokenHash, user, links };
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(tokenHash, { principal, until: Date.now() + ttlMs });
      return principal;
    },
    forget(principal: Principal): void {
      cache.delete(principal.tokenHash);
    },
  };
}
export type Principals = ReturnType<typeof createPrincipals>;
