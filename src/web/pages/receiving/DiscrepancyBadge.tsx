import { Badge, type BadgeProps } from '@mantine/core';
import { DISCREPANCY_LABELS } from '../../../contract/disposition-rules';

/** Each discrepancy in its own colour (issue 16): missing orange, wrong item red, extra item violet. */
export const DISCREPANCY_COLORS: Record<string, string> = { MISSING: 'orange', WRONG_ITEM: 'red', EXTRA_ITEM: 'violet' };

export function DiscrepancyBadge({ kind, ...props }: { kind: string } & BadgeProps) {
  return (
    <Badge size="xs" variant="light" color={DISCREPANCY_COLORS[kind] ?? 'gray'} data-discrepancy={kind} {...props}>
      {DISCREPANCY_LABELS[kind as keyof typeof DISCREPANCY_LABELS] ?? kind}
    </Badge>
  );
}
