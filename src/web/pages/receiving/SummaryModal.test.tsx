import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LedgerEntry } from '../../../contract/orders';
import { renderWithApp } from '../../test/render';
import { discrepancyTotals, summaryRows } from './receiving-logic';
import { order } from './receiving-test-data';
import { SummaryModal, type SummaryModalProps } from './SummaryModal';

const entry = (id: string | number, lineId: number, quantity: number, condition: string, returnId: number | null = null): LedgerEntry => ({
  id,
  customer_id: 5,
  order_id: order.id,
  order_line_id: lineId,
  product_id: lineId + 10,
  return_id: returnId,
  condition,
  quantity,
  reason: 'DMG',
  comment: null,
  disposition: null,
  location: null,
  discrepancy: null,
  replaces_order_line_id: null,
});

function renderSummary(fresh: LedgerEntry[], previous: LedgerEntry[] = [], props: Partial<SummaryModalProps> = {}) {
  const onConfirm = vi.fn();
  renderWithApp(
    <SummaryModal
      opened
      rows={summaryRows(order.order_lines, previous, fresh)}
      ledgerCount={fresh.length}
      discrepancies={discrepancyTotals(fresh, [])}
      submitting={false}
      onClose={() => undefined}
      onConfirm={onConfirm}
      returnPhotos={0}
      linePhotos={() => []}
      photoProblems={[]}
      {...props}
    />,
  );
  const rows = within(screen.getByTestId('summary-table')).getAllByRole('row').slice(1);
  const cells = (row: HTMLElement) =>
    within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
  return { rows, cells, onConfirm };
}

describe('SummaryModal rows', () => {
  it('shows ordered, previous and new units per line, red where they do not add up to the order', () => {
    // CAP-BLK: 2 ordered, 1 before, 1 Pristine now (adds up); HOODIE-M: 1 ordered, 1 Scrap + 1 Reconditioning now (too many).
    const { rows, cells } = renderSummary(
      [entry('__a', 11, 1, 'Pristine'), entry('__b', 12, 1, 'Scrap'), entry('__c', 12, 1, 'Reconditioning')],
      [entry(99, 11, 1, 'Pristine', 4)],
    );
    expect(rows).toHaveLength(2);
    expect(cells(rows[0]!).slice(0, 7)).toEqual(['CAP-BLK', '4006310000170', 'CAP-BLK', '2', '1', '1', '0']);
    expect(rows[0]!.hasAttribute('data-mismatch')).toBe(false);
    expect(cells(rows[1]!).slice(0, 7)).toEqual(['HOODIE-M', '4006310000101', 'HOODIE-M', '1', '0', '0', '2']);
    expect(rows[1]!.getAttribute('data-mismatch')).toBe('true');
    expect(screen.getByText('3 new return line(s)')).toBeTruthy();
  });

  it('does not submit a return without lines', () => {
    const { rows, onConfirm } = renderSummary([]);
    expect(rows.every((r) => r.getAttribute('data-mismatch') === 'true')).toBe(true);
    const confirm = screen.getByRole('button', { name: 'Confirm & Submit Return' });
    expect(confirm.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByText('Add at least one return line before submitting.')).toBeTruthy();
  });

  it('confirms a return with lines', () => {
    const { onConfirm } = renderSummary([entry('__a', 11, 2, 'Reconditioning')]);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm & Submit Return' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

describe('SummaryModal decisions (issue 25)', () => {
  it('marks the lines a decision rule will hold back and says what happens to them', () => {
    const { rows } = renderSummary([entry('__a', 11, 1, 'Pristine'), entry('__b', 12, 1, 'Scrap')], [], {
      waitingLines: new Set([12]),
      waitingCount: 1,
    });
    expect(within(rows[0]!).queryByTestId('summary-will-wait')).toBeNull();
    expect(within(rows[1]!).getByTestId('summary-will-wait').textContent).toBe("Will wait for the brand's decision");
    expect(screen.getByTestId('summary-waiting-note').textContent).toMatch(/^1 new line will wait for the brand's decision/);
  });

  it('shows no mark nor note when no line will wait', () => {
    renderSummary([entry('__a', 11, 1, 'Pristine')]);
    expect(screen.queryByTestId('summary-will-wait')).toBeNull();
    expect(screen.queryByTestId('summary-waiting-note')).toBeNull();
  });
});
