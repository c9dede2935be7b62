import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../../contract/orders';
import {
  addedEntryId,
  EMPTY_STATE,
  lastRecordedEntry,
  draftStorageKey,
  loadStoredState,
  receivingReducer,
  storeState,
  submitBody,
  type ReceivingState,
  unsavedWork,
} from './draft-reducer';

const order = (id: number): OrderDetail => ({
  id,
  customer_id: 5,
  delivery_number: 'D1',
  order_number: 'O1',
  web_order_number: null,
  buyer_reference: null,
  order_type: null,
  source: 'Biztalk',
  source_id_1: 'S1',
  order_status: 'New',
  created_at: '2026-01-01T00:00:00.000Z',
  delivery_name_1: null,
  delivery_name_2: null,
  delivery_address_1: null,
  delivery_address_2: null,
  delivery_address_3: null,
  delivery_city: null,
  delivery_state: null,
  delivery_zipcode: null,
  delivery_country: null,
  delivery_contact: null,
  delivery_phone: null,
  delivery_email: null,
  order_lines: [
    {
      id: 11,
      order_id: id,
      product_id: 21,
      quantity: 2,
      product: { id: 21, customer_id: 5, sku: 'A-1', upc: '1', name_1: 'A', color: null, size: null },
    },
  ],
  returns: [],
  ledgers: [
    {
      id: 99,
      customer_id: 5,
      order_id: id,
      order_line_id: 11,
      product_id: 21,
      return_id: 4,
      condition: 'Pristine',
      quantity: 1,
      reason: 'R',
      comment: null,
      disposition: null,
      location: null,
      discrepancy: null,
      replaces_order_line_id: null,
    },
  ],
  reasons: [{ id: 1, option_code: 'R', option_value: 'Reason' }],
});
const user = { id: 3, username: 'op' };
const newLedger = { order_line_id: 11, product_id: 21, quantity: 1, condition: 'Reconditioning', reason: 'R', comment: '' };

function selected(): ReceivingState {
  return receivingReducer(EMPTY_STATE, { type: 'select', order: order(1), user, draftId: '__aaaaaa', today: '2026-05-06' });
}

