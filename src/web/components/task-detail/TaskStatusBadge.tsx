import { Badge } from '@mantine/core';
import { TASK_STATUS_LABELS, type TaskStatus } from '../../../contract/constants';

const COLORS: Record<TaskStatus, string> = {
  Pending: 'yellow',
  Success: 'green',
  Error: 'red',
  'Log Only': 'blue',
  'Before Downloading': 'cyan',
};

/** The task status as a badge with the short labels of SPEC §2.10 (Log, Downloading). */
export function TaskStatusBadge({ status }: { status: string }) {
  const known = status as TaskStatus;
  return (
    <Badge color={COLORS[known] ?? 'gray'} variant="filled">
      {TASK_STATUS_LABELS[known] ?? status}
    </Badge>
  );
}
