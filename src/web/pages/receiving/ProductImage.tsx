import { Center, Image } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './receiving.module.css';

/** The first image URL that loads, else the placeholder (SPEC §8 'Missing product image'). */
export function ProductImage({ urls, alt }: { urls: string[]; alt: string }) {
  const [failed, setFailed] = useState(0);
  const url = urls[failed];
  if (!url) {
    return (
      <Center className={classes.placeholder} data-testid="image-placeholder" aria-label="No product image">
        <IconPhotoOff size={36} stroke={1.5} />
      </Center>
    );
  }
  return <Image src={url} alt={alt} w={120} h={120} fit="contain" radius="sm" onError={() => setFailed((n) => n + 1)} />;
}
