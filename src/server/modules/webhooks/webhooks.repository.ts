import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { customers, webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type EndpointWrite = Partial<Omit<typeof webhookEndpoints.$inferInsert, 'id' | 'customerId' | 'createdAt'>>;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;
export type DeliveryWithLog = DeliveryRow & { eventType: string; attemptLog: AttemptRow[] };

/** The admin side of webhooks (issue 26): endpoints, their deliveries and attempt logs. */
export function createWebhooksRepository(db: DbOrTx) {
  async function withLogs(rows: (DeliveryRow & { eventType: string })[]): Promise<DeliveryWithLog[]> {
    if (!rows.length) return [];
    const attempts = await db
      .select()
      .from(webhookAttempts)
      .where(
        inArray(
          webhookAttempts.deliveryId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(webhookAttempts.id));
    return rows.map((r) => ({ ...r, attemptLog: attempts.filter((a) => a.deliveryId === r.id) }));
  }

  const deliveryColumns = { delivery: webhookDeliveries, eventType: webhookEvents.eventType };

  return {
    async customer(id: number): Promise<{ id: number; company: string } | undefined> {
      const [row] = await db.select({ id: customers.id, company: customers.company }).from(customers).where(eq(customers.id, id)).limit(1);
      return row;
    },

    async listFor(customerId: number): Promise<EndpointRow[]> {
      return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.customerId, customerId)).orderBy(asc(webhookEndpoints.id));
    },

    async countFor(customerId: number): Promise<number> {
      const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.customerId, customerId));
      return Number(row?.n ?? 0);
    },

    /** The endpoint, locked for the rest of the transaction (a change, a roll and a delivery's pause do not cross). */
    async findForUpdate(id: number): Promise<EndpointRow | undefined> {
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update').limit(1);
      return row;
    },

    async find(id: number): Promise<EndpointRow | undefined> {
      const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
      return row;
    },

    async insert(values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
      const [row] = await db.insert(webhookEndpoints).values(values).returning();
      return row!;
    },

    async update(id: number, values: EndpointWrite, now: Date): Promise<EndpointRow> {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ ...values, updatedAt: now })
        .where(eq(webhookEndpoints.id, id))
        .returning();
      return row!;
    },

    async remove(id: number): Promise<void> {
      await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    },

    /** A page of the endpoint's deliveries, newest first, each with its attempts. */
    async deliveriesPage(endpointId: number, beforeId: number | undefined, limit: number): Promise<DeliveryWithLog[]> {
      const rows = await db
        .select(deliveryColumns)
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(and(eq(webhookDeliveries.endpointId, endpointId), beforeId ? lt(webhookDeliveries.id, beforeId) : undefined))
        .orderBy(desc(webhookDeliveries.id))
        .limit(limit);
      return withLogs(rows.map((r) => ({ ...r.delivery, eventType: r.eventType })));
    },

    async delivery(id: number): Promise<DeliveryWithLog | undefined> {
      const rows = await db
        .select(deliveryColumns)
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(eq(webhookDeliveries.id, id));
      return (await withLogs(rows.map((r) => ({ ...r.delivery, eventType: r.eventType }))))[0];
    },

    /**
     * Deliveries of the endpoint in the id range that are not on their way (delivered, failed, or
     * pending but held), ascending, at most `limit + 1` (so the caller can refuse too big a range).
     */
    async redeliverable(endpointId: number, fromId: number, toId: number, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpointId),
            gte(webhookDeliveries.id, fromId),
            lte(webhookDeliveries.id, toId),
            sql`(${webhookDeliveries.status} <> 'pending' OR ${webhookDeliveries.nextAttemptAt} IS NULL)`,
          ),
        )
        .orderBy(asc(webhookDeliveries.id))
        .limit(limit + 1);
      return rows.map((r) => r.id);
    },

    /** Deliveries held while the endpoint was paused (pending without a next attempt), ascending. */
    async held(endpointId: number): Promise<number[]> {
      const rows = await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpointId),
            eq(webhookDeliveries.status, 'pending'),
            isNull(webhookDeliveries.nextAttemptAt),
          ),
        )
        .orderBy(asc(webhookDeliveries.id));
      return rows.map((r) => r.id);
    },

    /** Puts deliveries back on their way: pending, due now, retried for another window. */
    async requeue(ids: number[], now: Date, giveUpAt: Date): Promise<void> {
      if (!ids.length) return;
      await db
        .update(webhookDeliveries)
        .set({ status: 'pending', nextAttemptAt: now, giveUpAt, updatedAt: now })
        .where(inArray(webhookDeliveries.id, ids));
    },

    /** A test event and its one delivery to this endpoint (whatever it subscribes to). */
    async insertTestDelivery(
      endpoint: Pick<EndpointRow, 'id' | 'customerId'>,
      event: { id: string; eventType: string; data: Record<string, unknown> },
      now: Date,
      giveUpAt: Date,
    ): Promise<number> {
      await db.insert(webhookEvents).values({ ...event, customerId: endpoint.customerId, subject: null, createdAt: now });
      const [row] = await db
        .insert(webhookDeliveries)
        .values({ endpointId: endpoint.id, eventId: event.id, subject: null, giveUpAt, nextAttemptAt: now, createdAt: now, updatedAt: now })
        .returning({ id: webhookDeliveries.id });
      return row!.id;
    },

    /** Whether another endpoint of the customer has this URL (a likely double registration). */
    async urlTaken(customerId: number, url: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.customerId, customerId),
            eq(webhookEndpoints.url, url),
            exceptId ? ne(webhookEndpoints.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return !!row;
    },
  };
}
export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
