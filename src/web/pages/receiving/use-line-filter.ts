// Which of the order's lines the scan field's text shows (issue 28, a scan's frame on 200 lines).
import { useDebouncedValue } from '@mantine/hooks';
import { useDeferredValue, useMemo } from 'react';
import type { OrderLine } from '../../../contract/orders';
import type { OrderPanelState } from './order-panel-state';
import { filterLines } from './receiving-logic';

/** How long the scan field's keys pause before its text filters the lines. */
const FILTER_PAUSE_MS = 150;

/**
 * Typing filters the lines once the keys pause: a wedge scanner types its whole code and Enter within
 * a few milliseconds, so a scan never hides 199 rows to show them again; an emptied field shows every
 * line at once. Showing the lines again (after a scan empties the field) waits for the scan's own
 * frame: the hit line's count paints first, the other lines follow in a render that a next keystroke
 * interrupts. A missed code left in the field filters nothing.
 */
export function useLineFilter(lines: OrderLine[], panel: Pick<OrderPanelState, 'filter' | 'missed'>): Set<number> {
  const typedFilter = panel.filter === panel.missed ? '' : panel.filter;
  const [pausedFilter] = useDebouncedValue(typedFilter, FILTER_PAUSE_MS);
  const filterText = useDeferredValue(typedFilter && pausedFilter);
  return useMemo(() => new Set(filterLines(lines, filterText).map((l) => l.id)), [lines, filterText]);
}
