// Zod-free disposition rules shared by the server and the SPA (the receiving screen imports them
// without pulling zod into its chunks; dispositions.ts re-exports them beside the schemas).
import { LEDGER_CONDITIONS } from './constants.js';

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

/** The default disposition code of a condition among a customer's dispositions, or null. */
export const defaultDisposition = (list: { code: string; default_for: readonly string[] }[], condition: string): string | null =>
  list.find((d) => d.default_for.includes(condition))?.code ?? null;
