import { eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { customers, users } from '../../db/schema/index.js';

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
  /** Issue 16: the disposition's text (its code when it no longer exists), the bin, the discrepancy. */
  disposition: string | null;
  location: string | null;
  /** WRONG_ITEM, EXTRA_ITEM, or MISSING for a row of an order line missing from the parcel. */
  discrepancy: string | null;
  /** Issue 27: the line's grade code, the customer's name for it (null: the default name), and its serial. */
  grade: string | null;
  grade_label: string | null;
  serial: string | null;
  /** The return's version (issue 11): 1 as submitted, 2… after corrections; the line is the current version's. */
  version: number;
  /** The line's photos, and the whole return's (the parcel, the label), in the order they were taken. */
  photo_ids: number[];
  return_photo_ids: number[];
  /** Their signed links, set by the report's builder (withReportPhotoLinks). */
  photo_links?: string[];
  return_photo_links?: string[];
}

/** Photo ids as one text (`12 15`): the same on PGlite and PostgreSQL, unlike arrays. */
const photoIdsOf = (where: ReturnType<typeof sql>) =>
  sql`(SELECT string_agg(ph.id::text, ' ' ORDER BY ph.uploaded_at, ph.id) FROM photos ph WHERE ${where})`;
const idList = (v: unknown): number[] => (typeof v === 'string' && v ? v.split(' ').map(Number) : []);

export function createReportsRepository(db: Db) {
  return {
    /** The language a user chose (null: none), for the mails sent on their behalf. */
    async userLanguage(username: string): Promise<string | null> {
      const [row] = await db
        .select({ language: users.language })
        .from(users)
        .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
        .limit(1);
      return row?.language ?? null;
    },

    async customerCompany(customerId: number): Promise<string | undefined> {
      const [row] = await db.select({ company: customers.company }).from(customers).where(eq(customers.id, customerId)).limit(1);
      return row?.company;
    },

    /**
     * The customer's ledger lines whose return date is in [from, to], at most `limit`, and a row per
     * order line confirmed missing (discrepancy MISSING, the missing units as quantity, no condition).
     */
    async lines(customerId: number, from: string, to: string, limit: number): Promise<ReportLine[]> {
      const rows = await queryRows<ReportLine & { created_at: string | Date; sort_date: unknown; sort_kind: unknown; sort_id: unknown }>(
        db,
        sql`
        SELECT r.id AS return_id, to_char(r.return_date, 'YYYY-MM-DD') AS return_date, r.created_at,
               o.order_number, o.delivery_number, o.web_order_number, r.reference_1, r.reference_2,
               p.sku, p.upc, p.name_1, l.quantity, l.condition, l.reason, opt.option_value AS reason_text,
               l.comment, r.username, r.is_blind, coalesce(d.name, l.disposition) AS disposition, l.location, l.discrepancy, r.version,
               l.grade, gs.label AS grade_label, l.serial,
               ${photoIdsOf(sql`ph.ledger_id = l.id`)} AS photo_ids,
               ${photoIdsOf(sql`ph.return_id = r.id AND ph.ledger_id IS NULL`)} AS return_photo_ids,
               r.return_date AS sort_date, 0 AS sort_kind, l.id AS sort_id
        FROM returns r
        JOIN return_ledgers l ON l.return_id = r.id
        JOIN products p ON p.id = l.product_id
        LEFT JOIN orders o ON o.id = r.order_id
        LEFT JOIN options opt ON opt.customer_id = r.customer_id AND opt.option_type = 'Reason' AND opt.option_code = l.reason
        LEFT JOIN dispositions d ON d.customer_id = r.customer_id AND d.code = l.disposition
        LEFT JOIN grade_scales gs ON gs.customer_id = r.customer_id AND gs.grade = l.grade
        WHERE r.customer_id = ${customerId} AND r.return_date BETWEEN ${from}::date AND ${to}::date
        UNION ALL
        SELECT r.id, to_char(r.return_date, 'YYYY-MM-DD'), r.created_at,
               o.order_number, o.delivery_number, o.web_order_number, r.reference_1, r.reference_2,
               p.sku, p.upc, p.name_1, m.quantity, '', '', NULL, NULL, r.username, r.is_blind, NULL, NULL, 'MISSING', r.version,
               NULL, NULL, NULL,
               NULL, ${photoIdsOf(sql`ph.return_id = r.id AND ph.ledger_id IS NULL`)},
               r.return_date, 1, m.id
        FROM returns r
        JOIN return_missing_lines m ON m.return_id = r.id
        JOIN products p ON p.id = m.product_id
        LEFT JOIN orders o ON o.id = r.order_id
        WHERE r.customer_id = ${customerId} AND r.return_date BETWEEN ${from}::date AND ${to}::date
        ORDER BY sort_date, return_id, sort_kind, sort_id
        LIMIT ${limit}`,
      );
      return rows.map(({ sort_date: _d, sort_kind: _k, sort_id: _i, ...r }) => ({
        ...r,
        return_id: Number(r.return_id),
        quantity: Number(r.quantity),
        version: Number(r.version),
        created_at: new Date(r.created_at).toISOString(),
        photo_ids: idList(r.photo_ids),
        return_photo_ids: idList(r.return_photo_ids),
      }));
    },
  };
}
export type ReportsRepository = ReturnType<typeof createReportsRepository>;
