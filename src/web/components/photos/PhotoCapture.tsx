// The reusable photo capture of issue 16: a tablet's or phone's camera (`capture`), files, a desk
// webcam (one key to shoot), paste and drag-and-drop; uploads start at once and show their progress.
// Stable API for every feature that takes photos (receiving, blind returns, unknown parcels):
//   <PhotoCapture customerId={id} photoIds={ids} onAdd={(id) => …} onRemove={(id) => …} label="Photos of NW-CAP" />
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Box, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCamera, IconDeviceDesktop, IconUpload, IconX } from '@tabler/icons-react';
import { useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { MAX_PHOTOS_PER_ITEM } from '../../../contract/photo-rules';
import { callRoute } from '../../api/client';
import { failureText } from '../../api/envelope';
import { uploadPhoto } from './photo-requests';
import { PhotoThumb } from './PhotoThumb';
import { PhotoViewer } from './PhotoViewer';
import { WebcamPanel } from './WebcamPanel';
import classes from './photos.module.css';

export interface PhotoCaptureProps {
  /** The customer the photos are for; undefined while there is none yet (an unknown parcel). */
  customerId: number | undefined;
  /** The photos taken so far (ids from POST /api/photos). */
  photoIds: number[];
  onAdd: (photoId: number) => void;
  /** Without it, photos cannot be removed here. */
  onRemove?: (photoId: number) => void;
  /** What the photos show, e.g. "Photos of NW-CAP"; names the drop zone and the thumbnails. */
  label: string;
  /** Open with the webcam running (a shortcut asked for it). */
  startWebcam?: boolean;
}

interface Upload {
  key: number;
  name: string;
  progress: number;
  error?: string;
}

let uploadKey = 0;

export function PhotoCapture({ customerId, photoIds, onAdd, onRemove, label, startWebcam = false }: PhotoCaptureProps) {
  const { t } = useLingui();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [webcam, setWebcam] = useState(startWebcam);
  const [dragging, setDragging] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const resetCamera = useRef<() => void>(null);
  const resetFiles = useRef<() => void>(null);
  const pending = uploads.filter((u) => !u.error).length;
  const room = MAX_PHOTOS_PER_ITEM - photoIds.length - pending;

  const send = (files: Blob[]) => {
    const images = files.filter((f) => f.type === '' || f.type.startsWith('image/')).slice(0, Math.max(0, room));
    for (const file of images) {
      const key = ++uploadKey;
      const name = file instanceof File && file.name ? file.name : t`Photo ${key}`;
      setUploads((u) => [...u, { key, name, progress: 0 }]);
      void uploadPhoto(file, customerId, (progress) => setUploads((u) => u.map((x) => (x.key === key ? { ...x, progress } : x)))).then(
        (res) => {
          if (res.code === 200) {
            setUploads((u) => u.filter((x) => x.key !== key));
            onAdd(res.message.id);
          } else {
            setUploads((u) => u.map((x) => (x.key === key ? { ...x, error: failureText(res) } : x)));
          }
        },
      );
    }
  };

  const remove = async (id: number) => {
    const res = await callRoute('deletePhoto', { params: { id } }, { quiet: true });
    // 404: gone already (the cleanup); either way it is no longer this draft's.
    if (res.code === 200 || res.status === 404) onRemove?.(id);
  };

  const onPaste = (e: ClipboardEvent) => {
    const files = [...e.clipboardData.files].filter((f) => f.type.startsWith('image/'));
    if (files.length) {
      e.preventDefault();
      send(files);
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    send([...e.dataTransfer.files]);
  };

  return (
    <Stack gap="xs">
      <Box
        className={`${classes.drop} ${dragging ? classes.dropActive : ''}`}
        tabIndex={0}
        role="group"
        aria-label={t`${label}: drop or paste images here`}
        onPaste={onPaste}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="photo-drop"
      >
        <Group gap={6} mih={44} wrap="wrap" data-testid="photo-list">
          {photoIds.map((id, i) => {
            const position = i + 1;
            const total = photoIds.length;
            return (
              <Group key={id} gap={2} wrap="nowrap">
                <PhotoThumb id={id} alt={t`Photo ${position} of ${total}, ${label}`} size={56} onOpen={() => setViewing(i)} />
                {onRemove && (
                  <ActionIcon
                    variant="subtle"
                    color="red.8"
                    size="sm"
                    aria-label={t`Remove photo ${position}`}
                    onClick={() => void remove(id)}
                  >
                    <IconX size={14} />
                  </ActionIcon>
                )}
              </Group>
            );
          })}
          {photoIds.length === 0 && uploads.length === 0 && (
            <Text size="sm" c="dimmed">
              <Trans>No photo yet. Drop or paste an image here, or take one.</Trans>
            </Text>
          )}
        </Group>
        {uploads.map((u) => (
          <Box key={u.key} mt={4} data-testid="photo-upload">
            <Group justify="space-between" gap="xs">
              <Text size="xs" truncate maw={260}>
                {u.name}
              </Text>
              {u.error ? (
                <Group gap={4}>
                  <Text size="xs" c="red.9" role="alert">
                    {u.error}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    size="xs"
                    aria-label={t`Dismiss the failed upload ${{ fileName: u.name }}`}
                    onClick={() => setUploads((x) => x.filter((y) => y.key !== u.key))}
                  >
                    <IconX size={12} />
                  </ActionIcon>
                </Group>
              ) : (
                <Text size="xs">{Math.round(u.progress * 100)}%</Text>
              )}
            </Group>
            {!u.error && <Progress value={u.progress * 100} size="sm" aria-label={t`Uploading ${{ fileName: u.name }}`} />}
          </Box>
        ))}
      </Box>
      {webcam ? (
        <WebcamPanel onShot={(blob) => send([blob])} onDone={() => setWebcam(false)} />
      ) : (
        <Group gap="xs">
          <FileButton
            resetRef={resetCamera}
            onChange={(f) => f && (send([f]), resetCamera.current?.())}
            accept="image/*"
            capture="environment"
          >
            {(props) => (
              <Button {...props} size="xs" variant="default" leftSection={<IconCamera size={16} />} disabled={room <= 0}>
                <Trans>Camera</Trans>
              </Button>
            )}
          </FileButton>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDeviceDesktop size={16} />}
            onClick={() => setWebcam(true)}
            disabled={room <= 0}
          >
            <Trans>Webcam</Trans>
          </Button>
          <FileButton
            resetRef={resetFiles}
            onChange={(f) => (send(f), resetFiles.current?.())}
            accept="image/jpeg,image/png,image/webp"
            multiple
          >
            {(props) => (
              <Button {...props} size="xs" variant="default" leftSection={<IconUpload size={16} />} disabled={room <= 0}>
                <Trans>Files</Trans>
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {photoIds.length} / {MAX_PHOTOS_PER_ITEM}
          </Text>
        </Group>
      )}
      <PhotoViewer photos={photoIds.map((id) => ({ id, caption: label }))} index={viewing} onIndex={setViewing} />
    </Stack>
  );
}
