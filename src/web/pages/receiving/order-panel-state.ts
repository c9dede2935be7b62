// What the order panel shows besides the draft (SPEC §2.7, issues 15 and 16), in one state with one
// reducer: the scan field and its last outcome, what the next scans record, the entry form of each
// line, which dialog is open. The draft itself stays in draft-reducer.ts (it is stored across reloads;
// none of this is). Pure: the panel turns these decisions into focus moves and draft actions.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DEFAULT_CONDITION, type LedgerCondition } from '../../../contract/constants';
import { defaultDisposition } from '../../../contract/disposition-rules';
import type { DispositionView } from '../../../contract/dispositions';
import type { LedgerEntry, OrderDetail, Product } from '../../../contract/orders';
import { addedEntryId, type NewLedger, type ReceivingAction } from './draft-reducer';
import { needsBin, type EntryValues } from './LedgerEntryForm';
import { conditionLabel } from './labels';
import { lineForCode } from './receiving-logic';
import type { ScanNotice, ScanOutcome } from './ScanBar';

export type PanelDialog = 'summary' | 'help' | 'photos' | 'discrepancy' | 'closeConfirm';

/** What the next scans record (the bar's second row). `disposition` null: the condition's default. */
export interface NextScans {
  condition: LedgerCondition;
  reason: string;
  disposition: string | null;
  bin: string;
}

export interface OrderPanelState {
  /** The scan field's text once its keys paused: it filters the lines. */
  filter: string;
  /** Counts the times the panel emptied the scan field (the field's text is its own, ScanBar.tsx). */
  clears: number;
  /** The code of the last missed scan: it stays in the field (selected) but never filters the lines away. */
  missed: string | null;
  notice: ScanNotice | null;
  next: NextScans;
  /** Each line's entry form, once edited. */
  entries: Record<number, EntryValues>;
  /** The line a scan just hit; `seq` restarts its mark. */
  flash: { lineId: number; seq: number } | null;
  /** Open dialogs: help may open over the summary. */
  open: Record<PanelDialog, boolean>;
  /**
   * The photo dialog's target: a new entry's temporary id, or null for the whole return. It stays
   * after the dialog closes, so the title does not change while the dialog fades out.
   */
  photos: { entryId: string | null; webcam: boolean };
  /** While the Receiving Date field holds a text that is not a day: Submit refuses rather than send a date no longer seen. */
  dateProblem: string | null;
  /** The entry recorded last (a scan, a saved form, a wrong or extra item): what Alt+C photographs. */
  lastEntry: LedgerEntry['id'] | null;
  /** The products the wrong/extra item dialog picked: they are not on the order, yet their rows name them. */
  offOrderProducts: Record<number, Pick<Product, 'sku' | 'name_1'>>;
}

export type PanelAction =
  /** Typing in the scan field (once the keys pause): the text filters the lines, and the last outcome goes. */
  | { type: 'typed'; text: string }
  /** The first key typed over a missed code: the miss's notice goes at once (the text filters later, 'typed'). */
  | { type: 'typingOverMiss' }
  /** The scan field's text was taken (an inspection's serial): the field empties. */
  | { type: 'cleared' }
  | { type: 'scanned'; scan: ScanResult }
  | { type: 'entryEdited'; lineId: number; values: EntryValues }
  /** A line's form saved: its entry is `entryId`, and the form starts again from `reset`. */
  | { type: 'entrySaved'; lineId: number; entryId: LedgerEntry['id']; reset: EntryValues }
  /** A wrong or extra item recorded from the dialog (issue 16). */
  | { type: 'offOrderRecorded'; entryId: LedgerEntry['id']; product: Pick<Product, 'id' | 'sku' | 'name_1'>; text: string }
  | { type: 'nextCondition'; condition: LedgerCondition }
  | { type: 'nextReason'; reason: string }
  | { type: 'nextDisposition'; disposition: string }
  | { type: 'nextBin'; bin: string }
  | { type: 'open'; dialog: PanelDialog }
  | { type: 'close'; dialog: PanelDialog }
  | { type: 'openPhotos'; entryId: string | null; webcam: boolean }
  | { type: 'dateProblem'; problem: string | null }
  | { type: 'submitted' }
  /** Issue 27: what a finished inspection recorded, said in the scan bar. */
  | { type: 'notice'; outcome: ScanOutcome };

/**
 * What Enter in the scan field decided (issue 15). `add` is the draft action of a hit; `focusBin` a
 * refusal the bin field answers.
 */
export type ScanResult =
  | { kind: 'empty' }
  | { kind: 'missed'; code: string; outcome: ScanOutcome }
  | { kind: 'refused'; outcome: ScanOutcome; focusBin: boolean }
  | { kind: 'added'; lineId: number; entryId: LedgerEntry['id']; add: Extract<ReceivingAction, { type: 'add' }>; outcome: ScanOutcome };

export function initialPanelState(order: Pick<OrderDetail, 'reasons'>): OrderPanelState {
  return {
    filter: '',
    clears: 0,
    missed: null,
    notice: null,
    next: { condition: DEFAULT_CONDITION, reason: order.reasons[0]?.option_code ?? '', disposition: null, bin: '' },
    entries: {},
    flash: null,
    open: { summary: false, help: false, photos: false, discrepancy: false, closeConfirm: false },
    photos: { entryId: null, webcam: false },
    dateProblem: null,
    lastEntry: null,
    offOrderProducts: {},
  };
}

/** The notice of an outcome; `seq` counts on, so a second miss in a row replays the shake. */
const noticeOf = (state: OrderPanelState, outcome: ScanOutcome): ScanNotice => ({ ...outcome, seq: (state.notice?.seq ?? 0) + 1 });

