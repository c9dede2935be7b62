// What the entry form's Quantity does with a key (issue 13: a text input of ours instead of Mantine's
// NumberInput and react-number-format): only digits are kept, ArrowUp/ArrowDown step by one within
// the ledger's limits. An empty or zero quantity stays possible while typing; Save refuses it.

/** The typed text with everything but digits dropped: no sign, no decimals, no exponent. */
export const digitsOnly = (text: string) => text.replace(/\D/g, '');

/** The quantity one step up or down from `current` (a number or the typed text), within min..max. */
export function steppedQuantity(current: number | string, step: 1 | -1, min: number, max: number): number {
  const n = typeof current === 'number' ? current : Number.parseInt(current, 10);
  const from = Number.isFinite(n) ? n : min - step;
  return Math.min(max, Math.max(min, from + step));
}
