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
export function ParcelBanner({ parcel, action, onLeave }: { parcel: ParcelView; action: string; onLeave?: () => void }) {
  // Its photos come along: read with the parcel (the queue's rows do not carry them).
  const detail = useRouteQuery('readParcel', { params: { id: parcel.id } }, { quiet: true });
  const photoIds = detail.data?.photos.map((p) => p.id) ?? [];
  return (
    <Alert
      color="blue"
      icon={<IconPackage size={18} />}
      title={`${action} parcel ${parcel.tracking_number}`}
      // A tracking number is one long word: it breaks rather than pushing the banner wider than its column.
      styles={{ title: { overflowWrap: 'anywhere' }, message: { overflowWrap: 'anywhere' } }}
      data-testid="parcel-banner"
    >
      <Stack gap={4}>
        <Text size="sm">
          Shelf {parcel.location}
          {parcel.company ? ` · ${parcel.company}` : ' · customer unknown'}
          {parcel.sender_name ? ` · from ${parcel.sender_name}` : ''}
        </Text>
        {parcel.note && (
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            Note: {parcel.note}
          </Text>
        )}
        <ParcelPhotoStrip parcelId={parcel.id} photoIds={photoIds} />
        <Group gap="sm">
          <Anchor component={Link} to={`/parcels?open=${parcel.id}`} size="sm">
            Open parcel
          </Anchor>
          {onLeave && (
            <Button size="compact-xs" variant="subtle" onClick={onLeave}>
              Leave parcel
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
