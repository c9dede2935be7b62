// A long order's lines as a window (issue 28, speed at the scan): only the lines on screen and a few
// either side are in the page; spacers above and below keep the table's height, so the page scrolls as
// if every line were there. With 200 lines in the page, every frame after a keystroke repainted and
// re-layered all of them (about a second a frame at 4× CPU slowdown); a window keeps a frame's work
// the same whatever the order's length. Loaded only for such orders (OrderLinesTable.tsx).
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { OrderLine } from '../../../contract/orders';
import { LINE_COLUMNS } from './OrderLineRows';

export interface WindowedLinesProps {
  /** The lines the scan field's filter leaves, in order. */
  lines: OrderLine[];
  /** One line's table body, with its place in the window and the callback that reads its height. */
  renderLine: (line: OrderLine, index: number, measureRef: (element: HTMLTableSectionElement | null) => void) => ReactNode;
  /** The line a scan just hit (and the count of that scan): it is scrolled into view. */
  scrollTo: { lineId: number; seq: number } | null;
}

/** A line's height before it has been measured: one row of the desk's table. */
const ESTIMATED_LINE_PX = 34;
/** Lines kept in the page beyond each edge of the screen, so a Tab or a short scroll finds them there. */
const OVERSCAN = 8;

export default function WindowedLines({ lines, renderLine, scrollTo }: WindowedLinesProps) {
  const topSpacer = useRef<HTMLTableSectionElement>(null);
  // Where the lines start in the page: the window's scroll offsets count from there.
  const [linesTop, setLinesTop] = useState(0);
  // Read when the page's height changes (a notice above the table, the table itself), after layout: a
  // read on every render forced a layout before each frame.
  useLayoutEffect(() => {
    const read = () => {
      const top = (topSpacer.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
      setLinesTop((previous) => (Math.abs(top - previous) >= 1 ? top : previous));
    };
    read();
    const observer = new ResizeObserver(read);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: lines.length,
    estimateSize: () => ESTIMATED_LINE_PX,
    overscan: OVERSCAN,
    scrollMargin: linesTop,
    getItemKey: (index) => lines[index]!.id,
    // A scroll renders the new window in the scroll event itself (TanStack's default): the frame of a
    // scan's scroll shows the scanned line. Rows come in light (their entry forms follow in a deferred
    // render, OrderLineRows.tsx); a window rendered in a later update left that frame without the line.
    useFlushSync: true,
  });
  // Scrolled again when the lines change after the scan: typed slowly, its code filtered the lines to
  // the one it names, and the scan's scroll went to that line's place in the filtered list; when every
  // line is back, the line is elsewhere (it never came into view before this).
  const scrolled = useRef<{ seq: number; lines: OrderLine[] } | null>(null);
  useEffect(() => {
    if (!scrollTo || (scrolled.current?.seq === scrollTo.seq && scrolled.current.lines === lines)) return;
    scrolled.current = { seq: scrollTo.seq, lines };
    const index = lines.findIndex((l) => l.id === scrollTo.lineId);
    if (index !== -1) virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [scrollTo, lines, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const before = first ? first.start - linesTop : 0;
  const after = last ? virtualizer.getTotalSize() - (last.end - linesTop) : 0;
  return (
    <>
      <Spacer ref={topSpacer} height={before} />
      {items.map((item) => renderLine(lines[item.index]!, item.index, virtualizer.measureElement))}
      <Spacer height={after} />
    </>
  );
}

/** Room for the lines outside the window; nothing a reader or a screen reader needs. */
function Spacer({ height, ref }: { height: number; ref?: React.Ref<HTMLTableSectionElement> }) {
  return (
    <tbody ref={ref} aria-hidden>
      <tr style={{ height: Math.max(0, height) }}>
        <td colSpan={LINE_COLUMNS} style={{ padding: 0, border: 0 }} />
      </tr>
    </tbody>
  );
}
