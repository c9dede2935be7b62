import { useLingui } from '@lingui/react/macro';
import { Center, HoverCard, Image } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './receiving.module.css';

/**
 * A thumbnail of the first image URL that loads, larger on hover; else the placeholder
 * (SPEC §8 'Missing product image'). HoverCard is on the page anyway (the search results use it).
 */
export function ProductImage({ urls, alt }: { urls: string[]; alt: string }) {
  const { t } = useLingui();
  const [failed, setFailed] = useState(0);
  const url = urls[failed];
  if (!url) {
    return (
      <Center className={classes.placeholder} data-testid="image-placeholder" role="img" aria-label={t`No product image`}>
        <IconPhotoOff size={16} stroke={1.5} />
      </Center>
    );
  }
  // withRoles off: the thumbnail is an image, not a control that opens a dialog.
  return (
    <HoverCard position="right" openDelay={250} shadow="md" withinPortal withRoles={false}>
      <HoverCard.Target>
        <Image src={url} alt={alt} w={28} h={28} fit="contain" radius="xs" onError={() => setFailed((n) => n + 1)} />
      </HoverCard.Target>
      <HoverCard.Dropdown p={4} data-testid="image-preview">
        <Image src={url} alt="" w={180} h={180} fit="contain" />
      </HoverCard.Dropdown>
    </HoverCard>
  );
}
