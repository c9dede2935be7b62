import { text } from './common.js';

export const CURRENCY_INVALID = 'Currency must be an ISO 4217 code such as EUR, USD or GBP';

/** The ISO 4217 codes this runtime knows (Intl, ES2022), e.g. 'EUR'. */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  return Intl.supportedValuesOf('currency').includes(code);
}

export const currencyCode = text(CURRENCY_INVALID)
  .trim()
  .transform((v) => v.toUpperCase())
  .refine(isCurrencyCode, { error: CURRENCY_INVALID });

/** How many minor units a currency has (EUR 2, JPY 0, KWD 3). */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** 1234 EUR minor units → '12.34' (no floats: integer arithmetic on the text). */
export function formatMinor(amountMinor: number, currency: string): string {
  const digits = minorDigits(currency);
  const negative = amountMinor < 0;
  const units = String(Math.abs(amountMinor)).padStart(digits + 1, '0');
  const whole = units.slice(0, units.length - digits);
  const frac = digits ? `.${units.slice(units.length - digits)}` : '';
  return `${negative ? '-' : ''}${whole}${frac}`;
}

/** '12.3' EUR → 1230; undefined for text that is not an amount with at most the currency's digits. */
export function parseMinor(amount: string, currency: string): number | undefined {
  const digits = minorDigits(currency);
  const match = /^(\d{1,12})(?:\.(\d*))?$/.exec(amount.trim());
  if (!match) return undefined;
  const frac = match[2] ?? '';
  if (frac.length > digits) return undefined;
  return Number(match[1]) * 10 ** digits + Number(frac.padEnd(digits, '0') || '0');
}
