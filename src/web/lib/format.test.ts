import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber, isTempId, tempId, today } from './format';

describe('format', () => {
  it('formats a UTC instant in local time', () => {
    const instant = '2024-03-05T10:07:00Z';
    const local = new Date(instant);
    const month = local.toLocaleString('en-US', { month: 'short' });
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(formatDateTime(instant)).toBe(`${month} ${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}`);
    expect(formatDate(instant)).toBe(`${month} ${pad(local.getDate())}, ${local.getFullYear()}`);
  });

  it('reads a zone-less timestamp as UTC', () => {
    expect(formatDateTime('2024-03-05 10:07:00')).toBe(formatDateTime('2024-03-05T10:07:00Z'));
  });

  it('keeps a calendar date on its day in every zone', () => {
    expect(formatDate('2024-03-01')).toBe('Mar 01, 2024');
  });

  it('gives empty text for empty or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('gives today as YYYY-MM-DD', () => {
    expect(today()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The local calendar day, padded, as dayjs().format('YYYY-MM-DD') gave it.
    expect(today(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(today(new Date(2026, 10, 24, 0, 0))).toBe('2026-11-24');
  });

  it('makes temporary ids of two underscores and 6 alphanumerics', () => {
    const ids = new Set(Array.from({ length: 200 }, tempId));
    for (const id of ids) expect(id).toMatch(/^__[A-Za-z0-9]{6}$/);
    expect(ids.size).toBeGreaterThan(190);
    expect(isTempId('__abc123')).toBe(true);
    expect(isTempId(12)).toBe(false);
  });
});

describe('format in other languages', () => {
  it('dates use the language’s month names and order', () => {
    expect(formatDate('2024-03-01', 'de')).toBe('01. März 2024');
    expect(formatDate('2024-03-01', 'nl')).toMatch(/^01 mrt\.? 2024$/);
    expect(formatDate('2024-03-01', 'en')).toBe('Mar 01, 2024');
  });

  it('numbers and money follow the language', () => {
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatMoney(123456, 'EUR', 'de')).toBe('1.234,56\u00a0€');
    expect(formatMoney(123456, 'EUR', 'en')).toBe('€1,234.56');
    expect(formatMoney(-5, 'EUR', 'en')).toBe('-€0.05');
    expect(formatMoney(1234, 'JPY', 'en')).toBe('¥1,234');
  });
});
