import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { scheduleBody, type ScheduleView } from '../../../contract/schedules';
import type { AdminCustomer } from '../../../contract/customers';
import { useRouteMutation, useRouteQuery } from '../../api/queries';
import { schemaValidate, setServerErrors } from '../../lib/form';
import { EditFormActions } from './EditFormActions';
import { ScheduleCard } from './ScheduleCard';
import { ScheduleFields } from './ScheduleFields';
import { describeSchedule, NEW_VALUES, toBody, valuesOf, type ScheduleValues } from './schedule-form';

/**
 * Report schedules of one customer (issue 12): list with the last runs, add, edit, pause and resume,
 * send now, delete. The one form adds a schedule or, after Edit, changes that one.
 */
export function SchedulesPanel({ customer }: { customer: AdminCustomer }) {
  const query = useRouteQuery('listReportSchedules', { params: { id: customer.id } }, { refetchInterval: 5000 });
  const schedules = query.data ?? [];
  const { t, i18n } = useLingui();
  const describe = (s: ScheduleView) => describeSchedule(s, i18n);
  const [editing, setEditing] = useState<ScheduleView | null>(null);
  const form = useForm<ScheduleValues>({
    initialValues: NEW_VALUES(),
    validate: schemaValidate(scheduleBody, { toBody }),
  });
  const stopEditing = () => {
    setEditing(null);
    form.setValues(NEW_VALUES());
    form.resetDirty();
    form.clearErrors();
  };
  const invalidates = ['listReportSchedules', 'auditTrail'] as const;
  const create = useRouteMutation('createReportSchedule', {
    invalidates,
    quiet: true,
    toInput: (v: ScheduleValues) => ({ params: { id: customer.id }, body: toBody(v) }),
    onSuccess: () => {
      notifications.show({ color: 'green', title: t`Report schedule added`, message: customer.company });
      form.reset();
    },
    onError: (error) => setServerErrors(form, error),
  });
  // Edit keeps the schedule paused or running as it was; Pause/Resume changes only that.
  const update = useRouteMutation('updateReportSchedule', {
    invalidates,
    quiet: true,
    onSuccess: (s) => {
      notifications.show({
        color: 'green',
        title: s.active ? t`Report schedule saved` : t`Report schedule paused`,
        message: describe(s),
      });
      if (editing?.id === s.id) stopEditing();
    },
    onError: (error) => {
      if (editing) setServerErrors(form, error);
      else notifications.show({ color: 'red', title: t`Report schedule not saved`, message: String((error as Error).message ?? error) });
    },
  });
  const edit = (s: ScheduleView) => {
    setEditing(s);
    form.setValues(valuesOf(s));
    form.clearErrors();
  };
  const submit = (v: ScheduleValues) =>
    editing ? update.mutate({ params: { id: editing.id }, body: toBody(v, editing.active) }) : create.mutate(v);
  const send = useRouteMutation('sendReportScheduleNow', {
    invalidates,
    onSuccess: (s) => {
      const recipients = s.recipients.join(', ');
      notifications.show({ color: 'green', title: t`Report queued`, message: t`To ${recipients}` });
    },
  });
  const remove = useRouteMutation('deleteReportSchedule', { invalidates });

  return (
    <Stack gap="sm">
      <Title order={5}>
        <Trans>Scheduled reports</Trans>
      </Title>
      {query.isPending && (
        <Text c="dimmed">
          <Trans>Loading schedules…</Trans>
        </Text>
      )}
      {!query.isPending && schedules.length === 0 && (
        <Text c="dimmed">
          <Trans>No report schedules.</Trans>
        </Text>
      )}
      {schedules.map((s) => (
        <ScheduleCard
          key={s.id}
          schedule={s}
          sending={send.isPending && send.variables?.params.id === s.id}
          toggling={update.isPending && update.variables?.params.id === s.id && !editing}
          onSend={() => send.mutate({ params: { id: s.id } })}
          onEdit={() => edit(s)}
          onToggle={() => update.mutate({ params: { id: s.id }, body: toBody(valuesOf(s), !s.active) })}
          onDelete={() => remove.mutate({ params: { id: s.id } })}
        />
      ))}

      <form
        onSubmit={form.onSubmit(submit)}
        aria-label={editing ? t`Edit report schedule ${editing.id}` : t`Add a report schedule`}
        noValidate
      >
        <Stack gap="xs">
          <Title order={6}>{editing ? t`Edit schedule #${editing.id}` : t`Add a schedule`}</Title>
          <ScheduleFields form={form} recipientsHint={t`Type an address, then Enter`} />
          <EditFormActions
            editing={!!editing}
            onCancel={stopEditing}
            loading={editing ? update.isPending : create.isPending}
            addLabel={t`Add schedule`}
            saveLabel={t`Save schedule`}
          />
        </Stack>
      </form>
    </Stack>
  );
}
