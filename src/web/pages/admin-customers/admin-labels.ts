// Display labels of the fixed values the admin screens show (the API keeps the English codes).
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { BillingEvent } from '../../../contract/billing';
import type { AccountStatus, LedgerCondition, TaskStatus } from '../../../contract/constants';

export const ACCOUNT_STATUS_LABELS: Record<AccountStatus, MessageDescriptor> = {
  Active: msg`Active`,
  Disabled: msg`Disabled`,
};

export const CONDITION_LABELS: Record<LedgerCondition, MessageDescriptor> = {
  Pristine: msg`Pristine`,
  Reconditioning: msg`Reconditioning`,
  Scrap: msg`Scrap`,
};

/** As TASK_STATUS_LABELS (contract/constants) words them. */
export const TASK_STATUS_LABELS: Record<TaskStatus, MessageDescriptor> = {
  Pending: msg`Pending`,
  Success: msg`Success`,
  Error: msg`Error`,
  'Log Only': msg`Log`,
  'Before Downloading': msg`Downloading`,
};

/** As BILLING_EVENT_LABELS (contract/billing) words them. */
export const BILLING_EVENT_LABELS: Record<BillingEvent, MessageDescriptor> = {
  return_received: msg`Return received`,
  unit_received: msg`Unit received`,
  photo_taken: msg`Photo taken`,
  discrepancy_recorded: msg`Discrepancy recorded`,
  parcel_handled: msg`Unknown parcel handled`,
  correction: msg`Correction`,
};

export const FREQUENCY_LABELS: Record<string, MessageDescriptor> = {
  Daily: msg`Daily`,
  Weekly: msg`Weekly`,
  Monthly: msg`Monthly`,
};

/** Monday first, as WEEKDAYS (contract/schedules). */
export const WEEKDAY_LABELS: readonly MessageDescriptor[] = [
  msg`Monday`,
  msg`Tuesday`,
  msg`Wednesday`,
  msg`Thursday`,
  msg`Friday`,
  msg`Saturday`,
  msg`Sunday`,
];

/** A value's label when it is one of the fixed values; anything else (older data) as it is. */
export function labelOf<K extends string>(i18n: I18n, labels: Record<K, MessageDescriptor>, value: string): string {
  return Object.hasOwn(labels, value) ? i18n._(labels[value as K]) : value;
}
