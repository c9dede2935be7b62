import { z } from 'zod';
import { LIMITS } from './constants.js';
import { blankOr, id, isoDate, MAX_ID, pageOf, text } from './common.js';
import { LEDGER_CONDITIONS } from './constants.js';
import { trackingNumber } from './parcels.js';
import { LINE_DISCREPANCIES } from './dispositions.js';
import { REPORT_HEADINGS_CHOICES, REPORT_HEADINGS_INVALID } from './reports.js';
import { GRADES, type Grade } from './inspection-rules.js';

/** A return's discrepancy kinds the History can filter by (issue 12's dashboard tile links to them). */
export const DISCREPANCY_KINDS = ['MISSING', ...LINE_DISCREPANCIES] as const;
export type DiscrepancyKind = (typeof DISCREPANCY_KINDS)[number];

export const HISTORY_MSG = {
  awaitingInvalid: 'Awaiting decision must be All, 1 or 0',
  idInvalid: 'Return ID must be a number',
  referenceTooShort: `Enter at least ${LIMITS.searchMinLength} characters to search a reference`,
  customerInvalid: 'Customer must be All or a customer id',
  blindInvalid: 'Blind must be All, 1 or 0',
  discrepancyInvalid: 'Discrepancies must be All, 1 or 0',
  pageInvalid: 'Invalid page',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  rangeOrder: 'The from date must not be after the to date',
  reasonInvalid: 'Reason must be a reason code (at most 100 characters)',
  conditionInvalid: `Condition must be one of ${LEDGER_CONDITIONS.join(', ')}`,
  userInvalid: 'Operator must be a user id',
  photosInvalid: 'Photos must be All, 1 or 0',
  dispositionInvalid: 'Disposition must be a disposition code (at most 50 characters)',
  discrepancyKindInvalid: `Discrepancy must be All or one of ${DISCREPANCY_KINDS.join(', ')}`,
  gradeInvalid: `Grade must be All or one of ${GRADES.join(', ')}`,
  formatInvalid: 'Format must be csv or xlsx',
  cursorInvalid: 'Invalid cursor: use the next_cursor of the page before',
} as const;

/** A history cursor: the created_at (UTC, microseconds) and id of the last row of a page. */
const HISTORY_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)_(\d{1,10})$/;

export interface HistoryCursorKey {
  /** ISO 8601 in UTC with up to microseconds (PostgreSQL's precision). */
  createdAt: string;
  id: number;
}

export const formatHistoryCursor = (key: HistoryCursorKey) => `${key.createdAt}_${key.id}`;

/** The cursor's key, or undefined when it is not one (a date that does not exist, an id out of range). */
export function parseHistoryCursor(value: string): HistoryCursorKey | undefined {
  const m = HISTORY_CURSOR.exec(value);
  if (!m) return undefined;
  const [, createdAt, id] = m as unknown as [string, string, string];
  const ms = Date.parse(createdAt);
  // Date.parse rolls 31 February over into March: the date must read back the same.
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 19) !== createdAt.slice(0, 19)) return undefined;
  if (Number(id) < 1 || Number(id) > 2_147_483_647) return undefined;
  return { createdAt, id: Number(id) };
}

/** The blind select of SPEC §2.9 and the values the query string carries. */
export const BLIND_FILTERS = [
  { value: 'All', label: 'All' },
  { value: '1', label: 'Blind Only' },
  { value: '0', label: 'Non-Blind Only' },
] as const;

/** Returns with or without discrepancies (issue 16). */
export const DISCREPANCY_FILTERS = [
  { value: 'All', label: 'All' },
  { value: '1', label: 'With discrepancies' },
  { value: '0', label: 'Without discrepancies' },
] as const;

/** The SPA sends every field, empty ones as ''; '' (and 'All' in the selects) means no filter. */
const noFilter = <T>(v: T | '' | 'All' | undefined): T | undefined => (v === '' || v === 'All' ? undefined : v);

/** A reference search: case-insensitive substring, at least 3 characters (decisions.md "History"). */
const referenceSearch = blankOr(
  text().trim().min(LIMITS.searchMinLength, { error: HISTORY_MSG.referenceTooShort }).max(100, { error: 'At most 100 characters' }),
)
  .optional()
  .transform(noFilter<string>);

