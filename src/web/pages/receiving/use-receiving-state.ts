import { useEffect, useReducer } from 'react';
import { EMPTY_STATE, loadStoredState, receivingReducer, storeState } from './draft-reducer';

/** The reducer of the order being processed, kept in localStorage so a reload keeps the draft. */
export function useReceivingState(userId: number | undefined) {
  const [state, dispatch] = useReducer(receivingReducer, userId, (id) => (id ? loadStoredState(window.localStorage, id) : EMPTY_STATE));
  useEffect(() => {
    if (userId) storeState(window.localStorage, userId, state);
  }, [userId, state]);
  return [state, dispatch] as const;
}
