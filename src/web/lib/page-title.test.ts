import { describe, expect, it } from 'vitest';
import { documentTitle } from './page-title';

describe('documentTitle', () => {
  it('puts the screen before the product name', () => {
    expect(documentTitle('Return Processing')).toBe('Return Processing · Returns Desk');
    expect(documentTitle('Northwind Apparel: Blind Return')).toBe('Northwind Apparel: Blind Return · Returns Desk');
  });

  it('falls back to the product name alone', () => {
    expect(documentTitle('')).toBe('Returns Desk');
    expect(documentTitle('   ')).toBe('Returns Desk');
    expect(documentTitle(undefined)).toBe('Returns Desk');
  });
});
