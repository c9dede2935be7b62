import { sql, type SQL } from 'drizzle-orm';
import { preparedRows, queryRows, type DbOrTx } from '../../db/client.js';
import { sessionCallerSql, visibleCustomerIdsSql } from '../access/access.repository.js';
import { containsPattern, intArray } from '../../db/sql-helpers.js';
import type { HistoryRow } from '../../../contract/history.js';
import { GRADES, type Grade } from '../../../contract/inspection-rules.js';

export interface HistoryFilter {
  /** undefined = every customer (admins); an empty list matches nothing. */
  customerIds?: number[];
  isBlind?: boolean;
  hasDiscrepancies?: boolean;
  /** Lines of the return wait for the brand's decision (issue 25). */
  awaitingDecision?: boolean;
  id?: number;
  deliveryNumber?: string;
  orderNumber?: string;
  webOrderNumber?: string;
  trackingNumber?: string;
  /** Saved on or after this UTC day (YYYY-MM-DD). */
  from?: string;
  /** Saved on or before this UTC day. */
  to?: string;
  /** A line of the return has this reason code / condition (the same line when both are given). */
  reason?: string;
  condition?: string;
  userId?: number;
  hasPhotos?: boolean;
  /** A line of the return has this disposition code. */
  disposition?: string;
  /** The return has a discrepancy of this kind (a missing order line, a wrong or an extra item). */
  discrepancy?: 'MISSING' | 'WRONG_ITEM' | 'EXTRA_ITEM';
  /** A line of the return has this grade (issue 27). */
  grade?: string;
}

/** The distinct grades of a return's lines, as a column of the row (issue 27). */
const GRADES_OF_RETURN = sql.raw(
  `ARRAY(SELECT DISTINCT l.grade FROM return_ledgers l WHERE l.return_id = r.id AND l.grade IS NOT NULL) AS grades`,
);

// Exactly the expression of orders_reference_trgm_idx, so the planner can use that trigram index;
// the column's own LIKE below then rechecks which of the four references matched.
const ORDER_REFERENCES = sql.raw(
  `lower(coalesce(o.delivery_number, '') || ' ' || coalesce(o.order_number, '') || ' ' || coalesce(o.web_order_number, '') || ' ' || coalesce(o.buyer_reference, ''))`,
);

// The discrepancy filter has no trigger-kept counter: it is counted like a search.
const hasSearch = (f: HistoryFilter) =>
  f.id !== undefined ||
  !!f.trackingNumber ||
  !!f.deliveryNumber ||
  !!f.orderNumber ||
  !!f.webOrderNumber ||
  !!f.from ||
  !!f.to ||
  !!f.reason ||
  !!f.condition ||
  f.userId !== undefined ||
  f.hasDiscrepancies !== undefined ||
  f.awaitingDecision !== undefined ||
  f.hasPhotos !== undefined ||
  !!f.disposition ||
  !!f.discrepancy ||
  !!f.grade;

const DAY_MS = 86_400_000;
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`).toISOString();
const dayEnd = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString();

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

// One array parameter instead of a list of placeholders: the plan does not change with the list length.

interface RawRow {
  id: number;
  customer_id: number;
  company: string;
  order_id: number | null;
  delivery_number: string | null;
  order_number: string | null;
  web_order_number: string | null;
  reference_1: string | null;
  reference_2: string | null;
  return_date: string;
  is_blind: boolean;
  tracking_number: string | null;
  has_discrepancies: boolean;
  username: string;
  created_at: string | Date;
  photo_count: number | string;
  version: number | string;
  grades: string[] | null;
  awaiting_decisions: number | string | null;
}

/**
 * Exact total: the trigger-kept counters when only customer and blind filters apply (O(customers)),
 * otherwise a count of the searched rows, which a search keeps small.
 */
export function historyCountQuery(f: HistoryFilter): SQL {
  if (!hasSearch(f)) {
    const parts: SQL[] = [sql`true`];
    if (f.customerIds) parts.push(sql`customer_id = ANY(${intArray(f.customerIds)})`);
    if (f.isBlind !== undefined) parts.push(sql`is_blind = ${f.isBlind}`);
    return sql`SELECT coalesce(sum(returns_count), 0) AS n FROM return_counts WHERE ${sql.join(parts, sql` AND `)}`;
  }
  return sql`SELECT count(*) AS n FROM returns r WHERE ${whereClause(f)}`;
}

/** Where one page sits in the index walk: from the newest end, or past the middle from the oldest end. */
export function pageWindow(total: number, page: number, perPage: number) {
  const offset = (page - 1) * perPage;
  const fromEnd = offset > total / 2;
  return {
    fromEnd,
    limit: fromEnd ? Math.min(perPage, total - offset) : perPage,
    skip: fromEnd ? Math.max(0, total - offset - perPage) : offset,
  };
}

/** The page's ids come from an index walk first; only those rows are joined to customers and orders. */
export function historyPageQuery(f: HistoryFilter, w: ReturnType<typeof pageWindow>, withTotal = false): SQL {
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
    SELECT r.id, r.customer_id, c.company, r.order_id, o.delivery_number, o.order_number, o.web_order_number,
           r.reference_1, r.reference_2, to_char(r.return_date, 'YYYY-MM-DD') AS return_date, r.is_blind,
           r.tracking_number, r.has_discrepancies, r.username, r.created_at, r.photo_count, r.version, ${GRADES_OF_RETURN}, r.awaiting_decisions${withTotal ? sql`, page.total` : sql``}
    FROM page
    JOIN returns r ON r.id = page.id
    JOIN customers c ON c.id = r.customer_id
    LEFT JOIN orders o ON o.id = r.order_id
    ORDER BY r.created_at DESC, r.id DESC`;
}

