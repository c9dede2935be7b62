import { z } from 'zod';
import { LIMITS } from './constants.js';
import { MAX_ID, pageOf, text } from './common.js';

export const HISTORY_MSG = {
  idInvalid: 'Return ID must be a number',
  referenceTooShort: `Enter at least ${LIMITS.searchMinLength} characters to search a reference`,
  customerInvalid: 'Customer must be All or a customer id',
  blindInvalid: 'Blind must be All, 1 or 0',
  pageInvalid: 'Invalid page',
} as const;

/** The blind select of SPEC §2.9 and the values the query string carries. */
export const BLIND_FILTERS = [
  { value: 'All', label: 'All' },
  { value: '1', label: 'Blind Only' },
  { value: '0', label: 'Non-Blind Only' },
] as const;

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const allMeansNone = (v: unknown) => (v === undefined || v === '' || v === 'All' ? undefined : v);

/** A reference search: case-insensitive substring, at least 3 characters (decisions.md "History"). */
const referenceSearch = z.preprocess(
  blank,
  text()
    .trim()
    .min(LIMITS.searchMinLength, { error: HISTORY_MSG.referenceTooShort })
    .max(100, { error: 'At most 100 characters' })
    .optional(),
);

/**
 * GET /api/returns query (SPEC §2.9, §7). The keys are the literal bracketed names the SPA puts in
 * the query string (`search[id]=12&filter[is_blind]=1`), so shared links stay readable.
 */
export const historyQuery = z.strictObject({
  page: z.preprocess(
    blank,
    z.coerce
      .number({ error: HISTORY_MSG.pageInvalid })
      .int({ error: HISTORY_MSG.pageInvalid })
      .min(1, { error: HISTORY_MSG.pageInvalid })
      .max(1_000_000, { error: HISTORY_MSG.pageInvalid })
      .default(1),
  ),
  // A leading '#' is tolerated: people copy 'Return #123' from the Return View.
  'search[id]': z.preprocess(
    (v) => (typeof v === 'string' ? blank(v.trim().replace(/^#/, '')) : v),
    z.coerce
      .number({ error: HISTORY_MSG.idInvalid })
      .int({ error: HISTORY_MSG.idInvalid })
      .positive({ error: HISTORY_MSG.idInvalid })
      .max(MAX_ID, { error: HISTORY_MSG.idInvalid })
      .optional(),
  ),
  'search[delivery_number]': referenceSearch,
  'search[order_number]': referenceSearch,
  'search[web_order_number]': referenceSearch,
  'filter[customer_id]': z.preprocess(
    allMeansNone,
    z.coerce
      .number({ error: HISTORY_MSG.customerInvalid })
      .int({ error: HISTORY_MSG.customerInvalid })
      .positive({ error: HISTORY_MSG.customerInvalid })
      .max(MAX_ID, { error: HISTORY_MSG.customerInvalid })
      .optional(),
  ),
  'filter[is_blind]': z.preprocess(
    allMeansNone,
    z
      .enum(['1', '0', 'true', 'false'], { error: HISTORY_MSG.blindInvalid })
      .transform((v) => v === '1' || v === 'true')
      .optional(),
  ),
});
export type HistoryQuery = z.infer<typeof historyQuery>;

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
  username: z.string(),
  created_at: z.string(),
});
export type HistoryRow = z.infer<typeof historyRow>;

/** SPEC §3 "History page". */
export const historyPage = pageOf(historyRow);
export type HistoryPage = z.infer<typeof historyPage>;
