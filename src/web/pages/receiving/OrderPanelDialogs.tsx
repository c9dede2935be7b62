// The order panel's dialogs: the summary, the photos, a wrong or extra item, the shortcuts. Each loads on
// first use (issue 13): the panel's first paint needs none of them.
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ProductRow } from '../../../contract/blind';
import { PHOTO_MSG } from '../../../contract/photo-rules';
import type { CustomerSummary } from '../../../contract/common';
import type { DispositionView } from '../../../contract/dispositions';
import type { OrderDetail } from '../../../contract/orders';
import { LazyDialog } from '../../components/LazyDialog';
import { messageText } from '../../i18n/server-text';
import { lazyPage } from '../../lib/lazy-page';
import { entryPhotos, unsavedWork, type NewLedger, type ReceivingAction, type ReturnDraft } from './draft-reducer';
import { RECEIVING_SHORTCUTS } from './hotkeys';
import { conditionLabel } from './labels';
import { entrySubject } from './LedgerRow';
import { productSku } from './OffOrderRows';
import type { OrderPanelState, PanelDialog } from './order-panel-state';
import { discrepancyTotals, summaryRows } from './receiving-logic';
import { entriesThatWait } from './decision-match';
import { DEFAULT_GRADE_SCALE } from '../../../contract/grade-scale';
import { memo } from 'react';

const SummaryModal = lazyPage(async () => ({ default: (await import('./SummaryModal')).SummaryModal }));
const DiscrepancyModal = lazyPage(async () => ({ default: (await import('./DiscrepancyModal')).DiscrepancyModal }));
const HotkeyHelp = lazyPage(async () => ({ default: (await import('./HotkeyHelp')).HotkeyHelp }));
const CloseConfirm = lazyPage(async () => ({ default: (await import('./CloseConfirm')).CloseConfirm }));
const PhotoDialog = lazyPage(async () => ({ default: (await import('../../components/photos/PhotoDialog')).PhotoDialog }));

export interface OrderPanelDialogsProps {
  /** What the dialogs read of the panel's state (a keystroke in the scan field changes none of it). */
  panel: Pick<OrderPanelState, 'open' | 'photos' | 'missed' | 'next' | 'offOrderProducts'>;
  order: OrderDetail;
  draft: ReturnDraft;
  customer: CustomerSummary | undefined;
  dispositions: DispositionView[];
  submitting: boolean;
  dispatch: (action: ReceivingAction) => void;
  onConfirm: () => void;
  onRecord: (ledger: NewLedger, product: ProductRow) => void;
  /** A dialog closed: the panel puts the cursor back in the scan field. */
  onClose: (dialog: PanelDialog) => void;
}

/**
 * The customer's rule (issue 16): lines of these conditions need a photo; the server checks it too.
 * One message per draft entry that has none.
 */
export function photoProblems(i18n: I18n, draft: ReturnDraft, required: readonly string[], skuOf: (productId: number) => string): string[] {
  return draft.return_ledgers.flatMap((l, i) => {
    if (!required.includes(l.condition) || entryPhotos(draft, l.id).length > 0) return [];
    // The server's own message (photo.required), its parts in the reader's language.
    const n = i + 1;
    const sku = skuOf(l.product_id);
    const line = i18n._(msg`line ${n} (${sku})`);
    // English (and a language without the code) reads the server's text itself.
    return [messageText('photo.required', PHOTO_MSG.required(l.condition, line), { 0: conditionLabel(i18n, l.condition), 1: line })];
  });
}

/** Memoised (issue 28): the summary's figures are worked out when the draft or a dialog changes, not per keystroke. */
export const OrderPanelDialogs = memo(function OrderPanelDialogs({
  panel,
  order,
  draft,
  customer,
  dispositions,
  submitting,
  dispatch,
  onConfirm,
  onRecord,
  onClose,
}: OrderPanelDialogsProps) {
  const { t, i18n } = useLingui();
  const skuOf = (productId: number) => productSku(i18n, order, { ...draft.off_order_products, ...panel.offOrderProducts }, productId);
  const { entryId, webcam } = panel.photos;
  const photoEntry = entryId === null ? undefined : draft.return_ledgers.find((l) => String(l.id) === entryId);
  const subject = photoEntry ? entrySubject(i18n, photoEntry, skuOf(photoEntry.product_id)) : null;
  const photoTitle = subject ? t`Photos of ${subject}` : t`Photos of the return (parcel, label)`;
  const work = unsavedWork(draft);
  // Issue 25: the new lines a decision rule of the customer will hold back (the summary says so).
  const waiting = entriesThatWait(draft.return_ledgers, order.decision_rules, order.order_lines);
  const lost = [
    work.lines > 0 ? t`${plural(work.lines, { one: '# line', other: '# lines' })}` : null,
    work.photos > 0 ? t`${plural(work.photos, { one: '# photo', other: '# photos' })}` : null,
    work.references ? t`the references` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      <LazyDialog opened={panel.open.summary}>
        <SummaryModal
          opened={panel.open.summary}
          rows={summaryRows(order.order_lines, order.ledgers, draft.return_ledgers)}
          gradeLabel={(grade) => (order.inspection?.grades ?? DEFAULT_GRADE_SCALE).find((g) => g.grade === grade)?.label ?? grade}
          ledgerCount={draft.return_ledgers.length}
          returnPhotos={draft.photo_ids?.length ?? 0}
          linePhotos={(lineId) => draft.return_ledgers.filter((l) => l.order_line_id === lineId).flatMap((l) => entryPhotos(draft, l.id))}
          photoProblems={photoProblems(i18n, draft, customer?.photo_required_conditions ?? [], skuOf)}
          waitingLines={new Set(waiting.map((l) => l.order_line_id ?? l.replaces_order_line_id ?? 0))}
          waitingCount={waiting.length}
          discrepancies={discrepancyTotals(draft.return_ledgers, draft.missing_lines ?? [])}
          submitting={submitting}
          onClose={() => onClose('summary')}
          onConfirm={onConfirm}
        />
      </LazyDialog>
      <LazyDialog opened={panel.open.photos}>
        <PhotoDialog
          opened={panel.open.photos}
          title={photoTitle}
          label={photoTitle}
          customerId={order.customer_id}
          photoIds={entryId ? entryPhotos(draft, entryId) : (draft.photo_ids ?? [])}
          onAdd={(photoId) => dispatch({ type: 'photoAdd', entryId, photoId })}
          onRemove={(photoId) => dispatch({ type: 'photoRemove', entryId, photoId })}
          startWebcam={webcam}
          onClose={() => onClose('photos')}
        />
      </LazyDialog>
      <LazyDialog opened={panel.open.discrepancy}>
        <DiscrepancyModal
          opened={panel.open.discrepancy}
          code={panel.missed ?? ''}
          order={order}
          dispositions={dispositions}
          start={{ condition: panel.next.condition, reason: panel.next.reason, location: panel.next.bin }}
          onRecord={onRecord}
          onClose={() => onClose('discrepancy')}
        />
      </LazyDialog>
      <LazyDialog opened={panel.open.closeConfirm}>
        <CloseConfirm
          opened={panel.open.closeConfirm}
          lost={lost}
          onKeep={() => onClose('closeConfirm')}
          onDiscard={() => {
            onClose('closeConfirm');
            dispatch({ type: 'close' });
          }}
        />
      </LazyDialog>
      <LazyDialog opened={panel.open.help}>
        <HotkeyHelp opened={panel.open.help} shortcuts={RECEIVING_SHORTCUTS} onClose={() => onClose('help')} />
      </LazyDialog>
    </>
  );
});
