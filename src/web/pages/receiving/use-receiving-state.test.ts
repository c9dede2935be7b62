// The receiving store (issue 28): a change is in storage before anyone hears of it, a change that
// changes nothing is not heard, and a second operator on the same browser starts from their own draft.
import { describe, expect, it } from 'vitest';
import { draftStorageKey } from './draft-reducer';
import { createReceivingStore } from './use-receiving-state';
import { order } from './receiving-test-data';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
    clear: () => items.clear(),
  };
}

const select = { type: 'select', order, user: { id: 3, username: 'op' }, draftId: '__aaaaaa', today: '2026-11-27' } as const;
const line = order.order_lines[0]!;
const add = {
  type: 'add',
  id: '__l00001',
  merge: true,
  ledger: { order_line_id: line.id, product_id: line.product_id, quantity: 1, condition: 'Pristine', reason: 'R', comment: '' },
} as const;

describe('createReceivingStore', () => {
  it('writes each change to storage before it tells its listeners, and tells them once', () => {
    const storage = memoryStorage();
    const store = createReceivingStore(storage, 3);
    const heard: number[] = [];
    store.subscribe(() => heard.push(JSON.parse(storage.getItem(draftStorageKey(3))!).draft.return_ledgers.length));
    store.dispatch(select);
    store.dispatch(add);
    expect(heard).toEqual([0, 1]);
    expect(store.getState().draft!.return_ledgers[0]!.quantity).toBe(1);
    // Another store of the same operator (a reload) starts from the stored draft.
    expect(createReceivingStore(storage, 3).getState().draft!.return_ledgers).toHaveLength(1);
  });

  it('does not tell its listeners of an action that changes nothing, and an unsubscribed listener hears nothing', () => {
    const store = createReceivingStore(memoryStorage(), 3);
    let heard = 0;
    const unsubscribe = store.subscribe(() => (heard += 1));
    store.dispatch({ type: 'close' });
    expect(heard).toBe(0);
    unsubscribe();
    store.dispatch(select);
    expect(heard).toBe(0);
    expect(store.getState().order?.id).toBe(order.id);
  });

  it('keeps one operator’s draft from another on the same browser', () => {
    const storage = memoryStorage();
    createReceivingStore(storage, 3).dispatch(select);
    expect(createReceivingStore(storage, 4).getState().draft).toBeNull();
    expect(createReceivingStore(storage, undefined).getState().order).toBeNull();
  });
});
