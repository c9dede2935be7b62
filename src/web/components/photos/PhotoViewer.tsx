import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Loader, Modal, Text } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { usePhotoUrl } from './photo-requests';
import classes from './photos.module.css';

export interface ViewerPhoto {
  id: number;
  /** What the photo shows, e.g. "Line 2: NW-CAP" or "Return (parcel, label)". */
  caption: string;
}

export interface PhotoViewerProps {
  photos: ViewerPhoto[];
  /** The photo shown; null closes the viewer. */
  index: number | null;
  onIndex: (index: number | null) => void;
}

// Key names (codes), not text.
const PREVIOUS_KEY = 'ArrowLeft';
const NEXT_KEY = 'ArrowRight';

function Shown({ photo, position, total }: { photo: ViewerPhoto; position: number; total: number }) {
  const { t } = useLingui();
  const { url, failed } = usePhotoUrl(photo.id, 'display');
  const caption = photo.caption;
  const alt = t`Photo ${position} of ${total}: ${caption}`;
  return (
    <figure style={{ margin: 0 }}>
      {failed ? (
        <Text c="red.9">
          <Trans>This photo cannot be shown.</Trans>
        </Text>
      ) : url ? (
        <img src={url} alt={alt} className={classes.viewerImage} data-testid="photo-viewer-image" />
      ) : (
        <Group justify="center" h={300}>
          <Loader aria-label={t`Loading the photo`} />
        </Group>
      )}
      <Text component="figcaption" size="sm" ta="center" mt="xs">
        {alt}
      </Text>
    </figure>
  );
}

/** A larger view of a set of photos: ← and → (or the buttons) step through them, Esc closes. */
export function PhotoViewer({ photos, index, onIndex }: PhotoViewerProps) {
  const { t } = useLingui();
  const total = photos.length;
  const open = index !== null && index < total;
  const step = (delta: number) => open && onIndex((index + delta + total) % total);
  useHotkeys(
    [
      [PREVIOUS_KEY, () => step(-1)],
      [NEXT_KEY, () => step(1)],
    ],
    [],
  );
  return (
    <Modal opened={open} onClose={() => onIndex(null)} title={t`Photos`} size="xl" centered>
      {open && (
        <>
          <Shown photo={photos[index]!} position={index + 1} total={total} />
          <Group justify="space-between" mt="sm">
            <Button variant="default" leftSection={<IconChevronLeft size={16} />} onClick={() => step(-1)} disabled={total < 2}>
              <Trans>Previous</Trans>
            </Button>
            <Text size="sm" aria-live="polite">
              {index + 1} / {total}
            </Text>
            <Button variant="default" rightSection={<IconChevronRight size={16} />} onClick={() => step(1)} disabled={total < 2}>
              <Trans>Next</Trans>
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
