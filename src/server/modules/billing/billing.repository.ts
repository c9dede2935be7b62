import { and, asc, eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { billingClosedEvents, billingClosedMonths, billingRates, customers } from '../../db/schema/index.js';
import type { BillingEvent } from '../../../contract/billing.js';
import { BILLING_EVENT_SOURCES } from './billing-events.js';

/** One billable event with the rate that applied to it (null: no rate set for its date). */
export interface PricedEvent {
  event_type: BillingEvent;
  occurred_at: string;
  return_id: number | null;
  reference: string | null;
  operator: string | null;
  quantity: number;
  rate_minor: number | null;
  amount_minor: number;
}

/** Per event type and rate: the month's figures. */
export interface BillingFigure {
  event_type: BillingEvent;
  rate_minor: number | null;
  quantity: number;
  amount_minor: number;
}

export type RateRow = typeof billingRates.$inferSelect;
export type ClosedMonthRow = typeof billingClosedMonths.$inferSelect;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** Every event of the customer in [from, to), each priced by the rate in force on its (UTC) date. */
function pricedEvents(customerId: number, from: string, to: string) {
  const sources = Object.values(BILLING_EVENT_SOURCES).map((source) => source(customerId, from, to));
  return sql`
    SELECT e.event_type, e.occurred_at, e.return_id, e.reference, e.operator, e.quantity::int AS quantity,
           rate.amount_minor AS rate_minor, coalesce(rate.amount_minor, 0) * e.quantity AS amount_minor
    FROM (${sql.join(sources, sql` UNION ALL `)}) e
    LEFT JOIN LATERAL (
      SELECT br.amount_minor FROM billing_rates br
      WHERE br.customer_id = ${customerId} AND br.event_type = e.event_type
        AND br.starts_on <= (e.occurred_at AT TIME ZONE 'UTC')::date
      ORDER BY br.starts_on DESC LIMIT 1
    ) rate ON true`;
}

export function createBillingRepository(db: DbOrTx) {
  const toEvent = (r: Record<string, unknown>): PricedEvent => ({
    event_type: r.event_type as BillingEvent,
    occurred_at: new Date(r.occurred_at as string).toISOString(),
    return_id: num(r.return_id),
    reference: (r.reference as string | null) ?? null,
    operator: (r.operator as string | null) ?? null,
    quantity: Number(r.quantity),
    rate_minor: num(r.rate_minor),
    amount_minor: Number(r.amount_minor),
  });
  const toFigure = (r: Record<string, unknown>): BillingFigure => ({
    event_type: r.event_type as BillingEvent,
    rate_minor: num(r.rate_minor),
    quantity: Number(r.quantity),
    amount_minor: Number(r.amount_minor),
  });

  return {
    async customer(id: number): Promise<{ id: number; company: string; currency: string } | undefined> {
      const [row] = await db
        .select({ id: customers.id, company: customers.company, currency: customers.currency })
        .from(customers)
        .where(eq(customers.id, id))
        .limit(1);
      return row;
    },

    async rates(customerId: number): Promise<RateRow[]> {
      return db
        .select()
        .from(billingRates)
        .where(eq(billingRates.customerId, customerId))
        .orderBy(asc(billingRates.eventType), asc(billingRates.startsOn));
    },

    async findRate(id: number): Promise<RateRow | undefined> {
      const [row] = await db.select().from(billingRates).where(eq(billingRates.id, id)).limit(1);
      return row;
    },

    async insertRate(values: Omit<typeof billingRates.$inferInsert, 'id'>): Promise<RateRow> {
      const [row] = await db.insert(billingRates).values(values).returning();
      return row!;
    },

    async deleteRate(id: number): Promise<void> {
      await db.delete(billingRates).where(eq(billingRates.id, id));
    },

    /** The live figures of [from, to): per event type and rate. */
    async figures(customerId: number, from: string, to: string): Promise<BillingFigure[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`SELECT event_type, rate_minor, sum(quantity)::bigint AS quantity, sum(amount_minor)::bigint AS amount_minor
            FROM (${pricedEvents(customerId, from, to)}) p GROUP BY event_type, rate_minor ORDER BY event_type, rate_minor`,
      );
      return rows.map(toFigure);
    },

    /** The live events of [from, to), oldest first. */
    async events(customerId: number, from: string, to: string): Promise<PricedEvent[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`SELECT * FROM (${pricedEvents(customerId, from, to)}) p ORDER BY occurred_at, event_type, return_id`,
      );
      return rows.map(toEvent);
    },

    async closedMonth(customerId: number, month: string): Promise<ClosedMonthRow | undefined> {
      const [row] = await db
        .select()
        .from(billingClosedMonths)
        .where(and(eq(billingClosedMonths.customerId, customerId), eq(billingClosedMonths.month, month)))
        .limit(1);
      return row;
    },

    /** Snapshots the priced events of [from, to) under a new closed month; undefined when it was closed meanwhile. */
    async closeMonth(
      values: { customerId: number; month: string; currency: string; closedBy: string; closedAt: Date },
      from: string,
      to: string,
    ): Promise<ClosedMonthRow | undefined> {
      const [closed] = await db
        .insert(billingClosedMonths)
        .values({ ...values, totalMinor: 0 })
        .onConflictDoNothing({ target: [billingClosedMonths.customerId, billingClosedMonths.month] })
        .returning();
      if (!closed) return undefined;
      await db.execute(sql`
        INSERT INTO billing_closed_events (closed_month_id, event_type, occurred_at, return_id, reference, operator, quantity, rate_minor, amount_minor)
        SELECT ${closed.id}, event_type, occurred_at, return_id, reference, operator, quantity, rate_minor, amount_minor
        FROM (${pricedEvents(values.customerId, from, to)}) p ORDER BY occurred_at, event_type, return_id`);
      const [total] = await queryRows<{ total: string | number }>(
        db,
        sql`SELECT coalesce(sum(amount_minor), 0)::bigint AS total FROM billing_closed_events WHERE closed_month_id = ${closed.id}`,
      );
      const totalMinor = Number(total!.total);
      await db.update(billingClosedMonths).set({ totalMinor }).where(eq(billingClosedMonths.id, closed.id));
      return { ...closed, totalMinor };
    },

    async closedFigures(closedMonthId: number): Promise<BillingFigure[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`SELECT event_type, rate_minor, sum(quantity)::bigint AS quantity, sum(amount_minor)::bigint AS amount_minor
            FROM billing_closed_events WHERE closed_month_id = ${closedMonthId}
            GROUP BY event_type, rate_minor ORDER BY event_type, rate_minor`,
      );
      return rows.map(toFigure);
    },

    async closedEvents(closedMonthId: number): Promise<PricedEvent[]> {
      const rows = await db
        .select()
        .from(billingClosedEvents)
        .where(eq(billingClosedEvents.closedMonthId, closedMonthId))
        .orderBy(asc(billingClosedEvents.id));
      return rows.map((r) =>
        toEvent({
          event_type: r.eventType,
          occurred_at: r.occurredAt,
          return_id: r.returnId,
          reference: r.reference,
          operator: r.operator,
          quantity: r.quantity,
          rate_minor: r.rateMinor,
          amount_minor: r.amountMinor,
        }),
      );
    },
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;