describe('receivingReducer', () => {
  it('opens a fresh draft when an order is selected, and refuses another while processing', () => {
    const s = selected();
    expect(s.processing).toBe(true);
    expect(s.draft).toMatchObject({
      id: '__aaaaaa',
      customer_id: 5,
      order_id: 1,
      user_id: 3,
      return_date: '2026-05-06',
      is_blind: false,
      return_ledgers: [],
    });
    expect(receivingReducer(s, { type: 'select', order: order(2), user, draftId: '__bbbbbb', today: '2026-05-06' })).toBe(s);
  });

  it('adds new entries as This Return with a temporary id and return_id null, and removes them', () => {
    let s = receivingReducer(selected(), { type: 'add', ledger: newLedger, id: '__l00001' });
    s = receivingReducer(s, { type: 'add', ledger: { ...newLedger, quantity: 2 }, id: '__l00002' });
    expect(s.draft!.return_ledgers.map((l) => [l.id, l.return_id, l.order_id, l.customer_id])).toEqual([
      ['__l00001', null, 1, 5],
      ['__l00002', null, 1, 5],
    ]);
    s = receivingReducer(s, { type: 'remove', id: '__l00001' });
    expect(s.draft!.return_ledgers.map((l) => l.id)).toEqual(['__l00002']);
    expect(s.order!.ledgers).toHaveLength(1);
  });

  it('a scan adds to the draft entry of the same line, condition and reason: one row of 2, not two rows of 1', () => {
    const scan = (s: ReceivingState, ledger: typeof newLedger, id: string) => receivingReducer(s, { type: 'add', ledger, id, merge: true });
    let s = scan(selected(), newLedger, '__s00001');
    s = scan(s, newLedger, '__s00002');
    expect(s.draft!.return_ledgers.map((l) => [l.id, l.quantity])).toEqual([['__s00001', 2]]);
    // Another condition, another reason, or a form entry with a comment each make their own row.
    s = scan(s, { ...newLedger, condition: 'Pristine' }, '__s00003');
    s = scan(s, { ...newLedger, reason: 'OTHER' }, '__s00004');
    s = receivingReducer(s, { type: 'add', ledger: { ...newLedger, comment: 'box torn' }, id: '__f00001' });
    s = scan(s, newLedger, '__s00005');
    expect(s.draft!.return_ledgers.map((l) => [l.id, l.quantity, l.condition, l.reason])).toEqual([
      ['__s00001', 3, 'Reconditioning', 'R'],
      ['__s00003', 1, 'Pristine', 'R'],
      ['__s00004', 1, 'Reconditioning', 'OTHER'],
      ['__f00001', 1, 'Reconditioning', 'R'],
    ]);
    // Without `merge` (the entry form) a same entry is its own row, as SPEC §4 says adding appends.
    s = receivingReducer(s, { type: 'add', ledger: newLedger, id: '__f00002' });
    expect(s.draft!.return_ledgers).toHaveLength(5);
    // The saved (previous) ledger of the same line is never changed by a scan.
    expect(s.order!.ledgers.map((l) => [l.id, l.quantity])).toEqual([[99, 1]]);
  });

  it('a scan never pushes an entry past the largest quantity; it starts a new row instead', () => {
    let s = receivingReducer(selected(), { type: 'add', ledger: { ...newLedger, quantity: 100_000 }, id: '__s00001', merge: true });
    s = receivingReducer(s, { type: 'add', ledger: newLedger, id: '__s00002', merge: true });
    expect(s.draft!.return_ledgers.map((l) => l.quantity)).toEqual([100_000, 1]);
  });

  it("removes a saved entry from the order's ledgers (SPEC §4)", () => {
    const s = receivingReducer(selected(), { type: 'remove', id: 99 });
    expect(s.order!.ledgers).toEqual([]);
  });

  it('sets one draft field at a time', () => {
    const s = receivingReducer(selected(), { type: 'field', field: 'reference_1', value: 'RMA' });
    expect(s.draft).toMatchObject({ reference_1: 'RMA', reference_2: '', return_date: '2026-05-06' });
  });

  it('after a submit marks the order Return Created, appends the return and its ledgers and opens a fresh draft', () => {
    const s0 = receivingReducer(selected(), { type: 'add', ledger: newLedger, id: '__l00001' });
    const saved = {
      id: 8,
      order_id: 1,
      customer_id: 5,
      user_id: 3,
      username: 'op',
      reference_1: '',
      reference_2: '',
      return_date: '2026-05-06',
      is_blind: false,
      created_at: '2026-05-06T10:00:00.000Z',
      has_discrepancies: false,
      missing_lines: [],
      ledgers: [{ ...s0.draft!.return_ledgers[0]!, id: 100, return_id: 8 }],
    };
    const s = receivingReducer(s0, { type: 'submitted', saved, draftId: '__cccccc', today: '2026-05-06' });
    expect(s.order!.order_status).toBe('Return Created');
    expect(s.order!.returns.map((r) => r.id)).toEqual([8]);
    expect(s.order!.ledgers.map((l) => l.id)).toEqual([99, 100]);
    expect(s.draft).toMatchObject({ id: '__cccccc', return_ledgers: [], user_id: 3 });
    expect(s.processing).toBe(true);
    // A repeated answer (idempotent retry) does not append twice.
    const again = receivingReducer(s, { type: 'submitted', saved, draftId: '__dddddd', today: '2026-05-06' });
    expect(again.order!.returns).toHaveLength(1);
    expect(again.order!.ledgers).toHaveLength(2);
  });

  it('close discards the order, the draft and the processing flag', () => {
    expect(receivingReducer(selected(), { type: 'close' })).toEqual(EMPTY_STATE);
  });
});

describe('the entry Alt+C photographs (issue 16)', () => {
  const add = (s: ReceivingState, ledger: Parameters<typeof addedEntryId>[1]) => {
    const id = addedEntryId(s.draft!.return_ledgers, ledger);
    return { s: receivingReducer(s, { type: 'add', ...ledger }), id };
  };
  const wrongItem = { ...newLedger, order_line_id: null, product_id: 77, discrepancy: 'WRONG_ITEM', replaces_order_line_id: 11 };

  it('is the entry just recorded: a scan (new or joined), then a wrong item, then an extra item of a line', () => {
    let r = add(selected(), { ledger: newLedger, id: '__s00001', merge: true });
    expect(lastRecordedEntry(r.s.draft!.return_ledgers, r.id)).toBe('__s00001');
    // A second scan joins the first row: that row is the one to photograph.
    r = add(r.s, { ledger: newLedger, id: '__s00002', merge: true });
    expect(r.id).toBe('__s00001');
    expect(lastRecordedEntry(r.s.draft!.return_ledgers, r.id)).toBe('__s00001');
    // A wrong item recorded after the scan: Alt+C targets it, not the order line scanned before.
    r = add(r.s, { ledger: wrongItem, id: '__w00001' });
    expect(lastRecordedEntry(r.s.draft!.return_ledgers, r.id)).toBe('__w00001');
    // An extra item of an order line is its own entry even though the line has a scanned one.
    r = add(r.s, { ledger: { ...newLedger, discrepancy: 'EXTRA_ITEM' }, id: '__x00001' });
    expect(r.id).toBe('__x00001');
    expect(lastRecordedEntry(r.s.draft!.return_ledgers, r.id)).toBe('__x00001');
    // Then a scan of that line again joins the scanned row, not the extra item.
    r = add(r.s, { ledger: newLedger, id: '__s00003', merge: true });
    expect(r.id).toBe('__s00001');
  });

  it("falls back to the draft's last entry when the recorded one was removed, and to none on an empty draft", () => {
    let s = add(selected(), { ledger: newLedger, id: '__s00001' }).s;
    s = add(s, { ledger: wrongItem, id: '__w00001' }).s;
    s = receivingReducer(s, { type: 'remove', id: '__w00001' });
    expect(lastRecordedEntry(s.draft!.return_ledgers, '__w00001')).toBe('__s00001');
    expect(lastRecordedEntry([], null)).toBeNull();
  });
});

