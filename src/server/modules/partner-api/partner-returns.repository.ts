import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';

export interface PartnerReturnRow {
  id: number;
  customer_id: number;
  version: number;
  order_id: number | null;
  reference_1: string | null;
  reference_2: string | null;
  return_date: string;
  is_blind: boolean;
  tracking_number: string | null;
  has_discrepancies: boolean;
  created_at: Date | string;
  changed_at: Date | string;
}

/** The key-scoped returns list (issue 26): one customer's returns by last change, then id (returns_customer_changed_idx). */
export function createPartnerReturnsRepository(db: DbOrTx) {
  return {
    async page(
      customerId: number,
      after: { changedAt: Date; id: number } | null,
      since: Date | null,
      limit: number,
    ): Promise<PartnerReturnRow[]> {
      const changed = sql`coalesce(corrected_at, created_at)`;
      return queryRows<PartnerReturnRow>(
        db,
        sql`SELECT id, customer_id, version, order_id, reference_1, reference_2, to_char(return_date, 'YYYY-MM-DD') AS return_date,
                   is_blind, tracking_number, has_discrepancies, created_at, ${changed} AS changed_at
            FROM returns
            WHERE customer_id = ${customerId}
              ${since ? sql`AND ${changed} > ${since.toISOString()}::timestamptz` : sql``}
              ${after ? sql`AND (${changed}, id) > (${after.changedAt.toISOString()}::timestamptz, ${after.id})` : sql``}
            ORDER BY ${changed}, id
            LIMIT ${limit}`,
      );
    },

    async find(returnId: number): Promise<{ customerId: number; version: number } | undefined> {
      const [row] = await queryRows<{ customer_id: number; version: number }>(
        db,
        sql`SELECT customer_id, version FROM returns WHERE id = ${returnId}`,
      );
      return row && { customerId: Number(row.customer_id), version: Number(row.version) };
    },
  };
}
export type PartnerReturnsRepository = ReturnType<typeof createPartnerReturnsRepository>;
