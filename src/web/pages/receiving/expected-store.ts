// The expected return (pre-advice, issue 26) the desk opened an order with, by order id: the order
// panel pre-selects its reasons, the submit names it (the server marks it received). Kept in session
// storage with the draft, so a reload of the tab keeps it too.
import { useSyncExternalStore } from 'react';
import type { ExpectedReturnView } from '../../../contract/expected-returns';

const KEY = 'returns-desk.expected-by-order';
const listeners = new Set<() => void>();
let cache: Record<string, ExpectedReturnView> | null = null;

function read(): Record<string, ExpectedReturnView> {
  if (cache) return cache;
  try {
    cache = JSON.parse(window.sessionStorage.getItem(KEY) ?? '{}') as Record<string, ExpectedReturnView>;
  } catch {
    cache = {};
  }
  return cache;
}

function write(next: Record<string, ExpectedReturnView>) {
  cache = next;
  window.sessionStorage.setItem(KEY, JSON.stringify(next));
  listeners.forEach((l) => l());
}

export function setExpectedForOrder(orderId: number, expected: ExpectedReturnView | null) {
  const { [orderId]: _dropped, ...rest } = read();
  write(expected ? { ...rest, [orderId]: expected } : rest);
}

export const expectedForOrder = (orderId: number): ExpectedReturnView | null => read()[orderId] ?? null;

export function useExpectedForOrder(orderId: number | null | undefined): ExpectedReturnView | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => (orderId ? (read()[orderId] ?? null) : null),
  );
}
