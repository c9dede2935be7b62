import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge, Button, Group, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { LIMITS, TASK_STATUSES, TASK_STATUS_LABELS, TASK_TYPES } from '../../../contract/constants';
import type { TaskListQuery, TaskPage, TaskView } from '../../../contract/tasks';
import { useRouteQuery } from '../../api/queries';
import { AdminOnly } from '../../components/AdminOnly';
import { CustomerSelect } from '../../components/CustomerSelect';
import { EmptyRow } from '../../components/table/EmptyRow';
import { TaskDetailModal } from '../../components/task-detail/TaskDetailModal';
import { TaskStatusBadge } from '../../components/task-detail/TaskStatusBadge';
import { formatDateTime } from '../../lib/format';
import { TASK_MONITOR_POLL_MS } from '../../lib/polling';

const ALL = 'All';
const STATUS_OPTIONS = [{ value: ALL, label: 'All' }, ...TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] }))];
// The spec's four types first, then the other kinds the system runs.
const SPEC_TYPES = ['SGL Inbound', 'SGL Outbound', 'FGL Outbound', 'System Log'];
const TYPE_OPTIONS = [ALL, ...SPEC_TYPES, ...TASK_TYPES.filter((t) => !SPEC_TYPES.includes(t))];

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
        System Task Status
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
      >
        <Group align="flex-end">
          <TextInput
            label="Message 1"
            placeholder="Search message 1"
            value={draft.message_1}
            onChange={(e) => setDraft({ ...draft, message_1: e.currentTarget.value })}
          />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={draft.task_status}
            allowDeselect={false}
            onChange={(v) => setDraft({ ...draft, task_status: v ?? ALL })}
            w={170}
          />
          <Select
            label="Type"
            data={TYPE_OPTIONS}
            value={draft.task_type}
            allowDeselect={false}
            onChange={(v) => setDraft({ ...draft, task_type: v ?? ALL })}
            w={200}
          />
          <CustomerSelect withAll value={draft.customer_id} onChange={(v) => setDraft({ ...draft, customer_id: v ?? ALL })} w={220} />
          <Button type="submit" leftSection={<IconSearch size={16} />} loading={loading}>
            Search
          </Button>
        </Group>
      </form>

      <Table striped highlightOnHover withTableBorder data-testid="tasks-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ID</Table.Th>
            <Table.Th>Message 1</Table.Th>
            <Table.Th>Message 2</Table.Th>
            <Table.Th>In Queue</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Detail</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.data.map((t) => (
            <Table.Tr key={t.id}>
              <Table.Td>{t.id}</Table.Td>
              <Table.Td>{t.message_1}</Table.Td>
              <Table.Td maw={320}>
                <Text size="sm" lineClamp={2}>
                  {t.message_2}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge color={t.is_running ? 'red' : 'green'} variant="light">
                  {t.is_running ? 'Y' : 'N'}
                </Badge>
              </Table.Td>
              <Table.Td>{t.attempts_count}</Table.Td>
              <Table.Td>
                <TaskStatusBadge status={t.task_status} />
              </Table.Td>
              <Table.Td>{t.task_type}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(t.created_at)}</Table.Td>
              <Table.Td>
                <Button size="xs" variant="light" onClick={() => setSelected(t)} aria-label={`Detail of task ${t.id}`}>
                  Detail
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
          {!loading && result.data.length === 0 && <EmptyRow colSpan={9}>No tasks match.</EmptyRow>}
        </Table.Tbody>
      </Table>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {result.total_records} task{result.total_records === 1 ? '' : 's'}
        </Text>
        <Pagination total={result.total_pages} value={page} onChange={goTo} siblings={1} boundaries={1} />
      </Group>

      <TaskDetailModal task={selected} opened={selected !== null} onClose={() => setSelected(null)} onSaved={saved} />
    </Stack>
  );
}

export default function AdminTasksPage() {
  return (
    <AdminOnly title="Task Status">
      <TasksScreen />
    </AdminOnly>
  );
}
