import { sql, type SQL } from 'drizzle-orm';
import type { SearchField } from '../../../contract/constants.js';
import type { OrderSearchResult } from '../../../contract/orders.js';
import { preparedRows, queryRows, type DbOrTx } from '../../db/client.js';
import { mayReceiveForCustomerSql, sessionCallerSql } from '../access/access.repository.js';
import { containsPattern } from '../../db/sql-helpers.js';

const FIELD_COLUMN: Record<SearchField, SQL> = {
  orderNo: sql.raw('order_number'),
  deliveryNo: sql.raw('delivery_number'),
  webOrderNumber: sql.raw('web_order_number'),
};

/**
 * Exactly the expression of `orders_reference_trgm_idx` (migration 0001), so the planner can
 * answer the substring match from the trigram index instead of scanning the table.
 */
const REFERENCES = sql.raw(
  `lower(coalesce(delivery_number, '') || ' ' || coalesce(order_number, '') || ' ' || coalesce(web_order_number, '') || ' ' || coalesce(buyer_reference, ''))`,
);

interface SearchRow {
  id: number;
  source: string;
  order_status: string;
  delivery_name_1: string | null;
  delivery_name_2: string | null;
  delivery_contact: string | null;
  delivery_number: string | null;
  order_number: string | null;
  web_order_number: string | null;
  buyer_reference: string | null;
  created_at: Date | string;
}

export function orderSearchQuery(customerId: number, search: string, field: SearchField | null, limit: number): SQL {
  const pattern = containsPattern(search);
  // The field filter narrows the trigram hits further; the index still finds the candidates.
  const narrow = field ? sql`AND lower(coalesce(${FIELD_COLUMN[field]}, '')) LIKE ${pattern}` : sql``;
  return sql`
    SELECT id, source, order_status, delivery_name_1, delivery_name_2, delivery_contact,
           delivery_number, order_number, web_order_number, buyer_reference, created_at
    FROM orders
    WHERE customer_id = ${customerId} AND ${REFERENCES} LIKE ${pattern} ${narrow}
    ORDER BY created_at DESC, id DESC
    LIMIT ${limit}`;
}

const SEARCH_COLUMNS = sql.raw(
  'id, source, order_status, delivery_name_1, delivery_name_2, delivery_contact, delivery_number, order_number, web_order_number, buyer_reference, created_at',
);

/** What the one-statement search needs to check the caller itself (no other round trip). */
export interface SearchCheck {
  tokenHash: string;
  now: Date;
  customerId: number;
  /** Order sources searched at a partner, not in the local orders: the statement does not search those. */
  liveSources: string[];
}

export interface CheckedSearch {
  /** false: no live session for the token (or its user is disabled): 401. */
  authed: boolean;
  /** true: the caller is a brand user, who never searches the warehouse's orders: 403 (issue 25). */
  brand: boolean;
  /** false: no such customer: 404. */
  known: boolean;
  /** false: the user may not work for this customer: 403. */
  allowed: boolean;
  /** The customer's order source; when it is a live source the statement searched nothing. */
  orderSource: string | null;
  rows: OrderSearchResult[];
}

/**
 * The Receiving order search in one statement (issue 13): session check, the customer's
 * existence and the user's link to it (admins: every customer; both the access repository's rules), then the local search, which runs
 * only when all of that holds and the customer's orders are local. One snapshot, one round trip.
 */
export function orderSearchCheckedQuery(check: SearchCheck, search: string, limit: number): SQL {
  const pattern = containsPattern(search);
  const live = sql`${`{${check.liveSources.map((s) => `"${s.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]`;
  return sql`
    WITH me AS MATERIALIZED (${sessionCallerSql(check.tokenHash, check.now)}),
    c AS MATERIALIZED (SELECT id, order_source FROM customers WHERE id = ${check.customerId}),
    ok AS MATERIALIZED (
      SELECT EXISTS (SELECT 1 FROM me) AS authed,
             EXISTS (SELECT 1 FROM me WHERE me.is_brand) AS brand,
             EXISTS (SELECT 1 FROM c) AS known,
             EXISTS (SELECT 1 FROM me JOIN c ON true WHERE ${mayReceiveForCustomerSql('me', sql`c.id`)}) AS allowed,
             (SELECT order_source FROM c) AS order_source)
    SELECT ok.authed, ok.brand, ok.known, ok.allowed, ok.order_source AS customer_order_source, x.*
    FROM ok
    LEFT JOIN (
      SELECT ${SEARCH_COLUMNS} FROM orders
      WHERE customer_id = ${check.customerId} AND ${REFERENCES} LIKE ${pattern}
        AND (SELECT authed AND allowed AND order_source <> ALL(${live}) FROM ok)
      ORDER BY created_at DESC, id DESC
      LIMIT ${sql.raw(String(Math.trunc(limit)))}
    ) x ON true
    ORDER BY x.created_at DESC, x.id DESC`;
}

const toResult = (r: SearchRow): OrderSearchResult => ({
  id: Number(r.id),
  source: r.source,
  order_status: r.order_status,
  delivery_name_1: r.delivery_name_1,
  delivery_name_2: r.delivery_name_2,
  delivery_contact: r.delivery_contact,
  reference_1: r.delivery_number,
  reference_2: r.order_number,
  reference_3: r.web_order_number,
  reference_4: r.buyer_reference,
  created_at: new Date(r.created_at).toISOString(),
});

export function createOrderSearchRepository(db: DbOrTx) {
  return {
    /** The search with its own access check, as a prepared statement on node-postgres. */
    async checkedSearch(check: SearchCheck, search: string, limit: number): Promise<CheckedSearch> {
      type Row = Partial<SearchRow> & {
        authed: boolean;
        brand: boolean;
        known: boolean;
        allowed: boolean;
        customer_order_source: string | null;
      };
      const rows = await preparedRows<Row>(db, 'order_search', orderSearchCheckedQuery(check, search, limit));
      const first = rows[0]!;
      return {
        authed: first.authed,
        brand: first.brand,
        known: first.known,
        allowed: first.allowed,
        orderSource: first.customer_order_source,
        rows: rows.filter((r) => r.id !== null && r.id !== undefined).map((r) => toResult(r as SearchRow)),
      };
    },

    async search(customerId: number, search: string, field: SearchField | null, limit: number): Promise<OrderSearchResult[]> {
      const rows = await queryRows<SearchRow>(db, orderSearchQuery(customerId, search, field, limit));
      return rows.map(toResult);
    },
  };
}
export type OrderSearchRepository = ReturnType<typeof createOrderSearchRepository>;