export function orderPanelReducer(state: OrderPanelState, action: PanelAction): OrderPanelState {
  switch (action.type) {
    case 'typed':
      return state.filter === action.text && !state.notice ? state : { ...state, filter: action.text, notice: null };
    case 'typingOverMiss':
      return state.notice?.ok === false ? { ...state, notice: null } : state;
    case 'cleared':
      return { ...state, filter: '', clears: state.clears + 1 };
    case 'scanned': {
      const { scan } = action;
      if (scan.kind === 'empty') return { ...state, notice: null };
      if (scan.kind === 'missed') return { ...state, missed: scan.code, notice: noticeOf(state, scan.outcome) };
      if (scan.kind === 'refused') return { ...state, missed: null, notice: noticeOf(state, scan.outcome) };
      return {
        ...state,
        missed: null,
        filter: '',
        clears: state.clears + 1,
        notice: noticeOf(state, scan.outcome),
        flash: { lineId: scan.lineId, seq: (state.flash?.seq ?? 0) + 1 },
        lastEntry: scan.entryId,
      };
    }
    case 'entryEdited':
      return { ...state, entries: { ...state.entries, [action.lineId]: action.values } };
    case 'entrySaved':
      return { ...state, entries: { ...state.entries, [action.lineId]: action.reset }, lastEntry: action.entryId };
    case 'offOrderRecorded':
      return {
        ...state,
        lastEntry: action.entryId,
        notice: noticeOf(state, { ok: true, text: action.text }),
        offOrderProducts: { ...state.offOrderProducts, [action.product.id]: { sku: action.product.sku, name_1: action.product.name_1 } },
        open: { ...state.open, discrepancy: false },
        missed: null,
        filter: '',
        clears: state.clears + 1,
      };
    case 'nextCondition':
      // The disposition follows the condition's default again.
      return { ...state, next: { ...state.next, condition: action.condition, disposition: null } };
    case 'nextReason':
      return { ...state, next: { ...state.next, reason: action.reason } };
    case 'nextDisposition':
      return { ...state, next: { ...state.next, disposition: action.disposition } };
    case 'nextBin':
      return { ...state, next: { ...state.next, bin: action.bin } };
    case 'open':
      return { ...state, open: { ...state.open, [action.dialog]: true } };
    case 'close':
      return { ...state, open: { ...state.open, [action.dialog]: false } };
    case 'openPhotos':
      return { ...state, photos: { entryId: action.entryId, webcam: action.webcam }, open: { ...state.open, photos: true } };
    case 'dateProblem':
      return state.dateProblem === action.problem ? state : { ...state, dateProblem: action.problem };
    case 'submitted':
      return { ...state, entries: {}, open: { ...state.open, summary: false } };
    case 'notice':
      return { ...state, notice: noticeOf(state, action.outcome) };
  }
}

/** A dialog over the panel: the panel's own shortcuts wait (help and the summary's confirm excepted). */
export const anyDialogOpen = (state: OrderPanelState) => Object.values(state.open).some(Boolean);

/** The disposition the next scans record: the one chosen, else the customer's default for the condition. */
export const scanDisposition = (next: NextScans, dispositions: DispositionView[]) =>
  next.disposition ?? defaultDisposition(dispositions, next.condition) ?? '';

export interface ScanContext {
  order: Pick<OrderDetail, 'order_lines' | 'reasons'>;
  ledgers: LedgerEntry[];
  dispositions: DispositionView[];
  /** The disposition the next scans record (scanDisposition). */
  disposition: string;
  /** The temporary id a new entry gets. */
  newId: string;
  /** The reader's language: the outcome is said in it. */
  i18n: I18n;
  /** Issue 27: the product's rule asks something at the desk: each unit is its own entry (no merge). */
  inspects?: (productId: number) => boolean;
}

/** Enter in the scan field (issue 15): the code names a line and adds one unit to the draft, or says why not. */
export function scanCode(state: OrderPanelState, code: string, ctx: ScanContext): ScanResult {
  if (!code.trim()) return { kind: 'empty' };
  const line = lineForCode(ctx.order.order_lines, code);
  const { i18n } = ctx;
  const scanned = code.trim();
  if (!line) return { kind: 'missed', code, outcome: { ok: false, text: i18n._(msg`No line of this order has UPC or SKU “${scanned}”.`) } };
  const { condition, reason, bin } = state.next;
  if (!reason)
    return {
      kind: 'refused',
      focusBin: false,
      outcome: { ok: false, text: i18n._(msg`This customer has no return reasons; ask an administrator to add one.`) },
    };
  const binNeeded = needsBin(ctx.dispositions, ctx.disposition);
  if (binNeeded && !bin.trim()) {
    return {
      kind: 'refused',
      focusBin: true,
      outcome: { ok: false, text: i18n._(msg`Scan the bin first (Alt+B): this disposition needs a location.`) },
    };
  }
  const ledger: NewLedger = {
    order_line_id: line.id,
    product_id: line.product_id,
    quantity: 1,
    condition,
    reason,
    comment: '',
    disposition: ctx.disposition || null,
    location: binNeeded ? bin.trim() : null,
  };
  const add = { type: 'add', id: ctx.newId, merge: !ctx.inspects?.(line.product_id), ledger } as const;
  const reasonText = ctx.order.reasons.find((r) => r.option_code === reason)?.option_value ?? reason;
  const sku = line.product.sku;
  const conditionText = conditionLabel(i18n, condition);
  return {
    kind: 'added',
    lineId: line.id,
    entryId: addedEntryId(ctx.ledgers, add),
    add,
    outcome: { ok: true, text: i18n._(msg`Added 1 × ${sku} (${conditionText}, ${reasonText}).`) },
  };
}
