import ExcelJS from 'exceljs';
import { BILLING_EVENT_LABELS } from '../../../contract/billing.js';
import { formatMinor, minorDigits } from '../../../contract/money.js';
import type { Locale } from '../../../contract/locales.js';
import { BILLING_FILE_TEXTS, BILLING_HEADING_KEYS, BILLING_HEADINGS } from '../../i18n/billing-headings.js';
import { csvField } from '../reports/return-report.files.js';
import type { PricedEvent } from './billing.repository.js';

/** The download's column headings (one row per billable event: what, when, which return, which operator), English for machines by default. */
export const billingHeadings = (language: Locale = 'en') => BILLING_HEADING_KEYS.map((k) => BILLING_HEADINGS[language][k]);
export const BILLING_COLUMNS: readonly string[] = billingHeadings('en');

const when = (iso: string) => iso.replace('T', ' ').slice(0, 19);

function row(e: PricedEvent, currency: string) {
  return [
    BILLING_EVENT_LABELS[e.event_type],
    when(e.occurred_at),
    e.return_id ?? '',
    e.reference ?? '',
    e.operator ?? '',
    e.quantity,
    e.rate_minor === null ? '' : formatMinor(e.rate_minor, currency),
    formatMinor(e.amount_minor, currency),
    currency,
  ];
}

/** CSV with the report's quoting and formula neutralisation; amounts as decimal text in the currency's digits. */
export function buildBillingCsv(events: PricedEvent[], currency: string, language: Locale = 'en'): string {
  const lines = [billingHeadings(language).map(csvField).join(',')];
  for (const e of events) lines.push(row(e, currency).map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** XLSX: the same rows; rate and amount as numbers with the currency's decimals, a total row at the end. */
export async function buildBillingXlsx(
  events: PricedEvent[],
  currency: string,
  file: { company: string; month: string; totalMinor: number },
  language: Locale = 'en',
): Promise<Buffer> {
  const texts = BILLING_FILE_TEXTS[language];
  const book = new ExcelJS.Workbook();
  book.creator = 'Returns Desk';
  book.title = texts.title(file.company, file.month);
  const sheet = book.addWorksheet(texts.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths = [24, 20, 10, 20, 16, 9, 10, 12, 9];
  sheet.columns = billingHeadings(language).map((header, i) => ({ header, width: widths[i] }));
  sheet.getRow(1).font = { bold: true };
  const digits = minorDigits(currency);
  const numFmt = digits ? `0.${'0'.repeat(digits)}` : '0';
  const money = (minor: number | null) => (minor === null ? '' : Number(formatMinor(minor, currency)));
  for (const e of events) {
    const values = row(e, currency);
    values[6] = money(e.rate_minor);
    values[7] = money(e.amount_minor);
    // Text cells stay text: exceljs writes a string as a string, never as a formula.
    sheet.addRow(values);
  }
  const total = sheet.addRow([texts.total, '', '', '', '', '', '', money(file.totalMinor), currency]);
  total.font = { bold: true };
  sheet.getColumn(7).numFmt = numFmt;
  sheet.getColumn(8).numFmt = numFmt;
  return Buffer.from(await book.xlsx.writeBuffer());
}
