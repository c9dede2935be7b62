import { and, asc, eq, getTableColumns, inArray, sql, type SQL, type Table } from 'drizzle-orm';
import type { ProductRow } from '../../../contract/blind.js';
import { ORDER_STATUS_RETURN_CREATED, type TaskType } from '../../../contract/constants.js';
import { preparedRows, queryRows, type DbOrTx } from '../../db/client.js';
import { containsPattern, fromJsonColumn, type JsonColumn } from '../../db/sql-helpers.js';
import {
  connections,
  decisionRules,
  expectedReturns,
  products,
  returnLedgers,
  returnMissingLines,
  returns,
} from '../../db/schema/index.js';
import { eventCtes } from '../webhooks/webhook-events.repository.js';
import type { OutboundConnection } from './outbound-tasks.js';
import type { LedgerRow, MissingRow, ReturnRow } from './return.presenter.js';

export type NewReturnRow = Omit<typeof returns.$inferInsert, 'id' | 'messageId'>;
export type NewLedgerRow = Omit<typeof returnLedgers.$inferInsert, 'id'>;
export type NewMissingRow = Omit<typeof returnMissingLines.$inferInsert, 'id'>;

/** A return to save in one statement: its row, lines, missing order lines and outbound tasks. */
export interface ReturnToSave {
  row: Pick<
    NewReturnRow,
    | 'customerId'
    | 'orderId'
    | 'userId'
    | 'username'
    | 'reference1'
    | 'reference2'
    | 'returnDate'
    | 'isBlind'
    | 'draftId'
    | 'trackingNumber'
    | 'hasDiscrepancies'
  >;
  ledgers: Pick<
    NewLedgerRow,
    | 'orderLineId'
    | 'productId'
    | 'condition'
    | 'quantity'
    | 'reason'
    | 'comment'
    | 'disposition'
    | 'location'
    | 'discrepancy'
    | 'replacesOrderLineId'
    | 'grade'
    | 'stepAnswers'
    | 'serial'
    | 'serialShipped'
    | 'serialRepeated'
  >[];
  missing: Pick<NewMissingRow, 'orderLineId' | 'productId' | 'quantity'>[];
  /** The expected return (pre-advice, issue 26) this return receives: marked received in the same statement. */
  expectedReturnId?: number | null;
  /** One task per outbound connection, in this order; its payload names the return and the connection. */
  tasks: { connectionId: number; taskType: TaskType }[];
  now: Date;
}

/**
 * The return, its ledgers and missing lines, the order's status and the outbound tasks in one
 * statement (data-modifying CTEs; one statement is one transaction by itself), with its
 * `return.received` webhook event when an endpoint of the customer listens (issue 26). Lines and tasks are
 * one json parameter each, so the text is the same whatever their number and the statement is
 * prepared once per connection. When the user's draft id is taken nothing is written (ret null).
 * Rows are inserted in the order given, so ids (and the answer's order) follow it. No NOTIFY here:
 * the caller wakes the workers after the commit (tasks/task-wakeup-notifier.ts says why).
 */
