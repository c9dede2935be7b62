import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_TEXT_MAX, orderImportOrder } from '../../../contract/order-import.js';
import { quickCheckOrder } from './order-file.quick-check.js';

/**
 * The quick check may only ever answer what zod answers: for every generated order it either
 * declines (undefined) or gives exactly zod's value, undefined keys included.
 */

const texts = fc.oneof(
  fc.constantFrom('', ' ', '  A-1 ', 'Web', 'New', 'Biztalk', 'Biztalk Rest', 'SGL Ecommerce', ' Biztalk', '0', '12', ' 7 ', '1.5', '-3'),
  fc.constantFrom('2026-03-01', '2026-03-01T10:00:00Z', '2026-02-30', '2026-03-01 10:30', '2026-03-01T10:30:00+0200', 'x2026-03-01'),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constant('S'.repeat(101)),
  fc.constant('N'.repeat(201)),
);
const plain = fc.constantFrom('A-1', 'SO 1', ' x ', '7', '2026-03-01T10:00:00Z');
const values = fc.oneof(
  { weight: 6, arbitrary: plain },
  { weight: 6, arbitrary: texts },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined, 0, 3, 12.5, Number.NaN, true, 1e21, [], {}) },
);
const product = fc.record({ sku: values, upc: values, name_1: values, color: values, size: values, extra: values }, { requiredKeys: [] });
// Unit values (issue 25): good and bad amounts, as text and as JSON numbers.
const amounts = fc.oneof(
  fc.constantFrom('12.50', ' 3 ', '0', '0.5', '1000000000', '1000000000.01', '1.999', '-1', '12,5', '', null, undefined),
  fc.constantFrom(0, 12.5, 0.07, 99.99, -0.5, 3.141, 1e21, Number.NaN, true),
);
const line = fc.record(
  { line_number: values, quantity: values, product: fc.oneof(product, values), unit_value: fc.oneof(amounts, values) },
  { requiredKeys: [] },
);
const orderKeys = [...Object.keys(ORDER_TEXT_MAX), 'source', 'created_at'];
const wild = fc
  .tuple(
    fc.dictionary(fc.constantFrom(...orderKeys, 'misspelt'), values, { maxKeys: 8 }),
    fc.oneof({ weight: 5, arbitrary: fc.array(line, { maxLength: 4 }) }, { weight: 1, arbitrary: values }),
  )
  .map(([fields, lines]) => ({ ...fields, lines }));
// Mostly valid orders, so that the comparison is made on many answered ones.
const mostly = (arbitrary: fc.Arbitrary<unknown>) => fc.oneof({ weight: 8, arbitrary }, { weight: 1, arbitrary: values });
const number = mostly(fc.oneof(fc.integer({ min: 1, max: 4 }), fc.constantFrom('1', ' 2', '3 ', '04')));
const nearlyValid = fc
  .tuple(
    fc.dictionary(fc.constantFrom(...orderKeys), mostly(plain), { maxKeys: 6 }),
    mostly(plain),
    fc.array(
      fc.record(
        {
          line_number: number,
          quantity: number,
          product: fc.record({ sku: mostly(plain), upc: values, name_1: mostly(texts), color: values }, { requiredKeys: ['sku'] }),
          // Mostly good amounts (bad ones are the wild orders' job), so enough of these are answered.
          unit_value: mostly(fc.constantFrom('12.50', ' 3 ', '0', '0.5', 0, 12.5, 0.07, 99.99, null, undefined)),
        },
        { requiredKeys: ['line_number', 'quantity', 'product'] },
      ),
      { minLength: 1, maxLength: 3 },
    ),
  )
  .map(([fields, sourceId, lines]) => ({ ...fields, source_id: sourceId, lines }));
const order = fc.oneof(wild, nearlyValid);

describe('quick check of an order', () => {
  it('answers undefined or exactly what zod answers', () => {
    let answered = 0;
    fc.assert(
      fc.property(order, (o) => {
        const quick = quickCheckOrder(o);
        if (quick === undefined) return;
        answered++;
        const zod = orderImportOrder.safeParse(o);
        expect(zod.success).toBe(true);
        expect(quick).toStrictEqual(zod.data);
        expect(Object.keys(quick)).toEqual(Object.keys(zod.data!));
      }),
      { numRuns: 3000 },
    );
    // The generator is shaped so that many orders are valid: the comparison is not vacuous.
    expect(answered).toBeGreaterThan(150);
  });

  it('answers the usual valid orders itself (the fast path is taken)', () => {
    const csvLike = {
      source_id: 'A-1',
      order_number: 'SO-1',
      created_at: '2026-03-01T10:00:00Z',
      lines: [
        { line_number: '1', quantity: '2', product: { sku: 'S-1', upc: '', name_1: 'Shirt ', color: '', size: 'M' } },
        { line_number: '2', quantity: '1', product: { sku: 'S-2', upc: '4006381333931', name_1: '', color: 'Red', size: '' } },
      ],
    };
    const jsonLike = {
      source_id: 7,
      source: 'Biztalk Rest',
      lines: [
        { line_number: 1, quantity: 3, product: { sku: 'S-1' } },
        { line_number: 2, quantity: 1, product: { sku: 'S-2' }, unit_value: 12.5 },
      ],
    };
    for (const o of [csvLike, jsonLike]) {
      const quick = quickCheckOrder(o);
      expect(quick).toBeDefined();
      expect(quick).toStrictEqual(orderImportOrder.parse(o));
    }
  });

  it('leaves every invalid order to zod', () => {
    const ok = { source_id: 'A', lines: [{ line_number: 1, quantity: 1, product: { sku: 'S' } }] };
    const bad = [
      { ...ok, source_id: ' ' },
      { ...ok, created_at: '2026-02-30' },
      { ...ok, source: 'Other' },
      { ...ok, order_type: 'T'.repeat(ORDER_TEXT_MAX.order_type + 1) },
      { ...ok, misspelt: 'x' },
      { ...ok, lines: [] },
      { ...ok, lines: [ok.lines[0], ok.lines[0]] },
      { ...ok, lines: [{ line_number: 1, quantity: 0, product: { sku: 'S' } }] },
      { ...ok, lines: [{ line_number: 1, quantity: 1, product: { sku: 'S', weight: 1 } }] },
      { ...ok, delivery_city: 'a\u0000b' },
      { ...ok, lines: [{ ...ok.lines[0], unit_value: '-1' }] },
      { ...ok, lines: [{ ...ok.lines[0], unit_value: 1.005 }] },
    ];
    for (const o of bad) {
      expect(orderImportOrder.safeParse(o).success).toBe(false);
      expect(quickCheckOrder(o)).toBeUndefined();
    }
  });
});
