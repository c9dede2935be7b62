// The History filters the dashboard's tiles link to (issue 12): the days the returns were saved
// (UTC, YYYY-MM-DD like every date input), and a reason, condition, operator, photos, disposition or
// discrepancy kind shown as a removable chip. All of it lives in the query string, so a link or a
// reload shows the same list.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CloseButton, Group, Pill, Text } from '@mantine/core';
import { DateInput } from '../../components/dates/DateInput';
import { CONDITION_LABEL, DISCREPANCY_LABEL, labelOf } from './labels';

export interface InsightFilterValues {
  from: string;
  to: string;
  reason: string;
  condition: string;
  user_id: string;
  has_photos: string;
  disposition: string;
  discrepancy: string;
}

type Translate = (d: MessageDescriptor) => string;

/** Each chip's words; `value` is the filter's code (a reason or disposition code stays as it is). */
const CHIPS: { key: Exclude<keyof InsightFilterValues, 'from' | 'to'>; label: (v: string, t: Translate) => string }[] = [
  { key: 'reason', label: (value, t) => t(msg`Reason ${value}`) },
  {
    key: 'condition',
    label: (v, t) => {
      const condition = labelOf(CONDITION_LABEL, v, t);
      return t(msg`Condition ${condition}`);
    },
  },
  { key: 'user_id', label: (value, t) => t(msg`Operator #${value}`) },
  { key: 'has_photos', label: (v, t) => (v === '1' ? t(msg`Photos`) : t(msg`No photos`)) },
  { key: 'disposition', label: (value, t) => t(msg`Disposition ${value}`) },
  {
    key: 'discrepancy',
    label: (v, t) => {
      const kind = labelOf(DISCREPANCY_LABEL, v, t);
      return t(msg`Discrepancy ${kind}`);
    },
  },
];

export function InsightFilters({
  value,
  onChange,
}: {
  value: InsightFilterValues;
  onChange: (next: Partial<InsightFilterValues>) => void;
}) {
  const { t } = useLingui();
  const chips = CHIPS.filter((c) => value[c.key]);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <DateInput
        size="xs"
        w={140}
        label={t`Saved from (UTC)`}
        placeholder={t`YYYY-MM-DD`}
        clearable
        clearButtonProps={{ 'aria-label': t`Clear Saved from` }}
        value={value.from || null}
        maxDate={value.to || undefined}
        onChange={(v) => onChange({ from: v ?? '' })}
      />
      <DateInput
        size="xs"
        w={140}
        label={t`Saved to (UTC)`}
        placeholder={t`YYYY-MM-DD`}
        clearable
        clearButtonProps={{ 'aria-label': t`Clear Saved to` }}
        value={value.to || null}
        minDate={value.from || undefined}
        onChange={(v) => onChange({ to: v ?? '' })}
      />
      {chips.length > 0 && (
        <Group gap={6} aria-label={t`Dashboard filters`} role="group" pb={4}>
          <Text size="xs" c="dimmed">
            <Trans>Only returns with</Trans>
          </Text>
          {chips.map((c) => {
            const label = c.label(value[c.key], (d) => t(d));
            return (
              <Pill key={c.key} size="md" data-testid={`history-filter-${c.key}`}>
                <Group gap={4} wrap="nowrap">
                  {label}
                  <CloseButton size="xs" aria-label={t`Remove filter ${label}`} onClick={() => onChange({ [c.key]: '' })} />
                </Group>
              </Pill>
            );
          })}
        </Group>
      )}
    </Group>
  );
}
