import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { EMPTY_STATE, receivingReducer } from './draft-reducer';
import {
  anyDialogOpen,
  initialPanelState,
  orderPanelReducer,
  scanCode,
  scanDisposition,
  type OrderPanelState,
  type PanelAction,
  type ScanContext,
} from './order-panel-state';
import { dispositions, order } from './receiving-test-data';

// The outcomes in English: the macros' source texts, no catalogue.
const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
const run = (...actions: PanelAction[]) => actions.reduce(orderPanelReducer, initialPanelState(order));
const ctx = (state: OrderPanelState, extra: Partial<ScanContext> = {}): ScanContext => ({
  order,
  ledgers: [],
  dispositions,
  disposition: scanDisposition(state.next, dispositions),
  newId: '__new001',
  i18n,
  ...extra,
});

describe('the order panel state', () => {
  it('starts with an empty scan field, the first reason, no dialog and the condition default disposition', () => {
    const state = initialPanelState(order);
    expect(state.filter).toBe('');
    expect(state.next).toEqual({ condition: 'Reconditioning', reason: 'DMG', disposition: null, bin: '' });
    expect(anyDialogOpen(state)).toBe(false);
    expect(scanDisposition(state.next, dispositions)).toBe('REFURB');
  });

  it('a scan of a UPC or SKU adds one unit of its line and empties the field', () => {
    const typed = run({ type: 'typed', text: '4006310000170' });
    const scan = scanCode(typed, typed.filter, ctx(typed));
    expect(scan).toMatchObject({ kind: 'added', lineId: 11, entryId: '__new001' });
    if (scan.kind !== 'added') return;
    expect(scan.add).toEqual({
      type: 'add',
      id: '__new001',
      merge: true,
      ledger: {
        order_line_id: 11,
        product_id: 21,
        quantity: 1,
        condition: 'Reconditioning',
        reason: 'DMG',
        comment: '',
        disposition: 'REFURB',
        location: null,
      },
    });
    expect(scan.outcome).toEqual({ ok: true, text: 'Added 1 × CAP-BLK (Reconditioning, Damaged).' });
    const after = orderPanelReducer(typed, { type: 'scanned', scan });
    expect(after).toMatchObject({ filter: '', missed: null, lastEntry: '__new001', flash: { lineId: 11, seq: 1 } });
    expect(after.notice).toEqual({ ...scan.outcome, seq: 1 });
  });

  it('a second scan of the same line joins the draft entry the first one made', () => {
    const state = run();
    const first = scanCode(state, 'cap-blk', ctx(state));
    if (first.kind !== 'added') throw new Error(`expected a hit, got ${first.kind}`);
    let draft = receivingReducer(EMPTY_STATE, {
      type: 'select',
      order,
      user: { id: 3, username: 'op' },
      draftId: '__d00001',
      today: '2026-05-06',
    });
    draft = receivingReducer(draft, first.add);
    const second = scanCode(state, 'CAP-BLK', ctx(state, { ledgers: draft.draft!.return_ledgers, newId: '__new002' }));
    expect(second).toMatchObject({ kind: 'added', entryId: '__new001' });
    if (second.kind === 'added') draft = receivingReducer(draft, second.add);
    expect(draft.draft!.return_ledgers.map((l) => [l.id, l.quantity])).toEqual([['__new001', 2]]);
  });

  it('a miss keeps its code in the field without filtering the lines away, and a second miss counts on', () => {
    const typed = run({ type: 'typed', text: 'NOPE' });
    const miss = scanCode(typed, 'NOPE ', ctx(typed));
    expect(miss).toEqual({ kind: 'missed', code: 'NOPE ', outcome: { ok: false, text: 'No line of this order has UPC or SKU “NOPE”.' } });
    const once = orderPanelReducer(typed, { type: 'scanned', scan: miss });
    expect(once).toMatchObject({ filter: 'NOPE', missed: 'NOPE ', notice: { ok: false, seq: 1 } });
    expect(orderPanelReducer(once, { type: 'scanned', scan: miss }).notice?.seq).toBe(2);
  });

  it('an empty scan clears the outcome and changes nothing else', () => {
    const state = run({ type: 'scanned', scan: scanCode(run(), 'NOPE', ctx(run())) });
    expect(scanCode(state, '  ', ctx(state))).toEqual({ kind: 'empty' });
    expect(orderPanelReducer(state, { type: 'scanned', scan: { kind: 'empty' } })).toEqual({ ...state, notice: null });
  });

  it('typing clears the outcome of the last scan', () => {
    const missed = run({ type: 'scanned', scan: scanCode(run(), 'NOPE', ctx(run())) });
    expect(orderPanelReducer(missed, { type: 'typed', text: 'HOO' })).toMatchObject({ filter: 'HOO', notice: null });
  });

  it('the first key over a miss clears its notice alone; the notice of a hit stays until the text filters', () => {
    const missed = run({ type: 'scanned', scan: scanCode(run(), 'NOPE', ctx(run())) });
    const typing = orderPanelReducer(missed, { type: 'typingOverMiss' });
    expect(typing).toEqual({ ...missed, notice: null });
    const hit = run({ type: 'scanned', scan: scanCode(run(), 'HOODIE-M', ctx(run())) });
    expect(orderPanelReducer(hit, { type: 'typingOverMiss' })).toBe(hit);
  });

  it('the panel empties the field by counting: a hit, a serial taken; the same text again changes nothing', () => {
    const hit = run({ type: 'scanned', scan: scanCode(run(), 'HOODIE-M', ctx(run())) });
    expect(hit.clears).toBe(1);
    expect(orderPanelReducer(hit, { type: 'cleared' })).toMatchObject({ filter: '', clears: 2 });
    const empty = run();
    expect(orderPanelReducer(empty, { type: 'typed', text: '' })).toBe(empty);
  });

  it('a disposition that needs a bin refuses the scan until a bin is given, then records it trimmed', () => {
    const pristine = run({ type: 'nextCondition', condition: 'Pristine' });
    expect(scanDisposition(pristine.next, dispositions)).toBe('SHELF');
    const refused = scanCode(pristine, 'HOODIE-M', ctx(pristine));
    expect(refused).toEqual({
      kind: 'refused',
      focusBin: true,
      outcome: { ok: false, text: 'Scan the bin first (Alt+B): this disposition needs a location.' },
    });
    const withBin = orderPanelReducer(pristine, { type: 'nextBin', bin: ' A-01 ' });
    const added = scanCode(withBin, 'HOODIE-M', ctx(withBin));
    expect(added.kind === 'added' && added.add.ledger).toMatchObject({ condition: 'Pristine', disposition: 'SHELF', location: 'A-01' });
  });

  it('a customer without reasons cannot scan', () => {
    const bare = { ...order, reasons: [] };
    const state = initialPanelState(bare);
    expect(scanCode(state, 'CAP-BLK', { ...ctx(state), order: bare })).toMatchObject({ kind: 'refused', focusBin: false });
  });

  it('a condition change puts the disposition back to that condition’s default', () => {
    const chosen = run({ type: 'nextDisposition', disposition: '' });
    expect(scanDisposition(chosen.next, dispositions)).toBe('');
    const scrap = orderPanelReducer(chosen, { type: 'nextCondition', condition: 'Scrap' });
    expect(scrap.next).toMatchObject({ condition: 'Scrap', disposition: null });
    expect(scanDisposition(run({ type: 'nextCondition', condition: 'Pristine' }).next, dispositions)).toBe('SHELF');
  });

  it('a saved line form starts again from the reset values and is what Alt+C photographs', () => {
    const reset = { quantity: 1, condition: 'Reconditioning', reason: 'DMG', comment: '', disposition: 'REFURB', location: '' };
    const edited = run({ type: 'entryEdited', lineId: 12, values: { ...reset, quantity: 3, comment: 'torn' } });
    expect(edited.entries[12]).toMatchObject({ quantity: 3, comment: 'torn' });
    const saved = orderPanelReducer(edited, { type: 'entrySaved', lineId: 12, entryId: '__e00001', reset });
    expect(saved.entries[12]).toEqual(reset);
    expect(saved.lastEntry).toBe('__e00001');
  });

  it('help opens over the summary; the submit closes the summary and forgets the line forms', () => {
    const both = run(
      {
        type: 'entryEdited',
        lineId: 11,
        values: { quantity: 2, condition: 'Scrap', reason: 'DMG', comment: '', disposition: '', location: '' },
      },
      { type: 'open', dialog: 'summary' },
      { type: 'open', dialog: 'help' },
    );
    expect(both.open).toEqual({ summary: true, help: true, photos: false, discrepancy: false, closeConfirm: false });
    const closed = orderPanelReducer(both, { type: 'close', dialog: 'help' });
    expect(anyDialogOpen(closed)).toBe(true);
    const submitted = orderPanelReducer(closed, { type: 'submitted' });
    expect(submitted.open.summary).toBe(false);
    expect(submitted.entries).toEqual({});
    expect(anyDialogOpen(submitted)).toBe(false);
  });

  it('the photo dialog keeps its target after closing, so its title stays while it fades out', () => {
    const opened = run({ type: 'openPhotos', entryId: '__e00001', webcam: true });
    expect(opened.open.photos).toBe(true);
    const closed = orderPanelReducer(opened, { type: 'close', dialog: 'photos' });
    expect(closed.open.photos).toBe(false);
    expect(closed.photos).toEqual({ entryId: '__e00001', webcam: true });
  });

  it('a wrong or extra item recorded from a miss replaces the miss, names its product and closes the dialog', () => {
    const missed = run(
      { type: 'typed', text: 'X-9' },
      { type: 'scanned', scan: scanCode(run(), 'X-9', ctx(run())) },
      { type: 'open', dialog: 'discrepancy' },
    );
    const recorded = orderPanelReducer(missed, {
      type: 'offOrderRecorded',
      entryId: '__e00002',
      product: { id: 77, sku: 'X-9', name_1: 'Stray sock' },
      text: 'Recorded 1 × X-9 as a wrong item.',
    });
    expect(recorded).toMatchObject({
      filter: '',
      missed: null,
      lastEntry: '__e00002',
      notice: { ok: true, text: 'Recorded 1 × X-9 as a wrong item.', seq: 2 },
      offOrderProducts: { 77: { sku: 'X-9', name_1: 'Stray sock' } },
    });
    expect(recorded.open.discrepancy).toBe(false);
  });

  it('the same date problem reported again changes nothing', () => {
    const state = run({ type: 'dateProblem', problem: 'Not a day' });
    expect(state.dateProblem).toBe('Not a day');
    expect(orderPanelReducer(state, { type: 'dateProblem', problem: 'Not a day' })).toBe(state);
  });
});
