import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ScheduleView } from '../../../contract/schedules';
import { labelOf, TASK_STATUS_LABELS } from './admin-labels';
import { describeSchedule, statusColor, when } from './schedule-form';

/** What a schedule sends, to whom, and when next (`extra` beside the next run); the admin's card and the brand's. */
export function ScheduleSummary({ schedule: s, extra }: { schedule: ScheduleView; extra?: ReactNode }) {
  const { t, i18n } = useLingui();
  const recipients = s.recipients.join(', ');
  const formats = s.formats.join(' + ');
  const next = s.next_due_at ? when(s.next_due_at) : null;
  return (
    <>
      <Text fw={600}>{describeSchedule(s, i18n)}</Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <Trans>
          To {recipients} · {formats}
        </Trans>
      </Text>
      <Group gap="xs">
        {!s.active && (
          <Badge size="sm" color="gray" variant="light">
            <Trans>Paused</Trans>
          </Badge>
        )}
        <Text size="sm" c="dimmed">
          {next ? t`Next run ${next}` : t`No run until it is resumed`}
        </Text>
        {extra}
      </Group>
    </>
  );
}

/** A schedule with the actions the admin and the brand both have. */
export interface ScheduleToggleProps {
  schedule: ScheduleView;
  toggling: boolean;
  onToggle: () => void;
  onDelete: () => void;
}

/** Pause or resume, and delete after a confirmation. */
export function PauseDeleteButtons({ schedule: s, toggling, onToggle, onDelete }: ScheduleToggleProps) {
  const { t } = useLingui();
  return (
    <>
      <Button
        size="xs"
        variant="default"
        aria-label={s.active ? t`Pause (report schedule ${s.id})` : t`Resume (report schedule ${s.id})`}
        loading={toggling}
        onClick={onToggle}
      >
        {s.active ? t`Pause` : t`Resume`}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        aria-label={t`Delete (report schedule ${s.id})`}
        onClick={() => {
          if (window.confirm(t`Delete this report schedule?`)) onDelete();
        }}
      >
        <Trans>Delete</Trans>
      </Button>
    </>
  );
}

/** One saved report schedule (issue 12): what it sends, to whom, its next and last runs, and its actions. */
export function ScheduleCard({
  schedule: s,
  sending,
  toggling,
  onSend,
  onEdit,
  onToggle,
  onDelete,
}: ScheduleToggleProps & { sending: boolean; onSend: () => void; onEdit: () => void }) {
  const { t, i18n } = useLingui();
  const runStatus = (status: string | null) => (status === null ? t`removed` : labelOf(i18n, TASK_STATUS_LABELS, status));
  return (
    <Paper withBorder p="sm" aria-label={t`Report schedule ${s.id}`} component="section">
      <Stack gap={4}>
        <ScheduleSummary schedule={s} />
        <Group gap="xs">
          <Button size="xs" loading={sending} onClick={onSend}>
            <Trans>Send now</Trans>
          </Button>
          <Button size="xs" variant="default" aria-label={t`Edit (report schedule ${s.id})`} onClick={onEdit}>
            <Trans>Edit</Trans>
          </Button>
          <PauseDeleteButtons schedule={s} toggling={toggling} onToggle={onToggle} onDelete={onDelete} />
        </Group>
        {s.runs.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              <Trans>Last runs</Trans>
            </Text>
            {s.runs.map((r) => {
              const period = `${r.period_from} – ${r.period_to}`;
              return (
                <Group key={r.id} gap="xs" wrap="nowrap">
                  <Text size="xs">{when(r.created_at)}</Text>
                  <Text size="xs">{r.manual ? t`${period} (sent now)` : period}</Text>
                  <Badge size="xs" color={statusColor(r.task_status)} variant="light">
                    {runStatus(r.task_status)}
                  </Badge>
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
