import { describe, expect, it } from 'vitest';
import { matchRule, type RuleMatcher } from './inspection-rules.js';

const rule = (match: RuleMatcher['match'], value: string | null, name = `${match}:${value}`) => ({ match, value, name });
const rules = [
  rule('default', null),
  rule('category', 'Shoes'),
  rule('prefix', 'SHOE-'),
  rule('prefix', 'SHOE-RUN-'),
  rule('sku', 'SHOE-RUN-42'),
];
const pick = (sku: string, category: string | null = null, list = rules) => matchRule(list, { sku, category })?.name;

describe('matchRule: the most specific rule wins (exact > prefix > category > default)', () => {
  it('an exact SKU beats every prefix, the category and the default', () => {
    expect(pick('SHOE-RUN-42', 'Shoes')).toBe('sku:SHOE-RUN-42');
  });
  it('the longest prefix beats a shorter one, and a prefix beats the category', () => {
    expect(pick('SHOE-RUN-43', 'Shoes')).toBe('prefix:SHOE-RUN-');
    expect(pick('SHOE-WALK-1', 'Shoes')).toBe('prefix:SHOE-');
  });
  it('the category beats the default; without category or match the default applies', () => {
    expect(pick('BOOT-1', 'shoes')).toBe('category:Shoes');
    expect(pick('BOOT-1', null)).toBe('default:null');
    expect(pick('BOOT-1', 'Hats')).toBe('default:null');
  });
  it('compares case-insensitively, and the order of the list does not matter', () => {
    expect(pick('shoe-run-42')).toBe('sku:SHOE-RUN-42');
    expect(pick('Shoe-Run-99', null, [...rules].reverse())).toBe('prefix:SHOE-RUN-');
  });
  it('no rule applies when the customer has no default and nothing matches', () => {
    expect(pick('BOOT-1', null, rules.slice(1))).toBeUndefined();
    expect(pick('X', null, [])).toBeUndefined();
  });
  it('an exact SKU rule does not match a longer SKU, and an empty prefix matches nothing', () => {
    expect(pick('SHOE-RUN-420', null, [rule('sku', 'SHOE-RUN-42'), rule('prefix', '')])).toBeUndefined();
  });
});