/**
 * What a page statement checks itself, so the request needs no other round trip: the session is
 * live and its user Active, the admin flag and the linked customers are still the ones the query
 * was shaped for, and a filtered customer exists.
 */
export interface SessionCheck {
  tokenHash: string;
  now: Date;
  isSu: boolean;
  /** The operator's linked customers, ascending (null for an admin). */
  links: number[] | null;
  /** The customer filtered on, which must exist (404 otherwise). */
  customerId?: number;
}

export interface CheckedPage {
  /** false: no live session for the token (or its user is disabled): 401. */
  authed: boolean;
  /** false: the admin flag or the links changed since the query was shaped: shape it again. */
  fresh: boolean;
  /** false: the filtered customer does not exist: 404. */
  known: boolean;
  rows: HistoryRow[];
  total: number;
  /** The last row's keyset position (created_at in UTC to the microsecond, id): the next page's cursor. */
  lastKey?: HistoryCursor;
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
    const parts: SQL[] = [gate];
    if (f.customerIds) parts.push(sql`customer_id = ANY(${intArray(f.customerIds)})`);
    if (f.isBlind !== undefined) parts.push(sql`is_blind = ${f.isBlind}`);
    body = sql`,
    t AS MATERIALIZED (SELECT coalesce(sum(returns_count), 0)::bigint AS total FROM return_counts WHERE ${sql.join(parts, sql` AND `)}),
    ids AS (
      SELECT r.id FROM returns r WHERE ${whereClause(f)} AND ${gate}${below}
      ORDER BY r.created_at DESC, r.id DESC LIMIT ${perPage})`;
  } else {
    const parts: SQL[] = [gate];
    if (f.customerIds) parts.push(sql`customer_id = ANY(${intArray(f.customerIds)})`);
    if (f.isBlind !== undefined) parts.push(sql`is_blind = ${f.isBlind}`);
    body = sql`,
    t AS MATERIALIZED (SELECT coalesce(sum(returns_count), 0)::bigint AS total FROM return_counts WHERE ${sql.join(parts, sql` AND `)}),
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
      SELECT r.id, r.customer_id, c.company, r.order_id, o.delivery_number, o.order_number, o.web_order_number,
             r.reference_1, r.reference_2, to_char(r.return_date, 'YYYY-MM-DD') AS return_date, r.is_blind,
             r.tracking_number, r.has_discrepancies, r.username, r.created_at, r.photo_count, r.version, ${GRADES_OF_RETURN}, r.awaiting_decisions,
             to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS created_key
      FROM returns r JOIN customers c ON c.id = r.customer_id LEFT JOIN orders o ON o.id = r.order_id
      WHERE r.id = ANY(ARRAY(SELECT id FROM ids))
    ) x ON true
    ORDER BY x.created_at DESC, x.id DESC`;
}

/** Where a download's keyset walk stands: the last row it wrote. */
export interface HistoryCursor {
  createdAt: string;
  id: number;
}

/** One batch of a download, newest first, after the cursor; with each return's units. */
export function historyBatchQuery(f: HistoryFilter, after: HistoryCursor | null, limit: number): SQL {
  const cursor = after ? sql` AND (r.created_at, r.id) < (${after.createdAt}::timestamptz, ${after.id})` : sql``;
  return sql`
    SELECT r.id, r.customer_id, c.company, r.order_id, o.delivery_number, o.order_number, o.web_order_number,
           r.reference_1, r.reference_2, to_char(r.return_date, 'YYYY-MM-DD') AS return_date, r.is_blind,
           r.tracking_number, r.has_discrepancies, r.username, r.created_at, r.photo_count, r.version, ${GRADES_OF_RETURN}, r.awaiting_decisions, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS created_key,
           (SELECT coalesce(sum(l.quantity), 0) FROM return_ledgers l WHERE l.return_id = r.id) AS units
    FROM returns r
    JOIN customers c ON c.id = r.customer_id
    LEFT JOIN orders o ON o.id = r.order_id
    WHERE ${whereClause(f)}${cursor}
    ORDER BY r.created_at DESC, r.id DESC
    LIMIT ${limit}`;
}

