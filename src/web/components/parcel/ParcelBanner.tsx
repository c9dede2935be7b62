import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ParcelView } from '../../../contract/parcels';
import { useRouteQuery } from '../../api/queries';
import { ParcelPhotoStrip } from './ParcelPhotos';

/**
 * The unknown parcel a return is being made from (issue 11), shown where the return is made: its
 * tracking number, shelf, sender and note come along, and the save closes the parcel.
 */
export function ParcelBanner({
  parcel,
  action,
  onLeave,
}: {
  parcel: ParcelView;
  /** What the screen does with the parcel; each names the banner in one sentence. */
  action: 'Matching' | 'Converting';
  onLeave?: () => void;
}) {
  const { t } = useLingui();
  const { tracking_number: trackingNumber, location, company, sender_name: senderName, note } = parcel;
  // Its photos come along: read with the parcel (the queue's rows do not carry them).
  const detail = useRouteQuery('readParcel', { params: { id: parcel.id } }, { quiet: true });
  const photoIds = detail.data?.photos.map((p) => p.id) ?? [];
  return (
    <Alert
      color="blue"
      icon={<IconPackage size={18} />}
      title={action === 'Matching' ? t`Matching parcel ${trackingNumber}` : t`Converting parcel ${trackingNumber}`}
      // A tracking number is one long word: it breaks rather than pushing the banner wider than its column.
      styles={{ title: { overflowWrap: 'anywhere' }, message: { overflowWrap: 'anywhere' } }}
      data-testid="parcel-banner"
    >
      <Stack gap={4}>
        <Text size="sm">
          {t`Shelf ${location}`}
          {company ? ` · ${company}` : ` · ${t`customer unknown`}`}
          {senderName ? ` · ${t`from ${senderName}`}` : ''}
        </Text>
        {note && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            <Trans>Note: {note}</Trans>
          </Text>
        )}
        <ParcelPhotoStrip parcelId={parcel.id} photoIds={photoIds} />
        <Group gap="sm">
          <Anchor component={Link} to={`/parcels?open=${parcel.id}`} size="sm">
            <Trans>Open parcel</Trans>
          </Anchor>
          {onLeave && (
            <Button size="compact-xs" variant="subtle" onClick={onLeave}>
              <Trans>Leave parcel</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
