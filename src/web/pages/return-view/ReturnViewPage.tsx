// Return View (SPEC §2.10): header, lines and the timeline of what carried the return on.
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Badge, Button, Grid, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import type { ReturnView } from '../../../contract/return-view';
import type { TaskView } from '../../../contract/tasks';
import { useRouteQuery } from '../../api/queries';
import { PhotoThumb } from '../../components/photos/PhotoThumb';
import { PhotoViewer, type ViewerPhoto } from '../../components/photos/PhotoViewer';
import { TaskDetailModal } from '../../components/task-detail/TaskDetailModal';
import { DiscrepancyBadge } from '../receiving/DiscrepancyBadge';
import { formatDate } from '../../lib/format';
import { isTaskUnsettled, TIMELINE_POLL_MS } from '../../lib/polling';
import { usePageTitle } from '../../lib/page-title';
import { useSession } from '../../auth/session';
import { CorrectionModal } from './CorrectionModal';
import { VersionList } from './VersionList';
import { ReturnTimeline } from './ReturnTimeline';

function Field({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" data-testid={`field-${label}`}>
        {value === null || value === undefined || value === '' ? '—' : value}
      </Text>
    </div>
  );
}

function Header({ r }: { r: ReturnView }) {
  const o = r.order;
  const address4 = o ? [o.delivery_zipcode, o.delivery_city, o.delivery_state, o.delivery_country].filter(Boolean).join(' ') : '';
  return (
    <Paper withBorder p="md" data-testid="return-header">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="md" verticalSpacing="sm">
        <Field label="Return #" value={r.id} />
        <Field label="Ref 1" value={r.reference_1} />
        <Field label="Ref 2" value={r.reference_2} />
        <Field label="Date" value={formatDate(r.return_date)} />
        <Field
          label="Blind"
          value={
            <Badge color={r.is_blind ? 'orange' : 'gray'} variant="light">
              {r.is_blind ? 'Y' : 'N'}
            </Badge>
          }
        />
        {/* Every return names its customer; a blind one has no order fields to show besides. */}
        <Field label="Customer" value={r.company} />
        {/* Issue 11: the carrier tracking number it arrived with, and the unknown parcel it came from. */}
        {r.tracking_number && <Field label="Tracking #" value={r.tracking_number} />}
        {r.parcel && (
          <Field
            label="Parcel"
            value={
              <>
                <Anchor component={Link} to={`/parcels?open=${r.parcel.id}`} size="sm">
                  Parcel #{r.parcel.id}
                </Anchor>
                {r.parcel.note ? ` · ${r.parcel.note}` : ''}
              </>
            }
          />
        )}
        {o && (
          <>
            <Field label="Source" value={o.source} />
            <Field label="Msg #" value={r.message_id} />
            <Field label="Type" value={o.order_type} />
            <Field label="Delivery #" value={o.delivery_number} />
            <Field label="Order #" value={o.order_number} />
            <Field label="Name 1" value={o.delivery_name_1} />
            <Field label="Address 1" value={o.delivery_address_1} />
            <Field label="Address 2" value={o.delivery_address_2} />
            <Field label="Address 3" value={o.delivery_address_3} />
            <Field label="Address 4" value={address4} />
          </>
        )}
      </SimpleGrid>
    </Paper>
  );
}

/** Photos of lines a correction removed: kept as evidence of the earlier version (docs/decisions.md). */
const removedLinePhotos = (r: ReturnView) =>
  r.photos.filter((p) => p.ledger_id !== null && !r.lines.some((l) => l.id === p.ledger_id)).map((p) => p.id);

/** Every photo of the return in viewer order: the return's own first, then each line's, then removed lines'. */
function viewerPhotos(r: ReturnView): ViewerPhoto[] {
  const own = r.photos.filter((p) => p.ledger_id === null).map((p) => ({ id: p.id, caption: 'the return (parcel, label)' }));
  const lines = r.lines.flatMap((l, i) =>
    r.photos.filter((p) => p.ledger_id === l.id).map((p) => ({ id: p.id, caption: `line ${i + 1}, ${l.product.sku}` })),
  );
  const removed = removedLinePhotos(r).map((id) => ({ id, caption: 'a line removed by a correction' }));
  return [...own, ...lines, ...removed];
}

function Thumbs({ ids, photos, label, onOpen }: { ids: number[]; photos: ViewerPhoto[]; label: string; onOpen: (index: number) => void }) {
  return (
    <Group gap={4} wrap="wrap">
      {ids.map((id, i) => (
        <PhotoThumb
          key={id}
          id={id}
          size={40}
          alt={`Photo ${i + 1} of ${label}`}
          onOpen={() => onOpen(photos.findIndex((p) => p.id === id))}
        />
      ))}
    </Group>
  );
}

