import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { intArray } from '../../db/sql-helpers.js';
import { PARCEL_LIMITS } from '../../../contract/parcels.js';

/** One array parameter: the plan does not change with the number of customers. */

/** Task types that carry a return to a customer's systems (their failures are "failed deliveries"). */
export const OUTBOUND_TASK_TYPES = ['SGL Outbound', 'FGL Outbound', 'Ecommerce Outbound'] as const;
const outboundTypes = sql`${`{${OUTBOUND_TASK_TYPES.map((t) => `"${t}"`).join(',')}}`}::text[]`;

export interface RollupRow {
  day: string;
  metric: string;
  key: string;
  n: number;
  units: number;
}

/** Whose tasks a figure counts: some customers, or (an admin's "all") every task. */
export type TaskScope = { customerIds: number[] } | 'all';

/**
 * Whose unknown parcels a figure counts: one customer's, the operator's customers' and those of no
 * customer (as the Parcels queue shows them), or every parcel (an admin's "all").
 */
/** withUnassigned: parcels of no customer count too (staff), not for a brand user. */
export type ParcelScope = { customerId: number } | { visibleCustomerIds: number[]; withUnassigned: boolean } | 'all';

const parcelScope = (scope: ParcelScope) =>
  scope === 'all'
    ? sql`true`
    : 'customerId' in scope
      ? sql`p.customer_id = ${scope.customerId}`
      : sql`(p.customer_id = ANY(${intArray(scope.visibleCustomerIds)}) OR ${scope.withUnassigned ? sql`p.customer_id IS NULL` : sql`false`})`;

const taskScope = (scope: TaskScope) => (scope === 'all' ? sql`true` : sql`t.customer_id = ANY(${intArray(scope.customerIds)})`);

