import ExcelJS from 'exceljs';
import { DISCREPANCY_LABELS } from '../../../contract/dispositions.js';
import type { PhotoLinker } from '../photos/photo-links.js';
import type { ReportLine } from './reports.repository.js';

/** The report's columns, in order: header text and how to read the value from a line. */
export const REPORT_COLUMNS: { header: string; width: number; value: (l: ReportLine) => string | number }[] = [
  { header: 'Return ID', width: 10, value: (l) => l.return_id },
  { header: 'Return Date', width: 12, value: (l) => l.return_date },
  { header: 'Created At (UTC)', width: 20, value: (l) => l.created_at.replace('T', ' ').slice(0, 19) },
  { header: 'Order #', width: 16, value: (l) => l.order_number ?? '' },
  { header: 'Delivery #', width: 16, value: (l) => l.delivery_number ?? '' },
  { header: 'Web Order #', width: 16, value: (l) => l.web_order_number ?? '' },
  { header: 'Reference 1', width: 16, value: (l) => l.reference_1 ?? '' },
  { header: 'Reference 2', width: 16, value: (l) => l.reference_2 ?? '' },
  { header: 'SKU', width: 18, value: (l) => l.sku },
  { header: 'UPC', width: 16, value: (l) => l.upc ?? '' },
  { header: 'Name', width: 32, value: (l) => l.name_1 },
  { header: 'Quantity', width: 9, value: (l) => l.quantity },
  { header: 'Condition', width: 14, value: (l) => l.condition },
  { header: 'Reason', width: 14, value: (l) => l.reason },
  { header: 'Reason Text', width: 24, value: (l) => l.reason_text ?? '' },
  { header: 'Comment', width: 30, value: (l) => l.comment ?? '' },
  { header: 'Operator', width: 14, value: (l) => l.username },
  { header: 'Blind', width: 6, value: (l) => (l.is_blind ? 'Y' : 'N') },
  // Issue 16, after the original columns so their places stay.
  { header: 'Disposition', width: 16, value: (l) => l.disposition ?? '' },
  { header: 'Location', width: 14, value: (l) => l.location ?? '' },
  {
    header: 'Discrepancy',
    width: 14,
    value: (l) => (l.discrepancy ? (DISCREPANCY_LABELS[l.discrepancy as keyof typeof DISCREPANCY_LABELS] ?? l.discrepancy) : ''),
  },
  // Issue 11, appended: the line is as the latest correction left it (version 2, 3, …).
  { header: 'Corrected', width: 10, value: (l) => (l.version > 1 ? `Y (v${l.version})` : 'N') },
  // Signed links that open without a login (PHOTO_LINK_DAYS), separated by spaces.
  { header: 'Photo Links', width: 40, value: (l) => (l.photo_links ?? []).join(' ') },
  { header: 'Return Photo Links', width: 40, value: (l) => (l.return_photo_links ?? []).join(' ') },
];

/**
 * Signs the links of the report's photos (display size), all starting at `at` (when the report is
 * built): a reader of a mailed report gets PHOTO_LINK_DAYS from the day it was sent.
 */
export function withReportPhotoLinks(lines: ReportLine[], link: PhotoLinker, at: Date): ReportLine[] {
  const links = (ids: number[]) => ids.map((id) => link(id, 'display', at));
  return lines.map((l) => ({ ...l, photo_links: links(l.photo_ids), return_photo_links: links(l.return_photo_ids) }));
}

export async function buildReportXlsx(lines: ReportLine[], title: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Returns Desk';
  book.created = new Date();
  const sheet = book.addWorksheet('Returns', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = REPORT_COLUMNS.map((c) => ({ header: c.header, width: c.width }));
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

export function buildReportCsv(lines: ReportLine[]): string {
  const rows = [REPORT_COLUMNS.map((c) => csvField(c.header)).join(',')];
  for (const line of lines) rows.push(REPORT_COLUMNS.map((c) => csvField(c.value(line))).join(','));
  // The BOM makes Excel read the file as UTF-8.
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}
