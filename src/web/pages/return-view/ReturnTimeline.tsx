// The Return View's timeline (SPEC §2.10): the order's import, the return's creation and every task that carried it on.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Anchor, Group, Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconApi, IconFileCode, IconFileImport, IconNotes, IconPackage, IconShoppingCart } from '@tabler/icons-react';
import type { ReturnView } from '../../../contract/return-view';
import type { TaskView } from '../../../contract/tasks';
import { TaskStatusBadge } from '../../components/task-detail/TaskStatusBadge';
import { taskText } from '../../i18n/timeline-text';
import { formatDateTime } from '../../lib/format';
import { taskTimelineColor, taskTimelineTitle } from './timeline';

const TASK_ICONS: Record<string, ReactNode> = {
  'Biztalk File': <IconFileCode size={14} />,
  'Ecommerce Return': <IconShoppingCart size={14} />,
  'Rest API': <IconApi size={14} />,
  'System Log': <IconNotes size={14} />,
};

/** The titles people read; taskTimelineTitle's English names stay the keys. */
const TASK_TITLES: Record<string, MessageDescriptor> = {
  'Biztalk File': msg`Biztalk File`,
  'Ecommerce Return': msg`Ecommerce Return`,
  'Rest API': msg`Rest API`,
  'System Log': msg`System Log`,
};

// Timeline items are not 'active', so Mantine would draw every bullet grey: the colour sits in the icon.
function Bullet({ color, icon }: { color: string; icon: ReactNode }) {
  return (
    <ThemeIcon color={color} radius="xl" size={26} data-color={color}>
      {icon}
    </ThemeIcon>
  );
}

export function ReturnTimeline({ r, onView }: { r: ReturnView; onView: (t: TaskView) => void }) {
  const { t } = useLingui();
  const source = r.order?.source;
  const username = r.username;
  return (
    <Timeline bulletSize={28} lineWidth={2} active={-1} data-testid="return-timeline">
      {r.order && (
        <Timeline.Item title={t`Order Imported`} bullet={<Bullet color="teal" icon={<IconFileImport size={14} />} />}>
          <Text size="sm" c="dimmed">
            <Trans>From {source}</Trans>
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(r.order.created_at)}
          </Text>
        </Timeline.Item>
      )}
      <Timeline.Item title={t`Return Created`} bullet={<Bullet color="teal" icon={<IconPackage size={14} />} />}>
        <Text size="sm" c="dimmed">
          <Trans>By {username}</Trans>
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(r.created_at)}
        </Text>
      </Timeline.Item>
      {r.tasks.map((task) => {
        const kind = taskTimelineTitle(task.task_type);
        const title = t(TASK_TITLES[kind]!);
        const color = taskTimelineColor(task);
        const taskNumber = task.id;
        return (
          <Timeline.Item
            key={task.id}
            title={title}
            bullet={<Bullet color={color} icon={TASK_ICONS[kind]} />}
            data-testid="timeline-task"
            data-task-type={task.task_type}
            data-color={color}
          >
            <Group gap={6} wrap="nowrap">
              <TaskStatusBadge status={task.task_status} />
              <Text size="sm" c="dimmed" lineClamp={1}>
                {taskText(task.message_1, task.message_1_code)}
              </Text>
            </Group>
            <Group gap="xs" mt={2}>
              <Text size="xs" c="dimmed">
                {formatDateTime(task.created_at)}
              </Text>
              <Anchor
                component="button"
                type="button"
                size="xs"
                onClick={() => onView(task)}
                aria-label={t`View ${title} task ${taskNumber}`}
              >
                <Trans>View</Trans>
              </Anchor>
            </Group>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
