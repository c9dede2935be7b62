// Return View (SPEC §2.10): header, lines and the timeline of what carried the return on.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Badge, Button, Grid, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import type { ReturnView } from '../../../contract/return-view';
import type { TaskView } from '../../../contract/tasks';
import { useRouteQuery } from '../../api/queries';
import { PhotoViewer } from '../../components/photos/PhotoViewer';
import { TaskDetailModal } from '../../components/task-detail/TaskDetailModal';
import { isTaskUnsettled, TIMELINE_POLL_MS } from '../../lib/polling';
import { usePageTitle } from '../../lib/page-title';
import { useSession } from '../../auth/session';
import { CorrectionModal } from './CorrectionModal';
import { VersionList } from './VersionList';
import { ReturnTimeline } from './ReturnTimeline';
import { ReturnHeader } from './ReturnHeader';
import { ReturnLines, ReturnPhotos, viewerPhotos } from './ReturnLines';

export default function ReturnViewPage() {
  const { orderId = '', returnId = '' } = useParams();
  const [selected, setSelected] = useState<TaskView | null>(null);
  const [correcting, setCorrecting] = useState(false);
  const { isAdmin, isBrand } = useSession();
  const [viewing, setViewing] = useState<number | null>(null);
  const { t } = useLingui();
  usePageTitle(/^\d+$/.test(returnId) ? t`Return #${returnId}` : t`Return View`);
  // The timeline watches the return's tasks: it is read again while one of them is still to run.
  const query = useRouteQuery(
    'readReturn',
    { params: { returnId, orderId } },
    { refetchInterval: (q) => (q.state.data?.tasks.some(isTaskUnsettled) ? TIMELINE_POLL_MS : false) },
  );
  const data: ReturnView | null = query.data ?? null;

  // The modal's mutation invalidates this return, so the timeline shows the saved task too.
  const saved = (task: TaskView) => setSelected(task);

  if (query.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" />
      </Group>
    );
  }
  // SPEC §2.10: if reading the return fails nothing is shown (the API client has notified).
  if (!data) return null;
  const version = data.version;

  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={1} size="h2">
            <Trans>Return View</Trans>
          </Title>
          {data.version > 1 && (
            <Badge color="orange" variant="light" data-testid="corrected-badge" title={t`Version ${version}`}>
              <Trans>Corrected · v{version}</Trans>
            </Badge>
          )}
          {data.has_discrepancies && (
            <Badge color="orange" variant="light" data-testid="has-discrepancies">
              <Trans>Discrepancies</Trans>
            </Badge>
          )}
        </Group>
        <Group gap="sm">
          {isAdmin && (
            <Button variant="light" leftSection={<IconEdit size={16} />} onClick={() => setCorrecting(true)}>
              <Trans>Correct</Trans>
            </Button>
          )}
          {data.is_blind && !isBrand && (
            <Button component={Link} to={`/blind/${data.customer_id}`} leftSection={<IconPlus size={16} />}>
              <Trans>Create Another</Trans>
            </Button>
          )}
        </Group>
      </Group>
      <ReturnHeader r={data} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <ReturnPhotos r={data} onOpen={setViewing} />
            <ReturnLines r={data} onOpen={setViewing} />
            {data.versions.length > 0 && <VersionList versions={data.versions} current={data.version} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md">
            <Title order={5} mb="sm">
              <Trans>Timeline</Trans>
            </Title>
            <ReturnTimeline r={data} onView={setSelected} />
          </Paper>
        </Grid.Col>
      </Grid>
      {correcting && (
        <CorrectionModal
          r={data}
          opened
          onClose={() => setCorrecting(false)}
          onSaved={() => {
            setCorrecting(false);
            void query.refetch();
          }}
        />
      )}
      <PhotoViewer photos={viewerPhotos(data, (d) => t(d))} index={viewing} onIndex={setViewing} />
      <TaskDetailModal task={selected} opened={selected !== null} onClose={() => setSelected(null)} onSaved={saved} />
    </Stack>
  );
}
