import { z } from 'zod';
import { LEDGER_CONDITIONS } from './constants.js';
import { id, requiredText } from './common.js';
import { DISPOSITION_MSG } from './disposition-rules.js';
import { MSG } from './messages.js';

export { defaultDisposition, DISCREPANCY_LABELS, DISPOSITION_MSG, LINE_DISCREPANCIES, type LineDiscrepancy } from './disposition-rules.js';

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
