import { ActionIcon, Button, FileButton, Group, Image, Loader, Modal, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCamera, IconPhotoOff, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { callRoute } from '../../api/client';
import { previewOf, uploadPhoto, useParcelPhoto } from './parcel-photo-api';

export interface DraftPhoto {
  id: number;
  preview: string;
  name: string;
}

/**
 * Photos of the parcel being taken in: the camera on a phone or tablet (`capture`), a file on a desk.
 * Each is uploaded at once (the server checks its type and size) as the user's own photo of no
 * customer yet, so changing the parcel's customer afterwards never orphans it; the save keeps them
 * with the parcel and gives them its customer.
 */
export function PhotoPicker({
  photos,
  onChange,
}: {
  photos: DraftPhoto[];
  onChange: (update: (photos: DraftPhoto[]) => DraftPhoto[]) => void;
}) {
  const [uploading, setUploading] = useState(0);
  const add = async (files: File[]) => {
    setUploading((n) => n + files.length);
    for (const file of files) {
      const [stored, preview] = await Promise.all([uploadPhoto(file, null), previewOf(file).catch(() => '')]);
      setUploading((n) => n - 1);
      if (stored) onChange((list) => [...list, { id: stored.id, preview, name: file.name }]);
    }
  };
  const remove = (photo: DraftPhoto) => {
    onChange((list) => list.filter((p) => p.id !== photo.id));
    // A wrong shot is removed from the store too; one left behind is cleaned up after a day anyway.
    void callRoute('deletePhoto', { params: { id: photo.id } }, { quiet: true });
  };
  return (
    <Stack gap={6}>
      <Group gap="xs">
        <FileButton onChange={(files) => void add(files)} accept="image/jpeg,image/png,image/webp" multiple capture="environment">
          {(props) => (
            <Button {...props} variant="default" size="xs" leftSection={<IconCamera size={14} />}>
              Add photos
            </Button>
          )}
        </FileButton>
        {uploading > 0 && <Loader size="xs" aria-label="Uploading photos" />}
        <Text size="xs" c="dimmed">
          {photos.length} photo{photos.length === 1 ? '' : 's'}
        </Text>
      </Group>
      {photos.length > 0 && (
        <Group gap={6} data-testid="intake-photos">
          {photos.map((p) => (
            <Paper key={p.id} withBorder pos="relative" w={56} h={56} style={{ overflow: 'hidden' }}>
              <Image src={p.preview || null} alt={`Photo ${p.name}`} w={56} h={56} fit="cover" />
              <ActionIcon
                size="xs"
                color="red"
                variant="filled"
                pos="absolute"
                top={2}
                right={2}
                aria-label={`Remove photo ${p.name}`}
                onClick={() => remove(p)}
              >
                <IconX size={12} />
              </ActionIcon>
            </Paper>
          ))}
        </Group>
      )}
    </Stack>
  );
}

function Thumb({ parcelId, photoId, onOpen }: { parcelId: number; photoId: number; onOpen: () => void }) {
  const image = useParcelPhoto(parcelId, photoId, 'thumb');
  return (
    <UnstyledButton onClick={onOpen} aria-label={`Photo ${photoId}, open larger`} data-testid="parcel-photo">
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
  const image = useParcelPhoto(parcelId, photoId, 'display');
  return image.data ? <Image src={image.data} alt={`Photo ${photoId} of the parcel`} fit="contain" mah="70vh" /> : <Loader />;
}

/** The parcel's photos as thumbnails; one opens larger in a modal. */
export function ParcelPhotoStrip({ parcelId, photoIds }: { parcelId: number; photoIds: number[] }) {
  const [open, setOpen] = useState<number | null>(null);
  if (!photoIds.length) return null;
  return (
    <>
      <Group gap="xs">
        {photoIds.map((id) => (
          <Thumb key={id} parcelId={parcelId} photoId={id} onOpen={() => setOpen(id)} />
        ))}
      </Group>
      <Modal opened={open !== null} onClose={() => setOpen(null)} title="Parcel photo" size="lg">
        {open !== null && <Large parcelId={parcelId} photoId={open} />}
      </Modal>
    </>
  );
}
