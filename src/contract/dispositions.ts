import { z } from 'zod';
import { LEDGER_CONDITIONS } from './constants.js';
import { id, requiredText } from './common.js';
import { MSG } from './messages.js';

/** Discrepancies a ledger line can be (issue 16); a missing order line is a list of its own. */
export const LINE_DISCREPANCIES = ['WRONG_ITEM', 'EXTRA_ITEM'] as const;
export type LineDiscrepancy = (typeof LINE_DISCREPANCIES)[number];
export const DISCREPANCY_LABELS = { MISSING: 'Missing', WRONG_ITEM: 'Wrong item', EXTRA_ITEM: 'Extra item' } as const;

export const DISPOSITION_MSG = {
  codeTaken: 'This code is already used by another disposition of this customer',
  conditionInvalid: `Conditions must be among ${LEDGER_CONDITIONS.join(', ')}`,
  unknown: "Disposition is not one of this customer's dispositions",
  locationRequired: 'Scan or type the bin: this disposition needs a location',
  locationNotTaken: 'Only a disposition with a location (Restock) takes a bin',
  discrepancyInvalid: `Discrepancy must be one of ${LINE_DISCREPANCIES.join(', ')}`,
  wrongItemOnOrder: 'This product is on the order: record it on its line, or as an extra item',
  wrongItemHasLine: 'A wrong item is not a line of the order',
  lineRequired: 'Order line is required',
  replacesOnlyWrong: 'Only a wrong item replaces an order line',
  productUnknown: 'The product is not a product of this customer',
  missingTwice: 'This order line is marked missing twice',
  missingTooMany: 'More units missing than the order line has',
} as const;

/** A disposition as the screens and the drawer see it. */
export const dispositionView = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  requires_location: z.boolean(),
  /** The conditions this disposition is the default for. */
  default_for: z.array(z.enum(LEDGER_CONDITIONS)),
});
export type DispositionView = z.infer<typeof dispositionView>;

/** POST/PUT /api/su/customers/{id}/dispositions[/{dispId}]. */
export const dispositionBody = z.object({
  code: requiredText(MSG.codeRequired, 50),
  name: requiredText(MSG.nameRequired, 100),
  requires_location: z.boolean().default(false),
  default_for: z
    .array(z.enum(LEDGER_CONDITIONS, { error: DISPOSITION_MSG.conditionInvalid }), { error: DISPOSITION_MSG.conditionInvalid })
    .max(LEDGER_CONDITIONS.length)
    .default([])
    .transform((list) => [...new Set(list)]),
});
export type DispositionBody = z.infer<typeof dispositionBody>;

export const dispositionParams = z.object({ id: id(), dispId: id() });

/** The default disposition code of a condition among a customer's dispositions, or null. */
export const defaultDisposition = (list: Pick<DispositionView, 'code' | 'default_for'>[], condition: string): string | null =>
  list.find((d) => (d.default_for as string[]).includes(condition))?.code ?? null;
