import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '../../../contract/orders';
import { expectedItemStates, expectedReasonOfLine, reasonFor } from './expected-match';

const reasons = [
  { id: 1, option_code: 'DAMAGED', option_value: 'Damaged in transit' },
  { id: 2, option_code: 'SIZE', option_value: 'Too small' },
];
const line = (id: number, productId: number, sku: string, upc: string | null) =>
  ({
    id,
    order_id: 1,
    product_id: productId,
    quantity: 2,
    product: { id: productId, customer_id: 1, sku, upc, name_1: sku, color: null, size: null },
  }) as OrderDetail['order_lines'][number];
const order = { order_lines: [line(10, 100, 'SHOE-42', '0123456789012'), line(11, 101, 'BOOT-1', null)], reasons };

describe('expected items at the desk (issue 26)', () => {
  it('maps a consumer reason to the customer reason by code, wording or a part of it, any case', () => {
    expect(reasonFor('too small', reasons)).toBe('SIZE');
    expect(reasonFor('damaged', reasons)).toBe('DAMAGED');
    expect(reasonFor('Size', reasons)).toBe('SIZE');
    expect(reasonFor('Changed my mind', reasons)).toBeUndefined();
    expect(reasonFor(null, reasons)).toBeUndefined();
  });

  it('marks each item received, missing or expected against the draft, by SKU or UPC', () => {
    const expected = {
      items: [
        { sku: 'shoe-42', upc: null, quantity: 1, reason: 'Too small' },
        { sku: null, upc: null, quantity: 1, reason: null },
        { sku: 'BOOT-1', upc: null, quantity: 2, reason: null },
        { sku: 'HAT', upc: null, quantity: 1, reason: null },
      ],
    };
    const draft = {
      return_ledgers: [
        { product_id: 100, quantity: 1 },
        { product_id: 101, quantity: 1 },
      ],
      missing_lines: [{ order_line_id: 11 }],
    };
    const states = expectedItemStates(expected, order, draft);
    expect(states.map((s) => [s.status, s.received, s.line?.id ?? null])).toEqual([
      ['received', 1, 10],
      ['expected', 0, null],
      ['missing', 1, 11],
      ['expected', 0, null],
    ]);
    expect(expectedItemStates({ items: [{ sku: null, upc: '0123456789012', quantity: 1, reason: null }] }, order, null)[0]!.line?.id).toBe(
      10,
    );
    expect(expectedReasonOfLine(expected, order, 10)).toBe('SIZE');
    expect(expectedReasonOfLine(expected, order, 11)).toBeUndefined();
    expect(expectedReasonOfLine(null, order, 10)).toBeUndefined();
  });
});
