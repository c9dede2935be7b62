import { Anchor } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CustomerSummary } from '../../../contract/common';
import { DEFAULT_CONDITION, type LedgerCondition } from '../../../contract/constants';
import { defaultDisposition } from '../../../contract/disposition-rules';
import type { LedgerEntry, Product } from '../../../contract/orders';
import type { ParcelView } from '../../../contract/parcels';
import { isApiError, useRouteMutation, useRouteQuery } from '../../api/queries';
import { tempId, today } from '../../lib/draft-defaults';
import { LazyDialog } from '../../components/LazyDialog';
import { lazyPage } from '../../lib/lazy-page';
import {
  addedEntryId,
  entryPhotos,
  lastRecordedEntry,
  submitBody,
  type NewLedger,
  type ReceivingAction,
  type ReceivingState,
} from './draft-reducer';
import { CONDITION_OF, hotkeyItems, nextDisposition, nextReason, RECEIVING_SHORTCUTS, type ReceivingCommand } from './hotkeys';
import { defaultEntry, needsBin, type EntryValues } from './LedgerEntryForm';
import { OrderInfo } from './OrderInfo';
import { productSku } from './OffOrderRows';
import { entrySubject } from './LedgerRow';
import { OrderLinesTable } from './OrderLinesTable';
import { discrepancyTotals, filterLines, lineForCode, summaryRows } from './receiving-logic';
import classes from './receiving.module.css';
import { ScanBar, type ScanNotice, type ScanOutcome } from './ScanBar';

// The dialogs load on first use (issue 13): the order panel's first paint needs none of them.
const SummaryModal = lazyPage(async () => ({ default: (await import('./SummaryModal')).SummaryModal }));
const DiscrepancyModal = lazyPage(async () => ({ default: (await import('./DiscrepancyModal')).DiscrepancyModal }));
const HotkeyHelp = lazyPage(async () => ({ default: (await import('./HotkeyHelp')).HotkeyHelp }));
const PhotoDialog = lazyPage(async () => ({ default: (await import('../../components/photos/PhotoDialog')).PhotoDialog }));

export interface OrderPanelProps {
  state: ReceivingState & { order: NonNullable<ReceivingState['order']>; draft: NonNullable<ReceivingState['draft']> };
  customer: CustomerSummary | undefined;
  dispatch: (action: ReceivingAction) => void;
  /** The unknown parcel being matched to this order (issue 11): the submit closes it. */
  parcel?: ParcelView | null;
  onParcelMatched?: (parcel: ParcelView, returnId: number) => void;
}

/**
 * The selected order and its active return (SPEC §2.7 order panel), built for a scanner (issue 15):
 * the cursor lives in the scan field (on open, after each scan, miss and submit) and every step has a key.
 */
