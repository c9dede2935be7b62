import { useLingui } from '@lingui/react/macro';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useCallback, useDeferredValue, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { focusInspection } from './inspection/focus-inspection';
import type { ProductRow } from '../../../contract/blind';
import type { CustomerSummary } from '../../../contract/common';
import type { DispositionView } from '../../../contract/dispositions';
import type { OrderLine } from '../../../contract/orders';
import type { ParcelView } from '../../../contract/parcels';
import { useRouteQuery } from '../../api/queries';
import { tempId, today } from '../../lib/draft-defaults';
import { useStableCallback } from '../../lib/use-stable-callback';
import { usePanelHandlers } from './use-panel-handlers';
import { useInspectionSlot } from './use-inspection-slot';
import { addedEntryId, lastRecordedEntry, unsavedWork, type NewLedger, type ReceivingAction, type ReceivingState } from './draft-reducer';
import { CONDITION_OF, hotkeyItems, nextDisposition, nextReason, RECEIVING_SHORTCUTS, type ReceivingCommand } from './hotkeys';
import { defaultEntry, ledgerOfEntry, type EntryValues } from './LedgerEntryForm';
import { OrderInfo } from './OrderInfo';
import { OrderLinesTable } from './OrderLinesTable';
import { LazyDialog } from '../../components/LazyDialog';
import { lazyPage } from '../../lib/lazy-page';
import { anyDialogOpen, initialPanelState, orderPanelReducer, scanCode, scanDisposition, type PanelDialog } from './order-panel-state';
import { filterLines } from './receiving-logic';
import classes from './receiving.module.css';
import { ScanBar } from './ScanBar';
import { useConfirmReturn } from './use-confirm-return';
import { useOrderInspection } from './use-order-inspection';
import { useOtherTabSubmits } from './tab-sync';
import { OtherTabNotice, WaitingNotice, type OtherTabSubmit } from './OfflineNotices';
import { expectedReasonOfLine } from './expected-match';
import { useExpectedForOrder } from './expected-store';

export interface OrderPanelProps {
  state: ReceivingState & { order: NonNullable<ReceivingState['order']>; draft: NonNullable<ReceivingState['draft']> };
  customer: CustomerSummary | undefined;
  dispatch: (action: ReceivingAction) => void;
  /** The unknown parcel being matched to this order (issue 11): the submit closes it. */
  parcel?: ParcelView | null;
  onParcelMatched?: (parcel: ParcelView, returnId: number) => void;
}

// The dialogs' own code (the summary's figures, the photo rule, each dialog's loader) loads with the first one opened.
const OrderPanelDialogs = lazyPage(async () => ({ default: (await import('./OrderPanelDialogs')).OrderPanelDialogs }), ['ondemand']);

const NO_DISPOSITIONS: DispositionView[] = [];
/** How long the scan field's keys pause before its text filters the lines. */
const FILTER_PAUSE_MS = 150;

/** After a modal closes its focus trap lets go on the next frame: the focus moves then. */
const focusSoon = (focus: () => void) => window.setTimeout(focus, 0);

/**
 * The selected order and its active return (SPEC §2.7 order panel), built for a scanner (issue 15):
 * the cursor lives in the scan field (on open, after each scan, miss and submit) and every step has a
 * key. The draft is the page's (draft-reducer.ts); what the panel shows around it is `panel`
 * (order-panel-state.ts).
 */
