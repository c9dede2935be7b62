// The order panel's lines table (SPEC §2.7): the column heads, each order line with its entry form and
// ledger rows, then the wrong and extra items recorded on this return (issue 16).
import { Trans, useLingui } from '@lingui/react/macro';
import { Loader, Paper, Table, Text } from '@mantine/core';
import { memo, Suspense, useEffect, useMemo, type ReactNode } from 'react';
import { lazyPage } from '../../lib/lazy-page';
import type { CustomerSummary } from '../../../contract/common';
import type { DispositionView } from '../../../contract/dispositions';
import type { LedgerEntry, OrderDetail, OrderLine, Product } from '../../../contract/orders';
import { entryPhotos, type ReturnDraft } from './draft-reducer';
import type { EntryValues } from './LedgerEntryForm';
import { LinesHead } from './LinesHead';
import { OffOrderRows } from './OffOrderRows';
import { LINE_COLUMNS, OrderLineRows } from './OrderLineRows';
import classes from './receiving.module.css';

export interface OrderLinesTableProps {
  order: OrderDetail;
  /** The ids of the order's lines the scan field's filter leaves (the others stay mounted, hidden). */
  shown: ReadonlySet<number>;
  draft: ReturnDraft;
  customer: CustomerSummary | undefined;
  dispositions: DispositionView[];
  /** The products the wrong/extra item dialog picked (they are not on the order). */
  offOrderProducts: Record<number, Pick<Product, 'sku' | 'name_1'>>;
  entryOf: (lineId: number) => EntryValues;
  /** The line a scan just hit, and the count that restarts its mark. */
  flash: { lineId: number; seq: number } | null;
  /** The handlers are stable (the rows are memoised, issue 28). */
  onEntryChange: (lineId: number, values: EntryValues) => void;
  onSave: (line: OrderLine, values: EntryValues & { quantity: number }) => void;
  onMissing: (orderLineId: number, quantity: number) => void;
  onRemove: (id: LedgerEntry['id']) => void;
  onPhotos: (id: LedgerEntry['id']) => void;
  /**
   * Issue 27: the open inspection of a line's unit, shown in that line's detail area; a wrong or extra
   * item's (lineId null) under its row.
   */
  inspection?: { lineId: number | null; entryId: string; node: ReactNode } | null;
}

const NO_LINE_PHOTOS: Record<string, number[]> = {};
/** From this many lines on, an order's lines are shown as a window (issue 28: a scan's frame on 200 lines). */
export const WINDOW_FROM_LINES = 40;
const WindowedLines = lazyPage(() => import('./WindowedLines'));

/** While a long order's window loads: a row the width of the table. */
function LinesLoading() {
  const { t } = useLingui();
  return (
    <tbody>
      <tr>
        <td colSpan={LINE_COLUMNS}>
          <Loader size="sm" type="dots" aria-label={t`Loading the order lines`} />
        </td>
      </tr>
    </tbody>
  );
}

/** Memoised: a keystroke in the scan field that filters nothing yet renders none of it (issue 28). */
export const OrderLinesTable = memo(function OrderLinesTable(props: OrderLinesTableProps) {
  const { order, shown, draft, customer, dispositions, flash, onRemove, onPhotos } = props;
  const photosOf = (id: LedgerEntry['id']) => entryPhotos(draft, id);
  const { t } = useLingui();
  // A long order shows a window of its lines (WindowedLines.tsx); a short one has them all in the page,
  // a line the filter leaves out hidden, not unmounted.
  const windowed = order.order_lines.length > WINDOW_FROM_LINES;
  const shownLines = useMemo(() => order.order_lines.filter((l) => shown.has(l.id)), [order.order_lines, shown]);
  // The line a scan hit comes into view (a long order's window scrolls to it itself).
  useEffect(() => {
    if (flash && !windowed) document.querySelector(`[data-line-id="${flash.lineId}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [flash, windowed]);
  const renderLine = (line: OrderLine, index?: number, measureRef?: (element: HTMLTableSectionElement | null) => void) => (
    <OrderLineRows
      key={line.id}
      line={line}
      hidden={!shown.has(line.id)}
      index={index}
      measureRef={measureRef}
      previous={order.ledgers}
      fresh={draft.return_ledgers}
      reasons={order.reasons}
      dispositions={dispositions}
      missing={(draft.missing_lines ?? []).find((m) => m.order_line_id === line.id)?.quantity ?? 0}
      onMissing={props.onMissing}
      customer={customer}
      entry={props.entryOf(line.id)}
      flash={flash?.lineId === line.id}
      flashSeq={flash?.lineId === line.id ? flash.seq : 0}
      onEntryChange={props.onEntryChange}
      onSave={props.onSave}
      onRemove={onRemove}
      linePhotos={draft.line_photos ?? NO_LINE_PHOTOS}
      onPhotos={onPhotos}
      inspection={props.inspection?.lineId === line.id ? props.inspection.node : undefined}
    />
  );
  return (
    <Paper withBorder className={classes.linesPaper}>
      <Table layout="fixed" verticalSpacing={1} horizontalSpacing={6} className={classes.lines} aria-label={t`Order lines`}>
        <LinesHead />
        {windowed ? (
          <Suspense fallback={<LinesLoading />}>
            <WindowedLines lines={shownLines} renderLine={renderLine} scrollTo={flash} />
          </Suspense>
        ) : (
          order.order_lines.map((line) => renderLine(line))
        )}
        <OffOrderRows
          order={order}
          fresh={draft.return_ledgers}
          dispositions={dispositions}
          products={props.offOrderProducts}
          onRemove={onRemove}
          photosOf={photosOf}
          onPhotos={onPhotos}
          inspectionOf={(entryId) =>
            props.inspection?.lineId === null && props.inspection.entryId === entryId ? props.inspection.node : null
          }
        />
      </Table>
      {shown.size === 0 && (
        <Text c="dimmed" size="sm" p="sm">
          <Trans>No line matches the filter.</Trans>
        </Text>
      )}
    </Paper>
  );
});
