import { sql, type SQL } from 'drizzle-orm';
import type { SearchField } from '../../../contract/constants.js';
import type { OrderSearchResult } from '../../../contract/orders.js';
import { queryRows, type DbOrTx } from '../../db/client.js';

/** LIKE treats % and _ as wildcards; the user's text must match literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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
  const pattern = `%${escapeLike(search.toLowerCase())}%`;
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

export function createOrderSearchRepository(db: DbOrTx) {
  return {
    async search(customerId: number, search: string, field: SearchField | null, limit: number): Promise<OrderSearchResult[]> {
      const rows = await queryRows<SearchRow>(db, orderSearchQuery(customerId, search, field, limit));
      return rows.map((r) => ({
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
      }));
    },
  };
}
export type OrderSearchRepository = ReturnType<typeof createOrderSearchRepository>;
