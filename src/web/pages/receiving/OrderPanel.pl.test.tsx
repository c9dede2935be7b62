// The order panel in Polish (issue 24): the receiving catalogue reaches labels, the scan outcome (with
// the condition's translated name) and accessible names.
import { i18n, type Messages } from '@lingui/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { useReducer } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeKey } from '../../api/queries';
import { renderWithApp } from '../../test/render';
import { EMPTY_STATE, receivingReducer } from './draft-reducer';
import { OrderPanel } from './OrderPanel';
import { dispositions, order } from './receiving-test-data';

function OpenOrder() {
  const [state, dispatch] = useReducer(receivingReducer, EMPTY_STATE, (empty) =>
    receivingReducer(empty, { type: 'select', order, user: { id: 3, username: 'op' }, draftId: '__d00001', today: '2026-05-06' }),
  );
  return <OrderPanel state={{ ...state, order: state.order!, draft: state.draft! }} customer={undefined} dispatch={dispatch} />;
}

const scanField = () => screen.getByTestId('line-filter') as HTMLInputElement;
const outcome = () => document.getElementById('scan-outcome')!.textContent;

describe('OrderPanel in Polish', () => {
  beforeAll(async () => {
    // Compiled by the Lingui plugin, as the app loads it (src/web/i18n/catalogues.ts); the path is a
    // string so TypeScript does not look for a '?lingui' module.
    const catalogue = '../../locales/pl/receiving.json?lingui';
    const { messages } = (await import(/* @vite-ignore */ catalogue)) as { messages: Messages };
    i18n.loadAndActivate({ locale: 'pl', messages });
  });

  it('labels the scan bar, says a scan and names a new entry in Polish', () => {
    renderWithApp(<OpenOrder />, [[routeKey('listDispositions', { params: { customerId: order.customer_id } }), dispositions]]);
    expect(screen.getByText('Kolejne skany')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Stan dla kolejnych skanów' })).toBeTruthy();
    fireEvent.change(scanField(), { target: { value: 'NOPE-1' } });
    fireEvent.keyDown(scanField(), { key: 'Enter' });
    expect(outcome()).toContain('Żadna pozycja tego zamówienia nie ma UPC ani SKU „NOPE-1”.');
    fireEvent.change(scanField(), { target: { value: 'CAP-BLK' } });
    fireEvent.keyDown(scanField(), { key: 'Enter' });
    expect(outcome()).toContain('Dodano 1 × CAP-BLK (Do regeneracji, Damaged).');
    const line = document.querySelector<HTMLElement>('[data-testid="order-line"][data-sku="CAP-BLK"]')!;
    const entry = within(line).getByTestId('ledger-new');
    expect(entry.textContent).toContain('Ten zwrot');
    expect(within(entry).getByRole('button', { name: 'Usuń 1 × Do regeneracji, CAP-BLK' })).toBeTruthy();
  });
});
