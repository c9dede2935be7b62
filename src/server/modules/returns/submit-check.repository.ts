import { sql, type SQL } from 'drizzle-orm';
import type { DispositionView } from '../../../contract/dispositions.js';
import type { LedgerCondition } from '../../../contract/constants.js';
import { preparedRows, type DbOrTx } from '../../db/client.js';
import { mayReceiveForCustomerSql, sessionCallerSql } from '../access/access.repository.js';
import { fromJsonColumn, intArray, type JsonColumn } from '../../db/sql-helpers.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { OutboundConnection } from './outbound-tasks.js';

/** What the submit names, for the one statement that reads everything its rules need. */
export interface SubmitCheckInput {
  tokenHash: string;
  now: Date;
  customerId: number;
  orderId: number;
  /** Every order line the draft names (ledgers, replaced lines, missing lines). */
  lineIds: number[];
  /** Products of ledgers without an order line (wrong and extra items). */
  freeProductIds: number[];
  draftId: string;
}

export interface OrderLineOfDraft {
  id: number;
  orderId: number;
  productId: number;
  quantity: number;
  /** The customer of the line's order (the access check of a line). */
  customerId: number;
}

/**
 * The answer of the check statement. The fields after `allowed` are read only for a live session
 * allowed to work for the customer (null otherwise): nothing of a customer reaches a caller who may
 * not see it, even inside the server.
 */
export interface SubmitCheck {
  /** null: no live session for the token (or its user is disabled): 401. */
  user: AuthUser | null;
  /** false: no such customer: 404. */
  known: boolean;
  /** false: the user may not work for this customer: 403. */
  allowed: boolean;
  photoRequiredConditions: string[];
  order: { id: number; customerId: number; orderNumber: string | null; deliveryNumber: string | null } | null;
  lines: OrderLineOfDraft[];
  reasons: Set<string>;
  dispositions: DispositionView[];
  /** Which of freeProductIds are the customer's. */
  customerProducts: Set<number>;
  /** The products of the order's lines; read only when the draft has free products. */
  orderProducts: Set<number>;
  /** The user saved a return under this draft id already (a repeated submit). */
  draftSaved: boolean;
  /** The customer's connections, oldest first (the outbound tasks of the return). */
  connections: OutboundConnection[];
  /** The customer has inspection rules (issue 27): the lines are checked against them. */
  hasRules: boolean;
  /** The customer has decision rules (issue 25): the return's write opens the decisions of its lines. */
  hasDecisionRules: boolean;
}

/**
 * POST /api/returns reads in one statement (issue 13): the session, the customer and the user's
 * link to it (admins: every customer; both the access repository's rules), then, only when those hold, the order, the named order
 * lines with their order's customer, the customer's reason codes, dispositions, products and
 * connections, and whether the draft was saved already. One snapshot, one round trip.
 */
export function submitCheckQuery(input: SubmitCheckInput): SQL {
  const lineIds = intArray(input.lineIds);
  const freeProducts = intArray(input.freeProductIds);
  return sql`
    WITH me AS MATERIALIZED (${sessionCallerSql(input.tokenHash, input.now)}),
    c AS MATERIALIZED (SELECT id, photo_required_conditions FROM customers WHERE id = ${input.customerId}),
    ok AS MATERIALIZED (
      SELECT EXISTS (SELECT 1 FROM c) AS known,
             EXISTS (SELECT 1 FROM me JOIN c ON true WHERE ${mayReceiveForCustomerSql('me', sql`c.id`)}) AS allowed)
    SELECT (SELECT row_to_json(me) FROM me) AS me, ok.known, ok.allowed,
      CASE WHEN ok.allowed THEN (SELECT photo_required_conditions FROM c) END AS photo_required_conditions,
      CASE WHEN ok.allowed THEN (
        SELECT json_build_object('id', o.id, 'customer_id', o.customer_id, 'order_number', o.order_number, 'delivery_number', o.delivery_number)
        FROM orders o WHERE o.id = ${input.orderId}) END AS "order",
      CASE WHEN ok.allowed THEN (
        SELECT json_agg(json_build_object('id', l.id, 'order_id', l.order_id, 'product_id', l.product_id, 'quantity', l.quantity, 'customer_id', o.customer_id))
        FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE l.id = ANY(${lineIds})) END AS lines,
      CASE WHEN ok.allowed THEN (
        SELECT json_agg(option_code) FROM options WHERE customer_id = ${input.customerId} AND option_type = 'Reason') END AS reasons,
      CASE WHEN ok.allowed THEN (
        SELECT json_agg(json_build_object('id', d.id, 'customer_id', d.customer_id, 'code', d.code, 'name', d.name,
                                          'requires_location', d.requires_location, 'default_for', d.default_for) ORDER BY d.id)
        FROM dispositions d WHERE d.customer_id = ${input.customerId}) END AS dispositions,
      CASE WHEN ok.allowed THEN (
        SELECT json_agg(p.id) FROM products p WHERE p.customer_id = ${input.customerId} AND p.id = ANY(${freeProducts})) END AS customer_products,
      CASE WHEN ok.allowed AND cardinality(${freeProducts}) > 0 THEN (
        SELECT json_agg(DISTINCT l.product_id) FROM order_lines l WHERE l.order_id = ${input.orderId}) END AS order_products,
      CASE WHEN ok.allowed THEN EXISTS (
        SELECT 1 FROM returns r WHERE r.user_id = (SELECT id FROM me) AND r.draft_id = ${input.draftId}) END AS draft_saved,
      CASE WHEN ok.allowed THEN (
        SELECT json_agg(json_build_object('id', k.id, 'connection_type', k.connection_type, 'connection_meta', k.connection_meta) ORDER BY k.id)
        FROM connections k WHERE k.customer_id = ${input.customerId}) END AS connections,
      CASE WHEN ok.allowed THEN EXISTS (SELECT 1 FROM inspection_rules ir WHERE ir.customer_id = ${input.customerId}) END AS has_rules,
      CASE WHEN ok.allowed THEN EXISTS (SELECT 1 FROM decision_rules dr WHERE dr.customer_id = ${input.customerId}) END AS has_decision_rules
    FROM ok`;
}

