// Issue 27 on the Return View: a line's grade by the customer's name for it, its serial with the
// not-shipped and received-before marks, and its steps' answers behind a disclosure button; a return
// without inspected lines keeps its table as before (no Inspection column).
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReturnView, ReturnViewLine } from '../../../contract/return-view';
import { renderWithApp } from '../../test/render';
import { ReturnLines } from './ReturnLines';

const line = (id: number, sku: string, inspection: ReturnViewLine['inspection']): ReturnViewLine => ({
  id,
  product: { id: id + 100, sku, upc: null, name_1: `Product ${sku}`, color: null, size: null },
  quantity: 1,
  condition: 'Reconditioning',
  reason: 'DMG',
  reason_text: 'Damaged',
  comment: null,
  disposition: 'REFURB',
  disposition_text: 'Refurbish',
  location: null,
  discrepancy: null,
  order_line_number: 1,
  replaces_line_number: null,
  inspection,
});

const view = (lines: ReturnViewLine[]): ReturnView => ({
  id: 7,
  order_id: null,
  customer_id: 5,
  company: 'Acme',
  order_source: 'Blind',
  user_id: 3,
  username: 'op',
  reference_1: 'RMA-1',
  reference_2: null,
  return_date: '2026-05-06',
  is_blind: true,
  tracking_number: null,
  parcel: null,
  message_id: null,
  version: 1,
  corrected_at: null,
  versions: [],
  created_at: '2026-05-06T10:00:00Z',
  order: null,
  lines,
  has_discrepancies: false,
  missing_lines: [],
  tasks: [],
  photos: [],
  awaiting_decisions: 0,
  decisions: [],
});

const inspected = [
  line(1, 'PHONE-1', {
    grade: 'B',
    grade_label: 'Refurbish',
    step_answers: [
      { text: 'Check the box is complete', kind: 'confirm', answer: 'done' },
      { text: 'Is the screen free of cracks?', kind: 'yes_no', answer: 'no' },
      { text: 'Photograph the screen', kind: 'photo', answer: 'done' },
    ],
    serial: 'SN-A1',
    serial_shipped: false,
    serial_repeated: true,
  }),
  line(2, 'WATCH-1', { grade: 'A', grade_label: 'A', step_answers: null, serial: 'SW-1', serial_shipped: true, serial_repeated: false }),
  line(3, 'SOCKS-1', null),
];

const rowOf = (sku: string) => screen.getAllByTestId('return-line').find((r) => r.textContent?.includes(sku))!;

describe('ReturnLines: inspection (issue 27)', () => {
  it('shows the grade by the customer’s name, the serial with its marks and the answers behind a button', () => {
    renderWithApp(<ReturnLines r={{ ...view(inspected), is_blind: false, order_id: 9 }} onOpen={() => undefined} />);
    expect(screen.getByRole('columnheader', { name: 'Inspection' })).toBeTruthy();

    const phone = within(rowOf('PHONE-1'));
    expect(phone.getByTestId('line-grade').textContent).toBe('Refurbish');
    expect(phone.getByTestId('line-serial').textContent).toBe('Serial SN-A1not shipped on the orderreceived before');
    const toggle = phone.getByRole('button', { name: '3 steps, 1 “no”' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(phone.queryByTestId('line-steps')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = phone.getByRole('list', { name: 'Inspection steps' });
    expect(toggle.getAttribute('aria-controls')).toBe(list.id);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Check the box is completeDone', 'Is the screen free of cracks?No', 'Photograph the screenPhoto taken']);
    fireEvent.click(toggle);
    expect(phone.queryByTestId('line-steps')).toBeNull();

    // A grade the customer kept reads as History shows it; a shipped serial carries no mark; no steps, no button.
    const watch = within(rowOf('WATCH-1'));
    expect(watch.getByTestId('line-grade').textContent).toBe('Grade A');
    expect(watch.getByTestId('line-serial').textContent).toBe('Serial SW-1');
    expect(watch.queryByRole('button')).toBeNull();

    // A line without inspection: an empty cell.
    expect(within(rowOf('SOCKS-1')).queryByTestId('line-inspection')).toBeNull();
  });

  it('says why a blind return’s checked serial is not shipped: it has no order', () => {
    renderWithApp(<ReturnLines r={{ ...view(inspected), is_blind: true }} onOpen={() => undefined} />);
    expect(within(rowOf('PHONE-1')).getByTestId('serial-not-shipped').textContent).toBe('no shipped serials on a blind return');
  });

  it('keeps a return without inspected lines as it was: no Inspection column', () => {
    renderWithApp(<ReturnLines r={view([line(3, 'SOCKS-1', null), line(4, 'CAP-1', undefined)])} onOpen={() => undefined} />);
    expect(screen.queryByRole('columnheader', { name: 'Inspection' })).toBeNull();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Product',
      'Returned',
      'Condition',
      'Reason',
      'Comment',
      'Disposition',
      'Bin',
    ]);
  });
});
