import { useLingui } from '@lingui/react/macro';
import { Badge, type BadgeProps } from '@mantine/core';
import { discrepancyLabel } from './labels';

/** Each discrepancy in its own colour (issue 16): missing orange, wrong item red, extra item violet. */
export const DISCREPANCY_COLORS: Record<string, string> = { MISSING: 'orange', WRONG_ITEM: 'red', EXTRA_ITEM: 'violet' };

export function DiscrepancyBadge({ kind, ...props }: { kind: string } & BadgeProps) {
  const { i18n } = useLingui();
  return (
    <Badge size="xs" variant="light" color={DISCREPANCY_COLORS[kind] ?? 'gray'} data-discrepancy={kind} {...props}>
      {discrepancyLabel(i18n, kind)}
    </Badge>
  );
}
