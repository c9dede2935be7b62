// What the entry form's Quantity does with a key (issue 13: a text input of ours instead of Mantine's
// NumberInput and react-number-format): digits and a leading minus are kept, ArrowUp/ArrowDown step by
// one within the ledger's limits. An empty, zero, negative or too large quantity stays possible while
// typing; Save refuses it with its reason (issue 28: '−3' used to become 3 without a word).
import { LIMITS } from '../../../contract/constants';

/** The typed text with a leading minus (ASCII or U+2212) and the digits; no decimals, no exponent. */
export function quantityText(text: string): string {
  const trimmed = text.trim();
  const negative = /^[-\u2212]/.test(trimmed);
  return (negative ? '-' : '') + trimmed.replace(/\D/g, '');
}

/** The typed text with everything but digits dropped. */
export const digitsOnly = (text: string) => text.replace(/\D/g, '');

export type QuantityProblem = 'required' | 'negative' | 'tooLarge';

/** Why Save refuses this quantity (the server's rule, src/contract/returns.ts entryQuantity), or null. */
export function quantityProblem(value: number | string): QuantityProblem | null {
  const text = String(value).trim();
  const n = Number(text);
  if (text.startsWith('-') && Number.isFinite(n) && n < 0) return 'negative';
  if (text === '' || !Number.isInteger(n) || n < LIMITS.minLedgerQuantity) return 'required';
  return n > LIMITS.maxEntryQuantity ? 'tooLarge' : null;
}

/** The quantity one step up or down from `current` (a number or the typed text), within min..max. */
export function steppedQuantity(current: number | string, step: 1 | -1, min: number, max: number): number {
  const n = typeof current === 'number' ? current : Number.parseInt(current, 10);
  const from = Number.isFinite(n) ? n : min - step;
  return Math.min(max, Math.max(min, from + step));
}
