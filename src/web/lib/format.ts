// Display formats of SPEC §9: timestamps are stored in UTC and shown in local time. English keeps the
// spec's 'MMM DD, YYYY' and 'MMM DD HH:mm'; the other languages use Intl's order and month names.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { currentLocale } from '../i18n/language';

dayjs.extend(utc);

type DateInput = string | number | Date | null | undefined;

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function toLocal(value: DateInput): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  // A bare date (return_date) is a calendar day, not an instant: shifting it by the zone would change the day.
  const d = typeof value === 'string' && CALENDAR_DATE.test(value) ? dayjs(value) : dayjs.utc(value).local();
  return d.isValid() ? d : null;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function intlFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** 'MMM DD, YYYY' in local time (in English; '05. März 2024' in German); '' for empty or invalid input. */
export function formatDate(value: DateInput, locale: string = currentLocale()): string {
  const d = toLocal(value);
  if (!d) return '';
  if (locale === 'en') return d.format('MMM DD, YYYY');
  return intlFormat(locale, { day: '2-digit', month: 'short', year: 'numeric' }).format(d.toDate());
}

/** 'MMM DD HH:mm' in local time (in English; '05. März, 10:07' in German); '' for empty or invalid input. */
export function formatDateTime(value: DateInput, locale: string = currentLocale()): string {
  const d = toLocal(value);
  if (!d) return '';
  if (locale === 'en') return d.format('MMM DD HH:mm');
  return intlFormat(locale, { day: '2-digit', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d.toDate());
}

const numbers = new Map<string, Intl.NumberFormat>();
/** A count in the reader's language: 1,234 (English), 1.234 (German), 1 234 (Polish). */
export function formatNumber(value: number, locale: string = currentLocale()): string {
  let format = numbers.get(locale);
  if (!format) numbers.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(value);
}

/** Money from minor units in the reader's language: 1234 EUR → '€12.34' (en), '12,34 €' (de). */
export function formatMoney(amountMinor: number, currency: string, locale: string = currentLocale()): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  // Integer minor units → a decimal string Intl reads exactly (no float rounding of large amounts).
  const negative = amountMinor < 0;
  const units = String(Math.abs(Math.trunc(amountMinor))).padStart(digits + 1, '0');
  const text = digits > 0 ? `${units.slice(0, -digits)}.${units.slice(-digits)}` : units;
  return format.format(`${negative ? '-' : ''}${text}` as unknown as number);
}

// Kept here for the screens that format dates anyway; the receiving page imports them without dayjs.
export { isTempId, tempId, today } from './draft-defaults';
