import { describe, expect, it } from 'vitest';
import type { DeskDecisionRule } from '../../../contract/decisions';
import { entriesThatWait, ruleMatches } from './decision-match';
import { order } from './receiving-test-data';

const entry = (condition: string, discrepancy: string | null = null, order_line_id: number | null = 11) => ({
  condition,
  discrepancy,
  order_line_id,
});
const scrap: DeskDecisionRule = { kind: 'condition', value: 'Scrap', min_value: null };
const wrong: DeskDecisionRule = { kind: 'discrepancy', value: 'WRONG_ITEM', min_value: null };
const dear: DeskDecisionRule = { kind: 'unit_value', value: null, min_value: 5000 };

describe('ruleMatches (as the server matches at submit)', () => {
  it('matches a condition rule on the line condition only', () => {
    expect(ruleMatches(scrap, entry('Scrap'), undefined)).toBe(true);
    expect(ruleMatches(scrap, entry('Reconditioning'), undefined)).toBe(false);
  });

  it('matches a discrepancy rule on WRONG_ITEM / EXTRA_ITEM', () => {
    expect(ruleMatches(wrong, entry('Pristine', 'WRONG_ITEM'), undefined)).toBe(true);
    expect(ruleMatches(wrong, entry('Pristine', 'EXTRA_ITEM'), undefined)).toBe(false);
    expect(ruleMatches(wrong, entry('Pristine'), undefined)).toBe(false);
  });

  it('matches a unit-value rule above the amount only, never without a unit value', () => {
    expect(ruleMatches(dear, entry('Pristine'), 5001)).toBe(true);
    expect(ruleMatches(dear, entry('Pristine'), 5000)).toBe(false);
    expect(ruleMatches(dear, entry('Pristine'), undefined)).toBe(false);
  });
});

describe('entriesThatWait', () => {
  const lines = [{ ...order.order_lines[0]!, unit_value: 9900 }, order.order_lines[1]!];

  it('keeps the entries any rule holds back, reading the unit value of their order line', () => {
    const a = entry('Pristine', null, 11);
    const b = entry('Pristine', null, 12);
    const c = entry('Scrap', null, 12);
    const d = entry('Pristine', 'EXTRA_ITEM', null);
    expect(entriesThatWait([a, b, c, d], [scrap, dear], lines)).toEqual([a, c]);
    expect(entriesThatWait([a, b, c, d], [{ kind: 'discrepancy', value: 'EXTRA_ITEM', min_value: null }], lines)).toEqual([d]);
  });

  it('keeps none without rules (a customer without any, or an order loaded before)', () => {
    expect(entriesThatWait([entry('Scrap')], undefined, lines)).toEqual([]);
    expect(entriesThatWait([entry('Scrap')], [], lines)).toEqual([]);
  });
});
