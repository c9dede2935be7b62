import { Center, HoverCard, Image } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './receiving.module.css';

/**
 * A thumbnail of the first image URL that loads, larger on hover; else the placeholder
 * (SPEC §8 'Missing product image').
 */
export function ProductImage({ urls, alt }: { urls: string[]; alt: string }) {
  const [failed, setFailed] = useState(0);
  const url = urls[failed];
  if (!url) {
    return (
      <Center className={classes.placeholder} data-testid="image-placeholder" role="img" aria-label="No product image">
        <IconPhotoOff size={16} stroke={1.5} />
      </Center>
    );
  }
  return (
    <HoverCard position="right" openDelay={250} shadow="md" withinPortal>
      <HoverCard.Target>
        <Image src={url} alt={alt} w={28} h={28} fit="contain" radius="xs" onError={() => setFailed((n) => n + 1)} />
      </HoverCard.Target>
      <HoverCard.Dropdown p={4}>
        <Image src={url} alt="" w={180} h={180} fit="contain" />
      </HoverCard.Dropdown>
    </HoverCard>
  );
}
