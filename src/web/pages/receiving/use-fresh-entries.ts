// The values a line's entry form starts from, and goes back to after each save (SPEC §2.7).
import { useCallback, useMemo } from 'react';
import type { DispositionView } from '../../../contract/dispositions';
import type { OrderDetail } from '../../../contract/orders';
import { expectedReasonOfLine } from './expected-match';
import { useExpectedForOrder } from './expected-store';
import { defaultEntry, type EntryValues } from './LedgerEntryForm';

/**
 * Each line's reset values, made once per order (a line's row is memoised on its entry's identity).
 * Issue 26: a line of a pre-advised return starts with the consumer's reason, where it maps to one of
 * the customer's.
 */
export function useFreshEntries(order: OrderDetail, dispositions: DispositionView[]): (lineId: number) => EntryValues {
  const expected = useExpectedForOrder(order.id);
  const freshEntries = useMemo(() => {
    const entry = defaultEntry(order.reasons, dispositions);
    return new Map(order.order_lines.map((l) => [l.id, { ...entry, reason: expectedReasonOfLine(expected, order, l.id) ?? entry.reason }]));
  }, [order, dispositions, expected]);
  return useCallback(
    (lineId: number) => freshEntries.get(lineId) ?? defaultEntry(order.reasons, dispositions),
    [freshEntries, order.reasons, dispositions],
  );
}
