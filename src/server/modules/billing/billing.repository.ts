import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { billingClosedEvents, billingClosedMonths, billingRates, customers } from '../../db/schema/index.js';
import type { BillingEvent } from '../../../contract/billing.js';

/**
 * Where billable events come from: one query per event type, each answering the same columns
 * (event_type text, occurred_at timestamptz, return_id int, reference text, operator text,
 * quantity int) for one customer and a half-open time range [from, to). A feature that adds a
 * billable event (photos, discrepancies, unknown parcels, corrections) adds its one query here;
 * until then its type counts 0. Events are dated by when they were recorded (UTC).
 */
type EventSource = (customerId: number, from: string, to: string) => SQL;

const BILLING_EVENT_SOURCES: Partial<Record<BillingEvent, EventSource>> = {
  /** A submitted return (order-based or blind), when it was submitted, by its operator. */
  return_received: (customerId, from, to) => sql`
    SELECT 'return_received'::text AS event_type, r.created_at AS occurred_at, r.id AS return_id,
           coalesce(o.order_number, r.reference_1) AS reference, r.username AS operator, 1 AS quantity
    FROM returns r LEFT JOIN orders o ON o.id = r.order_id
    WHERE r.customer_id = ${customerId} AND r.created_at >= ${from}::timestamptz AND r.created_at < ${to}::timestamptz`,

  /** Units received: one event per ledger line, its quantity the line's units. */
  unit_received: (customerId, from, to) => sql`
    SELECT 'unit_received'::text AS event_type, r.created_at AS occurred_at, r.id AS return_id,
           p.sku AS reference, r.username AS operator, l.quantity AS quantity
    FROM return_ledgers l JOIN returns r ON r.id = l.return_id JOIN products p ON p.id = l.product_id
    WHERE l.customer_id = ${customerId} AND r.created_at >= ${from}::timestamptz AND r.created_at < ${to}::timestamptz`,

  /** A photo on a return (issue 16), when it was uploaded, by its uploader; drafts never attached are not billed. */
  photo_taken: (customerId, from, to) => sql`
    SELECT 'photo_taken'::text AS event_type, ph.uploaded_at AS occurred_at, r.id AS return_id,
           p.sku AS reference, u.username AS operator, 1 AS quantity
    FROM photos ph JOIN returns r ON r.id = ph.return_id JOIN users u ON u.id = ph.uploaded_by
    LEFT JOIN return_ledgers l ON l.id = ph.ledger_id LEFT JOIN products p ON p.id = l.product_id
    WHERE r.customer_id = ${customerId} AND ph.uploaded_at >= ${from}::timestamptz AND ph.uploaded_at < ${to}::timestamptz`,

  /**
   * A discrepancy recorded on a return (issue 16): each wrong or extra item line and each missing
   * order line is one event, dated like the units, when the return was submitted, by its operator.
   * Reference: what it was and the product's SKU.
   */
  discrepancy_recorded: (customerId, from, to) => sql`
    SELECT 'discrepancy_recorded'::text AS event_type, r.created_at AS occurred_at, r.id AS return_id,
           CASE l.discrepancy WHEN 'WRONG_ITEM' THEN 'Wrong item ' ELSE 'Extra item ' END || p.sku AS reference,
           r.username AS operator, 1 AS quantity
    FROM return_ledgers l JOIN returns r ON r.id = l.return_id JOIN products p ON p.id = l.product_id
    WHERE l.customer_id = ${customerId} AND l.discrepancy IS NOT NULL
      AND r.created_at >= ${from}::timestamptz AND r.created_at < ${to}::timestamptz
    UNION ALL
    SELECT 'discrepancy_recorded'::text, r.created_at, r.id, 'Missing ' || p.sku, r.username, 1
    FROM return_missing_lines m JOIN returns r ON r.id = m.return_id JOIN products p ON p.id = m.product_id
    WHERE m.customer_id = ${customerId} AND r.created_at >= ${from}::timestamptz AND r.created_at < ${to}::timestamptz`,

  /**
   * An unknown parcel (issue 11) of the customer, when it was closed (matched, converted or closed
   * without a return): a parcel often has no customer until then. Operator: who took it in.
   */
  parcel_handled: (customerId, from, to) => sql`
    SELECT 'parcel_handled'::text AS event_type, pc.closed_at AS occurred_at, pc.return_id AS return_id,
           pc.tracking_number AS reference, pc.received_by_name AS operator, 1 AS quantity
    FROM parcels pc
    WHERE pc.customer_id = ${customerId} AND pc.state <> 'Waiting'
      AND pc.closed_at >= ${from}::timestamptz AND pc.closed_at < ${to}::timestamptz`,

  /** A correction after submit (issue 11): each version after the first, by whoever corrected it. */
  correction: (customerId, from, to) => sql`
    SELECT 'correction'::text AS event_type, v.created_at AS occurred_at, r.id AS return_id,
           'version ' || v.version AS reference, v.username AS operator, 1 AS quantity
    FROM return_versions v JOIN returns r ON r.id = v.return_id
    WHERE r.customer_id = ${customerId} AND v.version > 1
      AND v.created_at >= ${from}::timestamptz AND v.created_at < ${to}::timestamptz`,
};

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

    /** A customer's closed months, newest first (the portal's statements). */
    async closedMonths(customerId: number): Promise<ClosedMonthRow[]> {
      return db
        .select()
        .from(billingClosedMonths)
        .where(eq(billingClosedMonths.customerId, customerId))
        .orderBy(desc(billingClosedMonths.month));
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
