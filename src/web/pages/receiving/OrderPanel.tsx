import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { useCallback, useMemo, useReducer } from 'react';
import type { ProductRow } from '../../../contract/blind';
import type { CustomerSummary } from '../../../contract/common';
import type { DispositionView } from '../../../contract/dispositions';
import type { OrderLine } from '../../../contract/orders';
import type { ParcelView } from '../../../contract/parcels';
import { useRouteQuery } from '../../api/queries';
import { tempId } from '../../lib/draft-defaults';
import { useStableCallback } from '../../lib/use-stable-callback';
import { usePanelHandlers } from './use-panel-handlers';
import { useInspectionSlot } from './use-inspection-slot';
import { addedEntryId, unsavedWork, type NewLedger, type ReceivingAction, type ReceivingState } from './draft-reducer';
import { ledgerOfEntry, type EntryValues } from './LedgerEntryForm';
import { OrderInfo, useBandFields } from './OrderInfo';
import { OrderLinesTable } from './OrderLinesTable';
import { LazyDialog } from '../../components/LazyDialog';
import { lazyPage } from '../../lib/lazy-page';
import { anyDialogOpen, initialPanelState, orderPanelReducer, scanDisposition, type PanelDialog } from './order-panel-state';
import { useLineFilter } from './use-line-filter';
import { usePanelFocus } from './use-panel-focus';
import { usePanelScan } from './use-panel-scan';
import { useReceivingCommands } from './use-receiving-commands';
import classes from './receiving.module.css';
import { ScanBar } from './ScanBar';
import { useConfirmReturn } from './use-confirm-return';
import { useOrderInspection } from './use-order-inspection';
import { useOtherTabNotice } from './tab-sync';
import { OtherTabNotice, WaitingNotice } from './OfflineNotices';
import { useFreshEntries } from './use-fresh-entries';

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
/**
 * The selected order and its active return (SPEC §2.7 order panel), built for a scanner (issue 15):
 * the cursor lives in the scan field (on open, after each scan, miss and submit) and every step has a
 * key. The draft is the page's (draft-reducer.ts); what the panel shows around it is `panel`
 * (order-panel-state.ts).
 */
export function OrderPanel({ state, customer, dispatch, parcel = null, onParcelMatched }: OrderPanelProps) {
  const { order, draft } = state;
  const { t } = useLingui();
  const [panel, act] = useReducer(orderPanelReducer, order, initialPanelState);
  const on = usePanelHandlers(act, dispatch);
  const { scanRef, binRef, dateRef, focusScanField, focusBin, ...focus } = usePanelFocus();
  // Issue 16: the customer's dispositions; the disposition and bin of the next scans.
  const dispositions = useRouteQuery('listDispositions', { params: { customerId: order.customer_id } }).data ?? NO_DISPOSITIONS;
  const disposition = scanDisposition(panel.next, dispositions);
  const freshEntry = useFreshEntries(order, dispositions);

  const orderInspection = useOrderInspection({
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
  const { desk, scale, ruleOf, seenSerials, inspectOffOrder } = orderInspection;
  /** The cursor's home: the open inspection, else the scan field. */
  const focusScan = () => focus.focusScan(!!desk.inspection);

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

  const scan = usePanelScan({
    panel,
    act,
    order,
    draft,
    dispatch,
    dispositions,
    disposition,
    inspection: orderInspection,
    focusScan,
    focusBin,
  });

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

  const [otherTab, dismissOtherTab] = useOtherTabNotice(draft, order.id, dispatch);

  useReceivingCommands({ panel, act, order, draft, dispositions, disposition, openSummary, requestClose, focusBin, focusScan });

  // The draft's own record of off-order products (kept over a reload), and this session's.
  const offOrderProducts = useMemo(
    () => ({ ...draft.off_order_products, ...panel.offOrderProducts }),
    [draft.off_order_products, panel.offOrderProducts],
  );
  const shown = useLineFilter(order.order_lines, panel);
  // The lines' handlers keep their identity, so a keystroke or a scan renders only the rows it changes.
  const onSaveEntry = useStableCallback((line: OrderLine, values: EntryValues & { quantity: number }) => {
    const id = tempId();
    dispatch({ type: 'add', id, ledger: ledgerOfEntry(line, values, dispositions) });
    act({ type: 'entrySaved', lineId: line.id, entryId: id, reset: freshEntry(line.id) });
    const rule = ruleOf(line.product_id);
    if (rule) desk.start(rule, { entryId: id, lineId: line.id, sku: line.product.sku });
  });
  const entryOf = useMemo(() => (lineId: number) => panel.entries[lineId] ?? freshEntry(lineId), [panel.entries, freshEntry]);
  const onInspectionPhoto = useStableCallback(() => act({ type: 'openPhotos', entryId: desk.inspection?.entryId ?? null, webcam: true }));
  const onStray = useCallback(() => scanRef.current?.focus(), [scanRef]);
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
  const fields = useBandFields(draft);
  return (
    <section aria-label={t`Order`} className={classes.panel}>
      <OrderInfo
        order={order}
        fields={fields}
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
      {otherTab && <OtherTabNotice submit={otherTab} onDismiss={dismissOtherTab} />}
      <ScanBar
        inputRef={scanRef}
        clears={panel.clears}
        onChange={on.onTyped}
        onTypingOverMiss={on.onTypingOverMiss}
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
