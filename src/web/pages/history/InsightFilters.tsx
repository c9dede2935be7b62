// The History filters the dashboard's tiles link to (issue 12): the days the returns were saved
// (UTC, YYYY-MM-DD like every date input), and a reason, condition, operator, photos, disposition or
// discrepancy kind shown as a removable chip. All of it lives in the query string, so a link or a
// reload shows the same list.
import { CloseButton, Group, Pill, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { DISCREPANCY_LABELS } from '../../../contract/disposition-rules';

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

const CHIPS: { key: Exclude<keyof InsightFilterValues, 'from' | 'to'>; label: (v: string) => string }[] = [
  { key: 'reason', label: (v) => `Reason ${v}` },
  { key: 'condition', label: (v) => `Condition ${v}` },
  { key: 'user_id', label: (v) => `Operator #${v}` },
  { key: 'has_photos', label: (v) => (v === '1' ? 'Photos' : 'No photos') },
  { key: 'disposition', label: (v) => `Disposition ${v}` },
  { key: 'discrepancy', label: (v) => `Discrepancy ${DISCREPANCY_LABELS[v as keyof typeof DISCREPANCY_LABELS] ?? v}` },
];

export function InsightFilters({
  value,
  onChange,
}: {
  value: InsightFilterValues;
  onChange: (next: Partial<InsightFilterValues>) => void;
}) {
  const chips = CHIPS.filter((c) => value[c.key]);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <DateInput
        size="xs"
        w={140}
        label="Saved from (UTC)"
        placeholder="YYYY-MM-DD"
        clearable
        clearButtonProps={{ 'aria-label': 'Clear Saved from' }}
        value={value.from || null}
        maxDate={value.to || undefined}
        onChange={(v) => onChange({ from: v ?? '' })}
      />
      <DateInput
        size="xs"
        w={140}
        label="Saved to (UTC)"
        placeholder="YYYY-MM-DD"
        clearable
        clearButtonProps={{ 'aria-label': 'Clear Saved to' }}
        value={value.to || null}
        minDate={value.from || undefined}
        onChange={(v) => onChange({ to: v ?? '' })}
      />
      {chips.length > 0 && (
        <Group gap={6} aria-label="Dashboard filters" role="group" pb={4}>
          <Text size="xs" c="dimmed">
            Only returns with
          </Text>
          {chips.map((c) => (
            <Pill key={c.key} size="md" data-testid={`history-filter-${c.key}`}>
              <Group gap={4} wrap="nowrap">
                {c.label(value[c.key])}
                <CloseButton size="xs" aria-label={`Remove filter ${c.label(value[c.key])}`} onClick={() => onChange({ [c.key]: '' })} />
              </Group>
            </Pill>
          ))}
        </Group>
      )}
    </Group>
  );
}
