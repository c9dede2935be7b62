import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import type { AuditAction, AuditEntityType, AuditEntry } from '../../../contract/audit.js';

export interface AuditActor {
  id: number;
  username: string;
}

export interface NewAuditEntry {
  actor: AuditActor;
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: number | string;
  before?: unknown;
  after?: unknown;
}

export const AUDIT_TRAIL_LIMIT = 200;

/** The admin audit trail. Callers pass public views only, so secrets never reach this table. */
export function createAuditRepository(db: DbOrTx) {
  return {
    async record(entry: NewAuditEntry, now: Date): Promise<void> {
      await db.insert(auditLog).values({
        actorUserId: entry.actor.id,
        actorUsername: entry.actor.username,
        action: entry.action,
        entityType: entry.entityType,
        entityId: String(entry.entityId),
        before: entry.before ?? null,
        after: entry.after ?? null,
        createdAt: now,
      });
    },

    async listFor(entityType: AuditEntityType, entityId: string): Promise<AuditEntry[]> {
      const rows = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(AUDIT_TRAIL_LIMIT);
      return rows.map((r) => ({
        id: Number(r.id),
        actor_user_id: r.actorUserId,
        actor_username: r.actorUsername,
        action: r.action,
        entity_type: r.entityType,
        entity_id: r.entityId,
        before: r.before,
        after: r.after,
        created_at: r.createdAt.toISOString(),
      }));
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;

/** Keys whose values differ between two snapshots; an update with no difference is not recorded. */
export function changedKeys(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}
