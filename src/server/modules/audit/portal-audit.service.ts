import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { AuthUser } from '../auth/auth-user.js';
import { createAuditRepository } from './audit.repository.js';

/** What a brand user did: the route it called and how it ended. */
export interface PortalAction {
  route: string;
  method: string;
  params: unknown;
  status: number;
}

/**
 * Every brand user's action in the audit trail (issue 25): each call of a portal route that changes
 * or exports something (http/contract-route.ts decides which), on the user's own trail
 * (entity `user`, its id), so an admin reads it where the user's other changes are.
 */
export function createPortalAudit(deps: { db: Db; clock: Clock }) {
  const repo = createAuditRepository(deps.db);
  return {
    record: (user: AuthUser, action: PortalAction): Promise<void> =>
      repo.record({ actor: user, action: 'portal', entityType: 'user', entityId: user.id, after: action }, deps.clock.now()),
  };
}
export type PortalAudit = ReturnType<typeof createPortalAudit>;
