// The photos of one blind-return line (issue 16), in the photo dialog; closed while no line is chosen.
import { useLingui } from '@lingui/react/macro';
import type { Dispatch, SetStateAction } from 'react';
import { PhotoDialog } from '../../components/photos/PhotoDialog';
import type { BlindLine } from './BlindLinesTable';

export interface BlindLinePhotosProps {
  customerId: number;
  lines: BlindLine[];
  /** The line whose photos are open (its key), or null. */
  lineKey: string | null;
  setLines: Dispatch<SetStateAction<BlindLine[]>>;
  onClose: () => void;
}

export function BlindLinePhotos({ customerId, lines, lineKey, setLines, onClose }: BlindLinePhotosProps) {
  const { t } = useLingui();
  const line = lines.find((l) => l.key === lineKey);
  const photoSku = line?.product.sku ?? '';
  const changePhotos = (change: (ids: number[]) => number[]) =>
    setLines((ls) => ls.map((l) => (l.key === lineKey ? { ...l, photoIds: change(l.photoIds) } : l)));
  return (
    <PhotoDialog
      opened={line !== undefined}
      onClose={onClose}
      title={t`Photos of ${photoSku}`}
      label={t`Photos of ${photoSku}`}
      customerId={customerId}
      photoIds={line?.photoIds ?? []}
      onAdd={(photoId) => changePhotos((ids) => [...ids, photoId])}
      onRemove={(photoId) => changePhotos((ids) => ids.filter((x) => x !== photoId))}
    />
  );
}
