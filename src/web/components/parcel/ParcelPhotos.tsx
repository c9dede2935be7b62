import { useLingui } from '@lingui/react/macro';
import { Group, Image, Loader, Modal, Paper, UnstyledButton } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useParcelPhoto } from './parcel-photo-api';

function Thumb({ parcelId, photoId, onOpen }: { parcelId: number; photoId: number; onOpen: () => void }) {
  const { t } = useLingui();
  const image = useParcelPhoto(parcelId, photoId, 'thumb');
  return (
    <UnstyledButton onClick={onOpen} aria-label={t`Photo ${photoId}, open larger`} data-testid="parcel-photo">
      <Paper withBorder w={72} h={72} style={{ overflow: 'hidden', display: 'grid', placeItems: 'center' }}>
        {image.data ? (
          <Image src={image.data} alt="" w={72} h={72} fit="cover" />
        ) : image.isError ? (
          <IconPhotoOff size={20} />
        ) : (
          <Loader size="xs" />
        )}
      </Paper>
    </UnstyledButton>
  );
}

function Large({ parcelId, photoId }: { parcelId: number; photoId: number }) {
  const { t } = useLingui();
  const image = useParcelPhoto(parcelId, photoId, 'display');
  return image.data ? <Image src={image.data} alt={t`Photo ${photoId} of the parcel`} fit="contain" mah="70vh" /> : <Loader />;
}

/** The parcel's photos as thumbnails; one opens larger in a modal. */
export function ParcelPhotoStrip({ parcelId, photoIds }: { parcelId: number; photoIds: number[] }) {
  const { t } = useLingui();
  const [open, setOpen] = useState<number | null>(null);
  if (!photoIds.length) return null;
  return (
    <>
      <Group gap="xs">
        {photoIds.map((id) => (
          <Thumb key={id} parcelId={parcelId} photoId={id} onOpen={() => setOpen(id)} />
        ))}
      </Group>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={t`Parcel photo`} size="lg">
        {open !== null && <Large parcelId={parcelId} photoId={open} />}
      </Modal>
    </>
  );
}
