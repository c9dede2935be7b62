// Display labels of the webhook, delivery and expected-return states (the API keeps the English codes).
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ExpectedListStatus } from '../../../../contract/expected-returns';
import type { DELIVERY_STATUSES, WebhookStatus } from '../../../../contract/webhooks';

export const ENDPOINT_STATUS_LABELS: Record<WebhookStatus, MessageDescriptor> = {
  active: msg`Active`,
  paused: msg`Paused`,
  disabled: msg`Disabled`,
};
export const ENDPOINT_STATUS_COLORS: Record<WebhookStatus, string> = { active: 'green', paused: 'yellow', disabled: 'red' };

export const DELIVERY_STATUS_LABELS: Record<(typeof DELIVERY_STATUSES)[number], MessageDescriptor> = {
  pending: msg`Pending`,
  delivered: msg`Delivered`,
  failed: msg`Failed`,
};
export const DELIVERY_STATUS_COLORS: Record<(typeof DELIVERY_STATUSES)[number], string> = {
  pending: 'blue',
  delivered: 'green',
  failed: 'red',
};

export const EXPECTED_STATUS_LABELS: Record<ExpectedListStatus, MessageDescriptor> = {
  expected: msg`Expected`,
  received: msg`Received`,
  overdue: msg`Overdue`,
};
export const EXPECTED_STATUS_COLORS: Record<ExpectedListStatus, string> = { expected: 'blue', received: 'green', overdue: 'orange' };

export const SCOPE_LABELS: Record<string, MessageDescriptor> = {
  'returns:read': msg`Read returns`,
  'expected_returns:write': msg`Write expected returns`,
};

/** The list status of an expected return: received, overdue (still expected after the customer's days) or expected. */
export function expectedStatusOf(e: { status: string; overdue_at?: string | null }): ExpectedListStatus {
  if (e.status === 'received') return 'received';
  return e.overdue_at ? 'overdue' : 'expected';
}
