// Display labels of the fixed values History and Return View show (issue 24). The API values stay
// English codes; people read these, translated where rendered (`i18n._(CONDITION_LABEL[c])`).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { DEFAULT_GRADE_SCALE } from '../../../contract/inspection-rules';

/** The spec's condition names (LEDGER_CONDITIONS, and Secondhand of older data). */
export const CONDITION_LABEL: Record<string, MessageDescriptor> = {
  Pristine: msg`Pristine`,
  Reconditioning: msg`Reconditioning`,
  Scrap: msg`Scrap`,
  Secondhand: msg`Secondhand`,
};

/** Issue 16's kinds of discrepancy (DISCREPANCY_LABELS of the contract). */
export const DISCREPANCY_LABEL: Record<string, MessageDescriptor> = {
  MISSING: msg`Missing`,
  WRONG_ITEM: msg`Wrong item`,
  EXTRA_ITEM: msg`Extra item`,
};

/** Issue 27's grades (codes fixed; a customer's own names are on the Return View). */
export const GRADE_LABEL: Record<string, MessageDescriptor> = {
  A: msg`Grade A`,
  B: msg`Grade B`,
  C: msg`Grade C`,
  D: msg`Grade D`,
  WRONG_ITEM: msg({ message: 'Wrong item', context: 'grade' }),
  MISSING: msg({ message: 'Missing', context: 'grade' }),
  NOT_RETURNABLE: msg`Not returnable`,
};

/**
 * A grade by the customer's name for it (Return View): a grade the customer has not renamed reads as
 * History shows it ("Grade A", translated); a renamed one reads as the customer wrote it.
 */
export function gradeName(grade: string, customerLabel: string | null, translate: (d: MessageDescriptor) => string): string {
  const standard = DEFAULT_GRADE_SCALE.find((g) => g.grade === grade)?.label;
  if (!customerLabel || customerLabel === standard || customerLabel === grade) return labelOf(GRADE_LABEL, grade, translate);
  return customerLabel;
}

/** The options of BLIND_FILTERS and DISCREPANCY_FILTERS, by value. */
export const BLIND_FILTER_LABEL: Record<string, MessageDescriptor> = {
  All: msg({ message: 'All', context: 'returns' }),
  '1': msg`Blind Only`,
  '0': msg`Non-Blind Only`,
};
export const DISCREPANCY_FILTER_LABEL: Record<string, MessageDescriptor> = {
  All: msg({ message: 'All', context: 'returns' }),
  '1': msg`With discrepancies`,
  '0': msg`Without discrepancies`,
};

/** A label of the map, or the value itself when it has none (a code this build does not know). */
export function labelOf(map: Record<string, MessageDescriptor>, value: string, translate: (d: MessageDescriptor) => string): string {
  const d = map[value];
  return d ? translate(d) : value;
}

/** Issue 25's filter: returns with lines waiting for the brand's decision. */
export const AWAITING_FILTER_LABEL: Record<string, MessageDescriptor> = {
  All: msg({ message: 'All', context: 'returns' }),
  '1': msg`Awaiting decision`,
  '0': msg`Nothing awaiting`,
};
