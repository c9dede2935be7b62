import { describe, expect, it } from 'vitest';
import { digitsOnly, steppedQuantity } from './quantity-keys';

describe('quantity keys', () => {
  it('keeps digits only', () => {
    expect(digitsOnly('12')).toBe('12');
    expect(digitsOnly('-3')).toBe('3');
    expect(digitsOnly('1.5')).toBe('15');
    expect(digitsOnly('2e3')).toBe('23');
    expect(digitsOnly(' 7 ')).toBe('7');
    expect(digitsOnly('abc')).toBe('');
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
