// The brand's report schedules (issue 25): the return report of one of its customers, mailed on a
// schedule to addresses of its own e-mail domain; add, pause, resume, delete. The scheduler sends
// them as it sends the warehouse's.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Button, Checkbox, Group, NumberInput, Paper, Select, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { REPORT_FORMATS, SCHEDULE_FREQUENCIES, scheduleBody, type ScheduleView } from '../../../contract/schedules';
import { useRouteMutation, useRouteQuery } from '../../api/queries';
import { useSession } from '../../auth/session';
import { CustomerSelect } from '../../components/CustomerSelect';
import { PortalOnly } from '../../components/PortalOnly';
import { schemaValidate, setServerErrors } from '../../lib/form';
import { usePageTitle } from '../../lib/page-title';
import { FREQUENCY_LABELS, WEEKDAY_LABELS } from '../admin-customers/admin-labels';
import { describeSchedule, NEW_VALUES, toBody, when, ZONES, type ScheduleValues } from '../admin-customers/schedule-form';

function PortalScheduleCard({
  schedule: s,
  toggling,
  onToggle,
  onDelete,
}: {
  schedule: ScheduleView;
  toggling: boolean;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useLingui();
  const recipients = s.recipients.join(', ');
  const formats = s.formats.join(' + ');
  const next = s.next_due_at ? when(s.next_due_at) : null;
  const last = s.runs[0];
  const lastRun = last ? when(last.created_at) : null;
  return (
    <Paper withBorder p="sm" aria-label={t`Report schedule ${s.id}`} component="section" maw={720}>
      <Stack gap={4}>
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
          {lastRun && (
            <Text size="sm" c="dimmed">
              <Trans>Last sent {lastRun}</Trans>
            </Text>
          )}
        </Group>
        <Group gap="xs">
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
        </Group>
      </Stack>
    </Paper>
  );
}

function SchedulesScreen() {
  const { t, i18n } = useLingui();
  const { customers, account } = useSession();
  const [customerId, setCustomerId] = useState<string | null>(customers[0] ? String(customers[0].id) : null);
  const domain = (account?.email ?? '').split('@')[1] ?? '';
  const query = useRouteQuery('listPortalSchedules', { query: { customer_id: Number(customerId) } }, { enabled: !!customerId });
  const schedules = query.data ?? [];
  const form = useForm<ScheduleValues>({
    initialValues: NEW_VALUES(),
    validate: schemaValidate(scheduleBody, { toBody }),
  });
  const invalidates = ['listPortalSchedules'] as const;
  const create = useRouteMutation('createPortalSchedule', {
    invalidates,
    quiet: true,
    toInput: (v: ScheduleValues) => ({ body: { ...toBody(v), customer_id: Number(customerId) } }),
    onSuccess: (s) => {
      notifications.show({ color: 'green', title: t`Report schedule added`, message: describeSchedule(s, i18n) });
      form.reset();
    },
    onError: (error) => setServerErrors(form, error),
  });
  const toggle = useRouteMutation('setPortalScheduleActive', {
    invalidates,
    onSuccess: (s) =>
      notifications.show({
        color: 'green',
        title: s.active ? t`Report schedule resumed` : t`Report schedule paused`,
        message: describeSchedule(s, i18n),
      }),
  });
  const remove = useRouteMutation('deletePortalSchedule', { invalidates });

  return (
    <Stack>
      <Title order={1} size="h2">
        <Trans>Report schedules</Trans>
      </Title>
      <Text c="dimmed" size="sm">
        <Trans>The return report of a customer, mailed on a schedule as XLSX, CSV or both.</Trans>
      </Text>
      <CustomerSelect value={customerId} onChange={(v) => setCustomerId(v)} maw={360} />
      {query.isPending && !!customerId && (
        <Text c="dimmed">
          <Trans>Loading schedules…</Trans>
        </Text>
      )}
      {query.data && schedules.length === 0 && (
        <Alert color="blue" variant="light" maw={720}>
          <Trans>No report schedules.</Trans>
        </Alert>
      )}
      {schedules.map((s) => (
        <PortalScheduleCard
          key={s.id}
          schedule={s}
          toggling={toggle.isPending && toggle.variables?.params.id === s.id}
          onToggle={() => toggle.mutate({ params: { id: s.id }, body: { active: !s.active } })}
          onDelete={() => remove.mutate({ params: { id: s.id } })}
        />
      ))}

      {customerId && (
        <Paper withBorder p="md" maw={720}>
          <form onSubmit={form.onSubmit((v) => create.mutate(v))} aria-label={t`Add a report schedule`} noValidate>
            <Stack gap="xs">
              <Title order={2} size="h4">
                <Trans>Add a schedule</Trans>
              </Title>
              <Group grow align="flex-start" wrap="wrap">
                <Select
                  label={t`Frequency`}
                  data={SCHEDULE_FREQUENCIES.map((f) => ({ value: f, label: t(FREQUENCY_LABELS[f]!) }))}
                  allowDeselect={false}
                  miw={160}
                  {...form.getInputProps('frequency')}
                />
                {form.values.frequency === 'Weekly' && (
                  <Select
                    label={t`Day of week`}
                    data={WEEKDAY_LABELS.map((d, i) => ({ value: String(i + 1), label: t(d) }))}
                    allowDeselect={false}
                    miw={160}
                    {...form.getInputProps('weekday')}
                  />
                )}
                {form.values.frequency === 'Monthly' && (
                  <NumberInput
                    label={t`Day of month`}
                    description={t`31 = the month's last day`}
                    min={1}
                    max={31}
                    miw={160}
                    {...form.getInputProps('month_day')}
                  />
                )}
              </Group>
              <Group grow align="flex-start" wrap="wrap">
                <TextInput label={t`Time (HH:MM)`} miw={160} {...form.getInputProps('time_of_day')} />
                <Select label={t`Time zone`} data={ZONES} searchable allowDeselect={false} miw={160} {...form.getInputProps('time_zone')} />
              </Group>
              <TagsInput
                label={t`Recipients`}
                description={domain ? t`Addresses at ${domain} only; type an address, then Enter` : t`Type an address, then Enter`}
                splitChars={[',', ' ', ';']}
                {...form.getInputProps('recipients')}
              />
              <Checkbox.Group label={t`Format`} {...form.getInputProps('formats')}>
                <Group mt={4}>
                  {REPORT_FORMATS.map((f) => (
                    <Checkbox key={f} value={f} label={f} />
                  ))}
                </Group>
              </Checkbox.Group>
              <Group justify="flex-end">
                <Button type="submit" loading={create.isPending}>
                  <Trans>Add schedule</Trans>
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
    </Stack>
  );
}

export default function PortalSchedulesPage() {
  const { t } = useLingui();
  usePageTitle(t`Report schedules`);
  return (
    <PortalOnly>
      <SchedulesScreen />
    </PortalOnly>
  );
}