export type HistoryDownloadRow = HistoryRow & { units: number };

export function createHistoryRepository(db: DbOrTx) {
  async function count(f: HistoryFilter): Promise<number> {
    if (f.customerIds?.length === 0) return 0;
    const [row] = await queryRows<{ n: string | number }>(db, historyCountQuery(f));
    return Number(row?.n ?? 0);
  }

  return {
    /** The page, its total and the session check in one round trip (a named statement on PostgreSQL). */
    async checkedPage(
      check: SessionCheck,
      f: HistoryFilter,
      page: number,
      perPage: number,
      after: HistoryCursor | null = null,
    ): Promise<CheckedPage> {
      const rows = await preparedRows<
        Partial<RawRow> & { authed: boolean; fresh: boolean; known: boolean; total: string | number; created_key?: string }
      >(db, 'history_page', historyCheckedQuery(check, f, page, perPage, after));
      const first = rows[0]!;
      const last = rows.at(-1)!;
      return {
        lastKey: last.id === null || last.id === undefined ? undefined : { createdAt: `${last.created_key}Z`, id: Number(last.id) },
        authed: first.authed,
        fresh: first.fresh,
        known: first.known,
        total: Number(first.total),
        rows: rows.filter((r) => r.id !== null && r.id !== undefined).map((r) => toHistoryRow(r as RawRow)),
      };
    },

    count,

    /** The next batch of a download and the cursor after it (null when this was the last). */
    async batch(
      f: HistoryFilter,
      after: HistoryCursor | null,
      limit: number,
    ): Promise<{ rows: HistoryDownloadRow[]; next: HistoryCursor | null }> {
      if (f.customerIds?.length === 0) return { rows: [], next: null };
      const raw = await queryRows<RawRow & { units: string | number; created_key: string }>(db, historyBatchQuery(f, after, limit));
      const last = raw.at(-1);
      return {
        rows: raw.map((r) => ({ ...toHistoryRow(r), units: Number(r.units) })),
        next: last && raw.length === limit ? { createdAt: `${last.created_key}Z`, id: Number(last.id) } : null,
      };
    },

    /**
     * One page, newest first, and the exact total; the service reads them in one snapshot so they agree. Offset paging
     * walks the (…, created_at, id) indexes; past the middle it walks them from the other end, so the
     * last page costs what the first does. A search (few rows) pages and counts in one statement.
     */
    async page(f: HistoryFilter, page: number, perPage: number): Promise<{ rows: HistoryRow[]; total: number }> {
      if (f.customerIds?.length === 0) return { rows: [], total: 0 };
      if (hasSearch(f)) {
        const rows = await queryRows<RawRow & { total: string | number }>(
          db,
          historyPageQuery(f, { fromEnd: false, skip: (page - 1) * perPage, limit: perPage }, true),
        );
        // Past the last page the window has no row to carry the total: count it then.
        const total = rows.length ? Number(rows[0]!.total) : page === 1 ? 0 : await count(f);
        return { rows: rows.map(toHistoryRow), total };
      }
      const total = await count(f);
      if (total === 0 || (page - 1) * perPage >= total) return { rows: [], total };
      const rows = await queryRows<RawRow>(db, historyPageQuery(f, pageWindow(total, page, perPage)));
      return { rows: rows.map(toHistoryRow), total };
    },
  };
}
export type HistoryRepository = ReturnType<typeof createHistoryRepository>;

function toHistoryRow(r: RawRow): HistoryRow {
  return {
    id: Number(r.id),
    customer_id: Number(r.customer_id),
    company: r.company,
    order_id: r.order_id === null ? null : Number(r.order_id),
    delivery_number: r.delivery_number,
    order_number: r.order_number,
    web_order_number: r.web_order_number,
    reference_1: r.reference_1,
    reference_2: r.reference_2,
    return_date: r.return_date,
    is_blind: r.is_blind,
    tracking_number: r.tracking_number,
    has_discrepancies: r.has_discrepancies,
    username: r.username,
    created_at: new Date(r.created_at).toISOString(),
    photo_count: Number(r.photo_count),
    version: Number(r.version),
    grades: sortGrades(r.grades ?? []),
    awaiting_decisions: Number(r.awaiting_decisions ?? 0),
  };
}

const sortGrades = (grades: string[]): Grade[] => GRADES.filter((g) => grades.includes(g));
