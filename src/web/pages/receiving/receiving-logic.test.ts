import { describe, expect, it } from 'vitest';
import type { LedgerEntry, OrderLine } from '../../../contract/orders';
import {
  countTone,
  filterLines,
  imageFileName,
  lineForCode,
  matchedReference,
  productImageUrls,
  receivedCounts,
  summaryRows,
} from './receiving-logic';

const line = (id: number, quantity: number, sku: string, upc: string | null, name: string): OrderLine => ({
  id,
  order_id: 1,
  product_id: id * 10,
  quantity,
  product: { id: id * 10, customer_id: 1, sku, upc, name_1: name, color: null, size: null },
});
const ledger = (lineId: number, quantity: number, condition: string, returnId: number | null): LedgerEntry => ({
  id: returnId ? lineId * 100 + quantity : `__l${lineId}q${quantity}x`.slice(0, 8),
  customer_id: 1,
  order_id: 1,
  order_line_id: lineId,
  product_id: lineId * 10,
  return_id: returnId,
  condition,
  quantity,
  reason: 'DAMAGED',
  comment: null,
  disposition: null,
  location: null,
  discrepancy: null,
  replaces_order_line_id: null,
});

const lines = [
  line(1, 3, 'TSHIRT-RED-M', '8712345000011', 'T-shirt red'),
  line(2, 1, 'MUG-01', '8712345000028', 'Coffee mug'),
  line(3, 2, 'CAP', null, 'Cap'),
];

describe('received counts and colours', () => {
  it('adds previous and new quantities of one line only', () => {
    const previous = [ledger(1, 1, 'Pristine', 7), ledger(2, 1, 'Scrap', 7)];
    const fresh = [ledger(1, 2, 'Scrap', null)];
    expect(receivedCounts(1, previous, fresh)).toEqual({ previous: 1, fresh: 2, total: 3 });
    expect(receivedCounts(3, previous, fresh)).toEqual({ previous: 0, fresh: 0, total: 0 });
  });

  it('is grey below, green equal and red above the ordered quantity', () => {
    expect(countTone(0, 2)).toBe('below');
    expect(countTone(2, 2)).toBe('equal');
    expect(countTone(3, 2)).toBe('above');
  });
});

describe('summary rows', () => {
  it('counts new pristine and new blocked (Reconditioning, Scrap, Secondhand) and marks mismatches', () => {
    const previous = [ledger(1, 1, 'Pristine', 7)];
    const fresh = [ledger(1, 1, 'Pristine', null), ledger(1, 1, 'Secondhand', null), ledger(2, 2, 'Reconditioning', null)];
    const rows = summaryRows(lines, previous, fresh);
    expect(rows[0]).toMatchObject({ sku: 'TSHIRT-RED-M', ordered: 3, previous: 1, newPristine: 1, newBlocked: 1, mismatch: false });
    expect(rows[1]).toMatchObject({ ordered: 1, previous: 0, newPristine: 0, newBlocked: 2, mismatch: true });
    expect(rows[2]).toMatchObject({ ordered: 2, previous: 0, newPristine: 0, newBlocked: 0, mismatch: true });
    expect(rows[0]!.grades).toEqual([]);
  });

  it('issue 27: the new units by grade beside the Pristine/Blocked split', () => {
    const fresh = [
      { ...ledger(1, 1, 'Pristine', null), grade: 'A' as const },
      { ...ledger(1, 1, 'Reconditioning', null), grade: 'C' as const },
      { ...ledger(1, 1, 'Pristine', null), grade: 'A' as const },
    ];
    const [row] = summaryRows(lines, [], fresh);
    expect(row).toMatchObject({
      newPristine: 2,
      newBlocked: 1,
      grades: [
        { grade: 'A', quantity: 2 },
        { grade: 'C', quantity: 1 },
      ],
    });
  });
});

