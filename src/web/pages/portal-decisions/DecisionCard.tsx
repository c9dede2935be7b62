import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { Link } from 'react-router';
import type { LineDecisionView } from '../../../contract/decisions';
import { PhotoThumb } from '../../components/photos/PhotoThumb';
import { formatDateTime } from '../../lib/format';
import { CONDITION_LABEL, labelOf } from '../history/labels';
import { DiscrepancyBadge } from '../receiving/DiscrepancyBadge';
import { ruleText } from '../../components/decisions/decision-labels';
import { timeLeft } from './decision-time';

export interface LineChoice {
  disposition: string | null;
  comment: string;
}

export const returnPath = (d: LineDecisionView) => `/orders/${d.order_id ?? 'blind'}/returns/${d.return_id}`;

/** The line as the brand sees it: product, quantity, condition, reason, discrepancy and why it waits. */
function LineFacts({ d }: { d: LineDecisionView }) {
  const { t, i18n } = useLingui();
  const condition = labelOf(CONDITION_LABEL, d.condition, (x) => t(x));
  const quantity = d.quantity;
  const returnId = d.return_id;
  const reason = d.reason;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Text fw={700} id={`decision-${d.id}-title`}>
          {d.sku}
        </Text>
        <Text c="dimmed" size="sm">
          {d.name_1}
        </Text>
        {d.discrepancy && <DiscrepancyBadge kind={d.discrepancy} />}
      </Group>
      <Text size="sm">
        <Trans>
          {quantity} × {condition}, reason {reason}
        </Trans>
        {d.line_comment ? ` · “${d.line_comment}”` : ''}
      </Text>
      <Group gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed">
          {ruleText(i18n, d.rule)}
        </Text>
        <Anchor component={Link} to={returnPath(d)} size="sm">
          <Trans>Return {returnId}</Trans>
        </Anchor>
      </Group>
    </Stack>
  );
}

function Photos({ d, onOpen }: { d: LineDecisionView; onOpen: (photoId: number) => void }) {
  const { t } = useLingui();
  if (d.photo_ids.length === 0)
    return (
      <Text size="xs" c="dimmed">
        <Trans>No photos</Trans>
      </Text>
    );
  return (
    <Group gap="xs" wrap="wrap" data-testid="decision-photos">
      {d.photo_ids.map((id, i) => {
        const number = i + 1;
        const sku = d.sku;
        return <PhotoThumb key={id} id={id} size={72} alt={t`Photo ${number} of ${sku}`} onOpen={() => onOpen(id)} />;
      })}
    </Group>
  );
}

/** A waiting line: select it for a decision of several, or pick a disposition, add a comment and decide it alone. */
export function WaitingCard({
  d,
  dispositions,
  choice,
  errors,
  selected,
  deciding,
  onSelect,
  onChoice,
  onDecide,
  onOpenPhoto,
}: {
  d: LineDecisionView;
  dispositions: { value: string; label: string }[];
  choice: LineChoice;
  errors: { disposition?: string; comment?: string };
  selected: boolean;
  deciding: boolean;
  onSelect: (on: boolean) => void;
  onChoice: (c: LineChoice) => void;
  onDecide: () => void;
  onOpenPhoto: (photoId: number) => void;
}) {
  const { t, i18n } = useLingui();
  const left = timeLeft(d.seconds_left);
  const sku = d.sku;
  const fallback = d.default_disposition;
  const due = formatDateTime(d.due_at);
  return (
    <Paper
      withBorder
      p="md"
      component="article"
      aria-labelledby={`decision-${d.id}-title`}
      data-testid="decision-card"
      data-selected={selected || undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Checkbox label={t`Select ${sku}`} checked={selected} onChange={(e) => onSelect(e.currentTarget.checked)} />
          <Badge
            color={left.overdue ? 'red' : left.soon ? 'orange' : 'blue'}
            variant="light"
            size="lg"
            tt="none"
            title={t`Deadline ${due}`}
            data-testid="time-left"
          >
            {i18n._(left.text)}
          </Badge>
        </Group>
        <LineFacts d={d} />
        <Photos d={d} onOpen={onOpenPhoto} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t`Disposition for ${sku}`}
            placeholder={t`Choose (default: ${fallback})`}
            data={dispositions}
            value={choice.disposition}
            error={errors.disposition}
            onChange={(v) => onChoice({ ...choice, disposition: v })}
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            label={t`Comment for ${sku} (optional)`}
            autosize
            minRows={1}
            maxRows={4}
            maxLength={500}
            value={choice.comment}
            error={errors.comment}
            onChange={(e) => onChoice({ ...choice, comment: e.currentTarget.value })}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button onClick={onDecide} loading={deciding} aria-label={t`Decide ${sku}`}>
            <Trans>Decide</Trans>
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A line decided by a brand user or given its default at the deadline. */
export function DecidedCard({ d, onOpenPhoto }: { d: LineDecisionView; onOpenPhoto: (photoId: number) => void }) {
  const who = d.decided_by ?? '';
  const when = d.decided_at ? formatDateTime(d.decided_at) : '';
  const before = d.disposition_before ?? '—';
  const after = d.disposition ?? '—';
  return (
    <Paper withBorder p="md" component="article" aria-labelledby={`decision-${d.id}-title`} data-testid="decided-card">
      <Stack gap="sm">
        <LineFacts d={d} />
        <Photos d={d} onOpen={onOpenPhoto} />
        <Group gap="xs" wrap="wrap">
          <Badge color={d.by_default ? 'gray' : 'teal'} variant="light" size="lg" tt="none">
            {d.by_default ? <Trans>By default, no answer</Trans> : <Trans>Decided by {who}</Trans>}
          </Badge>
          <Text size="sm">
            <Trans>
              {before} → {after}, {when}
            </Trans>
          </Text>
        </Group>
        {d.comment && (
          <Text size="sm" data-testid="decision-comment">
            “{d.comment}”
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
