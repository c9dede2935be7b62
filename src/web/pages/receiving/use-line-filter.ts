// Which of the order's lines the scan field's text shows (issue 28, a scan's frame on 200 lines).
import { useDeferredValue, useMemo } from 'react';
import type { OrderLine } from '../../../contract/orders';
import type { OrderPanelState } from './order-panel-state';
import { filterLines } from './receiving-logic';

/**
 * The field's text reaches the panel once its keys pause (ScanBar.tsx): a wedge scanner types its whole
 * code and Enter within a few milliseconds, so a scan never hides 199 rows to show them again. Showing
 * the lines again (after a scan empties the field) waits for the scan's own frame: the hit line's count
 * paints first, the other lines follow in a render that a next keystroke interrupts. A missed code left
 * in the field filters nothing.
 */
export function useLineFilter(lines: OrderLine[], panel: Pick<OrderPanelState, 'filter' | 'missed'>): Set<number> {
  const filterText = useDeferredValue(panel.filter === panel.missed ? '' : panel.filter);
  return useMemo(() => new Set(filterLines(lines, filterText).map((l) => l.id)), [lines, filterText]);
}
