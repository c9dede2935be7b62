import { useLingui } from '@lingui/react/macro';
import { HoverCard, Image } from '@mantine/core';
import { useTimeout } from '@mantine/hooks';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './receiving.module.css';

/** How long the pointer rests on a thumbnail before its larger preview opens. */
const PREVIEW_DELAY_MS = 250;

/**
 * A thumbnail of the first image URL that loads, larger on hover; else the placeholder
 * (SPEC §8 'Missing product image'). Plain elements: a long order's window mounts a row per line as it
 * scrolls to a scanned line, and a HoverCard per row (its floating-position hooks) was a large part of
 * that frame (issue 28). The HoverCard comes only when the pointer has rested on the thumbnail.
 */
export function ProductImage({ urls, alt }: { urls: string[]; alt: string }) {
  const { t } = useLingui();
  const [failed, setFailed] = useState(0);
  const [previewing, setPreviewing] = useState(false);
  const rest = useTimeout(() => setPreviewing(true), PREVIEW_DELAY_MS);
  const url = urls[failed];
  if (!url) {
    return (
      <div className={classes.placeholder} data-testid="image-placeholder" role="img" aria-label={t`No product image`}>
        <IconPhotoOff size={16} stroke={1.5} />
      </div>
    );
  }
  const thumbnail = (
    <img
      src={url}
      alt={alt}
      className={classes.thumbnail}
      onError={() => setFailed((n) => n + 1)}
      onPointerEnter={rest.start}
      onPointerLeave={rest.clear}
    />
  );
  if (!previewing) return thumbnail;
  // withRoles off: the thumbnail is an image, not a control that opens a dialog.
  return (
    <HoverCard position="right" shadow="md" withinPortal withRoles={false} initiallyOpened onClose={() => setPreviewing(false)}>
      <HoverCard.Target>{thumbnail}</HoverCard.Target>
      <HoverCard.Dropdown p={4} data-testid="image-preview">
        <Image src={url} alt="" w={180} h={180} fit="contain" />
      </HoverCard.Dropdown>
    </HoverCard>
  );
}
