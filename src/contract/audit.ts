import { z } from 'zod';
import { text } from './common.js';

export const AUDIT_ENTITY_TYPES = [
  'user',
  'customer',
  'option',
  'connection',
  'setting',
  'task',
  'return',
  'report_schedule',
  'billing_rate',
  'billing_month',
  'disposition',
  'webhook_endpoint',
  'api_key',
  'inspection_rule',
  'grade_scale',
  'decision_rule',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];
// 'invite': an invitation mail (issue 25); 'portal': a brand user's request (http/portal-audit.ts);
// 'decide': a decision on an exception (by a brand user, or the default at its deadline).
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'correct', 'invite', 'portal', 'decide'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** GET /api/su/audit?entity_type=&entity_id= : the trail of one record, newest first. */
export const auditQuery = z.strictObject({
  entity_type: z.enum(AUDIT_ENTITY_TYPES, { error: 'Unknown entity type' }),
  entity_id: text('Entity id is required').trim().min(1, { error: 'Entity id is required' }).max(100),
});
export type AuditQuery = z.infer<typeof auditQuery>;

/** One admin change. `before`/`after` are the public views of the record: no secrets, no hashes. */
export const auditEntry = z.object({
  id: z.number().int(),
  actor_user_id: z.number().int().nullable(),
  actor_username: z.string().nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
