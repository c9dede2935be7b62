import { describe, expect, it } from 'vitest';
import { exactProduct, shouldSearch } from './product-search-rules';

const product = (id: number, sku: string, upc: string | null) => ({
  id,
  customer_id: 1,
  sku,
  upc,
  name_1: `P${id}`,
  color: null,
  size: null,
});

describe('Blind Return product search rules', () => {
  it('searches more than 2 characters that do not start with [Result', () => {
    expect(['', 'ab', 'abc', '[Result] x', '[Resul', ' [Result'].map(shouldSearch)).toEqual([false, false, true, false, true, true]);
  });

  it('finds the scanned product by exact sku or upc, in any case, not by a substring', () => {
    const list = [product(1, 'SHOE-42', '8712345000011'), product(2, 'SHOE-42-RED', null), product(3, 'HAT', '555')];
    expect(exactProduct(list, ' shoe-42 ')?.id).toBe(1);
    expect(exactProduct(list, '8712345000011')?.id).toBe(1);
    expect(exactProduct(list, '555')?.id).toBe(3);
    expect(exactProduct(list, 'SHOE')).toBeUndefined();
    expect(exactProduct(list, '')).toBeUndefined();
  });
});
