// Display labels of fixed values on the Receiving and Blind Return screens (issue 24). The values
// themselves (condition names, discrepancy codes) are data sent to the API and stay as they are;
// only what a person reads is translated.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LEDGER_CONDITIONS } from '../../../contract/constants';

const CONDITION_LABELS: Record<string, MessageDescriptor> = {
  Pristine: msg`Pristine`,
  Reconditioning: msg`Reconditioning`,
  Scrap: msg`Scrap`,
  Secondhand: msg`Secondhand`,
};

const DISCREPANCY_LABELS: Record<string, MessageDescriptor> = {
  MISSING: msg`Missing`,
  WRONG_ITEM: msg`Wrong item`,
  EXTRA_ITEM: msg`Extra item`,
};

// The two order statuses the screen knows (SPEC §3); a source system's other statuses are shown as sent.
const ORDER_STATUS_LABELS: Record<string, MessageDescriptor> = {
  New: msg`New`,
  'Return Created': msg`Return Created`,
};

/** An order's status as a person reads it. */
export function orderStatusLabel(i18n: I18n, status: string | null | undefined): string {
  if (!status) return '';
  const label = ORDER_STATUS_LABELS[status];
  return label ? i18n._(label) : status;
}

/** A condition as a person reads it; a value the screen does not know is shown as it is. */
export function conditionLabel(i18n: I18n, condition: string): string {
  const label = CONDITION_LABELS[condition];
  return label ? i18n._(label) : condition;
}

/** The condition choices of a select: the API's value, the reader's label. */
export const conditionOptions = (i18n: I18n) => LEDGER_CONDITIONS.map((value) => ({ value, label: conditionLabel(i18n, value) }));

/** A photo thumbnail's text: 'Photo 2 of NW-CAP-BLK-OS' (n counts from 1). */
export function photoAlt(i18n: I18n, n: number, sku: string): string {
  return i18n._(msg`Photo ${n} of ${sku}`);
}

/** A discrepancy code (MISSING, WRONG_ITEM, EXTRA_ITEM) as a person reads it. */
export function discrepancyLabel(i18n: I18n, kind: string): string {
  const label = DISCREPANCY_LABELS[kind];
  return label ? i18n._(label) : kind;
}