export function OrderPanel({ state, customer, dispatch, parcel = null, onParcelMatched }: OrderPanelProps) {
  const { order, draft } = state;
  const { t, i18n } = useLingui();
  const [panel, act] = useReducer(orderPanelReducer, order, initialPanelState);
  const on = usePanelHandlers(act, dispatch);
  const scanRef = useRef<HTMLInputElement>(null);
  const binRef = useRef<HTMLInputElement>(null);
  const dateRef = useRef<HTMLInputElement>(null);
  // Issue 16: the customer's dispositions; the disposition and bin of the next scans.
  const dispositions = useRouteQuery('listDispositions', { params: { customerId: order.customer_id } }).data ?? NO_DISPOSITIONS;
  const disposition = scanDisposition(panel.next, dispositions);
  // Issue 26: a line of a pre-advised return starts with the consumer's reason, where it maps to one of the customer's.
  const expected = useExpectedForOrder(order.id);
  // Each line's reset values, made once per order (a line's row is memoised on its entry's identity).
  const freshEntries = useMemo(() => {
    const entry = defaultEntry(order.reasons, dispositions);
    return new Map(order.order_lines.map((l) => [l.id, { ...entry, reason: expectedReasonOfLine(expected, order, l.id) ?? entry.reason }]));
  }, [order, dispositions, expected]);
  const freshEntry = (lineId: number) => freshEntries.get(lineId) ?? defaultEntry(order.reasons, dispositions);

  const focusScanField = () =>
    focusSoon(() => {
      scanRef.current?.focus();
      scanRef.current?.select();
    });

  const { desk, scale, ruleOf, seenSerials, inspectOffOrder } = useOrderInspection({
    order,
    draft,
    dispatch,
    dispositions,
    next: panel.next,
    onInspected: (text) => {
      act({ type: 'notice', outcome: { ok: true, text } });
      focusScanField();
    },
  });
  /** The cursor's home: the open inspection, else the scan field. */
  const focusScan = () => (desk.inspection ? focusSoon(() => focusInspection() || scanRef.current?.focus()) : focusScanField());
  const focusBin = () => focusSoon(() => binRef.current?.focus());
  // Opening an order puts the cursor in the scan field (the panel is keyed by order). A timer that
  // has not fired yet is cleared, so StrictMode's second run leaves one focus move, not two.
  useEffect(() => {
    const timer = focusSoon(() => {
      scanRef.current?.focus();
      scanRef.current?.select();
    });
    return () => window.clearTimeout(timer);
  }, []);

  const openSummary = () => {
    desk.settle();
    if (!panel.dateProblem) return act({ type: 'open', dialog: 'summary' });
    notifications.show({ color: 'red', title: t`Receiving Date`, message: panel.dateProblem });
    dateRef.current?.focus();
  };
  // Issue 28: Close and Alt+W ask first when the draft holds work; an empty draft closes at once.
  const requestClose = () => {
    const work = unsavedWork(draft);
    if (work.lines + work.photos === 0 && !work.references) return dispatch({ type: 'close' });
    act({ type: 'open', dialog: 'closeConfirm' });
  };
  const closeDialog = useStableCallback((dialog: PanelDialog) => {
    act({ type: 'close', dialog });
    focusScan();
  });

  const scan = (code: string) => {
    // A required (or optional) serial takes the next scan, wherever the cursor was.
    if (desk.inspection?.phase === 'serial' && code.trim()) {
      desk.act({ type: 'serial', value: code, seen: seenSerials });
      act({ type: 'typed', text: '' });
      focusScan();
      return null;
    }
    // A unit that only waited for its grade keeps the suggested one: this scan costs it no key.
    desk.settle();
    const inspects = (productId: number) => !!ruleOf(productId);
    const result = scanCode(panel, code, {
      order,
      ledgers: draft.return_ledgers,
      dispositions,
      disposition,
      newId: tempId(),
      i18n,
      inspects,
    });
    if (result.kind === 'added') dispatch(result.add);
    if (result.kind === 'added') {
      const line = order.order_lines.find((l) => l.id === result.lineId)!;
      const rule = ruleOf(line.product_id);
      if (rule) desk.start(rule, { entryId: String(result.entryId), lineId: line.id, sku: line.product.sku });
    }
    act({ type: 'scanned', scan: result });
    if (result.kind === 'refused' && result.focusBin) focusBin();
    return result.kind === 'empty' ? null : result.outcome;
  };

  const record = useStableCallback((ledger: NewLedger, product: ProductRow) => {
    const add = { type: 'add', id: tempId(), merge: false, ledger, product } as const;
    dispatch(add);
    const { quantity } = ledger;
    const { sku } = product;
    const text =
      ledger.discrepancy === 'EXTRA_ITEM'
        ? t`Recorded ${quantity} × ${sku} as an extra item.`
        : t`Recorded ${quantity} × ${sku} as a wrong item.`;
    const entryId = addedEntryId(draft.return_ledgers, add);
    act({ type: 'offOrderRecorded', entryId, product, text });
    focusScan();
    // Issue 27: a wrong or extra item is inspected by its product's rule too (one unit at a time).
    void inspectOffOrder(String(entryId), product);
  });

  const { confirm, submitting, online } = useConfirmReturn({
    state,
    parcel,
    dispatch,
    onParcelMatched,
    onQueued: () => {
      act({ type: 'close', dialog: 'summary' });
      focusScan();
    },
    onSubmitted: () => {
      act({ type: 'submitted' });
      focusScan();
    },
  });

  // Another tab of this operator submitted a return of this order: its counts come in here, and a
  // draft that was the one submitted is replaced by a fresh one, so it cannot be sent a second time.
  const [otherTab, setOtherTab] = useState<OtherTabSubmit | null>(null);
  useOtherTabSubmits(draft.user_id, order.id, (message) => {
    const sameDraft = message.draftId === draft.id;
    dispatch({ type: 'submittedElsewhere', saved: message.saved, draftId: message.draftId, newDraftId: tempId(), today: today() });
    setOtherTab({ returnId: message.saved.id, sameDraft });
  });

  const run = (command: ReceivingCommand) => {
    if (command === 'confirmSubmit') {
      // The summary's own button, so its rules hold for the key too (no photo missing, more than ordered ticked).
      if (panel.open.summary) document.querySelector<HTMLButtonElement>('[data-summary-confirm]')?.click();
      return;
    }
    if (command === 'help') return act({ type: 'open', dialog: 'help' });
    if (anyDialogOpen(panel)) return;
    const condition = CONDITION_OF[command];
    if (condition) act({ type: 'nextCondition', condition });
    else if (command === 'focusBin') focusBin();
    else if (command === 'nextDisposition') act({ type: 'nextDisposition', disposition: nextDisposition(dispositions, disposition) });
    else if (command === 'recordDiscrepancy') act({ type: 'open', dialog: 'discrepancy' });
    else if (command === 'focusScan') focusScan();
    else if (command === 'nextReason') act({ type: 'nextReason', reason: nextReason(order.reasons, panel.next.reason) });
    else if (command === 'openSummary') openSummary();
    else if (command === 'closeOrder') requestClose();
    else if (command === 'photoLine')
      act({ type: 'openPhotos', entryId: lastRecordedEntry(draft.return_ledgers, panel.lastEntry), webcam: true });
    else if (command === 'photoReturn') act({ type: 'openPhotos', entryId: null, webcam: false });
  };
  useHotkeys(hotkeyItems(RECEIVING_SHORTCUTS, run, true), []);
  useHotkeys(hotkeyItems(RECEIVING_SHORTCUTS, run, false));

  // The draft's own record of off-order products (kept over a reload), and this session's.
  const offOrderProducts = useMemo(
    () => ({ ...draft.off_order_products, ...panel.offOrderProducts }),
    [draft.off_order_products, panel.offOrderProducts],
  );
  // Typing filters the lines once the keys pause: a wedge scanner types its whole code and Enter within
  // a few milliseconds, so a scan never hides 199 rows to show them again (issue 28, a scan's frame on
  // 200 lines); an emptied field shows every line at once.
  const typedFilter = panel.filter === panel.missed ? '' : panel.filter;
  const [pausedFilter] = useDebouncedValue(typedFilter, FILTER_PAUSE_MS);
  // Showing the lines again (after a scan empties the field) waits for the scan's own frame: the hit
  // line's count paints first, the other lines follow in a render that a next keystroke interrupts.
  const filterText = useDeferredValue(typedFilter && pausedFilter);
  const shown = useMemo(() => new Set(filterLines(order.order_lines, filterText).map((l) => l.id)), [order.order_lines, filterText]);
  // The lines' handlers keep their identity, so a keystroke or a scan renders only the rows it changes.
  const onSaveEntry = useStableCallback((line: OrderLine, values: EntryValues & { quantity: number }) => {
    const id = tempId();
    dispatch({ type: 'add', id, ledger: ledgerOfEntry(line, values, dispositions) });
    act({ type: 'entrySaved', lineId: line.id, entryId: id, reset: freshEntry(line.id) });
    const rule = ruleOf(line.product_id);
    if (rule) desk.start(rule, { entryId: id, lineId: line.id, sku: line.product.sku });
  });
  const entryOf = useMemo(() => (lineId: number) => panel.entries[lineId] ?? freshEntry(lineId), [panel.entries, freshEntries]); // eslint-disable-line react-hooks/exhaustive-deps
  const onInspectionPhoto = useStableCallback(() => act({ type: 'openPhotos', entryId: desk.inspection?.entryId ?? null, webcam: true }));
  const onStray = useCallback(() => scanRef.current?.focus(), []);
  const inspection = useInspectionSlot({
    inspection: desk.inspection,
    draft,
    scale,
    nextCondition: panel.next.condition,
    seenSerials,
    onAction: desk.act,
    onPhoto: onInspectionPhoto,
    onStray,
  });
  // What the dialogs read of the panel: a keystroke in the scan field changes none of it.
  const { open: dialogsOpen, photos, missed, next, offOrderProducts: pickedProducts } = panel;
  const dialogPanel = useMemo(
    () => ({ open: dialogsOpen, photos, missed, next, offOrderProducts: pickedProducts }),
    [dialogsOpen, photos, missed, next, pickedProducts],
  );
  const onConfirm = useStableCallback(() => void confirm());
  const onOpenSummary = useStableCallback(openSummary);
  const onRequestClose = useStableCallback(requestClose);
  const onBinDone = useStableCallback(() => focusScan());
  return (
    <section aria-label={t`Order`} className={classes.panel}>
      <OrderInfo
        order={order}
        draft={draft}
        onField={on.onField}
        onSubmit={onOpenSummary}
        onClose={onRequestClose}
        onHelp={on.onHelp}
        returnPhotos={draft.photo_ids?.length ?? 0}
        onPhotos={on.onReturnPhotos}
        onDateProblem={on.onDateProblem}
        dateRef={dateRef}
      />
      {state.pending && <WaitingNotice online={online} onSend={() => void confirm()} />}
      {otherTab && <OtherTabNotice submit={otherTab} onDismiss={() => setOtherTab(null)} />}
      <ScanBar
        inputRef={scanRef}
        value={panel.filter}
        onChange={on.onTyped}
        onScan={scan}
        condition={panel.next.condition}
        onCondition={on.onCondition}
        dispositions={dispositions}
        disposition={disposition}
        onDisposition={on.onDisposition}
        binRef={binRef}
        bin={panel.next.bin}
        onBin={on.onBin}
        onBinDone={onBinDone}
        onDiscrepancy={on.onDiscrepancy}
        reason={panel.next.reason}
        onReason={on.onReason}
        reasons={order.reasons}
        onHelp={on.onHelp}
        notice={panel.notice}
      />
      <OrderLinesTable
        order={order}
        shown={shown}
        draft={draft}
        customer={customer}
        dispositions={dispositions}
        offOrderProducts={offOrderProducts}
        entryOf={entryOf}
        flash={panel.flash}
        onEntryChange={on.onEntryChange}
        onSave={onSaveEntry}
        onMissing={on.onMissing}
        onRemove={on.onRemove}
        onPhotos={on.onEntryPhotos}
        inspection={inspection}
      />
      <LazyDialog opened={anyDialogOpen(panel)}>
        <OrderPanelDialogs
          panel={dialogPanel}
          order={order}
          draft={draft}
          customer={customer}
          dispositions={dispositions}
          submitting={submitting}
          dispatch={dispatch}
          onConfirm={onConfirm}
          onRecord={record}
          onClose={closeDialog}
        />
      </LazyDialog>
    </section>
  );
}