interface Row {
  me: JsonColumn<{ id: number; username: string; name: string; email: string; is_su: boolean; is_brand: boolean; session_id: number }>;
  known: boolean;
  allowed: boolean;
  photo_required_conditions: JsonColumn<string[]>;
  order: JsonColumn<{ id: number; customer_id: number; order_number: string | null; delivery_number: string | null }>;
  lines: JsonColumn<{ id: number; order_id: number; product_id: number; quantity: number; customer_id: number }[]>;
  reasons: JsonColumn<string[]>;
  dispositions: JsonColumn<
    { id: number; customer_id: number; code: string; name: string; requires_location: boolean; default_for: string[] }[]
  >;
  customer_products: JsonColumn<number[]>;
  order_products: JsonColumn<number[]>;
  draft_saved: boolean | null;
  has_rules: boolean | null;
  has_decision_rules: boolean | null;
  connections: JsonColumn<{ id: number; connection_type: string; connection_meta: OutboundConnection['connectionMeta'] }[]>;
}

export function createSubmitCheckRepository(db: DbOrTx) {
  return {
    /** Everything the submit's rules read, as a prepared statement on node-postgres. */
    async read(input: SubmitCheckInput): Promise<SubmitCheck> {
      const [r] = await preparedRows<Row>(db, 'submit_check', submitCheckQuery(input));
      const me = fromJsonColumn(r!.me, null);
      const order = fromJsonColumn(r!.order, null);
      return {
        user: me && {
          id: me.id,
          username: me.username,
          name: me.name,
          email: me.email,
          isSu: me.is_su,
          isBrand: me.is_brand,
          sessionId: me.session_id,
        },
        known: r!.known,
        allowed: r!.allowed,
        photoRequiredConditions: fromJsonColumn(r!.photo_required_conditions, []),
        order: order && {
          id: order.id,
          customerId: order.customer_id,
          orderNumber: order.order_number,
          deliveryNumber: order.delivery_number,
        },
        lines: fromJsonColumn(r!.lines, []).map((l) => ({
          id: l.id,
          orderId: l.order_id,
          productId: l.product_id,
          quantity: l.quantity,
          customerId: l.customer_id,
        })),
        reasons: new Set(fromJsonColumn(r!.reasons, [])),
        dispositions: fromJsonColumn(r!.dispositions, []).map((d) => ({ ...d, default_for: d.default_for as LedgerCondition[] })),
        customerProducts: new Set(fromJsonColumn(r!.customer_products, [])),
        orderProducts: new Set(fromJsonColumn(r!.order_products, [])),
        draftSaved: r!.draft_saved === true,
        hasRules: r!.has_rules === true,
        hasDecisionRules: r!.has_decision_rules === true,
        connections: fromJsonColumn(r!.connections, []).map((k) => ({
          id: k.id,
          connectionType: k.connection_type,
          connectionMeta: k.connection_meta,
        })),
      };
    },
  };
}
export type SubmitCheckRepository = ReturnType<typeof createSubmitCheckRepository>;