describe('more than ordered (issue 28)', () => {
  it('marks a line whose previous and new units pass the ordered quantity, not one declared an extra item', () => {
    const previous = [ledger(2, 1, 'Pristine', 7)];
    const over = summaryRows(lines, previous, [ledger(2, 1, 'Scrap', null), ledger(1, 3, 'Pristine', null)]);
    expect(over.map((r) => [r.received, r.over])).toEqual([
      [3, false],
      [2, true],
      [0, false],
    ]);
    // Nothing new on a line already over: not this return's to confirm.
    expect(summaryRows(lines, [ledger(2, 2, 'Pristine', 7)], []).map((r) => r.over)).toEqual([false, false, false]);
    const extra = { ...ledger(2, 1, 'Scrap', null), discrepancy: 'EXTRA_ITEM' as const };
    expect(summaryRows(lines, previous, [extra])[1]).toMatchObject({ received: 2, over: false, mismatch: true });
  });
});

describe('line filter and scan', () => {
  it('filters on sku, upc or name, case-insensitive', () => {
    expect(filterLines(lines, '').map((l) => l.id)).toEqual([1, 2, 3]);
    expect(filterLines(lines, 'red').map((l) => l.id)).toEqual([1]);
    expect(filterLines(lines, '000028').map((l) => l.id)).toEqual([2]);
    expect(filterLines(lines, 'MUG').map((l) => l.id)).toEqual([2]);
  });

  it('matches a scanned code to the exact UPC or SKU only', () => {
    expect(lineForCode(lines, ' 8712345000011 ')?.id).toBe(1);
    expect(lineForCode(lines, 'mug-01')?.id).toBe(2);
    expect(lineForCode(lines, 'cap')?.id).toBe(3);
    expect(lineForCode(lines, '87123')).toBeUndefined();
    expect(lineForCode(lines, '')).toBeUndefined();
  });
});

describe('product image', () => {
  it("replaces the sku's last dash segment by 'a' and appends .jpg", () => {
    expect(imageFileName('TSHIRT-RED-M')).toBe('TSHIRT-RED-a.jpg');
    expect(imageFileName('MUG-01')).toBe('MUG-a.jpg');
    expect(imageFileName('CAP')).toBeNull();
    expect(imageFileName('-X')).toBeNull();
  });

  it('tries cdn_url_1 then cdn_url_2, and has none without urls or a dash', () => {
    const both = { cdn_url_1: 'https://cdn1.example.com/img/', cdn_url_2: 'https://cdn2.example.com' };
    expect(productImageUrls(both, 'TSHIRT-RED-M')).toEqual([
      'https://cdn1.example.com/img/TSHIRT-RED-a.jpg',
      'https://cdn2.example.com/TSHIRT-RED-a.jpg',
    ]);
    expect(productImageUrls({ cdn_url_1: null, cdn_url_2: 'https://cdn2.example.com' }, 'A-B')).toEqual([
      'https://cdn2.example.com/A-a.jpg',
    ]);
    expect(productImageUrls({ cdn_url_1: 'javascript:alert(1)', cdn_url_2: null }, 'A-B')).toEqual([]);
    expect(productImageUrls(both, 'CAP')).toEqual([]);
    expect(productImageUrls(undefined, 'A-B')).toEqual([]);
    expect(productImageUrls(both, 'A B/C-D')).toEqual([
      'https://cdn1.example.com/img/A%20B%2FC-a.jpg',
      'https://cdn2.example.com/A%20B%2FC-a.jpg',
    ]);
  });
});

describe('matchedReference', () => {
  const r = { reference_1: '80012349', reference_2: 'SO-10005', reference_3: 'W100005', reference_4: 'PO-10005' };
  it('titles a result by the reference the search matched', () => {
    expect(matchedReference(r, 'SO-10005')).toBe('SO-10005');
    expect(matchedReference(r, 'so-1000')).toBe('SO-10005');
    expect(matchedReference(r, '80012349')).toBe('80012349');
    expect(matchedReference(r, 'w1000')).toBe('W100005');
  });
  it('prefers an exact match over a partial one, then the order of the hover card', () => {
    expect(matchedReference(r, 'PO-10005')).toBe('PO-10005');
    expect(matchedReference(r, '10005')).toBe('SO-10005');
  });
  it('falls back to the first reference present when nothing matches (a remote search)', () => {
    expect(matchedReference(r, 'Emma')).toBe('80012349');
    expect(matchedReference({ reference_1: null, reference_2: 'SO-1' }, null)).toBe('SO-1');
    expect(matchedReference({}, 'x')).toBeNull();
  });
});
