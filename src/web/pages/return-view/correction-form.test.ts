import { describe, expect, it } from 'vitest';
import { correctionBody } from '../../../contract/corrections';
import type { DispositionView } from '../../../contract/dispositions';
import type { ReturnView } from '../../../contract/return-view';
import { binRule, correctionRequest, initialCorrection, newCorrectionLine } from './correction-form';

const dispositions: DispositionView[] = [
  { id: 1, customer_id: 7, code: 'RESTOCK', name: 'Restock', requires_location: true, default_for: ['Pristine'] },
  { id: 2, customer_id: 7, code: 'REFURB', name: 'Refurbish', requires_location: false, default_for: ['Reconditioning'] },
];
const product = (sku: string) => ({ id: 1, sku, upc: null, name_1: `Name ${sku}`, color: null, size: null });
const line = (id: number, extra: Partial<ReturnView['lines'][number]>): ReturnView['lines'][number] => ({
  id,
  product: product(`SKU-${id}`),
  quantity: 1,
  condition: 'Pristine',
  reason: 'DAMAGED',
  reason_text: 'Damaged',
  comment: null,
  disposition: null,
  disposition_text: null,
  location: null,
  discrepancy: null,
  order_line_number: id,
  replaces_line_number: null,
  ...extra,
});
const view = {
  version: 2,
  lines: [
    line(11, { disposition: 'RESTOCK', location: 'A-1' }),
    line(12, { disposition: 'GONE', location: 'Z-9', discrepancy: 'EXTRA_ITEM' }),
  ],
  missing_lines: [{ id: 5, order_line_id: 33, order_line_number: 3, product: product('SKU-3'), quantity: 1 }],
} as unknown as ReturnView;

describe('the Correct dialog’s request', () => {
  it('sends every line with its disposition and bin, and the missing lines of an order-based return', () => {
    const values = initialCorrection(view);
    values.comment = 'why';
    values.lines[0]!.disposition = 'REFURB'; // the bin goes: Refurbish takes none
    values.lines.push(newCorrectionLine({ order_line_id: 44, sku: 'SKU-4', name: 'n' }, 'Pristine', 'DAMAGED', dispositions));
    values.lines[2]!.location = ' B-2 ';
    values.missing_lines[0]!.quantity = '2';
    const body = correctionRequest(2, values, { orderBased: true, needsBin: binRule(dispositions) });
    expect(body).toEqual({
      version: 2,
      comment: 'why',
      lines: [
        { id: 11, quantity: 1, condition: 'Pristine', reason: 'DAMAGED', comment: '', disposition: 'REFURB', location: null },
        // A code the customer deleted keeps its bin.
        { id: 12, quantity: 1, condition: 'Pristine', reason: 'DAMAGED', comment: '', disposition: 'GONE', location: 'Z-9' },
        { order_line_id: 44, quantity: 1, condition: 'Pristine', reason: 'DAMAGED', comment: '', disposition: 'RESTOCK', location: 'B-2' },
      ],
      missing_lines: [{ order_line_id: 33, quantity: 2 }],
    });
    expect(correctionBody.safeParse(body).success).toBe(true);
  });

  it('adds a blind return’s product by id and sends no missing lines', () => {
    const values = initialCorrection({ ...view, missing_lines: [] } as ReturnView);
    values.lines = [newCorrectionLine({ product_id: 9, sku: 'P-9', name: 'n' }, 'Reconditioning', 'DAMAGED', dispositions)];
    const body = correctionRequest(1, values, { orderBased: false, needsBin: binRule(dispositions) });
    expect(body.lines).toEqual([
      { product_id: 9, quantity: 1, condition: 'Reconditioning', reason: 'DAMAGED', comment: '', disposition: 'REFURB', location: null },
    ]);
    expect(body).not.toHaveProperty('missing_lines');
  });
});
