import type { AuditEntityType, AuditEntry } from '../../../contract/audit.js';
import { requireAdmin, type AuthUser } from '../auth/auth-user.js';
import type { AuditRepository } from './audit.repository.js';

/** The admin audit trail, read by admins only. */
export function createAuditService(deps: { repo: AuditRepository }) {
  return {
    async listFor(user: AuthUser, entityType: AuditEntityType, entityId: string): Promise<AuditEntry[]> {
      requireAdmin(user);
      return deps.repo.listFor(entityType, entityId);
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
