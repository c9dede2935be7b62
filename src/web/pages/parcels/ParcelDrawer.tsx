import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { parcelStepText } from '../../i18n/timeline-text';
import { CLOSE_REASON_LABEL, EVENT_ACTION_LABEL, labelOf, STATE_IN_SENTENCE } from './labels';

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
  const { t } = useLingui();
  return (
    <Stack gap="xs" component="section" aria-label={t`Close without a return`}>
      <Select
        label={t`Reason`}
        withAsterisk
        placeholder={t`Choose a reason`}
        data={PARCEL_CLOSE_REASONS.map((r) => ({ value: r, label: labelOf(CLOSE_REASON_LABEL, r, (d) => t(d)) }))}
        value={reason}
        error={error}
        onChange={(v) => {
          setReason(v as ParcelCloseReason | null);
          setError(null);
        }}
      />
      <Textarea label={t`Comment`} autosize minRows={2} value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
      <Group justify="flex-end">
        <Button
          color="red"
          leftSection={<IconBan size={16} />}
          loading={close.isPending}
          onClick={() => {
            if (!reason) return setError(t`Choose a reason`);
            close.mutate({ params: { id: parcel.id }, body: { reason, comment } });
          }}
        >
          <Trans>Close parcel</Trans>
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
  const { t } = useLingui();
  if (own && !own.can_blind) {
    const company = own.company;
    return (
      <Text size="sm" c="dimmed">
        <Trans>{company} has no blind receiving: match the parcel to an order or close it.</Trans>
      </Text>
    );
  }
  return (
    <Group align="flex-end" gap="xs">
      {!own && (
        <CustomerSelect
          label={t`Customer of the blind return`}
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
        <Trans>Convert to blind return</Trans>
      </Button>
    </Group>
  );
}

/** One parcel: what was printed on it, where it is, its timeline, and what can still happen to it. */
/** `readOnly`: a brand user's look (issue 25): no edit, photos or decisions, which are the warehouse's. */
export function ParcelDrawer({
  parcelId,
  onClose,
  readOnly = false,
}: {
  parcelId: number | null;
  onClose: () => void;
  readOnly?: boolean;
}) {
  const navigate = useNavigate();
  const query = useRouteQuery('readParcel', { params: { id: parcelId ?? 0 } }, { enabled: parcelId !== null });
  const parcel = parcelId !== null ? query.data : undefined;
  const [closing, setClosing] = useState(false);
  const [editing, setEditing] = useState(false);
  const waiting = parcel?.state === 'Waiting';
  const actionable = waiting && !readOnly;
  const { t } = useLingui();
  const tr = (d: MessageDescriptor) => t(d);
  // The values the texts below name (the parcel is there once it has loaded).
  const tracking = parcel?.tracking_number;
  const returnId = parcel?.return_id;
  const received = formatDateTime(parcel?.received_at);
  const receivedBy = parcel?.received_by;
  const [amberDays, redDays] = [parcel?.amber_days, parcel?.red_days];
  const photoCount = parcel?.photos.length;
  const stateWord = parcel ? labelOf(STATE_IN_SENTENCE, parcel.state, tr) : '';
  // A closed step names its reason by code: the reader's word for it.
  const stepValue = (code: string, value: string) =>
    code.startsWith('parcelEvent.closed') ? labelOf(CLOSE_REASON_LABEL, value, tr) : value;

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
      title={parcel ? t`Parcel ${tracking}` : t`Parcel`}
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
            {parcel.close_reason && <Text size="sm">{labelOf(CLOSE_REASON_LABEL, parcel.close_reason, tr)}</Text>}
            {parcel.return_path && (
              <Anchor component={Link} to={parcel.return_path} size="sm">
                <Trans>View return #{returnId}</Trans>
              </Anchor>
            )}
          </Group>
          {editing && actionable ? (
            <ParcelEditForm parcel={parcel} onDone={() => setEditing(false)} />
          ) : (
            <>
              <SimpleGrid cols={2} spacing="sm">
                <Field label={t`Customer`}>{parcel.company ?? t`Unknown`}</Field>
                <Field label={t`Shelf location`}>{parcel.location}</Field>
                <Field label={t`Sender name`}>{parcel.sender_name}</Field>
                <Field label={t`Sender address`}>{parcel.sender_address}</Field>
                <Field label={t`Received`}>{t`${received} by ${receivedBy}`}</Field>
                <Field label={t`Age limits`}>{t`amber after ${amberDays} days, red after ${redDays}`}</Field>
              </SimpleGrid>
              <Field label={t`Note`}>{parcel.note}</Field>
              {actionable && (
                <Group>
                  <Button variant="light" size="xs" leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
                    <Trans>Edit parcel</Trans>
                  </Button>
                </Group>
              )}
            </>
          )}
          {parcel.photos.length > 0 && (
            <Stack gap={4}>
              <Text size="xs" c="dimmed">
                <Trans>Photos ({photoCount})</Trans>
              </Text>
              <ParcelPhotoStrip parcelId={parcel.id} photoIds={parcel.photos.map((p) => p.id)} />
            </Stack>
          )}
          {actionable && <ParcelAddPhotos parcel={parcel} />}

          {actionable && (
            <Stack gap="sm">
              <Title order={3} size="h5">
                <Trans>What happens to it</Trans>
              </Title>
              <Group>
                <Button leftSection={<IconSearch size={16} />} onClick={() => navigate(`/?parcel=${parcel.id}`)}>
                  <Trans>Match to order</Trans>
                </Button>
                <Button variant="default" leftSection={<IconBan size={16} />} onClick={() => setClosing((c) => !c)} aria-expanded={closing}>
                  <Trans>Close without a return</Trans>
                </Button>
              </Group>
              <ConvertForm parcel={parcel} />
              {closing && <CloseForm parcel={parcel} onDone={() => setClosing(false)} />}
            </Stack>
          )}
          {!waiting && (
            <Alert color="gray" icon={<IconPackage size={18} />}>
              <Trans>This parcel is {stateWord}; nothing more can happen to it.</Trans>
            </Alert>
          )}

          <Title order={3} size="h5">
            <Trans>Timeline</Trans>
          </Title>
          <Timeline bulletSize={18} lineWidth={2} active={parcel.events.length - 1} data-testid="parcel-timeline">
            {parcel.events.map((e) => (
              <Timeline.Item key={e.id} title={parcelStepText(e.text, e.text_codes, stepValue)}>
                <Text size="xs" c="dimmed">
                  {labelOf(EVENT_ACTION_LABEL, e.action, tr)} · {formatDateTime(e.created_at)} · {e.username}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}
    </Drawer>
  );
}
