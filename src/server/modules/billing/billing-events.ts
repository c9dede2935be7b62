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
