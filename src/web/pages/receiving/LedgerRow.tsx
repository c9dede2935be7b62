// One ledger entry as a row of the lines table, under its order line or under "Not on the order":
// photos, its badges (discrepancy, this or a previous return) and what else names it, then Qty, Condition, Reason, Comment and Disposition/Bin
// in the columns of the entry form above them, and Remove. Texts wrap instead of being cut, so a row
// grows to two lines only when its reason, comment or bin needs it.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconCamera, IconTrash } from '@tabler/icons-react';
import { Suspense, type CSSProperties, type ReactNode } from 'react';
import type { DispositionView } from '../../../contract/dispositions';
import type { LedgerEntry } from '../../../contract/orders';
import { lazyPage } from '../../lib/lazy-page';
import { DiscrepancyBadge } from './DiscrepancyBadge';
import { conditionLabel, photoAlt } from './labels';
import classes from './receiving.module.css';

// Only an entry with photos shows thumbnails: their code loads with the first (issue 23's budget).
const PhotoThumb = lazyPage(async () => ({ default: (await import('../../components/photos/PhotoThumb')).PhotoThumb }));

/** The text of a disposition code among the customer's (the code when it is no longer one). */
export const dispositionLabel = (dispositions: DispositionView[], code: string | null) =>
  code ? (dispositions.find((d) => d.code === code)?.name ?? code) : '—';

/**
 * An entry as buttons and the photo dialog name it: '2 × Pristine, NW-CAP-BLK-OS', ', wrong item' for a
 * discrepancy (one message each, so a language can inflect the words).
 */
export function entrySubject(i18n: I18n, entry: Pick<LedgerEntry, 'quantity' | 'condition' | 'discrepancy'>, sku: string): string {
  const { quantity } = entry;
  const condition = conditionLabel(i18n, entry.condition);
  switch (entry.discrepancy) {
    case 'WRONG_ITEM':
      return i18n._(msg`${quantity} × ${condition}, ${sku}, wrong item`);
    case 'EXTRA_ITEM':
      return i18n._(msg`${quantity} × ${condition}, ${sku}, extra item`);
    case 'MISSING':
      return i18n._(msg`${quantity} × ${condition}, ${sku}, missing`);
    default:
      return i18n._(msg`${quantity} × ${condition}, ${sku}`);
  }
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
  const { t, i18n } = useLingui();
  const isNew = l.return_id === null;
  const subject = entrySubject(i18n, l, sku);
  const photoCount = photos.length;
  const returnId = l.return_id;
  const bin = l.location;
  // Plain elements styled by the module, as the line's own row (OrderLineRows.tsx): a scan mounts one of
  // these under its line in the scan's own frame (issue 28).
  return (
    <tr
      className={`${classes.ledgerRow} ${className ?? ''}`}
      style={style}
      data-testid={isNew ? 'ledger-new' : 'ledger-previous'}
      data-discrepancy={l.discrepancy ?? undefined}
    >
      <td colSpan={2} className={classes.end}>
        {isNew && (
          <button
            type="button"
            className={classes.rowIcon}
            data-variant={photos.length ? 'light' : undefined}
            aria-label={t`Photos of ${subject} (${photoCount})`}
            onClick={onPhotos}
            data-testid="ledger-photos"
          >
            <IconCamera size={15} />
          </button>
        )}
      </td>
      <td colSpan={3}>
        <div className={classes.lead}>
          {l.discrepancy && <DiscrepancyBadge kind={l.discrepancy} />}
          {isNew ? (
            <span className={classes.tag} data-color="blue">
              <Trans>This Return</Trans>
            </span>
          ) : (
            <span className={classes.tag}>
              <Trans>Previous Return #{returnId}</Trans>
            </span>
          )}
          {lead}
          {isNew && photos.length > 0 && (
            <Suspense fallback={null}>
              {photos.slice(0, THUMBS).map((id, i) => (
                <PhotoThumb key={id} id={id} size={20} alt={photoAlt(i18n, i + 1, sku)} onOpen={onPhotos} />
              ))}
            </Suspense>
          )}
          {isNew && photos.length > THUMBS && <span className={classes.subText}>+{photos.length - THUMBS}</span>}
        </div>
      </td>
      <td className={classes.ledgerQty}>{l.quantity}</td>
      <td className={classes.xs}>{conditionLabel(i18n, l.condition)}</td>
      <td className={classes.xs}>{reasonLabel(l.reason)}</td>
      <td className={`${classes.xs} ${classes.wrapText}`}>{l.comment}</td>
      <td className={`${classes.xs} ${classes.wrapText}`}>
        <span data-testid="ledger-disposition">{dispositionLabel(dispositions, l.disposition)}</span>
        {l.location && (
          <>
            {' · '}
            <span className={classes.bin} data-testid="ledger-location" title={t`Bin ${bin}`}>
              {l.location}
            </span>
          </>
        )}
      </td>
      <td>
        {isNew && (
          <button type="button" className={classes.rowIcon} data-color="red" aria-label={t`Remove ${subject}`} onClick={onRemove}>
            <IconTrash size={14} />
          </button>
        )}
      </td>
    </tr>
  );
}
