import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { csvField } from '../reports/return-report.files.js';
import type { HistoryCursor, HistoryDownloadRow } from './history.repository.js';

export type HistoryFileFormat = 'csv' | 'xlsx';
type ReadBatch = (after: HistoryCursor | null, limit: number) => Promise<{ rows: HistoryDownloadRow[]; next: HistoryCursor | null }>;

/** Rows read per query: small enough to keep memory flat, large enough that round trips do not dominate. */
export const DOWNLOAD_BATCH = 2000;

/** The download's columns: History's (SPEC §2.9) plus the time it was saved, its units, photos and corrections. */
export const HISTORY_FILE_COLUMNS: { header: string; width: number; value: (r: HistoryDownloadRow) => string | number }[] = [
  { header: 'Return ID', width: 10, value: (r) => r.id },
  { header: 'Account', width: 24, value: (r) => r.company },
  { header: 'Delivery #', width: 16, value: (r) => r.delivery_number ?? '' },
  { header: 'Order #', width: 16, value: (r) => r.order_number ?? '' },
  { header: 'Web #', width: 16, value: (r) => r.web_order_number ?? '' },
  { header: 'Ref 1', width: 16, value: (r) => r.reference_1 ?? '' },
  { header: 'Ref 2', width: 16, value: (r) => r.reference_2 ?? '' },
  { header: 'Date', width: 12, value: (r) => r.return_date },
  { header: 'Blind', width: 6, value: (r) => (r.is_blind ? 'Y' : 'N') },
  { header: 'Tracking #', width: 22, value: (r) => r.tracking_number ?? '' },
  { header: 'Operator', width: 16, value: (r) => r.username },
  { header: 'Created At (UTC)', width: 20, value: (r) => r.created_at.replace('T', ' ').slice(0, 19) },
  { header: 'Units', width: 8, value: (r) => r.units },
  { header: 'Photos', width: 8, value: (r) => r.photo_count },
  // Issue 11, appended so the columns before keep their places: the figures are the corrected ones.
  { header: 'Corrected', width: 10, value: (r) => (r.version > 1 ? `Y (v${r.version})` : 'N') },
];

async function* batches(read: ReadBatch): AsyncGenerator<HistoryDownloadRow[]> {
  let after: HistoryCursor | null = null;
  do {
    const { rows, next } = await read(after, DOWNLOAD_BATCH);
    if (rows.length) yield rows;
    after = next;
  } while (after);
}

/** CSV as in the report: BOM, CRLF, a text starting like a formula gets a leading apostrophe. */
async function* csvChunks(read: ReadBatch): AsyncGenerator<string> {
  yield `\uFEFF${HISTORY_FILE_COLUMNS.map((c) => csvField(c.header)).join(',')}\r\n`;
  for await (const rows of batches(read)) {
    let chunk = '';
    for (const r of rows) chunk += `${HISTORY_FILE_COLUMNS.map((c) => csvField(c.value(r))).join(',')}\r\n`;
    yield chunk;
  }
}

/** XLSX through exceljs's streaming writer: each row is committed (written out) as soon as it is added. */
function xlsxStream(read: ReadBatch): Readable {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  book.creator = 'Returns Desk';
  const sheet = book.addWorksheet('Returns', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = HISTORY_FILE_COLUMNS.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  void (async () => {
    try {
      for await (const rows of batches(read)) {
        // Values are plain strings and numbers: a cell never becomes a formula.
        for (const r of rows) sheet.addRow(HISTORY_FILE_COLUMNS.map((c) => c.value(r))).commit();
        // A slow client: wait until it has read what is buffered before reading the next batch.
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      sheet.commit();
      await book.commit();
    } catch (error) {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return out;
}

export function historyDownloadStream(format: HistoryFileFormat, read: ReadBatch): Readable {
  return format === 'csv' ? Readable.from(csvChunks(read)) : xlsxStream(read);
}
