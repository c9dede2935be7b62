import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { intArray } from '../../db/sql-helpers.js';
import { decisionDigests, decisionRules, lineDecisions, returns } from '../../db/schema/index.js';
import type { ReturnRow } from '../returns/return.presenter.js';

export type DecisionRuleRow = typeof decisionRules.$inferSelect;
export type LineDecisionRow = typeof lineDecisions.$inferSelect;
export interface DecisionRuleWrite {
  kind: string;
  value: string | null;
  minValue: number | null;
  deadlineHours: number;
  defaultDisposition: string;
}

/** A decision with its line, product, return and photos: what the queue and the return view show. */
export interface DecisionLineRow {
  id: number;
  return_id: number;
  order_id: number | null;
  ledger_id: number | null;
  customer_id: number;
  rule_label: string;
  state: string;
  created_at: string;
  due_at: string;
  default_disposition: string;
  disposition: string | null;
  disposition_before: string | null;
  comment: string | null;
  decided_by: string | null;
  decided_at: string | null;
  sku: string | null;
  name_1: string | null;
  quantity: number | null;
  condition: string | null;
  reason: string | null;
  line_comment: string | null;
  discrepancy: string | null;
  photo_ids: number[] | null;
}

const iso = (d: Date) => d.toISOString();

/** The decisions' reads and writes (issue 25); the writes run in the caller's transaction. */
export function createDecisionsRepository(db: DbOrTx) {
  const selectLines = (where: ReturnType<typeof sql>, order: ReturnType<typeof sql>, limit = 500) => sql`
    SELECT d.id, d.return_id, r.order_id, d.ledger_id, d.customer_id, d.rule_label, d.state,
           d.created_at, d.due_at, d.default_disposition, d.disposition, d.disposition_before, d.comment,
           d.decided_by, d.decided_at, p.sku, p.name_1, l.quantity, l.condition, l.reason,
           l.comment AS line_comment, l.discrepancy,
           (SELECT coalesce(json_agg(ph.id ORDER BY ph.id), '[]'::json) FROM photos ph WHERE ph.ledger_id = d.ledger_id) AS photo_ids
    FROM line_decisions d
    JOIN returns r ON r.id = d.return_id
    LEFT JOIN return_ledgers l ON l.id = d.ledger_id
    LEFT JOIN products p ON p.id = l.product_id
    WHERE ${where}
    ORDER BY ${order}
    LIMIT ${limit}`;

  return {
    async rules(customerId: number): Promise<DecisionRuleRow[]> {
      return db.select().from(decisionRules).where(eq(decisionRules.customerId, customerId)).orderBy(asc(decisionRules.id));
    },
    async findRule(customerId: number, id: number): Promise<DecisionRuleRow | undefined> {
      const [row] = await db
        .select()
        .from(decisionRules)
        .where(and(eq(decisionRules.customerId, customerId), eq(decisionRules.id, id)));
      return row;
    },
    async insertRule(customerId: number, w: DecisionRuleWrite, now: Date): Promise<DecisionRuleRow> {
      const [row] = await db
        .insert(decisionRules)
        .values({ customerId, ...w, createdAt: now, updatedAt: now })
        .returning();
      return row!;
    },
    async updateRule(id: number, w: DecisionRuleWrite, now: Date): Promise<DecisionRuleRow> {
      const [row] = await db
        .update(decisionRules)
        .set({ ...w, updatedAt: now })
        .where(eq(decisionRules.id, id))
        .returning();
      return row!;
    },
    async deleteRule(id: number): Promise<void> {
      await db.delete(decisionRules).where(eq(decisionRules.id, id));
    },

    /**
     * The submitted lines of a return that match one of its customer's rules start waiting: one
     * decision per line (the rule with the shortest deadline when several match), with the rule's
     * default and deadline copied, and the return's count of waiting lines. One statement.
     */
    async openFor(returnId: number, now: Date): Promise<number> {
      const rows = await queryRows<{ n: number | string }>(
        db,
        sql`WITH opened AS (
              INSERT INTO line_decisions (return_id, ledger_id, customer_id, rule_id, rule_label, default_disposition, due_at, created_at)
              SELECT DISTINCT ON (l.id) l.return_id, l.id, l.customer_id, r.id,
                     r.kind || ':' || coalesce(r.value, r.min_value::text), r.default_disposition,
                     ${iso(now)}::timestamptz + r.deadline_hours * interval '1 hour', ${iso(now)}::timestamptz
              FROM return_ledgers l
              LEFT JOIN order_lines ol ON ol.id = l.order_line_id
              JOIN decision_rules r ON r.customer_id = l.customer_id AND (
                (r.kind = 'condition' AND r.value = l.condition)
                OR (r.kind = 'discrepancy' AND r.value = l.discrepancy)
                OR (r.kind = 'unit_value' AND ol.unit_value > r.min_value))
              WHERE l.return_id = ${returnId}
              ORDER BY l.id, r.deadline_hours, r.id
              ON CONFLICT (ledger_id) DO NOTHING
              RETURNING id),
            counted AS (
              UPDATE returns SET awaiting_decisions = awaiting_decisions + (SELECT count(*) FROM opened)
              WHERE id = ${returnId} AND EXISTS (SELECT 1 FROM opened) RETURNING id)
            SELECT (SELECT count(*) FROM opened) AS n`,
      );
      return Number(rows[0]?.n ?? 0);
    },

    /** Decisions of these customers in one state, oldest first (the queue), with their lines and photos. */
    async list(customerIds: number[], state: string): Promise<DecisionLineRow[]> {
      if (!customerIds.length) return [];
      const ids = sql.join(
        customerIds.map((c) => sql`${c}`),
        sql`, `,
      );
      return queryRows<DecisionLineRow>(
        db,
        selectLines(
          sql`d.customer_id IN (${ids}) AND d.state = ${state}`,
          state === 'awaiting' ? sql`d.created_at, d.id` : sql`d.decided_at DESC, d.id DESC`,
        ),
      );
    },

    async ofReturn(returnId: number): Promise<DecisionLineRow[]> {
      return queryRows<DecisionLineRow>(db, selectLines(sql`d.return_id = ${returnId}`, sql`d.id`));
    },

    async byIds(ids: number[]): Promise<DecisionLineRow[]> {
      if (!ids.length) return [];
      const list = sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      );
      return queryRows<DecisionLineRow>(db, selectLines(sql`d.id IN (${list})`, sql`d.id`));
    },

    async find(id: number): Promise<LineDecisionRow | undefined> {
      const [row] = await db.select().from(lineDecisions).where(eq(lineDecisions.id, id));
      return row;
    },

    /**
     * Takes one waiting decision: only a waiting one moves, so of two concurrent decisions on one
     * line the second waits for the first's commit on the row lock, finds it taken and gets nothing.
     */
    async take(
      id: number,
      set: { state: 'decided' | 'defaulted'; disposition: string; comment: string | null; userId: number | null; by: string },
      now: Date,
    ): Promise<LineDecisionRow | undefined> {
      const [row] = await db
        .update(lineDecisions)
        .set({
          state: set.state,
          disposition: set.disposition,
          comment: set.comment,
          decidedByUserId: set.userId,
          decidedBy: set.by,
          decidedAt: now,
        })
        .where(and(eq(lineDecisions.id, id), eq(lineDecisions.state, 'awaiting')))
        .returning();
      return row;
    },

    /** The waiting decisions past their deadline, each taken by one worker (SKIP LOCKED), at most `limit`. */
    async dueIds(now: Date, limit: number): Promise<number[]> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM line_decisions WHERE state = 'awaiting' AND due_at <= ${iso(now)}::timestamptz
            ORDER BY due_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
      );
      return rows.map((r) => Number(r.id));
    },

    async setOutcome(id: number, set: { dispositionBefore: string | null; version: number }): Promise<void> {
      await db.update(lineDecisions).set(set).where(eq(lineDecisions.id, id));
    },

    /** The decision's new version of the return: the version moves on and the waiting count goes down. */
    async bumpVersion(returnId: number, decided: number, now: Date): Promise<ReturnRow | undefined> {
      const [row] = await db
        .update(returns)
        .set({
          version: sql`${returns.version} + 1`,
          correctedAt: now,
          awaitingDecisions: sql`greatest(${returns.awaitingDecisions} - ${decided}, 0)`,
        })
        .where(eq(returns.id, returnId))
        .returning();
      return row;
    },

    async setLedgerDisposition(ledgerId: number, disposition: string, location: string | null): Promise<void> {
      await queryRows(db, sql`UPDATE return_ledgers SET disposition = ${disposition}, location = ${location} WHERE id = ${ledgerId}`);
    },

    /**
     * The Dashboard tile (issue 25): waiting and overdue now (by `now`, the injected clock), and the
     * decisions made in [fromTs, toTs): by a brand user or by default, and the median time from
     * submit to a brand user's decision (a default always takes the deadline: it would only blur it).
     */
    async figures(customerIds: number[], now: Date, fromTs: Date, toTs: Date) {
      if (!customerIds.length) return { awaiting: 0, overdue: 0, decided: 0, defaulted: 0, median_seconds: null as number | null };
      const inPeriod = sql`decided_at >= ${iso(fromTs)}::timestamptz AND decided_at < ${iso(toTs)}::timestamptz`;
      const [row] = await queryRows<{
        awaiting: string | number;
        overdue: string | number;
        decided: string | number;
        defaulted: string | number;
        median: string | number | null;
      }>(
        db,
        sql`SELECT count(*) FILTER (WHERE state = 'awaiting') AS awaiting,
                   count(*) FILTER (WHERE state = 'awaiting' AND due_at <= ${iso(now)}::timestamptz) AS overdue,
                   count(*) FILTER (WHERE state = 'decided' AND ${inPeriod}) AS decided,
                   count(*) FILTER (WHERE state = 'defaulted' AND ${inPeriod}) AS defaulted,
                   percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM decided_at - created_at))
                     FILTER (WHERE state = 'decided' AND ${inPeriod}) AS median
            FROM line_decisions WHERE customer_id = ANY(${intArray(customerIds)})`,
      );
      return {
        awaiting: Number(row?.awaiting ?? 0),
        overdue: Number(row?.overdue ?? 0),
        decided: Number(row?.decided ?? 0),
        defaulted: Number(row?.defaulted ?? 0),
        median_seconds: row?.median == null ? null : Math.round(Number(row.median)),
      };
    },

    /**
     * The customers whose newest waiting decision is newer than their last digest and whose last
     * digest is an hour old or more (or never sent): each claimed once (the digest row is written
     * in the same statement, so two workers never mail the same digest).
     */
    async claimDigests(now: Date): Promise<{ customerId: number; waiting: number }[]> {
      const rows = await queryRows<{ customer_id: number; waiting: string }>(
        db,
        sql`WITH news AS (
              SELECT d.customer_id, max(d.id) AS newest, count(*) AS waiting
              FROM line_decisions d WHERE d.state = 'awaiting' GROUP BY d.customer_id),
            due AS (
              SELECT n.* FROM news n LEFT JOIN decision_digests g ON g.customer_id = n.customer_id
              WHERE g.customer_id IS NULL
                 OR (n.newest > g.last_decision_id AND g.last_sent_at <= ${iso(now)}::timestamptz - interval '1 hour')),
            claimed AS (
              INSERT INTO decision_digests (customer_id, last_sent_at, last_decision_id)
              SELECT customer_id, ${iso(now)}::timestamptz, newest FROM due
              ON CONFLICT (customer_id) DO UPDATE SET last_sent_at = excluded.last_sent_at, last_decision_id = excluded.last_decision_id
                WHERE decision_digests.last_decision_id < excluded.last_decision_id
                  AND decision_digests.last_sent_at <= ${iso(now)}::timestamptz - interval '1 hour'
              RETURNING customer_id)
            SELECT c.customer_id, due.waiting FROM claimed c JOIN due ON due.customer_id = c.customer_id`,
      );
      return rows.map((r) => ({ customerId: Number(r.customer_id), waiting: Number(r.waiting) }));
    },

    /** The active brand users of a customer with its company name: who gets the digest. */
    async brandRecipients(customerId: number) {
      return queryRows<{ name: string; username: string; email: string; language: string | null; company: string }>(
        db,
        sql`SELECT u.name, u.username, u.email, u.language, c.company
            FROM users u JOIN user_customers uc ON uc.user_id = u.id JOIN customers c ON c.id = uc.customer_id
            WHERE uc.customer_id = ${customerId} AND u.is_brand AND u.user_status = 'Active' AND u.email <> ''
            ORDER BY u.id`,
      );
    },

    async digestState(customerIds: number[]) {
      if (!customerIds.length) return [];
      return db.select().from(decisionDigests).where(inArray(decisionDigests.customerId, customerIds));
    },
  };
}
export type DecisionsRepository = ReturnType<typeof createDecisionsRepository>;
