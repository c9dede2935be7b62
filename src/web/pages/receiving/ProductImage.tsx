import { Center, Image, Popover } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import classes from './receiving.module.css';

/** How long the pointer rests on a thumbnail before its preview shows (a pass across the table shows none). */
const PREVIEW_DELAY_MS = 250;

/**
 * A thumbnail of the first image URL that loads, larger on hover; else the placeholder
 * (SPEC §8 'Missing product image'). The preview is a Popover the page already has (its selects use
 * one) opened by our own hover timer: HoverCard added 1.6 kB gzip for the same thing (issue 13).
 */
export function ProductImage({ urls, alt }: { urls: string[]; alt: string }) {
  const [failed, setFailed] = useState(0);
  const [preview, setPreview] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const url = urls[failed];
  if (!url) {
    return (
      <Center className={classes.placeholder} data-testid="image-placeholder" role="img" aria-label="No product image">
        <IconPhotoOff size={16} stroke={1.5} />
      </Center>
    );
  }
  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setPreview(true), PREVIEW_DELAY_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setPreview(false);
  };
  // withRoles off: the thumbnail is an image, not a button that opens a dialog (as HoverCard had it).
  return (
    <Popover opened={preview} position="right" shadow="md" withinPortal withRoles={false}>
      <Popover.Target>
        <Image
          src={url}
          alt={alt}
          w={28}
          h={28}
          fit="contain"
          radius="xs"
          onMouseEnter={show}
          onMouseLeave={hide}
          onError={() => setFailed((n) => n + 1)}
        />
      </Popover.Target>
      <Popover.Dropdown p={4} data-testid="image-preview">
        <Image src={url} alt="" w={180} h={180} fit="contain" />
      </Popover.Dropdown>
    </Popover>
  );
}