/** A yes/no filter: 1/true or 0/false; '' or All for no filter. */
const flagFilter = (message: string) =>
  z
    .enum(['All', '', '1', '0', 'true', 'false'], { error: message })
    .optional()
    .transform((v) => (v === undefined || v === '' || v === 'All' ? undefined : v === '1' || v === 'true'));

const createdDay = z
  .union([z.literal(''), isoDate(HISTORY_MSG.dateInvalid)], { error: HISTORY_MSG.dateInvalid })
  .optional()
  .transform((v) => v || undefined);

/**
 * Filters the dashboard's tiles link to (issue 12), beyond SPEC §2.9's: the UTC day the return was
 * saved (from, to), a reason code or condition of one of its lines, the operator who saved it, with
 * or without photos, a disposition code of one of its lines, one kind of discrepancy.
 */
const insightFilters = {
  'filter[from]': createdDay,
  'filter[to]': createdDay,
  'filter[reason]': blankOr(text(HISTORY_MSG.reasonInvalid).trim().max(100, { error: HISTORY_MSG.reasonInvalid }))
    .optional()
    .transform(noFilter<string>),
  'filter[condition]': z
    .enum(['', 'All', ...LEDGER_CONDITIONS], { error: HISTORY_MSG.conditionInvalid })
    .optional()
    .transform(noFilter<string>),
  'filter[user_id]': z
    .union([z.enum(['All', '']), id(HISTORY_MSG.userInvalid)], { error: HISTORY_MSG.userInvalid })
    .optional()
    .transform(noFilter<number>),
  'filter[has_photos]': flagFilter(HISTORY_MSG.photosInvalid),
  'filter[disposition]': blankOr(text(HISTORY_MSG.dispositionInvalid).trim().max(50, { error: HISTORY_MSG.dispositionInvalid }))
    .optional()
    .transform(noFilter<string>),
  'filter[discrepancy]': z
    .enum(['All', '', ...DISCREPANCY_KINDS], { error: HISTORY_MSG.discrepancyKindInvalid })
    .optional()
    .transform(noFilter<DiscrepancyKind>),
  /** A line of the return has this grade (issue 27). */
  'filter[grade]': z
    .enum(['All', '', ...GRADES], { error: HISTORY_MSG.gradeInvalid })
    .optional()
    .transform(noFilter<Grade>),
};

const fromNotAfterTo = (q: { 'filter[from]'?: string; 'filter[to]'?: string }) =>
  !q['filter[from]'] || !q['filter[to]'] || q['filter[from]'] <= q['filter[to]'];

/**
 * GET /api/returns query (SPEC §2.9, §7). The keys are the literal bracketed names the SPA puts in
 * the query string (`search[id]=12&filter[is_blind]=1`), so shared links stay readable. Unknown
 * keys are refused, and every accepted form ('' for none, 'All', '#12') is in the schema, so the
 * OpenAPI document says exactly what the server takes.
 */
