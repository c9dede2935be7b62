import { z } from 'zod';
import { LEDGER_CONDITIONS, LIMITS } from './constants.js';
import { id, text } from './common.js';
import { MSG } from './messages.js';
import { missingLine, optionalText, RETURN_MSG } from './returns.js';

/** Texts of the correction refusals (422 / 409); the SPA shows them as the server sends them. */
export const CORRECTION_MSG = {
  commentRequired: 'A comment is required: say why the return is corrected',
  versionRequired: 'The version of the return you corrected is required',
  changed: 'The return changed since you opened it: another correction was saved. Reload the return and correct it again.',
  nothingChanged: 'The correction changes nothing',
  lineUnknown: 'This line is not a line of this return',
  lineTwice: 'This line is listed twice',
  productRequired: 'A new line needs a product',
  orderLineRequired: 'A new line needs the order line it returns',
  productFixed: 'The product of a line cannot change: remove the line and add another',
  productUnknown: "The product is not one of this customer's products",
  missingOnBlind: 'A blind return has no order lines to be missing',
  negative: (sku: string, count: number) => `The received count of ${sku} would be ${count}: a received count cannot be negative`,
} as const;

/**
 * One line of the corrected return. With `id`: that line of the return, kept (its fields as given).
 * Without: a new line (`product_id`, and `order_line_id` for an order-based return). A line of the
 * return that the list does not name is removed. Quantities are checked by the service (a negative
 * one is named by the received count it would break), so the schema only bounds them.
 */
export const correctionLine = z.object({
  id: id().optional(),
  order_line_id: id().nullish(),
  product_id: id().optional(),
  quantity: z.coerce
    .number({ error: MSG.quantityRequired })
    .int({ error: MSG.quantityRequired })
    .min(-LIMITS.maxLedgerQuantity, { error: MSG.quantityRequired })
    .max(LIMITS.maxLedgerQuantity, { error: `At most ${LIMITS.maxLedgerQuantity}` }),
  condition: z.enum(LEDGER_CONDITIONS, { error: RETURN_MSG.conditionInvalid }),
  reason: text(RETURN_MSG.reasonRequired).trim().min(1, { error: RETURN_MSG.reasonRequired }).max(100),
  comment: optionalText(500),
  /**
   * The customer's disposition code (issue 16). Left out: unchanged on a kept line, the condition's
   * default on a new line (as at receiving); null or '': none.
   */
  disposition: text()
    .trim()
    .max(50, { error: 'At most 50 characters' })
    .nullish()
    .transform((v) => (v === '' ? null : v)),
  /**
   * The bin of a disposition that requires a location (Restock). Left out on a kept line: its bin
   * while its disposition still takes one; null or '': none.
   */
  location: text()
    .trim()
    .max(100, { error: 'At most 100 characters' })
    .nullish()
    .transform((v) => (v === '' ? null : v)),
});
export type CorrectionLine = z.infer<typeof correctionLine>;

/** POST /api/su/returns/{returnId}/corrections: the whole corrected return, the version it was read at, and why. */
export const correctionBody = z.object({
  version: z.coerce.number({ error: CORRECTION_MSG.versionRequired }).int({ error: CORRECTION_MSG.versionRequired }).min(1).max(1_000_000),
  comment: text(CORRECTION_MSG.commentRequired)
    .trim()
    .min(1, { error: CORRECTION_MSG.commentRequired })
    .max(500, { error: 'At most 500 characters' }),
  lines: z
    .array(correctionLine, { error: RETURN_MSG.ledgersRequired })
    .min(1, { error: RETURN_MSG.ledgersRequired })
    .max(LIMITS.maxLedgersPerReturn, { error: `At most ${LIMITS.maxLedgersPerReturn} lines` }),
  /**
   * The order lines missing from the parcel (issue 16), as they should be: the whole list. Left out:
   * unchanged. Only an order-based return has them.
   */
  missing_lines: z
    .array(missingLine)
    .max(LIMITS.maxLedgersPerReturn, { error: `At most ${LIMITS.maxLedgersPerReturn} lines` })
    .optional(),
});
export type CorrectionBody = z.infer<typeof correctionBody>;
/** What a client sends (disposition and bin may be left out). */
export type CorrectionRequest = z.input<typeof correctionBody>;

export const correctionParams = z.object({ returnId: id() });

/** The fields a correction may change on a line, as the version list names them. */
export const CORRECTED_FIELDS = ['quantity', 'condition', 'reason', 'comment', 'disposition', 'location'] as const;
export type CorrectedField = (typeof CORRECTED_FIELDS)[number];

const scalar = z.union([z.string(), z.number(), z.null()]);

/** What one version changed on one line: before → after per field. */
export const versionLineChange = z.object({
  kind: z.enum(['added', 'removed', 'changed']),
  /** The ledger line's id (a removed line's id is gone from the return). */
  ledger_id: z.number().int(),
  sku: z.string(),
  name_1: z.string(),
  /**
   * What kind of line it is (issue 16): WRONG_ITEM or EXTRA_ITEM for such a ledger line, MISSING
   * for an order line missing from the parcel (then `ledger_id` is that missing line's id); null
   * for a line of the order as expected. Absent in versions saved before it was recorded.
   */
  discrepancy: z.string().nullable().optional(),
  fields: z.array(z.object({ field: z.string(), before: scalar, after: scalar })),
});
export type VersionLineChange = z.infer<typeof versionLineChange>;

/** One version of a return: 1 is the submitted return, 2… the corrections. */
export const returnVersion = z.object({
  version: z.number().int(),
  created_at: z.string(),
  username: z.string(),
  /** Why it was corrected; null for the submitted version. */
  comment: z.string().nullable(),
  changes: z.array(versionLineChange),
});
export type ReturnVersion = z.infer<typeof returnVersion>;
