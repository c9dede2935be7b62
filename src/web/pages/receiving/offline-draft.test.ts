// Issue 28, a dropped network: a submit made offline waits in the stored draft, and a return that
// another tab submitted comes into this tab's counts; the messages between tabs are checked.
import { describe, expect, it } from 'vitest';
import type { CreatedReturn } from '../../../contract/returns';
import { EMPTY_STATE, loadStoredState, receivingReducer, storeState, type ReceivingState } from './draft-reducer';
import { order } from './receiving-test-data';
import { submittedHere } from './tab-sync';

const user = { id: 3, username: 'op' };
const ledger = {
  order_line_id: order.order_lines[0]!.id,
  product_id: order.order_lines[0]!.product_id,
  quantity: 1,
  condition: 'Pristine',
  reason: 'R',
  comment: '',
};

function withLine(): ReceivingState {
  const s = receivingReducer(EMPTY_STATE, { type: 'select', order, user, draftId: '__aaaaaa', today: '2026-11-27' });
  return receivingReducer(s, { type: 'add', ledger, id: '__l00001' });
}

function savedOf(state: ReceivingState, id = 41): CreatedReturn {
  return {
    id,
    order_id: order.id,
    customer_id: order.customer_id,
    user_id: 3,
    username: 'op',
    reference_1: '',
    reference_2: '',
    return_date: '2026-11-27',
    is_blind: false,
    created_at: '2026-11-27T10:00:00.000Z',
    has_discrepancies: false,
    missing_lines: [],
    ledgers: state.draft!.return_ledgers.map((l, i) => ({ ...l, id: 900 + i, return_id: id })),
  };
}

const memory = () => {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
};

describe('a submit with no network (issue 28)', () => {
  it('waits in the draft, survives a reload, and a send clears it with a fresh draft', () => {
    const queued = receivingReducer(withLine(), { type: 'queued' });
    expect(queued.pending).toBe(true);
    expect(queued.draft!.return_ledgers).toHaveLength(1);

    const storage = memory();
    storeState(storage, 3, queued);
    const reloaded = loadStoredState(storage, 3);
    expect(reloaded.pending).toBe(true);
    expect(reloaded.draft!.id).toBe('__aaaaaa');

    const sent = receivingReducer(reloaded, { type: 'submitted', saved: savedOf(reloaded), draftId: '__bbbbbb', today: '2026-11-27' });
    expect(sent.pending).toBeUndefined();
    expect(sent.draft).toMatchObject({ id: '__bbbbbb', return_ledgers: [] });
  });

  it('goes back to editing when the server refuses it; a draft that never waited is stored without the flag', () => {
    const refused = receivingReducer(receivingReducer(withLine(), { type: 'queued' }), { type: 'unqueued' });
    expect(refused.pending).toBe(false);
    const storage = memory();
    storeState(storage, 3, withLine());
    expect(loadStoredState(storage, 3)).not.toHaveProperty('pending');
    expect(receivingReducer(EMPTY_STATE, { type: 'queued' })).toBe(EMPTY_STATE);
  });
});

describe('a return submitted in another tab (issue 28)', () => {
  it('replaces the draft it saved with a fresh one and takes its ledgers into the counts, once', () => {
    const s = receivingReducer(withLine(), { type: 'queued' });
    const saved = savedOf(s);
    const action = { type: 'submittedElsewhere', saved, draftId: '__aaaaaa', newDraftId: '__cccccc', today: '2026-11-27' } as const;
    const next = receivingReducer(s, action);
    expect(next.draft).toMatchObject({ id: '__cccccc', return_ledgers: [] });
    expect(next.pending).toBeUndefined();
    expect(next.order!.returns.map((r) => r.id)).toEqual([41]);
    expect(next.order!.order_status).toBe('Return Created');
    const again = receivingReducer(next, action);
    expect(again.order!.returns).toHaveLength(1);
    expect(again.order!.ledgers).toHaveLength(next.order!.ledgers.length);
  });

  it("keeps this tab's own draft when another draft of the order was saved, and ignores other orders", () => {
    const s = withLine();
    const saved = savedOf(s);
    const other = receivingReducer(s, {
      type: 'submittedElsewhere',
      saved,
      draftId: '__zzzzzz',
      newDraftId: '__cccccc',
      today: '2026-11-27',
    });
    expect(other.draft!.id).toBe('__aaaaaa');
    expect(other.draft!.return_ledgers).toHaveLength(1);
    expect(other.order!.returns.map((r) => r.id)).toEqual([41]);
    const elsewhere = { ...saved, order_id: order.id + 1 };
    expect(receivingReducer(s, { type: 'submittedElsewhere', saved: elsewhere, draftId: '__aaaaaa', newDraftId: '__c', today: '' })).toBe(
      s,
    );
  });

  it("reads only this user's messages about this order", () => {
    const saved = savedOf(withLine());
    const message = { kind: 'submitted', userId: 3, draftId: '__aaaaaa', saved };
    expect(submittedHere(message, 3, order.id)).toEqual(message);
    expect(submittedHere(message, 4, order.id)).toBeNull();
    expect(submittedHere(message, 3, order.id + 1)).toBeNull();
    expect(submittedHere(message, 3, null)).toBeNull();
    expect(submittedHere({ ...message, saved: { id: 'x' } }, 3, order.id)).toBeNull();
    expect(submittedHere('submitted', 3, order.id)).toBeNull();
    expect(submittedHere(null, 3, order.id)).toBeNull();
  });
});
