import { z } from 'zod';
import { LEDGER_CONDITIONS, LIMITS } from './constants.js';
import { id, isoDate, text } from './common.js';
import { DISPOSITION_MSG, LINE_DISCREPANCIES } from './dispositions.js';
import { MSG, QUANTITY_MSG } from './messages.js';
import { inspectionLineFields } from './inspection.js';
import { ledgerEntry } from './orders.js';
import { photoIds } from './photos.js';

/** Two underscores plus 6 alphanumerics (SPEC §9): the id of anything not saved yet. */
export const TEMP_ID_PATTERN = /^__[A-Za-z0-9]{6}$/;

export const RETURN_MSG = {
  draftIdInvalid: 'The draft id must be two underscores and 6 letters or digits',
  ledgersRequired: 'Add at least one return line',
  conditionInvalid: `Condition must be one of ${LEDGER_CONDITIONS.join(', ')}`,
  reasonRequired: 'Reason is required',
  reasonUnknown: "Reason is not one of this customer's reasons",
  lineNotInOrder: 'The line does not belong to this order',
  productNotOnLine: 'The product is not the product of that line',
  notBlind: 'An order-based return cannot be blind',
  draftReused: 'This draft was already submitted for another order',
} as const;

/** Optional free text: trimmed, bounded, null or missing become ''. */
export const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .nullish()
    .transform((v) => v ?? '');

/**
 * The quantity of one entry: a whole number from 1 to 9,999 (issue 28). Below 1 is SPEC §5's 'Quantity
 * is required'; a negative number says so itself (a '−3' is a slip of the keyboard, not a count).
 */
export const entryQuantity = () =>
  z.coerce
    .number({ error: MSG.quantityRequired })
    .int({ error: MSG.quantityRequired })
    .min(LIMITS.minLedgerQuantity, {
      error: (issue) => (typeof issue.input === 'number' && issue.input < 0 ? QUANTITY_MSG.negative : MSG.quantityRequired),
    })
    .max(LIMITS.maxEntryQuantity, { error: QUANTITY_MSG.tooLarge });

/** What every new return line carries, order-based or blind. */
export const newLedgerFields = {
  product_id: id(),
  quantity: entryQuantity(),
  condition: z.enum(LEDGER_CONDITIONS, { error: RETURN_MSG.conditionInvalid }),
  reason: text(RETURN_MSG.reasonRequired).trim().min(1, { error: RETURN_MSG.reasonRequired }).max(100),
  comment: optionalText(500),
  /** Photos of this line, uploaded while the draft was open (issue 16). */
  photo_ids: photoIds,
  /**
   * The customer's disposition code (issue 16). Left out: the customer's default for the condition;
   * null or '': none.
   */
  disposition: text()
    .trim()
    .max(50, { error: 'At most 50 characters' })
    .nullish()
    .transform((v) => (v === '' ? null : v)),
  /** The bin (scanned or typed) of a disposition that requires a location (Restock). */
  location: optionalText(100),
  /** Issue 27: the grade, the answers to the rule's steps (in its order), the serial; checked against the product's rule. */
  ...inspectionLineFields,
};

/**
 * One new ledger entry of the draft. A line of the order has its `order_line_id`; a discrepancy
 * (issue 16) may have none: a WRONG_ITEM is a product of the customer that is not on the order (with
 * the order line it came instead of, when known), an EXTRA_ITEM is more than ordered (with its line)
 * or a product of another order (without).
 */
export const draftLedger = z.object({
  order_line_id: id().optional(),
  ...newLedgerFields,
  discrepancy: z.enum(LINE_DISCREPANCIES, { error: DISPOSITION_MSG.discrepancyInvalid }).nullish(),
  replaces_order_line_id: id().nullish(),
});

/** An order line confirmed missing from the parcel (issue 16). */
export const missingLine = z.object({
  order_line_id: id(),
  quantity: entryQuantity(),
});
export type MissingLine = z.infer<typeof missingLine>;
export type DraftLedger = z.infer<typeof draftLedger>;

/** POST /api/returns: the return being processed (SPEC §3 draft). Extra draft fields are ignored. */
export const submitReturnBody = z.object({
  id: text(RETURN_MSG.draftIdInvalid).regex(TEMP_ID_PATTERN, { error: RETURN_MSG.draftIdInvalid }),
  customer_id: id(),
  order_id: id(),
  reference_1: optionalText(100),
  reference_2: optionalText(100),
  return_date: isoDate(MSG.invalidDate),
  is_blind: z.literal(false, { error: RETURN_MSG.notBlind }).default(false),
  /** The unknown parcel matched to this order (issue 11); the submit closes it. */
  parcel_id: id('Invalid parcel').nullish(),
  /** The expected return (pre-advice, issue 26) whose label was scanned; the save marks it received. */
  expected_return_id: id('Invalid expected return').nullish(),
  return_ledgers: z
    .array(draftLedger, { error: RETURN_MSG.ledgersRequired })
    .min(1, { error: RETURN_MSG.ledgersRequired })
    .max(LIMITS.maxLedgersPerReturn, { error: `At most ${LIMITS.maxLedgersPerReturn} lines` }),
  /** Photos of the whole return: the parcel as it arrived, the label (issue 16). */
  photo_ids: photoIds,
  missing_lines: z
    .array(missingLine)
    .max(LIMITS.maxLedgersPerReturn, { error: `At most ${LIMITS.maxLedgersPerReturn} lines` })
    .default([]),
});
export type SubmitReturnBody = z.infer<typeof submitReturnBody>;

/** The saved return as the submit answers it; the client appends it and its ledgers to the order. */
export const createdReturn = z.object({
  id: z.number().int(),
  order_id: z.number().int().nullable(),
  customer_id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  reference_1: z.string().nullable(),
  reference_2: z.string().nullable(),
  return_date: z.string(),
  is_blind: z.boolean(),
  created_at: z.string(),
  has_discrepancies: z.boolean(),
  ledgers: z.array(ledgerEntry),
  missing_lines: z.array(
    z.object({ id: z.number().int(), order_line_id: z.number().int(), product_id: z.number().int(), quantity: z.number().int() }),
  ),
});
export type CreatedReturn = z.infer<typeof createdReturn>;
