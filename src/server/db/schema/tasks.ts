import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { orders } from './orders.js';
import { returns } from './returns.js';

export interface TaskLogEntry {
  at: string;
  event: string;
  [key: string]: unknown;
}

/**
 * Background work and its visible log. `details` is the log the Task Detail modal shows;
 * `payload` is what the handler needs to do the work.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    taskType: text('task_type').notNull(),
    taskStatus: text('task_status').notNull().default('Pending'),
    message1: text('message_1'),
    message2: text('message_2'),
    isRunning: boolean('is_running').notNull().default(false),
    attemptsCount: integer('attempts_count').notNull().default(0),
    details: jsonb('details').$type<TaskLogEntry[]>().notNull().default([]),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    customerId: integer('customer_id').references(() => customers.id),
    orderId: integer('order_id').references(() => orders.id),
    returnId: integer('return_id').references(() => returns.id),
    fileName: text('file_name'),
    fileContent: text('file_content'),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The worker's claim query scans only runnable rows.
    index('tasks_runnable_idx')
      .on(t.runAfter, t.id)
      .where(sql`${t.taskStatus} IN ('Pending', 'Before Downloading')`),
    index('tasks_return_idx').on(t.returnId),
    index('tasks_order_idx').on(t.orderId),
    index('tasks_created_idx').on(t.createdAt, t.id),
    index('tasks_type_status_idx').on(t.taskType, t.taskStatus, t.id),
    // The dashboard's backlog and failed deliveries: the few tasks in Error, by when they failed.
    index('tasks_error_idx')
      .on(t.updatedAt, t.id)
      .where(sql`${t.taskStatus} = 'Error'`),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: integer('actor_user_id'),
    actorUsername: text('actor_username'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt)],
);
