import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { customers, users, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../../db/schema/index.js';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type EventRow = typeof webhookEvents.$inferSelect;
export type NewAttempt = Omit<typeof webhookAttempts.$inferInsert, 'id'>;

/** The worker's side of webhooks (issue 26): what an attempt reads and writes. */
export function createWebhookDeliveryRepository(db: DbOrTx) {
  return {
    async load(deliveryId: number): Promise<{ delivery: DeliveryRow; endpoint: EndpointRow; event: EventRow } | undefined> {
      const [row] = await db
        .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: webhookEvents })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(eq(webhookDeliveries.id, deliveryId))
        .limit(1);
      return row;
    },

    /** The oldest delivery of the same subject to the same endpoint still pending before this one. */
    async earlierPending(
      d: Pick<DeliveryRow, 'id' | 'endpointId' | 'subject'>,
    ): Promise<Pick<DeliveryRow, 'id' | 'nextAttemptAt'> | undefined> {
      if (d.subject === null) return undefined;
      const [row] = await db
        .select({ id: webhookDeliveries.id, nextAttemptAt: webhookDeliveries.nextAttemptAt })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.endpointId, d.endpointId),
            eq(webhookDeliveries.subject, d.subject),
            eq(webhookDeliveries.status, 'pending'),
            lt(webhookDeliveries.id, d.id),
          ),
        )
        .orderBy(asc(webhookDeliveries.id))
        .limit(1);
      return row;
    },

    /** Freezes the event's data when none is stored yet; answers what is stored (the first build wins). */
    async freezeData(eventId: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
      await db
        .update(webhookEvents)
        .set({ data })
        .where(and(eq(webhookEvents.id, eventId), sql`${webhookEvents.data} IS NULL`));
      const [row] = await db.select({ data: webhookEvents.data }).from(webhookEvents).where(eq(webhookEvents.id, eventId));
      return row!.data!;
    },

    /** The endpoint paused: the delivery waits, with no attempt due, until it is resumed. */
    async hold(deliveryId: number, now: Date): Promise<void> {
      await db.update(webhookDeliveries).set({ nextAttemptAt: null, updatedAt: now }).where(eq(webhookDeliveries.id, deliveryId));
    },

    async recordAttempt(attempt: NewAttempt): Promise<void> {
      await db.insert(webhookAttempts).values(attempt);
    },

    async updateDelivery(id: number, values: Partial<Omit<DeliveryRow, 'id'>>): Promise<void> {
      await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
    },

    /** The endpoint's failure clock and status, written only while it is still in the state the attempt saw. */
    async updateEndpoint(
      id: number,
      values: Partial<Pick<EndpointRow, 'failingSince' | 'status' | 'statusReason'>>,
      now: Date,
    ): Promise<void> {
      await db
        .update(webhookEndpoints)
        .set({ ...values, updatedAt: now })
        .where(eq(webhookEndpoints.id, id));
    },

    /** The task of the next pending delivery of the subject is due now (it was waiting for this one). */
    async wakeNext(d: Pick<DeliveryRow, 'id' | 'endpointId' | 'subject'>, now: Date): Promise<void> {
      if (d.subject === null) return;
      const [next] = await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.endpointId, d.endpointId),
            eq(webhookDeliveries.subject, d.subject),
            eq(webhookDeliveries.status, 'pending'),
            gt(webhookDeliveries.id, d.id),
          ),
        )
        .orderBy(asc(webhookDeliveries.id))
        .limit(1);
      if (!next) return;
      await db.execute(sql`UPDATE tasks SET run_after = ${now.toISOString()}::timestamptz
        WHERE task_type = 'Webhook Delivery' AND task_status = 'Pending' AND NOT is_running
          AND (payload->>'deliveryId')::bigint = ${next.id} AND run_after > ${now.toISOString()}::timestamptz`);
      await db.execute(sql`SELECT pg_notify('rd_tasks', '')`);
    },

    async company(customerId: number): Promise<string> {
      const [row] = await db.select({ company: customers.company }).from(customers).where(eq(customers.id, customerId));
      return row?.company ?? `customer #${customerId}`;
    },

    /** Who is told when an endpoint is paused for failing: the active admins. */
    async adminEmails(): Promise<string[]> {
      const rows = await db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.isSu, true), eq(users.userStatus, 'Active')));
      return [...new Set(rows.map((r) => r.email).filter(Boolean))];
    },
  };
}
export type WebhookDeliveryRepository = ReturnType<typeof createWebhookDeliveryRepository>;
