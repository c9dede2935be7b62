import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Badge } from '@mantine/core';
import type { TaskStatus } from '../../../contract/constants';

const COLORS: Record<TaskStatus, string> = {
  Pending: 'yellow',
  Success: 'green',
  Error: 'red',
  'Log Only': 'blue',
  'Before Downloading': 'cyan',
};

/**
 * The short labels of SPEC §2.10 (contract TASK_STATUS_LABELS) in the reader's language; the status
 * codes sent to the API stay English.
 */
export const TASK_STATUS_MESSAGES: Record<TaskStatus, MessageDescriptor> = {
  Pending: msg`Pending`,
  Success: msg`Success`,
  Error: msg`Error`,
  'Log Only': msg`Log`,
  'Before Downloading': msg`Downloading`,
};

/** The task status as a badge with the short labels of SPEC §2.10 (Log, Downloading). */
export function TaskStatusBadge({ status }: { status: string }) {
  const { i18n } = useLingui();
  const label = TASK_STATUS_MESSAGES[status as TaskStatus];
  const known = status as TaskStatus;
  return (
    <Badge color={COLORS[known] ?? 'gray'} variant="filled">
      {label ? i18n._(label) : status}
    </Badge>
  );
}