export function saveReturnQuery(r: ReturnToSave): SQL {
  const now = sql`${r.now.toISOString()}::timestamptz`;
  const ledgers = r.ledgers.map((l, ord) => ({
    ord,
    order_line_id: l.orderLineId ?? null,
    product_id: l.productId,
    condition: l.condition,
    quantity: l.quantity,
    reason: l.reason,
    comment: l.comment ?? null,
    disposition: l.disposition ?? null,
    location: l.location ?? null,
    discrepancy: l.discrepancy ?? null,
    replaces_order_line_id: l.replacesOrderLineId ?? null,
    grade: l.grade ?? null,
    step_answers: l.stepAnswers ?? null,
    serial: l.serial ?? null,
    serial_shipped: l.serialShipped ?? null,
    serial_repeated: l.serialRepeated ?? false,
  }));
  const missing = r.missing.map((m, ord) => ({ ord, order_line_id: m.orderLineId, product_id: m.productId, quantity: m.quantity }));
  const tasks = r.tasks.map((t, ord) => ({ ord, connection_id: t.connectionId, task_type: t.taskType }));
  const created = JSON.stringify([{ at: r.now.toISOString(), event: 'created' }]);
  return sql`
    WITH ret AS (
      INSERT INTO returns (customer_id, order_id, user_id, username, reference_1, reference_2, return_date, is_blind, draft_id,
                           tracking_number, has_discrepancies, created_at)
      -- A SELECT that yields no row for a draft already saved (issue 28): ON CONFLICT alone would still
      -- draw the id from the sequence, and every repeated submit left a gap in the return numbers. The
      -- conflict clause stays for two submits of one draft at the same moment.
      SELECT ${r.row.customerId}::int, ${r.row.orderId ?? null}::int, ${r.row.userId}::int, ${r.row.username}::text,
             ${r.row.reference1 ?? null}::text, ${r.row.reference2 ?? null}::text, ${r.row.returnDate}::date,
             ${r.row.isBlind ?? false}::boolean, ${r.row.draftId}::text, ${r.row.trackingNumber ?? null}::text,
             ${r.row.hasDiscrepancies ?? false}::boolean, ${now}
      WHERE NOT EXISTS (SELECT 1 FROM returns WHERE user_id = ${r.row.userId}::int AND draft_id = ${r.row.draftId}::text)
      ON CONFLICT (user_id, draft_id) DO NOTHING
      RETURNING *),
    led AS (
      INSERT INTO return_ledgers (return_id, customer_id, order_id, order_line_id, product_id, condition, quantity, reason, comment,
                                  disposition, location, discrepancy, replaces_order_line_id, grade, step_answers, serial,
                                  serial_shipped, serial_repeated, created_at)
      SELECT ret.id, ret.customer_id, ret.order_id, l.order_line_id, l.product_id, l.condition, l.quantity, l.reason, l.comment,
             l.disposition, l.location, l.discrepancy, l.replaces_order_line_id, l.grade, l.step_answers, l.serial,
             l.serial_shipped, coalesce(l.serial_repeated, false), ret.created_at
      FROM ret, json_to_recordset(${JSON.stringify(ledgers)}::json) AS l(ord int, order_line_id int, product_id int, condition text,
        quantity int, reason text, comment text, disposition text, location text, discrepancy text, replaces_order_line_id int,
        grade text, step_answers jsonb, serial text, serial_shipped boolean, serial_repeated boolean)
      ORDER BY l.ord
      RETURNING *),
    mis AS (
      INSERT INTO return_missing_lines (return_id, customer_id, order_id, order_line_id, product_id, quantity, created_at)
      SELECT ret.id, ret.customer_id, ret.order_id, m.order_line_id, m.product_id, m.quantity, ret.created_at
      FROM ret, json_to_recordset(${JSON.stringify(missing)}::json) AS m(ord int, order_line_id int, product_id int, quantity int)
      WHERE ret.order_id IS NOT NULL
      ORDER BY m.ord
      RETURNING *),
    ord AS (
      UPDATE orders SET order_status = ${ORDER_STATUS_RETURN_CREATED}, updated_at = ${now}
      WHERE id = (SELECT order_id FROM ret)
      RETURNING id),
    tsk AS (
      INSERT INTO tasks (task_type, task_status, message_1, payload, customer_id, order_id, return_id, details, run_after, created_at, updated_at)
      SELECT t.task_type, 'Pending', 'Return #' || ret.id, jsonb_build_object('returnId', ret.id, 'connectionId', t.connection_id),
             ret.customer_id, ret.order_id, ret.id, ${created}::jsonb, ${now}, ${now}, ${now}
      FROM ret, json_to_recordset(${JSON.stringify(tasks)}::json) AS t(ord int, connection_id int, task_type text)
      ORDER BY t.ord
      RETURNING id),
    exp AS (
      -- Only one still expected, of the return's customer: a repeated submit of the draft writes no ret, so nothing.
      UPDATE expected_returns SET status = 'received', return_id = ret.id, received_at = ${now}, updated_at = ${now}
      FROM ret
      WHERE expected_returns.id = ${r.expectedReturnId ?? null}::int AND expected_returns.customer_id = ret.customer_id
        AND expected_returns.status = 'expected'
      RETURNING expected_returns.id),
    ${eventCtes('wh', 'return.received', {
      customerId: sql`ret.customer_id`,
      subject: sql`'return:' || ret.id`,
      source: sql`jsonb_build_object('returnId', ret.id, 'version', 1)`,
      data: sql`NULL`,
      from: sql`ret`,
      now: r.now,
    })}
    SELECT (SELECT row_to_json(ret) FROM ret) AS ret,
           (SELECT json_agg(led ORDER BY led.id) FROM led) AS ledgers,
           (SELECT json_agg(mis ORDER BY mis.id) FROM mis) AS missing,
           (SELECT count(*) FROM ord) AS orders_marked,
           (SELECT count(*) FROM exp) AS expected_marked,
           (SELECT count(*) FROM tsk) + (SELECT count(*) FROM wh_tsk) AS tasks_queued`;
}

