// An admin's CSV or XLSX file of expected returns (issue 26; docs/integrations.md "Expected
// returns"): one row per item, rows of one RMA make one expected return. Every bad cell is named
// by its line and column; a file with any is refused whole.
import ExcelJS from 'exceljs';
import { EXPECTED_LIMITS, EXPECTED_MSG, type ExpectedReturnBody } from '../../../contract/expected-returns.js';
import { isStorableText } from '../../../contract/common.js';
import { readCsvRecords } from '../orders/order-csv.records.js';

export const EXPECTED_FILE_COLUMNS = ['rma', 'tracking_number', 'order_reference', 'sku', 'upc', 'quantity', 'reason'] as const;
type Column = (typeof EXPECTED_FILE_COLUMNS)[number];
const MAX_ROWS = 10_000;

export interface FileRow {
  line: number;
  cells: string[];
}
export interface ParsedFile {
  /** Each with where its RMA is ("Line 4, column A (rma)"), to name it in a later refusal. */
  returns: (ExpectedReturnBody & { line: number; rmaAt: string })[];
  errors: string[];
}

/** A (1-based) column number as a spreadsheet names it: 1 → A, 27 → AA. */
export function columnLetter(n: number): string {
  let s = '';
  for (let v = n; v > 0; v = Math.floor((v - 1) / 26)) s = String.fromCharCode(65 + ((v - 1) % 26)) + s;
  return s;
}

export async function readXlsxRows(base64: string): Promise<FileRow[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(base64, 'base64') as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  const rows: FileRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) {
      const v = row.getCell(c).value;
      cells.push(v === null || v === undefined ? '' : typeof v === 'object' && 'text' in v ? String(v.text) : String(v));
    }
    rows.push({ line, cells });
  });
  return rows;
}

export function readCsvRows(content: string): { rows: FileRow[]; error?: string } {
  const { records, error } = readCsvRecords(content);
  if (error) return { rows: [], error: `Line ${error.line}: ${error.message}` };
  return { rows: records.map((r) => ({ line: r.line, cells: r.fields })) };
}

/** The rows (after the header) as expected returns, or every problem by line and column. */
export function expectedReturnsOf(rows: FileRow[]): ParsedFile {
  const errors: string[] = [];
  const [header, ...data] = rows;
  if (!header) return { returns: [], errors: ['The file is empty: the first row names the columns'] };
  const position = new Map<Column, number>();
  header.cells.forEach((name, i) => {
    const key = name.trim().toLowerCase().replace(/\s+/g, '_') as Column;
    if ((EXPECTED_FILE_COLUMNS as readonly string[]).includes(key)) position.set(key, i);
  });
  for (const required of ['rma', 'quantity'] as const) {
    if (!position.has(required))
      errors.push(`Line ${header.line}: the column "${required}" is missing (columns: ${EXPECTED_FILE_COLUMNS.join(', ')})`);
  }
  if (errors.length) return { returns: [], errors };
  if (data.length > MAX_ROWS) return { returns: [], errors: [`At most ${MAX_ROWS} rows a file`] };

  const byRma = new Map<string, ExpectedReturnBody & { line: number; rmaAt: string; firstLine: Record<string, string> }>();
  for (const row of data) {
    if (row.cells.every((c) => !c.trim())) continue;
    const cell = (column: Column) => (position.has(column) ? (row.cells[position.get(column)!] ?? '').trim() : '');
    const where = (column: Column) => `Line ${row.line}, column ${columnLetter(position.get(column)! + 1)} (${column})`;
    const bad = (column: Column, message: string) => errors.push(`${where(column)}: ${message}`);
    for (const column of position.keys()) {
      if (!isStorableText(cell(column))) bad(column, 'contains a character that cannot be stored');
    }
    const rma = cell('rma');
    if (!rma || rma.length > 64) bad('rma', EXPECTED_MSG.rma);
    for (const column of ['tracking_number', 'order_reference'] as const) if (cell(column).length > 64) bad(column, EXPECTED_MSG.tracking);
    const quantity = Number(cell('quantity'));
    if (!/^\d+$/.test(cell('quantity')) || quantity < 1 || quantity > EXPECTED_LIMITS.maxQuantity) bad('quantity', EXPECTED_MSG.quantity);
    if (!cell('sku') && !cell('upc')) bad(position.has('sku') ? 'sku' : 'rma', EXPECTED_MSG.skuOrUpc);
    if (cell('reason').length > 200) bad('reason', EXPECTED_MSG.reason);
    if (!rma) continue;
    const item = { sku: cell('sku') || null, upc: cell('upc') || null, quantity, reason: cell('reason') || null };
    const key = rma.toUpperCase();
    const existing = byRma.get(key);
    if (!existing) {
      byRma.set(key, {
        line: row.line,
        rmaAt: where('rma'),
        rma,
        tracking_number: cell('tracking_number') || null,
        order_reference: cell('order_reference') || null,
        items: [item],
        firstLine: { tracking_number: cell('tracking_number'), order_reference: cell('order_reference') },
      });
      continue;
    }
    // A later row of the RMA may leave the header fields empty, but must not contradict them.
    for (const column of ['tracking_number', 'order_reference'] as const) {
      if (cell(column) && cell(column) !== existing.firstLine[column]) bad(column, `differs from line ${existing.line} of RMA ${rma}`);
    }
    if (existing.items.length >= EXPECTED_LIMITS.itemsPerReturn) bad('rma', EXPECTED_MSG.items);
    existing.items.push(item);
  }
  const returns = [...byRma.values()].map(({ firstLine: _f, ...r }) => r);
  if (!returns.length && !errors.length) errors.push('The file has no rows after the header');
  return { returns, errors };
}
