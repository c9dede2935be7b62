// A line's decision on the Return View (issue 25): waiting for the brand (until when), decided by
// a brand user (who, before → after, the comment) or given its default when no answer came.
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Stack, Text } from '@mantine/core';
import type { LineDecisionView } from '../../../contract/decisions';
import { ruleText } from '../../components/decisions/decision-labels';
import { formatDateTime } from '../../lib/format';

export function LineDecision({ d }: { d: LineDecisionView }) {
  const { i18n } = useLingui();
  const due = formatDateTime(d.due_at);
  const when = d.decided_at ? formatDateTime(d.decided_at) : '';
  const who = d.decided_by ?? '';
  const before = d.disposition_before ?? '—';
  const after = d.disposition ?? '—';
  const fallback = d.default_disposition;
  if (d.state === 'awaiting')
    return (
      <Stack gap={2} data-testid="line-decision" data-state="awaiting">
        <Badge color="orange" variant="light">
          <Trans>Awaiting decision</Trans>
        </Badge>
        <Text size="xs" c="dimmed">
          <Trans>
            until {due}, then {fallback}
          </Trans>
        </Text>
        <Text size="xs" c="dimmed">
          {ruleText(i18n, d.rule)}
        </Text>
      </Stack>
    );
  return (
    <Stack gap={2} data-testid="line-decision" data-state={d.state}>
      <Badge color={d.by_default ? 'gray' : 'teal'} variant="light">
        {d.by_default ? <Trans>By default, no answer</Trans> : <Trans>Decided by {who}</Trans>}
      </Badge>
      <Text size="xs">
        <Trans>
          {before} → {after}, {when}
        </Trans>
      </Text>
      {d.comment && <Text size="xs">“{d.comment}”</Text>}
    </Stack>
  );
}
