import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useReducer } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { routeKey } from '../../api/queries';
import { renderWithApp } from '../../test/render';
import { EMPTY_STATE, receivingReducer } from './draft-reducer';
import { OrderPanel } from './OrderPanel';
import { dispositions, order } from './receiving-test-data';

/** The receiving page's part: the draft reducer with the order open, and the panel over it. */
function OpenOrder() {
  const [state, dispatch] = useReducer(receivingReducer, EMPTY_STATE, (empty) =>
    receivingReducer(empty, { type: 'select', order, user: { id: 3, username: 'op' }, draftId: '__d00001', today: '2026-05-06' }),
  );
  return <OrderPanel state={{ ...state, order: state.order!, draft: state.draft! }} customer={undefined} dispatch={dispatch} />;
}

const renderPanel = () =>
  renderWithApp(<OpenOrder />, [[routeKey('listDispositions', { params: { customerId: order.customer_id } }), dispositions]]);

const scanField = () => screen.getByTestId('line-filter') as HTMLInputElement;
function scan(code: string) {
  fireEvent.change(scanField(), { target: { value: code } });
  fireEvent.keyDown(scanField(), { key: 'Enter' });
}
const lineOf = (sku: string) => document.querySelector<HTMLElement>(`[data-testid="order-line"][data-sku="${sku}"]`)!;
const outcome = () => document.getElementById('scan-outcome')!.textContent;
/** The lines the scan field's filter shows (the others stay mounted, hidden). */
const shownLines = () => document.querySelectorAll('[data-testid="order-line"]:not([hidden])');

describe('OrderPanel', () => {
  it('scans a line twice into one entry of 2 units and counts it as received', () => {
    renderPanel();
    scan('4006310000170');
    expect(outcome()).toContain('Added 1 × CAP-BLK (Reconditioning, Damaged).');
    expect(scanField().value).toBe('');
    scan('cap-blk');
    const line = lineOf('CAP-BLK');
    expect(within(line).getByTestId('received-count').textContent).toBe('2 / 2');
    expect(within(line).getByTestId('received-count').getAttribute('data-tone')).toBe('equal');
    const entries = within(line).getAllByTestId('ledger-new');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.textContent).toContain('Reconditioning');
    expect(within(lineOf('HOODIE-M')).getByTestId('received-count').textContent).toBe('0 / 1');
  });

  it('a scan keeps its outcome once the pause of the field has passed (the filter its keys left pending is cancelled)', () => {
    vi.useFakeTimers();
    try {
      renderPanel();
      scan('4006310000170');
      expect(outcome()).toContain('Added 1 × CAP-BLK');
      // Past the field's 150 ms pause: a filter left pending by the code's keys would clear the outcome.
      act(() => vi.advanceTimersByTime(300));
      expect(outcome()).toContain('Added 1 × CAP-BLK');
      expect(shownLines()).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a missed code in the field without filtering the lines away, and offers the wrong/extra item', async () => {
    renderPanel();
    scan('NOPE-1');
    expect(outcome()).toContain('No line of this order has UPC or SKU “NOPE-1”.');
    expect(scanField().value).toBe('NOPE-1');
    expect(shownLines()).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Record as wrong / extra item (Alt+I)' })).toBeTruthy();
    // Typing again: the outcome goes at once, and the lines are filtered once the keys pause.
    fireEvent.change(scanField(), { target: { value: 'HOOD' } });
    expect(outcome()).toContain('Ready for the next scan');
    await waitFor(() => expect(shownLines()).toHaveLength(1));
    expect(shownLines()[0]!.getAttribute('data-sku')).toBe('HOODIE-M');
  });

  it('Alt+P makes the next scans Pristine, whose default disposition needs a bin before a scan records', () => {
    renderPanel();
    fireEvent.keyDown(document.documentElement, { key: 'p', code: 'KeyP', altKey: true });
    scan('HOODIE-M');
    expect(outcome()).toContain('Scan the bin first (Alt+B)');
    expect(within(lineOf('HOODIE-M')).queryAllByTestId('ledger-new')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('scan-bin'), { target: { value: 'A-01' } });
    scan('HOODIE-M');
    expect(outcome()).toContain('Added 1 × HOODIE-M (Pristine, Damaged).');
    const entry = within(lineOf('HOODIE-M')).getByTestId('ledger-new');
    expect(within(entry).getByTestId('ledger-location').textContent).toContain('A-01');
  });
});
