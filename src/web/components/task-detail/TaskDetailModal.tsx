import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  NumberInput,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconClockHour4 } from '@tabler/icons-react';
import { LIMITS, TASK_STATUSES, TASK_TYPES_WITH_FILE, type TaskStatus, type TaskType } from '../../../contract/constants';
import { isTaskQueued } from '../../../contract/task-rules';
import { taskUpdateBody, type TaskUpdateBody, type TaskView } from '../../../contract/tasks';
import { useRouteMutation } from '../../api/queries';
import { useSession } from '../../auth/session';
import { schemaValidate, setServerErrors } from '../../lib/form';
import { JsonTree, type JsonLabels } from './JsonTree';
import { logKeyLabel, logValueLabel, taskTypeLabel } from './task-log-labels';
import { TASK_STATUS_MESSAGES, TaskStatusBadge } from './TaskStatusBadge';
import { taskText } from '../../i18n/timeline-text';

export interface TaskDetailModalProps {
  task: TaskView | null;
  opened: boolean;
  onClose: () => void;
  /** Called with the saved task after the admin's Task Action form succeeds. */
  onSaved?: (task: TaskView) => void;
  /** Shows the Task Action panel; defaults to the session's is_su, so operators never see it. */
  admin?: boolean;
}

/** The status code a new form starts with (sent to the API, never shown as it is). */
const INITIAL_STATUS: TaskStatus = 'Pending';

/** SPEC §2.10 Task Detail modal: logs as a JSON tree, file download, and the admin Task Action form. */
export function TaskDetailModal({ task, opened, onClose, onSaved, admin }: TaskDetailModalProps) {
  const { t, i18n } = useLingui();
  const logLabels: JsonLabels = { key: (name) => logKeyLabel(i18n, name), value: (key, value) => logValueLabel(i18n, key, value) };
  const statusOptions = TASK_STATUSES.map((s) => ({ value: s, label: t(TASK_STATUS_MESSAGES[s]) }));
  const session = useSession();
  const isAdmin = admin ?? session.isAdmin;
  const form = useForm<TaskUpdateBody>({
    initialValues: { message_2: '', is_running: false, task_status: INITIAL_STATUS, attempts_count: LIMITS.minAttempts },
    validate: schemaValidate(taskUpdateBody),
  });
  // The link is short-lived and answers with Content-Disposition: attachment, so the page stays.
  const download = useRouteMutation('taskDownload', { onSuccess: ({ url }) => window.location.assign(url) });
  const update = useRouteMutation('updateTask', {
    invalidates: ['listTasks', 'readReturn', 'auditTrail'],
    onSuccess: (saved) => {
      const savedId = saved.id;
      notifications.show({ color: 'green', title: t`Task updated`, message: t`Task #${savedId} was saved.` });
      onSaved?.(saved);
    },
    onError: (error) => setServerErrors(form, error),
  });

  useEffect(() => {
    if (!task) return;
    form.setValues({
      message_2: task.message_2 ?? '',
      is_running: task.is_running,
      task_status: task.task_status as TaskStatus,
      attempts_count: Math.min(Math.max(task.attempts_count, LIMITS.minAttempts), LIMITS.maxAttempts),
    });
    form.resetDirty();
    // The form follows the task shown, not every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [task?.id, task?.updated_at]);

  if (!task) return null;
  const hasFileType = TASK_TYPES_WITH_FILE.includes(task.task_type as TaskType);
  const showActions = isAdmin && task.task_type !== 'SGL REST Create';
  const queued = isTaskQueued(task);

  const id = task.id;
  const save = (values: TaskUpdateBody) => update.mutate({ params: { id }, body: { ...values, message_2: values.message_2 || null } });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={LIMITS.taskModalWidth}
      title={
        <Title order={4}>
          <Trans>Task #{id}</Trans>
        </Title>
      }
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap="sm" data-testid="task-detail">
        <Group gap="xs">
          <Badge variant="light" color="gray">
            {taskTypeLabel(i18n, task.task_type)}
          </Badge>
          <TaskStatusBadge status={task.task_status} />
          {task.message_1 && <Text size="sm">{taskText(task.message_1, task.message_1_code)}</Text>}
          {task.message_2 && (
            <Text size="sm" c="dimmed">
              {taskText(task.message_2, task.message_2_code)}
            </Text>
          )}
        </Group>

        {hasFileType && (
          <Group gap={6}>
            <IconDownload size={16} />
            {task.has_file ? (
              <Anchor
                component="button"
                type="button"
                onClick={() => download.mutate({ params: { id } })}
                disabled={download.isPending}
                size="sm"
              >
                <Trans>download file</Trans>
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed">
                <Trans>download file (no file stored yet)</Trans>
              </Text>
            )}
          </Group>
        )}

        <Title order={5}>
          <Trans>Task Logs</Trans>
        </Title>
        <ScrollArea.Autosize mah={360} type="auto" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 4 }} p="xs">
          <JsonTree data={task.details} labels={logLabels} />
        </ScrollArea.Autosize>

        {showActions && (
          <>
            <Divider label={t`Task Action`} labelPosition="left" />
            {queued ? (
              <Alert color="blue" icon={<IconClockHour4 size={18} />} title={t`Queued`}>
                <Trans>This task is waiting in the queue; the task monitor will run it.</Trans>
              </Alert>
            ) : (
              <form onSubmit={form.onSubmit(save)}>
                <Stack gap="xs">
                  {/* The box holds the stored text (English for the system's own messages): editing it must not
                      rewrite it in the reader's language, so only its label and hint are translated. */}
                  <TextInput
                    label={t`Message 2`}
                    description={t`Saved as written. A message of the system is shown above in your language.`}
                    {...form.getInputProps('message_2')}
                  />
                  <Group grow align="flex-start">
                    <NumberInput
                      label={t`Attempts`}
                      min={LIMITS.minAttempts}
                      max={LIMITS.maxAttempts}
                      allowDecimal={false}
                      clampBehavior="strict"
                      {...form.getInputProps('attempts_count')}
                    />
                    <Select label={t`Task Status`} data={statusOptions} allowDeselect={false} {...form.getInputProps('task_status')} />
                  </Group>
                  <Checkbox label={t`Is In Queue`} {...form.getInputProps('is_running', { type: 'checkbox' })} />
                  <Group justify="flex-end">
                    <Button type="submit" loading={update.isPending}>
                      <Trans>Save</Trans>
                    </Button>
                  </Group>
                </Stack>
              </form>
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
}

export default TaskDetailModal;
