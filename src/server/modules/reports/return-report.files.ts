import ExcelJS from 'exceljs';
import { DEFAULT_GRADE_SCALE } from '../../../contract/inspection-rules.js';
import { DISCREPANCY_LABELS } from '../../../contract/dispositions.js';
import type { PhotoLinker } from '../photos/photo-links.js';
import type { ReportLine } from './reports.repository.js';
import type { Locale } from '../../../contract/locales.js';
import { REPORT_FILE_TEXTS, REPORT_HEADINGS, type ReportHeadingKey } from '../../i18n/report-headings.js';

/** The column headings in a language (English for machines, the default). */
export const reportHeadings = (language: Locale = 'en') => REPORT_COLUMNS.map((c) => REPORT_HEADINGS[language][c.key]);

/** The report's columns, in order: heading (by key, in the reader's language) and how to read the value from a line. */
export const REPORT_COLUMNS: { key: ReportHeadingKey; width: number; value: (l: ReportLine) => string | number }[] = [
  { key: 'returnId', width: 10, value: (l) => l.return_id },
  { key: 'returnDate', width: 12, value: (l) => l.return_date },
  { key: 'createdAt', width: 20, value: (l) => l.created_at.replace('T', ' ').slice(0, 19) },
  { key: 'orderNo', width: 16, value: (l) => l.order_number ?? '' },
  { key: 'deliveryNo', width: 16, value: (l) => l.delivery_number ?? '' },
  { key: 'webOrderNo', width: 16, value: (l) => l.web_order_number ?? '' },
  { key: 'reference1', width: 16, value: (l) => l.reference_1 ?? '' },
  { key: 'reference2', width: 16, value: (l) => l.reference_2 ?? '' },
  { key: 'sku', width: 18, value: (l) => l.sku },
  { key: 'upc', width: 16, value: (l) => l.upc ?? '' },
  { key: 'name', width: 32, value: (l) => l.name_1 },
  { key: 'quantity', width: 9, value: (l) => l.quantity },
  { key: 'condition', width: 14, value: (l) => l.condition },
  { key: 'reason', width: 14, value: (l) => l.reason },
  { key: 'reasonText', width: 24, value: (l) => l.reason_text ?? '' },
  { key: 'comment', width: 30, value: (l) => l.comment ?? '' },
  { key: 'operator', width: 14, value: (l) => l.username },
  { key: 'blind', width: 6, value: (l) => (l.is_blind ? 'Y' : 'N') },
  // Issue 16, after the original columns so their places stay.
  { key: 'disposition', width: 16, value: (l) => l.disposition ?? '' },
  { key: 'location', width: 14, value: (l) => l.location ?? '' },
  {
    key: 'discrepancy',
    width: 14,
    value: (l) => (l.discrepancy ? (DISCREPANCY_LABELS[l.discrepancy as keyof typeof DISCREPANCY_LABELS] ?? l.discrepancy) : ''),
  },
  // Issue 11, appended: the line is as the latest correction left it (version 2, 3, …).
  { key: 'corrected', width: 10, value: (l) => (l.version > 1 ? `Y (v${l.version})` : 'N') },
  // Signed links that open without a login (PHOTO_LINK_DAYS), separated by spaces.
  { key: 'photoLinks', width: 40, value: (l) => (l.photo_links ?? []).join(' ') },
  { key: 'returnPhotoLinks', width: 40, value: (l) => (l.return_photo_links ?? []).join(' ') },
  // Issue 27, appended: the grade an inspection rule gave (the customer's name for it) and the serial.
  {
    key: 'grade',
    width: 12,
    value: (l) => (l.grade ? (l.grade_label ?? DEFAULT_GRADE_SCALE.find((g) => g.grade === l.grade)?.label ?? l.grade) : ''),
  },
  { key: 'serial', width: 20, value: (l) => l.serial ?? '' },
];

/**
 * Signs the links of the report's photos (display size), all starting at `at` (when the report is
 * built): a reader of a mailed report gets PHOTO_LINK_DAYS from the day it was sent.
 */
export function withReportPhotoLinks(lines: ReportLine[], link: PhotoLinker, at: Date): ReportLine[] {
  const links = (ids: number[]) => ids.map((id) => link(id, 'display', at));
  return lines.map((l) => ({ ...l, photo_links: links(l.photo_ids), return_photo_links: links(l.return_photo_ids) }));
}

export async function buildReportXlsx(lines: ReportLine[], title: string, language: Locale = 'en'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Returns Desk';
  book.created = new Date();
  const sheet = book.addWorksheet(REPORT_FILE_TEXTS[language].sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  const headings = reportHeadings(language);
  sheet.columns = REPORT_COLUMNS.map((c, i) => ({ header: headings[i], width: c.width }));
  sheet.getRow(1).font = { bold: true };
  // Values are written as plain strings and numbers: a cell never becomes a formula.
  for (const line of lines) sheet.addRow(REPORT_COLUMNS.map((c) => c.value(line)));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: REPORT_COLUMNS.length } };
  book.title = title;
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** RFC 4180 field; a text starting like a formula gets a leading apostrophe so spreadsheets show it as text. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function buildReportCsv(lines: ReportLine[], language: Locale = 'en'): string {
  const rows = [reportHeadings(language).map(csvField).join(',')];
  for (const line of lines) rows.push(REPORT_COLUMNS.map((c) => csvField(c.value(line))).join(','));
  // The BOM makes Excel read the file as UTF-8.
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}
