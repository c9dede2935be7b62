// The order being processed and its return draft (SPEC §3 draft, §4 Order processing), as a pure reducer.
import type { LedgerEntry, OrderDetail } from '../../../contract/orders';
import type { CreatedReturn } from '../../../contract/returns';
import { LIMITS, ORDER_STATUS_RETURN_CREATED, type LedgerCondition } from '../../../contract/constants';
import type { LineDiscrepancy } from '../../../contract/disposition-rules';
import type { RouteBody } from '../../api/route-types';
import type { StepAnswer } from '../../../contract/inspection';

export interface ReturnDraft {
  id: string;
  customer_id: number;
  order_id: number;
  user_id: number;
  username: string;
  reference_1: string;
  reference_2: string;
  return_date: string;
  is_blind: false;
  return_ledgers: LedgerEntry[];
  /** Photos of the whole return: the parcel as it arrived, the label (issue 16). */
  photo_ids: number[];
  /** Photos of each new entry, by the entry's temporary id. */
  line_photos: Record<string, number[]>;
  /** Order lines confirmed missing from the parcel (issue 16); a draft stored before it has none. */
  missing_lines?: MissingEntry[];
  /**
   * SKU and name of the products recorded as wrong or extra items (not on the order): kept with the
   * draft, so its lines still name them after a reload or a new login (issue 28; a draft stored
   * before it has none).
   */
  off_order_products?: Record<number, { sku: string; name_1: string }>;
  /** Issue 27: the answers to the inspection steps of each inspected new entry, by its temporary id. */
  step_answers?: Record<string, StepAnswer[]>;
}

export interface MissingEntry {
  order_line_id: number;
  quantity: number;
}

export interface ReceivingState {
  order: OrderDetail | null;
  draft: ReturnDraft | null;
  processing: boolean;
  /**
   * The draft was submitted with no network (issue 28): it is sent, once, when the network is back
   * (its id makes the server answer the same return to a repeated send). Kept over a reload.
   */
  pending?: boolean;
}

export type DraftField = 'reference_1' | 'reference_2' | 'return_date';
export type NewLedger = Pick<LedgerEntry, 'order_line_id' | 'product_id' | 'quantity' | 'condition' | 'reason' | 'comment'> &
  Partial<Pick<LedgerEntry, 'disposition' | 'location' | 'discrepancy' | 'replaces_order_line_id'>>;

export type ReceivingAction =
  | { type: 'select'; order: OrderDetail; user: { id: number; username: string }; draftId: string; today: string }
  /** `merge`: a scan; it adds to this return's entry of the same line, condition and reason (no comment). */
  | { type: 'add'; ledger: NewLedger; id: string; merge?: boolean; product?: { id: number; sku: string; name_1: string } }
  | { type: 'remove'; id: LedgerEntry['id'] }
  /** Marks an order line missing from the parcel (quantity 0 takes the mark away). */
  | { type: 'missing'; orderLineId: number; quantity: number }
  | { type: 'field'; field: DraftField; value: string }
  | { type: 'submitted'; saved: CreatedReturn; draftId: string; today: string }
  /** Submitted with no network: the draft waits (`queued`), or goes back to editing after a refusal (`unqueued`). */
  | { type: 'queued' | 'unqueued' }
  /**
   * Another tab of this user submitted a return of this order (issue 28): the order's counts take it
   * in; when it was this draft (`draftId`), a fresh draft (`newDraftId`) replaces it, else this draft stays.
   */
  | { type: 'submittedElsewhere'; saved: CreatedReturn; draftId: string; newDraftId: string; today: string }
  /** `entryId` null: a photo of the whole return. */
  | { type: 'photoAdd' | 'photoRemove'; entryId: string | null; photoId: number }
  | { type: 'close' }
  /** Issue 27: an inspection finished: the entry takes its grade, condition, disposition, serial and answers. */
  | { type: 'inspected'; entryId: string; patch: InspectedPatch; stepAnswers: StepAnswer[] | null };

/** What a finished inspection changes on its entry. */
export type InspectedPatch = Partial<
  Pick<LedgerEntry, 'grade' | 'condition' | 'disposition' | 'location' | 'serial' | 'serial_shipped' | 'serial_repeated'>
>;

/** What closing this draft would discard (issue 28): new lines, photos, missing marks, references. */
export function unsavedWork(draft: ReturnDraft) {
  const photos = (draft.photo_ids?.length ?? 0) + Object.values(draft.line_photos ?? {}).reduce((n, ids) => n + ids.length, 0);
  return {
    lines: draft.return_ledgers.filter((l) => l.return_id === null).length + (draft.missing_lines?.length ?? 0),
    photos,
    references: draft.reference_1.trim() !== '' || draft.reference_2.trim() !== '',
  };
}

export const EMPTY_STATE: ReceivingState = { order: null, draft: null, processing: false };

