import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { customers } from '../../db/schema/index.js';

/** One line of the return report: a ledger line with its return, order and product. */
export interface ReportLine {
  return_id: number;
  return_date: string;
  created_at: string;
  order_number: string | null;
  delivery_number: string | null;
  web_order_number: string | null;
  reference_1: string | null;
  reference_2: string | null;
  sku: string;
  upc: string | null;
  name_1: string;
  quantity: number;
  condition: string;
  reason: string;
  reason_text: string | null;
  comment: string | null;
  username: string;
  is_blind: boolean;
}

export function createReportsRepository(db: Db) {
  return {
    async customerCompany(customerId: number): Promise<string | undefined> {
      const [row] = await db.select({ company: customers.company }).from(customers).where(eq(customers.id, customerId)).limit(1);
      return row?.company;
    },

    /** The customer's ledger lines whose return date is in [from, to], at most `limit`. */
    async lines(customerId: number, from: string, to: string, limit: number): Promise<ReportLine[]> {
      const rows = await queryRows<ReportLine & { created_at: string | Date }>(
        db,
        sql`
        SELECT r.id AS return_id, to_char(r.return_date, 'YYYY-MM-DD') AS return_date, r.created_at,
               o.order_number, o.delivery_number, o.web_order_number, r.reference_1, r.reference_2,
               p.sku, p.upc, p.name_1, l.quantity, l.condition, l.reason, opt.option_value AS reason_text,
               l.comment, r.username, r.is_blind
        FROM returns r
        JOIN return_ledgers l ON l.return_id = r.id
        JOIN products p ON p.id = l.product_id
        LEFT JOIN orders o ON o.id = r.order_id
        LEFT JOIN options opt ON opt.customer_id = r.customer_id AND opt.option_type = 'Reason' AND opt.option_code = l.reason
        WHERE r.customer_id = ${customerId} AND r.return_date BETWEEN ${from}::date AND ${to}::date
        ORDER BY r.return_date, r.id, l.id
        LIMIT ${limit}`,
      );
      return rows.map((r) => ({
        ...r,
        return_id: Number(r.return_id),
        quantity: Number(r.quantity),
        created_at: new Date(r.created_at).toISOString(),
      }));
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
