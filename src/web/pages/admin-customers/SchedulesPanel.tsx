import { Badge, Button, Checkbox, Group, NumberInput, Paper, Select, Stack, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { REPORT_FORMATS, SCHEDULE_FREQUENCIES, WEEKDAYS, scheduleBody, type ScheduleView } from '../../../contract/schedules';
import type { AdminCustomer } from '../../../contract/customers';
import { useRouteMutation, useRouteQuery } from '../../api/queries';
import { schemaValidate, setServerErrors } from '../../lib/form';
import { EditFormActions } from './EditFormActions';
import { describeSchedule, NEW_VALUES, statusColor, toBody, valuesOf, when, ZONES, type ScheduleValues } from './schedule-form';

/**
 * Report schedules of one customer (issue 12): list with the last runs, add, edit, pause and resume,
 * send now, delete. The one form adds a schedule or, after Edit, changes that one.
 */
export function SchedulesPanel({ customer }: { customer: AdminCustomer }) {
  const query = useRouteQuery('listReportSchedules', { params: { id: customer.id } }, { refetchInterval: 5000 });
  const schedules = query.data ?? [];
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
      notifications.show({ color: 'green', title: 'Report schedule added', message: customer.company });
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
        title: s.active ? 'Report schedule saved' : 'Report schedule paused',
        message: describeSchedule(s),
      });
      if (editing?.id === s.id) stopEditing();
    },
    onError: (error) => {
      if (editing) setServerErrors(form, error);
      else notifications.show({ color: 'red', title: 'Report schedule not saved', message: String((error as Error).message ?? error) });
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
    onSuccess: (s) => notifications.show({ color: 'green', title: 'Report queued', message: `To ${s.recipients.join(', ')}` }),
  });
  const remove = useRouteMutation('deleteReportSchedule', { invalidates });

  return (
    <Stack gap="sm">
      <Title order={5}>Scheduled reports</Title>
      {query.isPending && <Text c="dimmed">Loading schedules…</Text>}
      {!query.isPending && schedules.length === 0 && <Text c="dimmed">No report schedules.</Text>}
      {schedules.map((s) => (
        <Paper key={s.id} withBorder p="sm" aria-label={`Report schedule ${s.id}`} component="section">
          <Stack gap={4}>
            <Text fw={600}>{describeSchedule(s)}</Text>
            <Text size="sm">
              To {s.recipients.join(', ')} · {s.formats.join(' + ')}
            </Text>
            <Group gap="xs">
              {!s.active && (
                <Badge size="sm" color="gray" variant="light">
                  Paused
                </Badge>
              )}
              <Text size="sm" c="dimmed">
                {s.next_due_at ? `Next run ${when(s.next_due_at)}` : 'No run until it is resumed'}
              </Text>
            </Group>
            <Group gap="xs">
              <Button
                size="xs"
                loading={send.isPending && send.variables?.params.id === s.id}
                onClick={() => send.mutate({ params: { id: s.id } })}
              >
                Send now
              </Button>
              <Button size="xs" variant="default" aria-label={`Edit (report schedule ${s.id})`} onClick={() => edit(s)}>
                Edit
              </Button>
              <Button
                size="xs"
                variant="default"
                aria-label={`${s.active ? 'Pause' : 'Resume'} (report schedule ${s.id})`}
                loading={update.isPending && update.variables?.params.id === s.id && !editing}
                onClick={() => update.mutate({ params: { id: s.id }, body: toBody(valuesOf(s), !s.active) })}
              >
                {s.active ? 'Pause' : 'Resume'}
              </Button>
              <Button
                size="xs"
                variant="light"
                color="red"
                aria-label={`Delete (report schedule ${s.id})`}
                onClick={() => {
                  if (window.confirm('Delete this report schedule?')) remove.mutate({ params: { id: s.id } });
                }}
              >
                Delete
              </Button>
            </Group>
            {s.runs.length > 0 && (
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  Last runs
                </Text>
                {s.runs.map((r) => (
                  <Group key={r.id} gap="xs" wrap="nowrap">
                    <Text size="xs">{when(r.created_at)}</Text>
                    <Text size="xs">
                      {r.period_from} – {r.period_to}
                      {r.manual ? ' (sent now)' : ''}
                    </Text>
                    <Badge size="xs" color={statusColor(r.task_status)} variant="light">
                      {r.task_status ?? 'removed'}
                    </Badge>
                  </Group>
                ))}
              </Stack>
            )}
          </Stack>
        </Paper>
      ))}

      <form
        onSubmit={form.onSubmit(submit)}
        aria-label={editing ? `Edit report schedule ${editing.id}` : 'Add a report schedule'}
        noValidate
      >
        <Stack gap="xs">
          <Title order={6}>{editing ? `Edit schedule #${editing.id}` : 'Add a schedule'}</Title>
          <Group grow align="flex-start">
            <Select label="Frequency" data={[...SCHEDULE_FREQUENCIES]} allowDeselect={false} {...form.getInputProps('frequency')} />
            {form.values.frequency === 'Weekly' && (
              <Select
                label="Day of week"
                data={WEEKDAYS.map((d, i) => ({ value: String(i + 1), label: d }))}
                allowDeselect={false}
                {...form.getInputProps('weekday')}
              />
            )}
            {form.values.frequency === 'Monthly' && (
              <NumberInput
                label="Day of month"
                description="31 = the month's last day"
                min={1}
                max={31}
                {...form.getInputProps('month_day')}
              />
            )}
          </Group>
          <Group grow align="flex-start">
            <TextInput label="Time (HH:MM)" {...form.getInputProps('time_of_day')} />
            <Select label="Time zone" data={ZONES} searchable allowDeselect={false} {...form.getInputProps('time_zone')} />
          </Group>
          <TagsInput
            label="Recipients"
            description="Type an address, then Enter"
            splitChars={[',', ' ', ';']}
            {...form.getInputProps('recipients')}
          />
          <Checkbox.Group label="Format" {...form.getInputProps('formats')}>
            <Group mt={4}>
              {REPORT_FORMATS.map((f) => (
                <Checkbox key={f} value={f} label={f} />
              ))}
            </Group>
          </Checkbox.Group>
          <EditFormActions
            editing={!!editing}
            onCancel={stopEditing}
            loading={editing ? update.isPending : create.isPending}
            addLabel="Add schedule"
            saveLabel="Save schedule"
          />
        </Stack>
      </form>
    </Stack>
  );
}
