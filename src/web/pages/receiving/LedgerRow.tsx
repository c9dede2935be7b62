// One ledger entry as a row of the lines table, under its order line or under "Not on the order":
// photos, its badges (discrepancy, this or a previous return) and what else names it, then Qty, Condition, Reason, Comment and Disposition/Bin
// in the columns of the entry form above them, and Remove. Texts wrap instead of being cut, so a row
// grows to two lines only when its reason, comment or bin needs it.
import { ActionIcon, Badge, Table, Text } from '@mantine/core';
import { IconCamera, IconTrash } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { DISCREPANCY_LABELS } from '../../../contract/disposition-rules';
import type { DispositionView } from '../../../contract/dispositions';
import type { LedgerEntry } from '../../../contract/orders';
import { PhotoThumb } from '../../components/photos/PhotoThumb';
import { DiscrepancyBadge } from './DiscrepancyBadge';
import classes from './receiving.module.css';

/** The text of a disposition code among the customer's (the code when it is no longer one). */
export const dispositionLabel = (dispositions: DispositionView[], code: string | null) =>
  code ? (dispositions.find((d) => d.code === code)?.name ?? code) : '—';

/** An entry as buttons and the photo dialog name it: '2 × Pristine, NW-CAP-BLK-OS', ', wrong item' for a discrepancy. */
export function entrySubject(entry: Pick<LedgerEntry, 'quantity' | 'condition' | 'discrepancy'>, sku: string): string {
  const kind = DISCREPANCY_LABELS[entry.discrepancy as keyof typeof DISCREPANCY_LABELS];
  return `${entry.quantity} × ${entry.condition}, ${sku}${kind ? `, ${kind.toLowerCase()}` : ''}`;
}

/** At most this many thumbnails in a row; the rest are counted. */
const THUMBS = 4;

export interface LedgerRowProps {
  entry: LedgerEntry;
  sku: string;
  /** Content of the SKU, name and received columns (one cell across the three), after the entry's badges. */
  lead?: ReactNode;
  reasonLabel: (code: string) => string;
  dispositions: DispositionView[];
  /** Photos of a new entry and its photo dialog (the photo evidence feature). */
  photos: number[];
  onPhotos: () => void;
  onRemove: () => void;
  className?: string;
  style?: CSSProperties;
}

export function LedgerRow({
  entry: l,
  sku,
  lead,
  reasonLabel,
  dispositions,
  photos,
  onPhotos,
  onRemove,
  className,
  style,
}: LedgerRowProps) {
  const isNew = l.return_id === null;
  const subject = entrySubject(l, sku);
  return (
    <Table.Tr
      className={`${classes.ledgerRow} ${className ?? ''}`}
      style={style}
      data-testid={isNew ? 'ledger-new' : 'ledger-previous'}
      data-discrepancy={l.discrepancy ?? undefined}
    >
      <Table.Td colSpan={2} ta="right">
        {isNew && (
          <ActionIcon
            variant={photos.length ? 'light' : 'subtle'}
            size="sm"
            color="gray"
            aria-label={`Photos of ${subject} (${photos.length})`}
            onClick={onPhotos}
            data-testid="ledger-photos"
          >
            <IconCamera size={15} />
          </ActionIcon>
        )}
      </Table.Td>
      <Table.Td colSpan={3}>
        <div className={classes.lead}>
          {l.discrepancy && <DiscrepancyBadge kind={l.discrepancy} />}
          {isNew ? (
            <Badge size="sm" variant="light" color="blue">
              This Return
            </Badge>
          ) : (
            <Badge size="sm" variant="light" color="gray">
              Previous Return #{l.return_id}
            </Badge>
          )}
          {lead}
          {isNew &&
            photos
              .slice(0, THUMBS)
              .map((id, i) => <PhotoThumb key={id} id={id} size={20} alt={`Photo ${i + 1} of ${sku}`} onOpen={onPhotos} />)}
          {isNew && photos.length > THUMBS && (
            <Text span fz="xs" c="dimmed">
              +{photos.length - THUMBS}
            </Text>
          )}
        </div>
      </Table.Td>
      <Table.Td fz="xs" fw={600} ta="right" pr="md">
        {l.quantity}
      </Table.Td>
      <Table.Td fz="xs">{l.condition}</Table.Td>
      <Table.Td fz="xs">{reasonLabel(l.reason)}</Table.Td>
      <Table.Td fz="xs" className={classes.wrapText}>
        {l.comment}
      </Table.Td>
      <Table.Td fz="xs" className={classes.wrapText}>
        <span data-testid="ledger-disposition">{dispositionLabel(dispositions, l.disposition)}</span>
        {l.location && (
          <>
            {' · '}
            <span className={classes.bin} data-testid="ledger-location" title={`Bin ${l.location}`}>
              {l.location}
            </span>
          </>
        )}
      </Table.Td>
      <Table.Td>
        {isNew && (
          <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Remove ${subject}`} onClick={onRemove}>
            <IconTrash size={14} />
          </ActionIcon>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
