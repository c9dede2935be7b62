import { describe, expect, it } from 'vitest';
import { digitsOnly, quantityProblem, quantityText, steppedQuantity } from './quantity-keys';

describe('quantity keys', () => {
  it('keeps digits only', () => {
    expect(digitsOnly('12')).toBe('12');
    expect(digitsOnly('1.5')).toBe('15');
    expect(digitsOnly('abc')).toBe('');
  });

  it('keeps a leading minus so Save can refuse it (issue 28), ASCII or U+2212', () => {
    expect(quantityText('-3')).toBe('-3');
    expect(quantityText('\u22123')).toBe('-3');
    expect(quantityText('3-')).toBe('3');
    expect(quantityText('2e3')).toBe('23');
    expect(quantityText(' 7 ')).toBe('7');
  });

  it('names what Save refuses: negative, empty or zero, more than 9,999 in one entry', () => {
    expect(quantityProblem('-3')).toBe('negative');
    expect(quantityProblem('')).toBe('required');
    expect(quantityProblem('0')).toBe('required');
    expect(quantityProblem('-')).toBe('required');
    expect(quantityProblem('10000')).toBe('tooLarge');
    expect(quantityProblem(9999)).toBeNull();
    expect(quantityProblem('1')).toBeNull();
  });

  it('steps by one within the limits', () => {
    expect(steppedQuantity(1, 1, 1, 100)).toBe(2);
    expect(steppedQuantity('4', -1, 1, 100)).toBe(3);
    expect(steppedQuantity(1, -1, 1, 100)).toBe(1);
    expect(steppedQuantity('0', -1, 1, 100)).toBe(1);
    expect(steppedQuantity(100, 1, 1, 100)).toBe(100);
    expect(steppedQuantity('250', 1, 1, 100)).toBe(100);
  });

  it('starts an empty quantity at the minimum either way', () => {
    expect(steppedQuantity('', 1, 1, 100)).toBe(1);
    expect(steppedQuantity('', -1, 1, 100)).toBe(1);
  });
});
