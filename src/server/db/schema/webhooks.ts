import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';

/**
 * A customer's webhook endpoint (issue 26). The signing secret is sealed with the APP_SECRET key
 * (docs/decisions.md "Secrets at rest"): it must be read back to sign, so it cannot be hashed.
 * After a roll the previous secret signs too until `previous_secret_until` (24 h).
 * `failing_since` is the first failed attempt since the last success: 24 h of it pauses the endpoint.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    eventTypes: jsonb('event_types').$type<string[]>().notNull(),
    /** active | paused (by an admin, or after 24 h of failures) | disabled (the receiver answered 410). */
    status: text('status').notNull().default('active'),
    statusReason: text('status_reason'),
    secretSealed: text('secret_sealed').notNull(),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_endpoints_customer_idx').on(t.customerId),
    check('webhook_endpoints_status_check', sql`${t.status} IN ('active', 'paused', 'disabled')`),
  ],
);

/**
 * An event as it happened, once per customer whatever the number of endpoints. `data` is the body's
 * `data`, frozen when first built (a return's snapshot is built by the first delivery from the
 * version the event names, so every endpoint and every retry sends the very same body).
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    /** What the event is about ('return:12', 'parcel:7'): deliveries of one subject go out in order. */
    subject: text('subject'),
    /** What builds `data` when it is still null: { returnId, version } of a return event. */
    source: jsonb('source').$type<Record<string, unknown>>().notNull().default({}),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_events_customer_idx').on(t.customerId, t.createdAt)],
);

/**
 * One event to one endpoint. `id` orders the deliveries of a subject (its order of emission).
 * pending → delivered | failed (410, or 24 h without success). A 'Webhook Delivery' task (payload
 * { deliveryId }) makes its next attempt; while the endpoint is paused the delivery waits without one.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    subject: text('subject'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** Retries stop after this (24 h after the delivery was made, or redelivered). */
    giveUpAt: timestamp('give_up_at', { withTimezone: true }).notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    // The order check: an earlier pending delivery of the same subject to the same endpoint.
    index('webhook_deliveries_pending_subject_idx')
      .on(t.endpointId, t.subject, t.id)
      .where(sql`${t.status} = 'pending'`),
    check('webhook_deliveries_status_check', sql`${t.status} IN ('pending', 'delivered', 'failed')`),
  ],
);

/** Each attempt of a delivery as it went: the answer's status, how long it took, its first bytes. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    /** The HTTP status; null when no answer came (time-out, refused connection). */
    responseStatus: integer('response_status'),
    responseSnippet: text('response_snippet'),
    error: text('error'),
    /** What followed: delivered, retry, failed, disabled. */
    outcome: text('outcome').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
