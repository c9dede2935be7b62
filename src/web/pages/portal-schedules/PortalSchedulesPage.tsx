// The brand's report schedules (issue 25): the return report of one of its customers, mailed on a
// schedule to addresses of its own e-mail domain; add, pause, resume, delete. The scheduler sends
// them as it sends the warehouse's.
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { scheduleBody } from '../../../contract/schedules';
import { useRouteMutation, useRouteQuery } from '../../api/queries';
import { useSession } from '../../auth/session';
import { CustomerSelect } from '../../components/CustomerSelect';
import { PortalOnly } from '../../components/PortalOnly';
import { schemaValidate, setServerErrors } from '../../lib/form';
import { usePageTitle } from '../../lib/page-title';
import { PauseDeleteButtons, ScheduleSummary, type ScheduleToggleProps } from '../admin-customers/ScheduleCard';
import { ScheduleFields } from '../admin-customers/ScheduleFields';
import { describeSchedule, NEW_VALUES, toBody, when, type ScheduleValues } from '../admin-customers/schedule-form';

/** A brand's schedule: the admin's summary with when it last went out; pause, resume and delete (no send now, no edit). */
function PortalScheduleCard(props: ScheduleToggleProps) {
  const s = props.schedule;
  const { t } = useLingui();
  const last = s.runs[0];
  const lastRun = last ? when(last.created_at) : null;
  return (
    <Paper withBorder p="sm" aria-label={t`Report schedule ${s.id}`} component="section" maw={720}>
      <Stack gap={4}>
        <ScheduleSummary
          schedule={s}
          extra={
            lastRun && (
              <Text size="sm" c="dimmed">
                <Trans>Last sent {lastRun}</Trans>
              </Text>
            )
          }
        />
        <Group gap="xs">
          <PauseDeleteButtons {...props} />
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
              <ScheduleFields
                form={form}
                recipientsHint={domain ? t`Addresses at ${domain} only; type an address, then Enter` : t`Type an address, then Enter`}
              />
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
