import { z } from 'zod';
import { LIMITS } from './constants.js';
import { customerSummary, id, isoDate, text } from './common.js';
import { MSG } from './messages.js';
import { product } from './orders.js';
import { photoIds } from './photos.js';
import { newLedgerFields, optionalText, RETURN_MSG, TEMP_ID_PATTERN } from './returns.js';

export const BLIND_MSG = {
  searchTooShort: `Enter at least ${LIMITS.searchMinLength} characters`,
  reference1Required: 'Reference 1 is required',
  draftIdInvalid: RETURN_MSG.draftIdInvalid,
  linesRequired: 'Add at least one product line',
  conditionInvalid: RETURN_MSG.conditionInvalid,
  reasonRequired: RETURN_MSG.reasonRequired,
  reasonUnknown: "Reason is not one of this customer's reasons",
  productUnknown: 'The product is not a product of this customer',
  blindNotEnabled: 'Blind returns are not enabled for this customer account',
  customerDisabled: 'This customer account is disabled',
} as const;

/** PUT /api/returns/products/{customerId} (SPEC §7): substring of sku, upc or name_1. */
export const productSearchBody = z.object({
  search: text(BLIND_MSG.searchTooShort)
    .trim()
    .min(LIMITS.searchMinLength, { error: BLIND_MSG.searchTooShort })
    .max(100, { error: 'At most 100 characters' }),
});
export type ProductSearchBody = z.infer<typeof productSearchBody>;

/** SPEC §3 Product (the same shape the order panel uses). */
export const productRow = product;
export type ProductRow = z.infer<typeof productRow>;

/** GET /api/returns/blind/{customerId}: what the Blind Return screen needs to start (an extra route). */
export const blindSetup = z.object({
  customer: customerSummary,
  reasons: z.array(z.object({ id: z.number().int(), option_code: z.string(), option_value: z.string() })),
});
export type BlindSetup = z.infer<typeof blindSetup>;

export const blindLedger = z.object(newLedgerFields);
export type BlindLedger = z.infer<typeof blindLedger>;

/**
 * PUT /api/returns/blind/{customerId} (SPEC §7). `id` is the draft's temporary id: the same user
 * sending the same draft twice (a double click, a retry after a lost answer) gets the first return back.
 */
export const blindReturnBody = z.object({
  id: text(BLIND_MSG.draftIdInvalid).regex(TEMP_ID_PATTERN, { error: BLIND_MSG.draftIdInvalid }).optional(),
  reference_1: text(BLIND_MSG.reference1Required)
    .trim()
    .min(1, { error: BLIND_MSG.reference1Required })
    .max(100, { error: 'At most 100 characters' }),
  reference_2: optionalText(100),
  return_date: isoDate(MSG.invalidDate),
  // Always a blind return on this route; the flag is accepted because the draft carries it.
  is_blind: z.boolean().optional(),
  /** The unknown parcel converted into this blind return (issue 11); the save closes it. */
  parcel_id: id('Invalid parcel').nullish(),
  /** The expected return (pre-advice, issue 26) whose label was scanned; the save marks it received. */
  expected_return_id: id('Invalid expected return').nullish(),
  return_ledgers: z
    .array(blindLedger, { error: BLIND_MSG.linesRequired })
    .min(1, { error: BLIND_MSG.linesRequired })
    .max(LIMITS.maxLedgersPerReturn, { error: `At most ${LIMITS.maxLedgersPerReturn} lines` }),
  /** Photos of the whole return: the parcel as it arrived, the label (issue 16). */
  photo_ids: photoIds,
});
export type BlindReturnBody = z.infer<typeof blindReturnBody>;

/** `to` is where the SPA goes next (replacing the history entry). */
export const blindReturnSaved = z.object({ to: z.string(), id: z.number().int() });
export type BlindReturnSaved = z.infer<typeof blindReturnSaved>;
