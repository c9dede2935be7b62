import { Alert, Anchor, Button, Drawer, Group, Loader, Select, SimpleGrid, Stack, Text, Textarea, Timeline, Title } from '@mantine/core';
import { IconArrowsExchange, IconBan, IconPackage, IconPencil, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PARCEL_CLOSE_REASONS, type ParcelCloseReason } from '../../../contract/parcel-rules';
import type { ParcelDetail } from '../../../contract/parcels';
import { useRouteMutation, useRouteQuery } from '../../api/queries';
import { useSession } from '../../auth/session';
import { CustomerSelect } from '../../components/CustomerSelect';
import { formatDateTime } from '../../lib/format';
import { AgeBadge } from '../../components/parcel/AgeBadge';
import { StateBadge } from './ParcelQueue';
import { ParcelPhotoStrip } from '../../components/parcel/ParcelPhotos';
import { ParcelAddPhotos, ParcelEditForm } from './ParcelChanges';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

/** Close without a return: a reason (returned to sender, disposed, handed to the customer) and a comment. */
function CloseForm({ parcel, onDone }: { parcel: ParcelDetail; onDone: () => void }) {
  const [reason, setReason] = useState<ParcelCloseReason | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = useRouteMutation('closeParcel', { invalidates: ['listParcels', 'readParcel'], onSuccess: onDone });
  return (
    <Stack gap="xs" component="section" aria-label="Close without a return">
      <Select
        label="Reason"
        withAsterisk
        placeholder="Choose a reason"
        data={[...PARCEL_CLOSE_REASONS]}
        value={reason}
        error={error}
        onChange={(v) => {
          setReason(v as ParcelCloseReason | null);
          setError(null);
        }}
      />
      <Textarea label="Comment" autosize minRows={2} value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
      <Group justify="flex-end">
        <Button
          color="red"
          leftSection={<IconBan size={16} />}
          loading={close.isPending}
          onClick={() => {
            if (!reason) return setError('Choose a reason');
            close.mutate({ params: { id: parcel.id }, body: { reason, comment } });
          }}
        >
          Close parcel
        </Button>
      </Group>
    </Stack>
  );
}

/** Convert to a blind return: the parcel's customer, or one chosen here, must allow blind returns. */
function ConvertForm({ parcel }: { parcel: ParcelDetail }) {
  const session = useSession();
  const navigate = useNavigate();
  const blindCustomers = session.customers.filter((c) => c.can_blind);
  const own = session.customerById(parcel.customer_id);
  const [chosen, setChosen] = useState<string | null>(own?.can_blind ? String(own.id) : null);
  if (own && !own.can_blind) {
    return (
      <Text size="sm" c="dimmed">
        {own.company} has no blind receiving: match the parcel to an order or close it.
      </Text>
    );
  }
  return (
    <Group align="flex-end" gap="xs">
      {!own && (
        <CustomerSelect
          label="Customer of the blind return"
          customers={blindCustomers}
          value={chosen}
          onChange={(v) => setChosen(v)}
          style={{ flex: 1 }}
        />
      )}
      <Button
        variant="light"
        leftSection={<IconArrowsExchange size={16} />}
        disabled={!chosen}
        onClick={() => chosen && navigate(`/blind/${chosen}?parcel=${parcel.id}`)}
      >
        Convert to blind return
      </Button>
    </Group>
  );
}

/** One parcel: what was printed on it, where it is, its timeline, and what can still happen to it. */
export function ParcelDrawer({ parcelId, onClose }: { parcelId: number | null; onClose: () => void }) {
  const navigate = useNavigate();
  const query = useRouteQuery('readParcel', { params: { id: parcelId ?? 0 } }, { enabled: parcelId !== null });
  const parcel = parcelId !== null ? query.data : undefined;
  const [closing, setClosing] = useState(false);
  const [editing, setEditing] = useState(false);
  const waiting = parcel?.state === 'Waiting';

  return (
    <Drawer
      opened={parcelId !== null}
      onClose={() => {
        setClosing(false);
        setEditing(false);
        onClose();
      }}
      position="right"
      size={560}
      title={parcel ? `Parcel ${parcel.tracking_number}` : 'Parcel'}
    >
      {!parcel ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : (
        <Stack gap="md" data-testid="parcel-detail">
          <Group gap="xs">
            <StateBadge state={parcel.state} />
            <AgeBadge parcel={parcel} />
            {parcel.close_reason && <Text size="sm">{parcel.close_reason}</Text>}
            {parcel.return_path && (
              <Anchor component={Link} to={parcel.return_path} size="sm">
                View return #{parcel.return_id}
              </Anchor>
            )}
          </Group>
          {editing && waiting ? (
            <ParcelEditForm parcel={parcel} onDone={() => setEditing(false)} />
          ) : (
            <>
              <SimpleGrid cols={2} spacing="sm">
                <Field label="Customer">{parcel.company ?? 'Unknown'}</Field>
                <Field label="Shelf location">{parcel.location}</Field>
                <Field label="Sender name">{parcel.sender_name}</Field>
                <Field label="Sender address">{parcel.sender_address}</Field>
                <Field label="Received">{`${formatDateTime(parcel.received_at)} by ${parcel.received_by}`}</Field>
                <Field label="Age limits">{`amber after ${parcel.amber_days} days, red after ${parcel.red_days}`}</Field>
              </SimpleGrid>
              <Field label="Note">{parcel.note}</Field>
              {waiting && (
                <Group>
                  <Button variant="light" size="xs" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
                    Edit parcel
                  </Button>
                </Group>
              )}
            </>
          )}
          {parcel.photos.length > 0 && (
            <Stack gap={4}>
              <Text size="xs" c="dimmed">
                Photos ({parcel.photos.length})
              </Text>
              <ParcelPhotoStrip parcelId={parcel.id} photoIds={parcel.photos.map((p) => p.id)} />
            </Stack>
          )}
          {waiting && <ParcelAddPhotos parcel={parcel} />}

          {waiting && (
            <Stack gap="sm">
              <Title order={3} size="h5">
                What happens to it
              </Title>
              <Group>
                <Button leftSection={<IconSearch size={16} />} onClick={() => navigate(`/?parcel=${parcel.id}`)}>
                  Match to order
                </Button>
                <Button variant="default" leftSection={<IconBan size={16} />} onClick={() => setClosing((c) => !c)} aria-expanded={closing}>
                  Close without a return
                </Button>
              </Group>
              <ConvertForm parcel={parcel} />
              {closing && <CloseForm parcel={parcel} onDone={() => setClosing(false)} />}
            </Stack>
          )}
          {!waiting && (
            <Alert color="gray" icon={<IconPackage size={18} />}>
              This parcel is {parcel.state.toLowerCase()}; nothing more can happen to it.
            </Alert>
          )}

          <Title order={3} size="h5">
            Timeline
          </Title>
          <Timeline bulletSize={18} lineWidth={2} active={parcel.events.length - 1} data-testid="parcel-timeline">
            {parcel.events.map((e) => (
              <Timeline.Item key={e.id} title={e.text}>
                <Text size="xs" c="dimmed">
                  {e.action} · {formatDateTime(e.created_at)} · {e.username}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}
    </Drawer>
  );
}