function ReturnPhotos({ r, onOpen }: { r: ReturnView; onOpen: (index: number) => void }) {
  const own = r.photos.filter((p) => p.ledger_id === null).map((p) => p.id);
  const removed = removedLinePhotos(r);
  if (!own.length && !removed.length) return null;
  return (
    <Paper withBorder p="md" data-testid="return-photos">
      {own.length > 0 && (
        <>
          <Title order={2} size="h5" mb="sm">
            Photos of the return
          </Title>
          <Thumbs ids={own} photos={viewerPhotos(r)} label="the return" onOpen={onOpen} />
        </>
      )}
      {removed.length > 0 && (
        <div data-testid="removed-line-photos">
          <Title order={2} size="h5" mt={own.length ? 'sm' : 0} mb="sm">
            Photos of lines removed by a correction
          </Title>
          <Thumbs ids={removed} photos={viewerPhotos(r)} label="a removed line" onOpen={onOpen} />
        </div>
      )}
    </Paper>
  );
}

function Lines({ r, onOpen }: { r: ReturnView; onOpen: (index: number) => void }) {
  const photos = viewerPhotos(r);
  const hasPhotos = r.photos.some((p) => r.lines.some((l) => l.id === p.ledger_id));
  return (
    <Stack gap="sm">
      <Table striped withTableBorder data-testid="return-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th>Returned</Table.Th>
            <Table.Th>Condition</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>Comment</Table.Th>
            <Table.Th>Disposition</Table.Th>
            <Table.Th>Bin</Table.Th>
            {hasPhotos && <Table.Th>Photos</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {r.lines.map((l) => (
            <Table.Tr key={l.id} data-testid="return-line" data-discrepancy={l.discrepancy ?? undefined}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {l.product.sku}
                </Text>
                <Text size="xs" c="dimmed">
                  {l.product.name_1}
                </Text>
                {l.discrepancy && (
                  <Group gap={4} mt={2}>
                    <DiscrepancyBadge kind={l.discrepancy} />
                    {l.replaces_line_number !== null && (
                      <Text size="xs" c="dimmed">
                        instead of order line {l.replaces_line_number}
                      </Text>
                    )}
                  </Group>
                )}
              </Table.Td>
              <Table.Td>{l.quantity}</Table.Td>
              <Table.Td>{l.condition}</Table.Td>
              <Table.Td>{l.reason_text ?? l.reason}</Table.Td>
              <Table.Td>{l.comment}</Table.Td>
              <Table.Td>{l.disposition_text ?? l.disposition}</Table.Td>
              <Table.Td ff="monospace">{l.location}</Table.Td>
              {hasPhotos && (
                <Table.Td>
                  <Thumbs
                    ids={r.photos.filter((p) => p.ledger_id === l.id).map((p) => p.id)}
                    photos={photos}
                    label={l.product.sku}
                    onOpen={onOpen}
                  />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {r.missing_lines.length > 0 && (
        <Table withTableBorder data-testid="return-missing" aria-label="Missing from the parcel">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Missing from the parcel</Table.Th>
              <Table.Th>Order line</Table.Th>
              <Table.Th>Missing</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.missing_lines.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>
                  <Group gap={6}>
                    <DiscrepancyBadge kind="MISSING" />
                    <Text size="sm" fw={600}>
                      {m.product.sku}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {m.product.name_1}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td>{m.order_line_number}</Table.Td>
                <Table.Td>{m.quantity}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

export default function ReturnViewPage() {
  const { orderId = '', returnId = '' } = useParams();
  const [selected, setSelected] = useState<TaskView | null>(null);
  const [correcting, setCorrecting] = useState(false);
  const { isAdmin } = useSession();
  const [viewing, setViewing] = useState<number | null>(null);
  usePageTitle(/^\d+$/.test(returnId) ? `Return #${returnId}` : 'Return View');
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

  return (
    <Stack>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={1} size="h2">
            Return View
          </Title>
          {data.version > 1 && (
            <Badge color="orange" variant="light" data-testid="corrected-badge" title={`Version ${data.version}`}>
              Corrected · v{data.version}
            </Badge>
          )}
          {data.has_discrepancies && (
            <Badge color="orange" variant="light" data-testid="has-discrepancies">
              Discrepancies
            </Badge>
          )}
        </Group>
        <Group gap="sm">
          {isAdmin && (
            <Button variant="light" leftSection={<IconEdit size={16} />} onClick={() => setCorrecting(true)}>
              Correct
            </Button>
          )}
          {data.is_blind && (
            <Button component={Link} to={`/blind/${data.customer_id}`} leftSection={<IconPlus size={16} />}>
              Create Another
            </Button>
          )}
        </Group>
      </Group>
      <Header r={data} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            <ReturnPhotos r={data} onOpen={setViewing} />
            <Lines r={data} onOpen={setViewing} />
            {data.versions.length > 0 && <VersionList versions={data.versions} current={data.version} />}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md">
            <Title order={5} mb="sm">
              Timeline
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
      <PhotoViewer photos={viewerPhotos(data)} index={viewing} onIndex={setViewing} />
      <TaskDetailModal task={selected} opened={selected !== null} onClose={() => setSelected(null)} onSaved={saved} />
    </Stack>
  );
}
