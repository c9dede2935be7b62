import { useMemo, useSyncExternalStore } from 'react';
import { EMPTY_STATE, loadStoredState, receivingReducer, storeState, type ReceivingAction, type ReceivingState } from './draft-reducer';

/**
 * The order being processed and its draft, kept in localStorage so a reload keeps the draft. A store
 * outside React rather than the page's state (issue 28, speed at the scan): a scan changes the draft,
 * and only what reads the draft renders again, not the search column beside it.
 */
export interface ReceivingStore {
  getState: () => ReceivingState;
  dispatch: (action: ReceivingAction) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createReceivingStore(storage: Storage, userId: number | undefined): ReceivingStore {
  let state = userId ? loadStoredState(storage, userId) : EMPTY_STATE;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action) {
      const next = receivingReducer(state, action);
      if (next === state) return;
      state = next;
      // Written before anyone renders it: a crash or a reload after this line keeps the change.
      if (userId) storeState(storage, userId, state);
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The signed-in operator's receiving store (a new one for another operator). */
export function useReceivingStore(userId: number | undefined): ReceivingStore {
  return useMemo(() => createReceivingStore(window.localStorage, userId), [userId]);
}

/** A part of the receiving state; the caller renders again only when that part changes (`Object.is`). */
export function useReceiving<T>(store: ReceivingStore, select: (state: ReceivingState) => T): T {
  return useSyncExternalStore(store.subscribe, () => select(store.getState()));
}