function freshDraft(order: OrderDetail, user: { id: number; username: string }, draftId: string, today: string): ReturnDraft {
  return {
    id: draftId,
    customer_id: order.customer_id,
    order_id: order.id,
    user_id: user.id,
    username: user.username,
    reference_1: '',
    reference_2: '',
    return_date: today,
    is_blind: false,
    return_ledgers: [],
    photo_ids: [],
    line_photos: {},
    missing_lines: [],
  };
}

const withPhoto = (ids: number[] | undefined, photoId: number, add: boolean) =>
  add ? [...(ids ?? []).filter((id) => id !== photoId), photoId] : (ids ?? []).filter((id) => id !== photoId);

/** One row of 2, not two rows of 1: a scan joins the draft entry it would repeat (issue 15). */
function isSameScan(entry: LedgerEntry, scan: NewLedger): boolean {
  return (
    entry.return_id === null &&
    entry.order_line_id === scan.order_line_id &&
    entry.condition === scan.condition &&
    entry.reason === scan.reason &&
    (entry.disposition ?? null) === (scan.disposition ?? null) &&
    (entry.location ?? null) === (scan.location ?? null) &&
    (entry.discrepancy ?? null) === (scan.discrepancy ?? null) &&
    (entry.comment ?? '') === (scan.comment ?? '') &&
    entry.quantity + scan.quantity <= LIMITS.maxEntryQuantity
  );
}

type AddAction = Extract<ReceivingAction, { type: 'add' }>;

/** The entry an 'add' lands in: the draft entry a scan joins, else the new one (Alt+C photographs it). */
export function addedEntryId(ledgers: LedgerEntry[], action: Pick<AddAction, 'ledger' | 'id' | 'merge'>): LedgerEntry['id'] {
  return (action.merge ? ledgers.find((l) => isSameScan(l, action.ledger)) : undefined)?.id ?? action.id;
}

/**
 * The entry Alt+C photographs: the one recorded last (a scanned line, a saved form, a wrong or extra
 * item) while it is still in the draft, else the draft's last entry; null for an empty draft.
 */
export function lastRecordedEntry(ledgers: LedgerEntry[], lastId: LedgerEntry['id'] | null): string | null {
  const entry = ledgers.find((l) => l.id === lastId) ?? ledgers[ledgers.length - 1];
  return entry ? String(entry.id) : null;
}

export function receivingReducer(state: ReceivingState, action: ReceivingAction): ReceivingState {
  switch (action.type) {
    case 'select':
      // Refused while a return is being processed; the screen says so before dispatching.
      if (state.processing) return state;
      return { order: action.order, draft: freshDraft(action.order, action.user, action.draftId, action.today), processing: true };
    case 'add': {
      if (!state.draft || !state.order) return state;
      const same = action.merge ? state.draft.return_ledgers.findIndex((l) => isSameScan(l, action.ledger)) : -1;
      if (same !== -1) {
        const merged = state.draft.return_ledgers.map((l, i) =>
          i === same ? { ...l, quantity: Math.min(l.quantity + action.ledger.quantity, LIMITS.maxEntryQuantity) } : l,
        );
        return { ...state, draft: { ...state.draft, return_ledgers: merged } };
      }
      const entry: LedgerEntry = {
        disposition: null,
        location: null,
        discrepancy: null,
        replaces_order_line_id: null,
        ...action.ledger,
        id: action.id,
        customer_id: state.order.customer_id,
        order_id: state.order.id,
        return_id: null,
      };
      const products = action.product
        ? { ...state.draft.off_order_products, [action.product.id]: { sku: action.product.sku, name_1: action.product.name_1 } }
        : state.draft.off_order_products;
      return { ...state, draft: { ...state.draft, return_ledgers: [...state.draft.return_ledgers, entry], off_order_products: products } };
    }
    case 'remove': {
      if (!state.draft || !state.order) return state;
      const saved = state.order.ledgers.find((l) => l.id === action.id && l.return_id !== null);
      if (saved) return { ...state, order: { ...state.order, ledgers: state.order.ledgers.filter((l) => l !== saved) } };
      const { [String(action.id)]: _dropped, ...linePhotos } = state.draft.line_photos ?? {};
      return {
        ...state,
        draft: { ...state.draft, return_ledgers: state.draft.return_ledgers.filter((l) => l.id !== action.id), line_photos: linePhotos },
      };
    }
    case 'photoAdd':
    case 'photoRemove': {
      if (!state.draft) return state;
      const add = action.type === 'photoAdd';
      if (action.entryId === null)
        return { ...state, draft: { ...state.draft, photo_ids: withPhoto(state.draft.photo_ids, action.photoId, add) } };
      if (!state.draft.return_ledgers.some((l) => String(l.id) === action.entryId)) return state;
      const linePhotos = {
        ...state.draft.line_photos,
        [action.entryId]: withPhoto(state.draft.line_photos?.[action.entryId], action.photoId, add),
      };
      return { ...state, draft: { ...state.draft, line_photos: linePhotos } };
    }
    case 'missing': {
      if (!state.draft) return state;
      const others = (state.draft.missing_lines ?? []).filter((m) => m.order_line_id !== action.orderLineId);
      const missing = action.quantity > 0 ? [...others, { order_line_id: action.orderLineId, quantity: action.quantity }] : others;
      return { ...state, draft: { ...state.draft, missing_lines: missing } };
    }
    case 'field':
      if (!state.draft) return state;
      return { ...state, draft: { ...state.draft, [action.field]: action.value } };
    case 'submitted': {
      if (!state.order || !state.draft) return state;
      const order = withSavedReturn(state.order, action.saved);
      const user = { id: state.draft.user_id, username: state.draft.username };
      return { order, draft: freshDraft(order, user, action.draftId, action.today), processing: true };
    }
    case 'queued':
    case 'unqueued':
      if (!state.draft) return state;
      return { ...state, pending: action.type === 'queued' };
    case 'submittedElsewhere': {
      if (!state.order || !state.draft || state.order.id !== action.saved.order_id) return state;
      const order = withSavedReturn(state.order, action.saved);
      if (state.draft.id !== action.draftId) return { ...state, order };
      const user = { id: state.draft.user_id, username: state.draft.username };
      return { order, draft: freshDraft(order, user, action.newDraftId, action.today), processing: true };
    }
    case 'close':
      return EMPTY_STATE;
    case 'inspected': {
      if (!state.draft) return state;
      if (!state.draft.return_ledgers.some((l) => String(l.id) === action.entryId)) return state;
      const { [action.entryId]: _old, ...answers } = state.draft.step_answers ?? {};
      return {
        ...state,
        draft: {
          ...state.draft,
          return_ledgers: state.draft.return_ledgers.map((l) => (String(l.id) === action.entryId ? { ...l, ...action.patch } : l)),
          step_answers: action.stepAnswers ? { ...answers, [action.entryId]: action.stepAnswers } : answers,
        },
      };
    }
  }
}

