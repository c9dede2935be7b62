import type { HistoryRow } from '../../../contract/history.js';
import { GRADES, type Grade } from '../../../contract/inspection-rules.js';

/** A History row as the statements return it (the drivers give bigints as strings, dates as either). */
export interface RawRow {
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

/** Where a keyset walk (a download, or History's next page) stands: the last row it read. */
export interface HistoryCursor {
  createdAt: string;
  id: number;
}

export type HistoryDownloadRow = HistoryRow & { units: number };

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

/** The cursor after a row that carries `created_key` (created_at in UTC to the microsecond, no zone). */
export const cursorAfter = (row: { id: number | string; created_key?: string }): HistoryCursor => ({
  createdAt: `${row.created_key}Z`,
  id: Number(row.id),
});

export function toHistoryRow(r: RawRow): HistoryRow {
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

/** A return's grades in the scale's order (the statement collects them DISTINCT, in no order). */
const sortGrades = (grades: string[]): Grade[] => GRADES.filter((g) => grades.includes(g));
