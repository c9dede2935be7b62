import { sql, type SQL } from 'drizzle-orm';
import { sessionCallerSql, visibleCustomerIdsSql } from '../access/access.repository.js';
import { containsPattern, intArray } from '../../db/sql-helpers.js';
import { hasSearch, type HistoryFilter, type PageWindow } from './history-filter.js';
import type { HistoryCursor, SessionCheck } from './history-rows.js';

// History's statements, built from a filter. history.repository.ts runs them; history-rows.ts maps what they return.

/** The distinct grades of a return's lines, as a column of the row (issue 27). */
const GRADES_OF_RETURN = sql.raw(
  `ARRAY(SELECT DISTINCT l.grade FROM return_ledgers l WHERE l.return_id = r.id AND l.grade IS NOT NULL) AS grades`,
);

/** The columns of a History row (history-rows.ts `RawRow`), over returns r, customers c and orders o. */
const ROW_COLUMNS = sql`r.id, r.customer_id, c.company, r.order_id, o.delivery_number, o.order_number, o.web_order_number,
           r.reference_1, r.reference_2, to_char(r.return_date, 'YYYY-MM-DD') AS return_date, r.is_blind,
           r.tracking_number, r.has_discrepancies, r.username, r.created_at, r.photo_count, r.version, ${GRADES_OF_RETURN}, r.awaiting_decisions`;

/** created_at in UTC to the microsecond: a keyset cursor that survives the round trip through JSON. */
const CREATED_KEY = sql.raw(`to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS created_key`);

// Exactly the expression of orders_reference_trgm_idx, so the planner can use that trigram index;
// the column's own LIKE below then rechecks which of the four references matched.
const ORDER_REFERENCES = sql.raw(
  `lower(coalesce(o.delivery_number, '') || ' ' || coalesce(o.order_number, '') || ' ' || coalesce(o.web_order_number, '') || ' ' || coalesce(o.buyer_reference, ''))`,
);