/** The order with a saved return and its ledgers taken in (once, however often it is told). */
function withSavedReturn(order: OrderDetail, saved: CreatedReturn): OrderDetail {
  const { ledgers, ...ret } = saved;
  return {
    ...order,
    order_status: ORDER_STATUS_RETURN_CREATED,
    returns: order.returns.some((r) => r.id === ret.id)
      ? order.returns
      : [...order.returns, { id: ret.id, created_at: ret.created_at, username: ret.username }],
    ledgers: [...order.ledgers.filter((l) => l.return_id !== ret.id), ...ledgers],
  };
}

/**
 * The submit body of the draft. Its entries come from this screen's condition choices only (a saved
 * ledger may say 'Secondhand', a draft never does); the server checks them again.
 */
export function submitBody(draft: ReturnDraft): RouteBody<'submitReturn'> {
  const { line_photos: linePhotos = {}, step_answers: stepAnswers = {}, ...rest } = draft;
  return {
    ...rest,
    photo_ids: draft.photo_ids ?? [],
    return_ledgers: draft.return_ledgers.map(({ order_line_id, serial_shipped: _s, serial_repeated: _r, ...l }) => ({
      ...l,
      ...(stepAnswers[String(l.id)] ? { step_answers: stepAnswers[String(l.id)] } : {}),
      ...(order_line_id === null ? {} : { order_line_id }),
      condition: l.condition as LedgerCondition,
      discrepancy: l.discrepancy as LineDiscrepancy | null,
      location: l.location ?? '',
      photo_ids: linePhotos[String(l.id)] ?? [],
    })),
    missing_lines: draft.missing_lines ?? [],
  };
}

/** Photos of a draft entry. */
export const entryPhotos = (draft: ReturnDraft, entryId: LedgerEntry['id']) => draft.line_photos?.[String(entryId)] ?? [];

/** Where the draft survives a reload: per user, so a shared workstation never mixes operators. */
export const draftStorageKey = (userId: number) => `returns-desk.receiving.${userId}`;

export function loadStoredState(storage: Pick<Storage, 'getItem'>, userId: number): ReceivingState {
  try {
    const raw = storage.getItem(draftStorageKey(userId));
    if (!raw) return EMPTY_STATE;
    const parsed = JSON.parse(raw) as Partial<ReceivingState>;
    if (!parsed.processing || !parsed.order || !parsed.draft || parsed.draft.user_id !== userId) return EMPTY_STATE;
    if (!Array.isArray(parsed.order.order_lines) || !Array.isArray(parsed.draft.return_ledgers)) return EMPTY_STATE;
    // A draft stored before photos existed has none.
    const draft = { ...parsed.draft, photo_ids: parsed.draft.photo_ids ?? [], line_photos: parsed.draft.line_photos ?? {} };
    return { order: parsed.order, draft, processing: true, ...(parsed.pending === true ? { pending: true } : {}) };
  } catch {
    return EMPTY_STATE;
  }
}

export function storeState(storage: Pick<Storage, 'setItem' | 'removeItem'>, userId: number, state: ReceivingState): void {
  try {
    if (state.processing) storage.setItem(draftStorageKey(userId), JSON.stringify(state));
    else storage.removeItem(draftStorageKey(userId));
  } catch {
    // A full or blocked storage only loses the reload safety net, never the work on screen.
  }
}