/** A row of row_to_json / json_agg (column names, json values) as drizzle answers it for the table. */
function fromJsonRow<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as T['$inferSelect'];
}

/** Reads and writes of returns and their ledgers, order-based and blind alike. */
export function createReturnsRepository(db: DbOrTx) {
  return {
    /** A customer's connections, oldest first (for callers that did not read them with their own checks). */
    async connectionsOf(customerId: number): Promise<OutboundConnection[]> {
      return db
        .select({ id: connections.id, connectionType: connections.connectionType, connectionMeta: connections.connectionMeta })
        .from(connections)
        .where(eq(connections.customerId, customerId))
        .orderBy(asc(connections.id));
    },

    /** The return a user saved under a draft id, with its ledgers. */
    async findByDraft(
      userId: number,
      draftId: string,
    ): Promise<{ ret: ReturnRow; ledgers: LedgerRow[]; missing: MissingRow[] } | undefined> {
      const [ret] = await db
        .select()
        .from(returns)
        .where(and(eq(returns.userId, userId), eq(returns.draftId, draftId)))
        .limit(1);
      if (!ret) return undefined;
      const ledgers = await db.select().from(returnLedgers).where(eq(returnLedgers.returnId, ret.id)).orderBy(asc(returnLedgers.id));
      const missing = await db
        .select()
        .from(returnMissingLines)
        .where(eq(returnMissingLines.returnId, ret.id))
        .orderBy(asc(returnMissingLines.id));
      return { ret, ledgers, missing };
    },

    /** Which of these product ids belong to the customer (a blind return names products, not lines). */
    /** Saves a return in one statement (saveReturnQuery); undefined when the user's draft id is taken. */
    async save(
      input: ReturnToSave,
    ): Promise<{ ret: ReturnRow; ledgers: LedgerRow[]; missing: MissingRow[]; tasksQueued: number } | undefined> {
      type Raw = Record<string, unknown>;
      const [row] = await preparedRows<{
        ret: JsonColumn<Raw>;
        ledgers: JsonColumn<Raw[]>;
        missing: JsonColumn<Raw[]>;
        tasks_queued: number | string;
      }>(db, 'return_save', saveReturnQuery(input));
      const ret = fromJsonColumn(row!.ret, null);
      if (!ret) return undefined;
      return {
        ret: fromJsonRow(returns, ret),
        ledgers: fromJsonColumn(row!.ledgers, []).map((l) => fromJsonRow(returnLedgers, l)),
        missing: fromJsonColumn(row!.missing, []).map((m) => fromJsonRow(returnMissingLines, m)),
        tasksQueued: Number(row!.tasks_queued),
      };
    },

    /** Whether the customer has decision rules (issue 25). */
    async hasDecisionRules(customerId: number): Promise<boolean> {
      const [row] = await db.select({ id: decisionRules.id }).from(decisionRules).where(eq(decisionRules.customerId, customerId)).limit(1);
      return !!row;
    },

    /** The customer of an expected return (undefined when there is none with this id). */
    async expectedReturnCustomer(id: number): Promise<number | undefined> {
      const [row] = await db.select({ customerId: expectedReturns.customerId }).from(expectedReturns).where(eq(expectedReturns.id, id));
      return row?.customerId;
    },

    async productIdsOf(customerId: number, ids: number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.customerId, customerId), inArray(products.id, ids)));
      return new Set(rows.map((r) => r.id));
    },

    /**
     * Substring search over sku, upc and name_1. The LIKE runs on exactly the expression of
     * products_search_trgm_idx so the trigram index serves it; exact sku/upc hits (a scan) come first.
     */
    async searchProducts(customerId: number, term: string, limit: number): Promise<ProductRow[]> {
      const lower = term.toLowerCase();
      const rows = await queryRows<ProductRow>(
        db,
        sql`
        SELECT id, customer_id, sku, upc, name_1, color, size FROM products
        WHERE customer_id = ${customerId}
          AND lower(sku || ' ' || coalesce(upc, '') || ' ' || name_1) LIKE ${containsPattern(term)}
        ORDER BY (lower(sku) = ${lower} OR lower(coalesce(upc, '')) = ${lower}) DESC, sku, id
        LIMIT ${limit}`,
      );
      return rows.map((r) => ({ ...r, id: Number(r.id), customer_id: Number(r.customer_id) }));
    },
  };
}
export type ReturnsRepository = ReturnType<typeof createReturnsRepository>;
