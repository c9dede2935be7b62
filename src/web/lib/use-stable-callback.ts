import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function that keeps its identity across renders and always calls the latest `fn`. A memoised child
 * (React.memo) given it keeps equal props while its handler still sees the current state: the receiving
 * page's rows are not rendered again by a keystroke or a scan elsewhere on the order (issue 28). For
 * event handlers only: a call during render would see the previous render's `fn`.
 */
export function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