export function OrderPanel({ state, customer, dispatch, parcel = null, onParcelMatched }: OrderPanelProps) {
  const { order, draft } = state;
  const navigate = useNavigate();
  const scanRef = useRef<HTMLInputElement>(null);
  const [filter, setFilter] = useState('');
  // The code of the last missed scan: it stays in the field (selected) but never filters the lines away.
  const [missed, setMissed] = useState<string | null>(null);
  const [scanNotice, setScanNotice] = useState<ScanNotice | null>(null);
  const [entries, setEntries] = useState<Record<number, EntryValues>>({});
  const [scanCondition, setScanCondition] = useState<LedgerCondition>(DEFAULT_CONDITION);
  const [scanReason, setScanReason] = useState(order.reasons[0]?.option_code ?? '');
  const [flash, setFlash] = useState<{ lineId: number; seq: number } | null>(null);
  const [summaryOpen, setSummaryOpen] = useState(false);
  // While the Receiving Date field holds a text that is not a day, the draft still has the last valid
  // date: Submit refuses rather than send a date the operator no longer sees.
  const [dateProblem, setDateProblem] = useState<string | null>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  const openSummary = () => {
    if (!dateProblem) return setSummaryOpen(true);
    notifications.show({ color: 'red', title: 'Receiving Date', message: dateProblem });
    dateRef.current?.focus();
  };
  const [helpOpen, setHelpOpen] = useState(false);
  // The photo dialog (issue 16): a new entry's (by its temporary id) or the return's (null).
  // It keeps its target while it fades out after closing, so its title does not change on the way out.
  const [photoTarget, setPhotoTarget] = useState<{ entryId: string | null; webcam: boolean }>({ entryId: null, webcam: false });
  const [photoOpen, setPhotoOpen] = useState(false);
  const openPhotos = (entryId: string | null, webcam: boolean) => {
    setPhotoTarget({ entryId, webcam });
    setPhotoOpen(true);
  };
  // The entry recorded last (a scan, a saved form, a wrong or extra item): what Alt+C photographs.
  const [lastEntry, setLastEntry] = useState<LedgerEntry['id'] | null>(null);
  // Issue 16: the customer's dispositions, the disposition and bin of the next scans, the wrong/extra item dialog.
  const dispositions = useRouteQuery('listDispositions', { params: { customerId: order.customer_id } }).data ?? [];
  const [scanDisposition, setScanDisposition] = useState<string | null>(null);
  const nextDispositionCode = scanDisposition ?? defaultDisposition(dispositions, scanCondition) ?? '';
  const [scanBin, setScanBin] = useState('');
  const binRef = useRef<HTMLInputElement>(null);
  const [discrepancyOpen, setDiscrepancyOpen] = useState(false);
  // The products the wrong/extra item dialog picked: they are not on the order, yet their rows name them.
  const [offOrderProducts, setOffOrderProducts] = useState<Record<number, Pick<Product, 'sku' | 'name_1'>>>({});
  const changeScanCondition = (condition: LedgerCondition) => {
    setScanCondition(condition);
    // The disposition follows the condition's default again.
    setScanDisposition(null);
  };
  // A saved return changes the order's status in the search list and the history.
  const submit = useRouteMutation('submitReturn', { invalidates: ['searchOrders', 'listReturns', 'listParcels', 'readParcel'] });
  const submitting = submit.isPending;
  const entryOf = (lineId: number) => entries[lineId] ?? defaultEntry(order.reasons, dispositions);

  const focusScan = () => {
    // After a modal closes its focus trap lets go on the next frame.
    window.setTimeout(() => {
      scanRef.current?.focus();
      scanRef.current?.select();
    }, 0);
  };
  // Opening an order puts the cursor in the scan field (the panel is keyed by order).
  useEffect(focusScan, []);

  const addEntry = (ledger: NewLedger, merge = false) => {
    const action = { type: 'add', id: tempId(), merge, ledger } as const;
    setLastEntry(addedEntryId(draft.return_ledgers, action));
    dispatch(action);
  };
  const add = (lineId: number, productId: number, values: EntryValues & { quantity: number }, merge = false) => {
    const binNeeded = needsBin(dispositions, values.disposition);
    addEntry(
      {
        order_line_id: lineId,
        product_id: productId,
        quantity: values.quantity,
        condition: values.condition,
        reason: values.reason,
        comment: values.comment,
        disposition: values.disposition || null,
        location: binNeeded ? values.location.trim() : null,
      },
      merge,
    );
  };
  const record = (ledger: NewLedger, product: Product) => {
    addEntry(ledger);
    const kind = ledger.discrepancy === 'EXTRA_ITEM' ? 'an extra item' : 'a wrong item';
    setScanNotice((n) => ({ ok: true, text: `Recorded ${ledger.quantity} × ${product.sku} as ${kind}.`, seq: (n?.seq ?? 0) + 1 }));
    setOffOrderProducts((s) => ({ ...s, [product.id]: product }));
    setDiscrepancyOpen(false);
    setMissed(null);
    setFilter('');
    focusScan();
  };
  const focusBin = () => window.setTimeout(() => binRef.current?.focus(), 0);

  const reasonText = (code: string) => order.reasons.find((r) => r.option_code === code)?.option_value ?? code;

  const scan = (code: string): ScanOutcome | null => {
    if (!code.trim()) return null;
    const line = lineForCode(order.order_lines, code);
    if (!line) {
      setMissed(code);
      return { ok: false, text: `No line of this order has UPC or SKU “${code.trim()}”.` };
    }
    setMissed(null);
    if (!scanReason) return { ok: false, text: 'This customer has no return reasons; ask an administrator to add one.' };
    if (needsBin(dispositions, nextDispositionCode) && !scanBin.trim()) {
      focusBin();
      return { ok: false, text: 'Scan the bin first (Alt+B): this disposition needs a location.' };
    }
    add(
      line.id,
      line.product_id,
      { quantity: 1, condition: scanCondition, reason: scanReason, comment: '', disposition: nextDispositionCode, location: scanBin },
      true,
    );
    setFlash((f) => ({ lineId: line.id, seq: (f?.seq ?? 0) + 1 }));
    document.querySelector(`[data-line-id="${line.id}"]`)?.scrollIntoView({ block: 'nearest' });
    return { ok: true, text: `Added 1 × ${line.product.sku} (${scanCondition}, ${reasonText(scanReason)}).` };
  };

  const confirm = async () => {
    if (draft.return_ledgers.length === 0 || submitting) return;
    const body = { ...submitBody(draft), parcel_id: parcel?.id ?? null };
    const saved = await submit.mutateAsync({ body }).catch((e: unknown) => {
      // The client has shown the failure; the draft stays as it was, ready to submit again.
      if (isApiError(e)) return null;
      throw e;
    });
    if (!saved) return;
    dispatch({ type: 'submitted', saved, draftId: tempId(), today: today() });
    if (parcel) onParcelMatched?.(parcel, saved.id);
    setEntries({});
    setSummaryOpen(false);
    const units = saved.ledgers.reduce((n, l) => n + l.quantity, 0);
    const path = `/orders/${order.id}/returns/${saved.id}`;
    notifications.show({
      id: `return-saved-${saved.id}`,
      color: 'green',
      title: `Return #${saved.id} saved`,
      autoClose: 8000,
      closeButtonProps: { 'aria-label': 'Dismiss' },
      message: (
        <>
          {units} unit{units === 1 ? '' : 's'} on order {order.order_number ?? order.delivery_number ?? order.id}.{' '}
          {parcel && `Parcel ${parcel.tracking_number} matched and closed. `}
          <Anchor
            href={path}
            fz="sm"
            fw={600}
            onClick={(e) => {
              e.preventDefault();
              navigate(path);
            }}
          >
            View return #{saved.id}
          </Anchor>
        </>
      ),
    });
    focusScan();
  };

  const run = (command: ReceivingCommand) => {
    const modalOpen = summaryOpen || helpOpen || photoOpen;
    if (command === 'confirmSubmit') {
      if (summaryOpen) void confirm();
      return;
    }
    if (command === 'help') {
      setHelpOpen(true);
      return;
    }
    if (modalOpen || discrepancyOpen) return;
    const condition = CONDITION_OF[command];
    if (condition) changeScanCondition(condition);
    else if (command === 'focusBin') focusBin();
    else if (command === 'nextDisposition') setScanDisposition(nextDisposition(dispositions, nextDispositionCode));
    else if (command === 'recordDiscrepancy') setDiscrepancyOpen(true);
    else if (command === 'focusScan') focusScan();
    else if (command === 'nextReason') setScanReason((r) => nextReason(order.reasons, r));
    else if (command === 'openSummary') openSummary();
    else if (command === 'closeOrder') dispatch({ type: 'close' });
    else if (command === 'photoLine') openPhotos(lastRecordedEntry(draft.return_ledgers, lastEntry), true);
    else if (command === 'photoReturn') openPhotos(null, false);
  };
  useHotkeys(hotkeyItems(RECEIVING_SHORTCUTS, run, true), []);
  useHotkeys(hotkeyItems(RECEIVING_SHORTCUTS, run, false));

  const skuOf = (productId: number) => productSku(order, offOrderProducts, productId);
  function photoTitle(entryId: string | null): string {
    const entry = entryId === null ? undefined : draft.return_ledgers.find((l) => String(l.id) === entryId);
    if (!entry) return 'Photos of the return (parcel, label)';
    return `Photos of ${entrySubject(entry, skuOf(entry.product_id))}`;
  }
  // The customer's rule (issue 16): lines of these conditions need a photo; the server checks it too.
  const required = customer?.photo_required_conditions ?? [];
  const photoProblems = draft.return_ledgers.flatMap((l, i) =>
    required.includes(l.condition) && entryPhotos(draft, l.id).length === 0
      ? [`A photo is required for ${l.condition} lines: line ${i + 1} (${skuOf(l.product_id)}) has none.`]
      : [],
  );

  const lines = filterLines(order.order_lines, filter === missed ? '' : filter);
  const remove = (id: LedgerEntry['id']) => dispatch({ type: 'remove', id });
  return (
    <section aria-label="Order" className={classes.panel}>
      <OrderInfo
        order={order}
        draft={draft}
        onField={(field, value) => dispatch({ type: 'field', field, value })}
        onSubmit={openSummary}
        onClose={() => dispatch({ type: 'close' })}
        onHelp={() => setHelpOpen(true)}
        returnPhotos={draft.photo_ids?.length ?? 0}
        onPhotos={() => openPhotos(null, false)}
        onDateProblem={setDateProblem}
        dateRef={dateRef}
      />
      <ScanBar
        inputRef={scanRef}
        value={filter}
        onChange={setFilter}
        onScan={scan}
        condition={scanCondition}
        onCondition={changeScanCondition}
        dispositions={dispositions}
        disposition={nextDispositionCode}
        onDisposition={setScanDisposition}
        binRef={binRef}
        bin={scanBin}
        onBin={setScanBin}
        onBinDone={focusScan}
        onDiscrepancy={() => setDiscrepancyOpen(true)}
        reason={scanReason}
        onReason={setScanReason}
        reasons={order.reasons}
        onHelp={() => setHelpOpen(true)}
        outcome={scanNotice}
        onOutcome={setScanNotice}
      />
      <OrderLinesTable
        order={order}
        lines={lines}
        draft={draft}
        customer={customer}
        dispositions={dispositions}
        offOrderProducts={offOrderProducts}
        entryOf={entryOf}
        flash={flash}
        onEntryChange={(lineId, values) => setEntries((e) => ({ ...e, [lineId]: values }))}
        onSave={(line, values) => {
          add(line.id, line.product_id, values);
          setEntries((e) => ({ ...e, [line.id]: defaultEntry(order.reasons, dispositions) }));
        }}
        onMissing={(orderLineId, quantity) => dispatch({ type: 'missing', orderLineId, quantity })}
        onRemove={remove}
        onPhotos={(id) => openPhotos(String(id), false)}
      />
      <LazyDialog opened={summaryOpen}>
        <SummaryModal
          opened={summaryOpen}
          rows={summaryRows(order.order_lines, order.ledgers, draft.return_ledgers)}
          ledgerCount={draft.return_ledgers.length}
          returnPhotos={draft.photo_ids?.length ?? 0}
          linePhotos={(lineId) => draft.return_ledgers.filter((l) => l.order_line_id === lineId).flatMap((l) => entryPhotos(draft, l.id))}
          photoProblems={photoProblems}
          discrepancies={discrepancyTotals(draft.return_ledgers, draft.missing_lines ?? [])}
          submitting={submitting}
          onClose={() => {
            setSummaryOpen(false);
            focusScan();
          }}
          onConfirm={() => void confirm()}
        />
      </LazyDialog>
      <LazyDialog opened={photoOpen}>
        <PhotoDialog
          opened={photoOpen}
          title={photoTitle(photoTarget.entryId)}
          label={photoTitle(photoTarget.entryId)}
          customerId={order.customer_id}
          photoIds={photoTarget.entryId ? entryPhotos(draft, photoTarget.entryId) : (draft.photo_ids ?? [])}
          onAdd={(photoId) => dispatch({ type: 'photoAdd', entryId: photoTarget.entryId, photoId })}
          onRemove={(photoId) => dispatch({ type: 'photoRemove', entryId: photoTarget.entryId, photoId })}
          startWebcam={photoTarget.webcam}
          onClose={() => {
            setPhotoOpen(false);
            focusScan();
          }}
        />
      </LazyDialog>
      <LazyDialog opened={discrepancyOpen}>
        <DiscrepancyModal
          opened={discrepancyOpen}
          code={missed ?? ''}
          order={order}
          dispositions={dispositions}
          start={{ condition: scanCondition, reason: scanReason, location: scanBin }}
          onRecord={record}
          onClose={() => {
            setDiscrepancyOpen(false);
            focusScan();
          }}
        />
      </LazyDialog>
      <LazyDialog opened={helpOpen}>
        <HotkeyHelp
          opened={helpOpen}
          shortcuts={RECEIVING_SHORTCUTS}
          onClose={() => {
            setHelpOpen(false);
            focusScan();
          }}
        />
      </LazyDialog>
    </section>
  );
}
