import { sql, type SQL } from 'drizzle-orm';
import type { BillingEvent } from '../../../contract/billing.js';

/**
 * Where billable events come from: one query per event type, each answering the same columns
 * (event_type text, occurred_at timestamptz, return_id int, reference text, operator text,
 * quantity int) for one customer and a half-open time range [from, to). A feature that adds a
 * billable event (photos, discrepancies, unknown parcels, corrections) adds its one query here;
 * until then its type counts 0. Events are dated by when they were recorded (UTC).
 */
export type EventSource = (customerId: number, from: string, to: string) => SQL;

export const BILLING_EVENT_SOURCES: Partial<Record<BillingEvent, EventSource>> = {
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
};