const DAY_MS = 86_400_000;
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`).toISOString();
const dayEnd = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString();

// One array parameter instead of a list of placeholders: the plan does not change with the list length.
function whereClause(f: HistoryFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.customerIds) parts.push(sql`r.customer_id = ANY(${intArray(f.customerIds)})`);
  if (f.isBlind !== undefined) parts.push(sql`r.is_blind = ${f.isBlind}`);
  if (f.hasDiscrepancies !== undefined) parts.push(sql`r.has_discrepancies = ${f.hasDiscrepancies}`);
  if (f.awaitingDecision !== undefined) parts.push(f.awaitingDecision ? sql`r.awaiting_decisions > 0` : sql`r.awaiting_decisions = 0`);
  if (f.id !== undefined) parts.push(sql`r.id = ${f.id}`);
  if (f.trackingNumber) parts.push(sql`upper(r.tracking_number) = ${f.trackingNumber.toUpperCase()}`);
  if (f.from) parts.push(sql`r.created_at >= ${dayStart(f.from)}::timestamptz`);
  if (f.to) parts.push(sql`r.created_at < ${dayEnd(f.to)}::timestamptz`);
  if (f.userId !== undefined) parts.push(sql`r.user_id = ${f.userId}`);
  if (f.hasPhotos !== undefined) parts.push(f.hasPhotos ? sql`r.photo_count > 0` : sql`r.photo_count = 0`);
  if (f.disposition) parts.push(sql`EXISTS (SELECT 1 FROM return_ledgers l WHERE l.return_id = r.id AND l.disposition = ${f.disposition})`);
  if (f.grade) parts.push(sql`EXISTS (SELECT 1 FROM return_ledgers l WHERE l.return_id = r.id AND l.grade = ${f.grade})`);
  if (f.discrepancy === 'MISSING') parts.push(sql`EXISTS (SELECT 1 FROM return_missing_lines m WHERE m.return_id = r.id)`);
  else if (f.discrepancy)
    parts.push(
      sql`r.has_discrepancies AND EXISTS (SELECT 1 FROM return_ledgers l WHERE l.return_id = r.id AND l.discrepancy = ${f.discrepancy})`,
    );
  if (f.reason || f.condition) {
    const line: SQL[] = [sql`l.return_id = r.id`];
    if (f.reason) line.push(sql`l.reason = ${f.reason}`);
    if (f.condition) line.push(sql`l.condition = ${f.condition}`);
    parts.push(sql`EXISTS (SELECT 1 FROM return_ledgers l WHERE ${sql.join(line, sql` AND `)})`);
  }
  const refs: SQL[] = [];
  for (const [column, term] of [
    ['delivery_number', f.deliveryNumber],
    ['order_number', f.orderNumber],
    ['web_order_number', f.webOrderNumber],
  ] as const) {
    if (!term) continue;
    const pattern = containsPattern(term);
    refs.push(sql`${ORDER_REFERENCES} LIKE ${pattern} AND lower(o.${sql.raw(column)}) LIKE ${pattern}`);
  }
  if (refs.length) {
    const scope = f.customerIds ? sql` AND o.customer_id = ANY(${intArray(f.customerIds)})` : sql``;
    parts.push(sql`r.order_id IN (SELECT o.id FROM orders o WHERE ${sql.join(refs, sql` AND `)}${scope})`);
  }
  return sql.join(parts, sql` AND `);
}

/** The trigger-kept counters' rows for a filter without a search (customer and blind only), after `first`. */
function countersWhere(f: HistoryFilter, first: SQL): SQL {
  const parts: SQL[] = [first];
  if (f.customerIds) parts.push(sql`customer_id = ANY(${intArray(f.customerIds)})`);
  if (f.isBlind !== undefined) parts.push(sql`is_blind = ${f.isBlind}`);
  return sql.join(parts, sql` AND `);
}

/**
 * Exact total: the trigger-kept counters when only customer and blind filters apply (O(customers)),
 * otherwise a count of the searched rows, which a search keeps small.
 */
export function historyCountQuery(f: HistoryFilter): SQL {
  if (!hasSearch(f)) return sql`SELECT coalesce(sum(returns_count), 0) AS n FROM return_counts WHERE ${countersWhere(f, sql`true`)}`;
  return sql`SELECT count(*) AS n FROM returns r WHERE ${whereClause(f)}`;
}

/** The page's ids come from an index walk first; only those rows are joined to customers and orders. */
export function historyPageQuery(f: HistoryFilter, w: PageWindow, withTotal = false): SQL {
  const direction = sql.raw(w.fromEnd ? 'ASC' : 'DESC');
  // A search counts its matches in the same pass (a window count before OFFSET/LIMIT), so the
  // trigram lookup runs once instead of once for the total and once for the page.
  const total = withTotal ? sql`, count(*) OVER () AS total` : sql``;
  return sql`
    WITH page AS (
      SELECT r.id${total} FROM returns r
      WHERE ${whereClause(f)}
      ORDER BY r.created_at ${direction}, r.id ${direction}
      OFFSET ${w.skip} LIMIT ${w.limit}
    )
    SELECT ${ROW_COLUMNS}${withTotal ? sql`, page.total` : sql``}
    FROM page
    JOIN returns r ON r.id = page.id
    JOIN customers c ON c.id = r.customer_id
    LEFT JOIN orders o ON o.id = r.order_id
    ORDER BY r.created_at DESC, r.id DESC`;
}

/**
 * The history page in one statement: session check, exact total and the page of 30, one snapshot.
 * Without a search the total comes from the counters and the page walks the index from the nearer
 * end (two gated branches, one of which returns nothing); a search collects its few matches once.
 */
export function historyCheckedQuery(
  check: SessionCheck,
  f: HistoryFilter,
  page: number,
  perPage: number,
  after: HistoryCursor | null = null,
): SQL {
  const offset = (page - 1) * perPage;
  // With a cursor (keyset paging): the rows below it, an index seek instead of an OFFSET walk.
  const below = after ? sql` AND (r.created_at, r.id) < (${after.createdAt}::timestamptz, ${after.id})` : sql``;
  const links = check.links ? intArray(check.links) : sql`'{}'::int[]`;
  const known = check.customerId === undefined ? sql`true` : sql`EXISTS (SELECT 1 FROM customers WHERE id = ${check.customerId})`;
  const head = sql`
    WITH me AS MATERIALIZED (
      SELECT caller.is_su, ${visibleCustomerIdsSql('caller')} AS links
      FROM (${sessionCallerSql(check.tokenHash, check.now)}) caller),
    ok AS MATERIALIZED (
      SELECT count(*) = 1 AS authed,
             coalesce(bool_and(me.is_su = ${check.isSu} AND (me.is_su OR me.links = ${links})), false) AS fresh,
             ${known} AS known
      FROM me)`;
  const gate = sql`(SELECT authed AND fresh AND known FROM ok)`;
  let body: SQL;
  if (hasSearch(f)) {
    body = sql`,
    m AS MATERIALIZED (SELECT r.id, r.created_at FROM returns r WHERE ${whereClause(f)} AND ${gate}),
    t AS (SELECT count(*)::bigint AS total FROM m),
    ids AS (${
      after
        ? sql`SELECT id FROM m WHERE (created_at, id) < (${after.createdAt}::timestamptz, ${after.id}) ORDER BY created_at DESC, id DESC LIMIT ${perPage}`
        : sql`SELECT id FROM m ORDER BY created_at DESC, id DESC OFFSET ${offset} LIMIT ${perPage}`
    })`;
  } else if (after) {
    body = sql`,
    t AS MATERIALIZED (SELECT coalesce(sum(returns_count), 0)::bigint AS total FROM return_counts WHERE ${countersWhere(f, gate)}),
    ids AS (
      SELECT r.id FROM returns r WHERE ${whereClause(f)} AND ${gate}${below}
      ORDER BY r.created_at DESC, r.id DESC LIMIT ${perPage})`;
  } else {
    body = sql`,
    t AS MATERIALIZED (SELECT coalesce(sum(returns_count), 0)::bigint AS total FROM return_counts WHERE ${countersWhere(f, gate)}),
    fwd AS (
      SELECT r.id FROM returns r WHERE ${whereClause(f)} AND (SELECT ${offset} <= total / 2.0 AND ${offset} < total FROM t)
      ORDER BY r.created_at DESC, r.id DESC OFFSET ${offset} LIMIT ${perPage}),
    bwd AS (
      SELECT r.id FROM returns r WHERE ${whereClause(f)} AND (SELECT ${offset} > total / 2.0 AND ${offset} < total FROM t)
      ORDER BY r.created_at ASC, r.id ASC
      OFFSET (SELECT greatest(0, total - ${offset} - ${perPage}) FROM t) LIMIT (SELECT greatest(0, least(${perPage}, total - ${offset})) FROM t)),
    ids AS (SELECT id FROM fwd UNION ALL SELECT id FROM bwd)`;
  }
  // The page's rows by an array of its ids: an index lookup of 30 rows, never a join walking all returns.
  return sql`${head}${body}
    SELECT ok.authed, ok.fresh, ok.known, t.total, x.*
    FROM ok CROSS JOIN t
    LEFT JOIN (
      SELECT ${ROW_COLUMNS},
             ${CREATED_KEY}
      FROM returns r JOIN customers c ON c.id = r.customer_id LEFT JOIN orders o ON o.id = r.order_id
      WHERE r.id = ANY(ARRAY(SELECT id FROM ids))
    ) x ON true
    ORDER BY x.created_at DESC, x.id DESC`;
}

/** One batch of a download, newest first, after the cursor; with each return's units. */
export function historyBatchQuery(f: HistoryFilter, after: HistoryCursor | null, limit: number): SQL {
  const cursor = after ? sql` AND (r.created_at, r.id) < (${after.createdAt}::timestamptz, ${after.id})` : sql``;
  return sql`
    SELECT ${ROW_COLUMNS}, ${CREATED_KEY},
           (SELECT coalesce(sum(l.quantity), 0) FROM return_ledgers l WHERE l.return_id = r.id) AS units
    FROM returns r
    JOIN customers c ON c.id = r.customer_id
    LEFT JOIN orders o ON o.id = r.order_id
    WHERE ${whereClause(f)}${cursor}
    ORDER BY r.created_at DESC, r.id DESC
    LIMIT ${limit}`;
}
