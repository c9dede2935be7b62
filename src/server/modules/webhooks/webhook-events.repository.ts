// Recording an event (issue 26): the event row, one delivery per active endpoint of the customer
// that subscribes to its type, and one 'Webhook Delivery' task per delivery, all in the caller's
// transaction (or statement), so an event exists exactly when what it tells of does. Nothing is
// recorded when no endpoint listens: a customer without webhooks pays one index probe.
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';

/** How long a delivery is retried before it fails (and what a redelivery gets again). */
export const DELIVERY_WINDOW_MS = 24 * 3600_000;

export interface EventCtesInput {
  /** Each an SQL expression; they may name a CTE of the surrounding statement (the return's `ret`). */
  customerId: SQL;
  subject: SQL;
  source: SQL;
  /** The body's data when known now; NULL to build it at the first delivery (a return's snapshot). */
  data: SQL;
  /** The FROM list the expressions read (e.g. `ret`); `(SELECT 1) one` for plain values. */
  from: SQL;
  now: Date;
}

/**
 * The CTEs (named with `prefix`) that record an event of `eventType`, to join a statement's WITH.
 * The last one, `<prefix>_tsk`, answers the ids of the queued tasks.
 */
export function eventCtes(prefix: string, eventType: string, input: EventCtesInput): SQL {
  const p = (name: string) => sql.identifier(`${prefix}_${name}`);
  const now = sql`${input.now.toISOString()}::timestamptz`;
  const giveUp = sql`${new Date(input.now.getTime() + DELIVERY_WINDOW_MS).toISOString()}::timestamptz`;
  const created = JSON.stringify([{ at: input.now.toISOString(), event: 'created' }]);
  return sql`${p('src')} AS (
      SELECT ${input.customerId} AS customer_id, ${input.subject}::text AS subject, ${input.source}::jsonb AS source, ${input.data}::jsonb AS data
      FROM ${input.from}),
    ${p('ep')} AS (
      SELECT e.id, e.url FROM webhook_endpoints e JOIN ${p('src')} s ON s.customer_id = e.customer_id
      WHERE e.status = 'active' AND e.event_types @> jsonb_build_array(${eventType}::text)),
    ${p('evt')} AS (
      INSERT INTO webhook_events (id, customer_id, event_type, subject, source, data, created_at)
      SELECT gen_random_uuid(), s.customer_id, ${eventType}, s.subject, s.source, s.data, ${now}
      FROM ${p('src')} s WHERE EXISTS (SELECT 1 FROM ${p('ep')})
      RETURNING id, customer_id, subject),
    ${p('dlv')} AS (
      INSERT INTO webhook_deliveries (endpoint_id, event_id, subject, status, give_up_at, next_attempt_at, created_at, updated_at)
      SELECT ep.id, evt.id, evt.subject, 'pending', ${giveUp}, ${now}, ${now}, ${now}
      FROM ${p('evt')} evt, ${p('ep')} ep ORDER BY ep.id
      RETURNING id, endpoint_id, event_id),
    ${p('tsk')} AS (
      INSERT INTO tasks (task_type, task_status, message_1, payload, customer_id, details, run_after, created_at, updated_at)
      SELECT 'Webhook Delivery', 'Pending', ${eventType} || ' to endpoint #' || d.endpoint_id, jsonb_build_object('deliveryId', d.id),
             evt.customer_id, ${created}::jsonb, ${now}, ${now}, ${now}
      FROM ${p('dlv')} d JOIN ${p('evt')} evt ON evt.id = d.event_id ORDER BY d.id
      RETURNING id)`;
}

/** An event told of now, with its data (parcel events), or built later from `source` (return events). */
export interface NewEvent {
  customerId: number;
  eventType: string;
  subject: string | null;
  source?: Record<string, unknown>;
  data?: Record<string, unknown> | null;
}

export function createWebhookEventsRepository(db: DbOrTx) {
  return {
    /** Records the event for the endpoints listening; answers the number of delivery tasks queued. */
    async emit(event: NewEvent, now: Date): Promise<number> {
      const ctes = eventCtes('we', event.eventType, {
        customerId: sql`${event.customerId}::int`,
        subject: sql`${event.subject}`,
        source: sql`${JSON.stringify(event.source ?? {})}`,
        data: event.data ? sql`${JSON.stringify(event.data)}` : sql`NULL`,
        from: sql`(SELECT 1) one`,
        now,
      });
      const [row] = await queryRows<{ queued: number | string }>(db, sql`WITH ${ctes} SELECT count(*) AS queued FROM we_tsk`);
      const queued = Number(row?.queued ?? 0);
      // Inside a transaction the notice is delivered on commit (task-queue.repository does the same).
      if (queued) await db.execute(sql`SELECT pg_notify('rd_tasks', '')`);
      return queued;
    },
  };
}
export type WebhookEventsRepository = ReturnType<typeof createWebhookEventsRepository>;