const historyShape = {
  page: z
    .union(
      [
        z.literal(''),
        z.coerce
          .number({ error: HISTORY_MSG.pageInvalid })
          .int({ error: HISTORY_MSG.pageInvalid })
          .min(1, { error: HISTORY_MSG.pageInvalid })
          .max(1_000_000, { error: HISTORY_MSG.pageInvalid }),
      ],
      { error: HISTORY_MSG.pageInvalid },
    )
    .optional()
    .transform((v) => noFilter(v) ?? 1),
  /**
   * Keyset paging (issue 29), an addition to SPEC §3: the `next_cursor` of the page before. With it
   * the page is the rows after that one (newest first), found by an index seek on (created_at, id)
   * instead of skipping (page − 1) × 30 rows, so a deep page costs what page 1 costs. `page` is
   * still sent (the page it will be) and answered as on_page; totals are exact as ever.
   */
  cursor: z
    .union([z.literal(''), text(HISTORY_MSG.cursorInvalid).regex(HISTORY_CURSOR, { error: HISTORY_MSG.cursorInvalid })], {
      error: HISTORY_MSG.cursorInvalid,
    })
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const cursor = parseHistoryCursor(v);
      if (!cursor) ctx.addIssue({ code: 'custom', message: HISTORY_MSG.cursorInvalid });
      return cursor;
    }),
  // A leading '#' is tolerated: people copy 'Return #123' from the Return View.
  'search[id]': z
    .union(
      [
        z.literal(''),
        text(HISTORY_MSG.idInvalid)
          .trim()
          .regex(/^#?\d{1,10}$/, { error: HISTORY_MSG.idInvalid })
          .transform((v) => Number(v.replace(/^#/, '')))
          .pipe(z.number().int().min(1, { error: HISTORY_MSG.idInvalid }).max(MAX_ID, { error: HISTORY_MSG.idInvalid })),
      ],
      { error: HISTORY_MSG.idInvalid },
    )
    .optional()
    .transform(noFilter<number>),
  'search[delivery_number]': referenceSearch,
  'search[order_number]': referenceSearch,
  'search[web_order_number]': referenceSearch,
  /** The carrier tracking number a return arrived with (issue 11): exact, any case, spaces ignored. */
  'search[tracking_number]': blankOr(trackingNumber)
    .optional()
    .transform(noFilter<string>),
  'filter[customer_id]': z
    .union([z.enum(['All', '']), id(HISTORY_MSG.customerInvalid)], { error: HISTORY_MSG.customerInvalid })
    .optional()
    .transform(noFilter<number>),
  'filter[is_blind]': flagFilter(HISTORY_MSG.blindInvalid),
  ...insightFilters,
  'filter[has_discrepancies]': flagFilter(HISTORY_MSG.discrepancyInvalid),
  /** Returns with lines awaiting the brand's decision (issue 25): 1, 0 or All. */
  'filter[awaiting_decision]': flagFilter(HISTORY_MSG.awaitingInvalid),
};
export const historyQuery = z.strictObject(historyShape).refine(fromNotAfterTo, { error: HISTORY_MSG.rangeOrder, path: ['filter[to]'] });
export type HistoryQuery = z.infer<typeof historyQuery>;

/**
 * GET /api/returns/download query: History's filters (no page), the file format and, as the report's
 * request has them, the column headings: 'user' (the default) in the asker's language, 'en' for machines.
 */
const { page: _page, cursor: _cursor, ...downloadShape } = historyShape;
export const historyDownloadQuery = z
  .strictObject({
    ...downloadShape,
    format: z.enum(['csv', 'xlsx'], { error: HISTORY_MSG.formatInvalid }),
    headings: z.enum(REPORT_HEADINGS_CHOICES, { error: REPORT_HEADINGS_INVALID }).optional(),
  })
  .refine(fromNotAfterTo, { error: HISTORY_MSG.rangeOrder, path: ['filter[to]'] });
export type HistoryDownloadQuery = z.infer<typeof historyDownloadQuery>;

/** One row of the Return History table (SPEC §2.9 columns). */
export const historyRow = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  company: z.string(),
  order_id: z.number().int().nullable(),
  delivery_number: z.string().nullable(),
  order_number: z.string().nullable(),
  web_order_number: z.string().nullable(),
  reference_1: z.string().nullable(),
  reference_2: z.string().nullable(),
  return_date: z.string(),
  is_blind: z.boolean(),
  tracking_number: z.string().nullable(),
  /** A wrong or extra item, or a missing order line (issue 16). */
  has_discrepancies: z.boolean(),
  username: z.string(),
  created_at: z.string(),
  /** Photos of the return and its lines (issue 16): the row's camera mark. */
  photo_count: z.number().int(),
  /** 1 as submitted; 2… after corrections (issue 11): the row's 'corrected' marker. */
  version: z.number().int(),
  /** The grades of the return's lines (issue 27), in the scale's order; empty when no rule applied. */
  grades: z.array(z.enum(GRADES)),
  /** Lines waiting for the brand's decision (issue 25): the row's 'awaiting decision' mark. */
  awaiting_decisions: z.number().int(),
});
export type HistoryRow = z.infer<typeof historyRow>;

/**
 * SPEC §3 "History page", plus `next_cursor` (issue 29): send it as `cursor` with the next page
 * number to read that page by keyset; null on the last page. Optional in the type: only the
 * History route answers it.
 */
export const historyPage = pageOf(historyRow).extend({ next_cursor: z.string().nullable().optional() });
export type HistoryPage = z.infer<typeof historyPage>;