describe('draft storage', () => {
  const memory = () => {
    const map = new Map<string, string>();
    return {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
      map,
    };
  };

  it('keeps a draft in progress per user and forgets it when closed', () => {
    const storage = memory();
    const s = receivingReducer(selected(), { type: 'add', ledger: newLedger, id: '__l00001' });
    storeState(storage, 3, s);
    expect(loadStoredState(storage, 3)).toEqual(s);
    expect(loadStoredState(storage, 4)).toEqual(EMPTY_STATE);
    storeState(storage, 3, EMPTY_STATE);
    expect(storage.map.has(draftStorageKey(3))).toBe(false);
  });

  it('ignores broken or foreign stored data', () => {
    const storage = memory();
    storage.setItem(draftStorageKey(3), '{not json');
    expect(loadStoredState(storage, 3)).toEqual(EMPTY_STATE);
    storage.setItem(draftStorageKey(3), JSON.stringify({ ...selected(), draft: { ...selected().draft, user_id: 9 } }));
    expect(loadStoredState(storage, 3)).toEqual(EMPTY_STATE);
  });
});

describe('photos of a draft (issue 16)', () => {
  it('keeps photos per entry and for the return; the submit body carries them; removing an entry drops its photos', () => {
    let s = receivingReducer(selected(), { type: 'add', id: '__line01', ledger: newLedger });
    s = receivingReducer(s, { type: 'photoAdd', entryId: '__line01', photoId: 7 });
    s = receivingReducer(s, { type: 'photoAdd', entryId: '__line01', photoId: 8 });
    s = receivingReducer(s, { type: 'photoAdd', entryId: null, photoId: 9 });
    s = receivingReducer(s, { type: 'photoRemove', entryId: '__line01', photoId: 7 });
    // A photo for an entry that is not in the draft is ignored.
    expect(receivingReducer(s, { type: 'photoAdd', entryId: '__gone00', photoId: 10 })).toBe(s);
    const body = submitBody(s.draft!);
    expect(body.photo_ids).toEqual([9]);
    expect(body.return_ledgers[0]!.photo_ids).toEqual([8]);
    expect(body).not.toHaveProperty('line_photos');
    s = receivingReducer(s, { type: 'remove', id: '__line01' });
    expect(s.draft!.line_photos).toEqual({});
  });

  it('a draft stored before photos existed loads with none', () => {
    const s = selected();
    const { photo_ids: _p, line_photos: _l, ...old } = s.draft!;
    const storage = { getItem: () => JSON.stringify({ ...s, draft: old }) };
    expect(loadStoredState(storage, user.id).draft).toMatchObject({ photo_ids: [], line_photos: {} });
  });
});

describe('unsavedWork (issue 28: Close asks first)', () => {
  it('counts new lines, missing marks and photos, and says whether a reference was typed', () => {
    const s = selected();
    expect(unsavedWork(s.draft!)).toEqual({ lines: 0, photos: 0, references: false });
    const line = s.order!.order_lines[0]!;
    let next = receivingReducer(s, {
      type: 'add',
      id: '__bbbbbb',
      ledger: { order_line_id: line.id, product_id: line.product_id, quantity: 2, condition: 'Pristine', reason: 'DMG', comment: '' },
    });
    next = receivingReducer(next, { type: 'photoAdd', entryId: '__bbbbbb', photoId: 9 });
    next = receivingReducer(next, { type: 'photoAdd', entryId: null, photoId: 10 });
    next = receivingReducer(next, { type: 'field', field: 'reference_2', value: ' RMA ' });
    expect(unsavedWork(next.draft!)).toEqual({ lines: 1, photos: 2, references: true });
    expect(unsavedWork(receivingReducer(s, { type: 'field', field: 'reference_1', value: '   ' }).draft!).references).toBe(false);
  });
});

describe('off-order products (issue 28: a wrong item keeps its SKU and name after a reload)', () => {
  it('keeps the product of a wrong or extra item in the draft (stored with it)', () => {
    const s = selected();
    const next = receivingReducer(s, {
      type: 'add',
      id: '__cccccc',
      merge: false,
      ledger: {
        order_line_id: null,
        product_id: 77,
        quantity: 1,
        condition: 'Reconditioning',
        reason: 'DMG',
        comment: '',
        discrepancy: 'WRONG_ITEM',
      },
      product: { id: 77, sku: 'X-9', name_1: 'Stray sock' },
    });
    expect(next.draft!.off_order_products).toEqual({ 77: { sku: 'X-9', name_1: 'Stray sock' } });
  });
});
