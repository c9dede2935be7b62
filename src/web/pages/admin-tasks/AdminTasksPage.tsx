import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, Group, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { LIMITS, TASK_STATUSES, TASK_TYPES } from '../../../contract/constants';
import type { TaskListQuery, TaskPage, TaskView } from '../../../contract/tasks';
import { useRouteQuery } from '../../api/queries';
import { AdminOnly } from '../../components/AdminOnly';
import { CustomerSelect } from '../../components/CustomerSelect';
import { EmptyRow } from '../../components/table/EmptyRow';
import { TaskDetailModal } from '../../components/task-detail/TaskDetailModal';
import { TaskStatusBadge } from '../../components/task-detail/TaskStatusBadge';
import { formatDateTime } from '../../lib/format';
import { TASK_MONITOR_POLL_MS } from '../../lib/polling';
import { TASK_STATUS_LABELS } from '../admin-customers/admin-labels';
import { taskText } from '../../i18n/timeline-text';
import { taskTypeLabel } from '../../components/task-detail/task-log-labels';
import { ScrollBox } from '../../components/table/ScrollBox';

const ALL = 'All';
const STATUS_OPTIONS: { value: string; label: MessageDescriptor }[] = [
  { value: ALL, label: msg({ message: 'All', context: 'tasks' }) },
  ...TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] })),
];
// TASK_TYPES lists the spec's four types first, then the other kinds the system runs.
const TYPE_OPTIONS: string[] = [ALL, ...TASK_TYPES];

interface Filters {
  message_1: string;
  task_status: string;
  task_type: string;
  /** A customer id, or All (issue 12: the dashboard's task links keep their customer). */
  customer_id: string;
}

const EMPTY_PAGE: TaskPage = { data: [], on_page: 1, per_page: LIMITS.taskPageSize, total_records: 0, total_pages: 1 };

function TasksScreen() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const applied: Filters = {
    message_1: params.get('message_1') ?? '',
    task_status: params.get('task_status') ?? ALL,
    task_type: params.get('task_type') ?? ALL,
    customer_id: /^\d{1,10}$/.test(params.get('customer_id') ?? '') ? params.get('customer_id')! : ALL,
  };
  const [draft, setDraft] = useState<Filters>(applied);
  const [selected, setSelected] = useState<TaskView | null>(null);
  const { t, i18n } = useLingui();

  // SPEC §7: the All value is left out of the query.
  const query: TaskListQuery = { page };
  if (applied.message_1) query.message_1 = applied.message_1;
  if (applied.task_status !== ALL) query.task_status = applied.task_status as TaskListQuery['task_status'];
  if (applied.task_type !== ALL) query.task_type = applied.task_type as TaskListQuery['task_type'];
  if (applied.customer_id !== ALL) query.customer_id = Number(applied.customer_id);
  // The monitor watches the queue: the page is read again while it is open.
  // The previous page stays on screen while the next one (another page or filter) is read.
  const tasks = useRouteQuery('listTasks', { query }, { refetchInterval: TASK_MONITOR_POLL_MS, placeholderData: keepPreviousData });
  const result: TaskPage = tasks.data ?? EMPTY_PAGE;
  // A poll in the background is not "loading"; a new page or filter is.
  const loading = tasks.isFetching && (tasks.isPending || tasks.isPlaceholderData);

  function search() {
    // A search starts again on page 1; paging keeps the applied filters.
    const next = new URLSearchParams({ page: '1' });
    if (draft.message_1.trim()) next.set('message_1', draft.message_1.trim());
    if (draft.task_status !== ALL) next.set('task_status', draft.task_status);
    if (draft.task_type !== ALL) next.set('task_type', draft.task_type);
    if (draft.customer_id !== ALL) next.set('customer_id', draft.customer_id);
    setParams(next);
  }

  function goTo(p: number) {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  }

  // The modal's mutation invalidates the task list; the modal keeps showing the saved task.
  const saved = (task: TaskView) => setSelected(task);

  return (
    <Stack>
      <Title order={1} size="h2">
        <Trans>System Task Status</Trans>
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
      >
        <Group align="flex-end">
          <TextInput
            label={t`Message 1`}
            placeholder={t`Search message 1`}
            value={draft.message_1}
            onChange={(e) => setDraft({ ...draft, message_1: e.currentTarget.value })}
          />
          <Select
            label={t`Status`}
            data={STATUS_OPTIONS.map((o) => ({ value: o.value, label: t(o.label) }))}
            value={draft.task_status}
            allowDeselect={false}
            onChange={(v) => setDraft({ ...draft, task_status: v ?? ALL })}
            w={170}
          />
          <Select
            label={t`Type`}
            // The types are codes the API keeps English; people read their names.
            data={TYPE_OPTIONS.map((o) => ({
              value: o,
              label: o === ALL ? t({ message: 'All', context: 'tasks' }) : taskTypeLabel(i18n, o),
            }))}
            value={draft.task_type}
            allowDeselect={false}
            onChange={(v) => setDraft({ ...draft, task_type: v ?? ALL })}
            w={200}
          />
          <CustomerSelect withAll value={draft.customer_id} onChange={(v) => setDraft({ ...draft, customer_id: v ?? ALL })} w={220} />
          <Button type="submit" leftSection={<IconSearch size={16} />} loading={loading}>
            <Trans>Search</Trans>
          </Button>
        </Group>
      </form>

      <ScrollBox label={t`Tasks`} keyColumn={1}>
        <Table striped highlightOnHover withTableBorder data-testid="tasks-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>ID</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Message 1</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Message 2</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>In Queue</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Attempts</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Status</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Type</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Created</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Detail</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.data.map((task) => (
              <Table.Tr key={task.id}>
                <Table.Td>{task.id}</Table.Td>
                <Table.Td>{taskText(task.message_1, task.message_1_code)}</Table.Td>
                <Table.Td maw={320}>
                  <Text size="sm" lineClamp={2}>
                    {taskText(task.message_2, task.message_2_code)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge color={task.is_running ? 'red' : 'green'} variant="light">
                    {task.is_running ? t`Y` : t`N`}
                  </Badge>
                </Table.Td>
                <Table.Td>{task.attempts_count}</Table.Td>
                <Table.Td>
                  <TaskStatusBadge status={task.task_status} />
                </Table.Td>
                <Table.Td>{taskTypeLabel(i18n, task.task_type)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(task.created_at)}</Table.Td>
                <Table.Td>
                  <Button size="xs" variant="light" onClick={() => setSelected(task)} aria-label={t`Detail of task ${task.id}`}>
                    <Trans>Detail</Trans>
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
            {!loading && result.data.length === 0 && (
              <EmptyRow colSpan={9}>
                <Trans>No tasks match.</Trans>
              </EmptyRow>
            )}
          </Table.Tbody>
        </Table>
      </ScrollBox>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          <Plural value={result.total_records} one="# task" other="# tasks" />
        </Text>
        <Pagination total={result.total_pages} value={page} onChange={goTo} siblings={1} boundaries={1} />
      </Group>

      <TaskDetailModal task={selected} opened={selected !== null} onClose={() => setSelected(null)} onSaved={saved} />
    </Stack>
  );
}

export default function AdminTasksPage() {
  const { t } = useLingui();
  return (
    <AdminOnly title={t`Task Status`}>
      <TasksScreen />
    </AdminOnly>
  );
}
