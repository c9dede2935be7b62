import { useLingui } from '@lingui/react/macro';
import { Box, Loader, UnstyledButton } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { usePhotoUrl } from './photo-requests';
import classes from './photos.module.css';

export interface PhotoThumbProps {
  id: number;
  /** Read by screen readers, e.g. "Photo 2 of NW-CAP". */
  alt: string;
  /** Edge in pixels; the thumbnail keeps its proportions inside. */
  size?: number;
  /** Opens the viewer; without it the thumbnail is a plain image. */
  onOpen?: () => void;
}

/** One photo's thumbnail, read with the session's token. */
export function PhotoThumb({ id, alt, size = 40, onOpen }: PhotoThumbProps) {
  const { t } = useLingui();
  const { url, failed } = usePhotoUrl(id, 'thumb');
  const content = failed ? (
    <IconPhotoOff size={size * 0.6} aria-label={t`${alt} (not available)`} />
  ) : url ? (
    <img src={url} alt={alt} width={size} height={size} className={classes.thumbImg} />
  ) : (
    <Loader size={size * 0.4} aria-label={t`${alt} (loading)`} />
  );
  const box = (
    <Box className={classes.thumb} w={size} h={size} data-testid="photo-thumb" data-photo-id={id}>
      {content}
    </Box>
  );
  if (!onOpen) return box;
  return (
    <UnstyledButton onClick={onOpen} aria-label={t`Open ${alt}`} className={classes.thumbButton}>
      {box}
    </UnstyledButton>
  );
}