/** The roll-up figures: folded daily rows plus the deltas not folded yet, in one statement (one snapshot). */
export function rollupQuery(customerIds: number[], from: string, to: string) {
  return sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, metric, key, sum(n)::bigint AS n, sum(units)::bigint AS units FROM (
      SELECT day, metric, key, n, units FROM dashboard_daily
      WHERE customer_id = ANY(${intArray(customerIds)}) AND day BETWEEN ${from}::date AND ${to}::date
      UNION ALL
      SELECT day, metric, key, n, units FROM dashboard_deltas
      WHERE customer_id = ANY(${intArray(customerIds)}) AND day BETWEEN ${from}::date AND ${to}::date
    ) x
    GROUP BY day, metric, key
    HAVING sum(n) <> 0 OR sum(units) <> 0`;
}

export function createDashboardRepository(db: DbOrTx) {
  return {
    async rollups(customerIds: number[], from: string, to: string): Promise<RollupRow[]> {
      if (!customerIds.length) return [];
      const rows = await queryRows<{ day: string; metric: string; key: string; n: string | number; units: string | number }>(
        db,
        rollupQuery(customerIds, from, to),
      );
      return rows.map((r) => ({ day: r.day, metric: r.metric, key: r.key, n: Number(r.n), units: Number(r.units) }));
    },

    /** The reasons' texts of these customers (the first customer's text when two differ). */
    async reasonTexts(customerIds: number[]): Promise<Map<string, string>> {
      if (!customerIds.length) return new Map();
      const rows = await queryRows<{ code: string; value: string }>(
        db,
        sql`SELECT DISTINCT ON (option_code) option_code AS code, option_value AS value FROM options
            WHERE option_type = 'Reason' AND customer_id = ANY(${intArray(customerIds)}) ORDER BY option_code, customer_id`,
      );
      return new Map(rows.map((r) => [r.code, r.value]));
    },

    /** The dispositions' names of these customers (the first customer's name when two differ). */
    async dispositionNames(customerIds: number[]): Promise<Map<string, string>> {
      if (!customerIds.length) return new Map();
      const rows = await queryRows<{ code: string; name: string }>(
        db,
        sql`SELECT DISTINCT ON (code) code, name FROM dispositions
            WHERE customer_id = ANY(${intArray(customerIds)}) ORDER BY code, customer_id`,
      );
      return new Map(rows.map((r) => [r.code, r.name]));
    },

    /** The customers' own names of the grades (issue 27; the first customer's name when two differ). */
    async gradeLabels(customerIds: number[]): Promise<Map<string, string>> {
      if (!customerIds.length) return new Map();
      const rows = await queryRows<{ grade: string; label: string }>(
        db,
        sql`SELECT DISTINCT ON (grade) grade, label FROM grade_scales
            WHERE customer_id = ANY(${intArray(customerIds)}) ORDER BY grade, customer_id`,
      );
      return new Map(rows.map((r) => [r.grade, r.label]));
    },

    /**
     * Unknown parcels waiting now by age level, against their customer's amber/red limits (a parcel of
     * no customer: the defaults), as the Parcels queue's age filter counts them; and the oldest.
     */
    async waitingParcels(scope: ParcelScope, now: Date) {
      const since = sql`${now.toISOString()}::timestamptz - p.received_at`;
      const rows = await queryRows<{ level: string; n: string | number; oldest: string | Date }>(
        db,
        sql`SELECT CASE WHEN ${since} >= make_interval(days => coalesce(c.parcel_red_days, ${PARCEL_LIMITS.defaultRedDays})) THEN 'red'
                        WHEN ${since} >= make_interval(days => coalesce(c.parcel_amber_days, ${PARCEL_LIMITS.defaultAmberDays})) THEN 'amber'
                        ELSE 'fresh' END AS level,
                   count(*) AS n, min(p.received_at) AS oldest
            FROM parcels p LEFT JOIN customers c ON c.id = p.customer_id
            WHERE p.state = 'Waiting' AND ${parcelScope(scope)}
            GROUP BY 1`,
      );
      const out = { waiting: 0, fresh: 0, amber: 0, red: 0, oldest_received_at: null as string | null };
      let oldest: number | undefined;
      for (const r of rows) {
        const n = Number(r.n);
        out[r.level as 'fresh' | 'amber' | 'red'] = n;
        out.waiting += n;
        const at = new Date(r.oldest).getTime();
        if (oldest === undefined || at < oldest) oldest = at;
      }
      if (oldest !== undefined) out.oldest_received_at = new Date(oldest).toISOString();
      return out;
    },

    async usernames(userIds: number[]): Promise<Map<number, string>> {
      if (!userIds.length) return new Map();
      const rows = await queryRows<{ id: number; username: string }>(
        db,
        sql`SELECT id, username FROM users WHERE id = ANY(${intArray(userIds)})`,
      );
      return new Map(rows.map((r) => [Number(r.id), r.username]));
    },

    /** Tasks in Error and waiting (Pending) now, and the oldest of them. */
    async backlog(scope: TaskScope) {
      const [counts] = await queryRows<{ pending: string | number; error: string | number }>(
        db,
        sql`SELECT
              (SELECT count(*) FROM tasks t WHERE t.task_status = 'Pending' AND ${taskScope(scope)}) AS pending,
              (SELECT count(*) FROM tasks t WHERE t.task_status = 'Error' AND ${taskScope(scope)}) AS error`,
      );
      const [oldest] = await queryRows<{
        id: string | number;
        task_type: string;
        task_status: string;
        created_at: string | Date;
        return_id: number | null;
        order_id: number | null;
      }>(
        db,
        sql`SELECT id, task_type, task_status, created_at, return_id, order_id FROM (
              (SELECT t.id, t.task_type, t.task_status, t.created_at, t.return_id, t.order_id FROM tasks t
               WHERE t.task_status = 'Pending' AND ${taskScope(scope)} ORDER BY t.created_at, t.id LIMIT 1)
              UNION ALL
              (SELECT t.id, t.task_type, t.task_status, t.created_at, t.return_id, t.order_id FROM tasks t
               WHERE t.task_status = 'Error' AND ${taskScope(scope)} ORDER BY t.created_at, t.id LIMIT 1)
            ) x ORDER BY created_at, id LIMIT 1`,
      );
      return {
        pending: Number(counts?.pending ?? 0),
        error: Number(counts?.error ?? 0),
        oldest: oldest
          ? {
              id: Number(oldest.id),
              task_type: oldest.task_type,
              task_status: oldest.task_status,
              created_at: new Date(oldest.created_at).toISOString(),
              return_id: oldest.return_id === null ? null : Number(oldest.return_id),
              order_id: oldest.order_id === null ? null : Number(oldest.order_id),
            }
          : null,
      };
    },

    /** Outbound tasks that ended in Error within [fromTs, toTs), newest first: the total and the first `limit`. */
    async failedDeliveries(scope: TaskScope, fromTs: Date, toTs: Date, limit: number) {
      const rows = await queryRows<{
        id: string | number;
        task_type: string;
        company: string | null;
        return_id: number | null;
        order_id: number | null;
        updated_at: string | Date;
        message_2: string | null;
        total: string | number;
      }>(
        db,
        sql`SELECT t.id, t.task_type, c.company, t.return_id, t.order_id, t.updated_at, t.message_2, count(*) OVER () AS total
            FROM tasks t LEFT JOIN customers c ON c.id = t.customer_id
            WHERE t.task_status = 'Error' AND t.updated_at >= ${fromTs.toISOString()}::timestamptz AND t.updated_at < ${toTs.toISOString()}::timestamptz
              AND t.task_type = ANY(${outboundTypes}) AND ${taskScope(scope)}
            ORDER BY t.updated_at DESC, t.id DESC
            LIMIT ${limit}`,
      );
      return {
        total: Number(rows[0]?.total ?? 0),
        items: rows.map((r) => ({
          task_id: Number(r.id),
          task_type: r.task_type,
          company: r.company,
          return_id: r.return_id === null ? null : Number(r.return_id),
          order_id: r.order_id === null ? null : Number(r.order_id),
          failed_at: new Date(r.updated_at).toISOString(),
          message: r.message_2,
        })),
      };
    },

    /**
     * Folds the oldest deltas (at most `batch`) into the daily rows: one transaction deletes them and
     * adds their sums. A delta another fold took already is skipped by DELETE; deltas of transactions
     * not yet committed are not seen and wait for the next fold. Answers how many deltas it folded.
     */
    async fold(batch: number): Promise<number> {
      const [row] = await queryRows<{ folded: string | number }>(
        db,
        sql`WITH moved AS (
              DELETE FROM dashboard_deltas WHERE id IN (SELECT id FROM dashboard_deltas ORDER BY id LIMIT ${batch})
              RETURNING customer_id, day, metric, key, n, units
            ), summed AS (
              INSERT INTO dashboard_daily (customer_id, day, metric, key, n, units)
              SELECT customer_id, day, metric, key, sum(n), sum(units) FROM moved GROUP BY customer_id, day, metric, key
              ORDER BY customer_id, day, metric, key
              ON CONFLICT (customer_id, day, metric, key)
              DO UPDATE SET n = dashboard_daily.n + EXCLUDED.n, units = dashboard_daily.units + EXCLUDED.units
              RETURNING 1
            )
            SELECT count(*) AS folded FROM moved`,
      );
      return Number(row?.folded ?? 0);
    },

    /** One fold at a time across every worker node (the loser of the race skips this round). */
    async tryFoldLock(): Promise<boolean> {
      const [row] = await queryRows<{ ok: boolean }>(db, sql`SELECT pg_try_advisory_xact_lock(7270012) AS ok`);
      return !!row?.ok;
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
