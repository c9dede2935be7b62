import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { Locale } from '../../../contract/locales.js';
import { HISTORY_HEADINGS, type HistoryHeadingKey } from '../../i18n/history-headings.js';
import { REPORT_FILE_TEXTS } from '../../i18n/report-headings.js';
import { csvField } from '../reports/return-report.files.js';
import type { HistoryCursor, HistoryDownloadRow } from './history-rows.js';

export type HistoryFileFormat = 'csv' | 'xlsx';
type ReadBatch = (after: HistoryCursor | null, limit: number) => Promise<{ rows: HistoryDownloadRow[]; next: HistoryCursor | null }>;

/** Rows read per query: small enough to keep memory flat, large enough that round trips do not dominate. */
export const DOWNLOAD_BATCH = 2000;

/** The download's columns (headings by key, in the asker's language): History's (SPEC §2.9) plus the time it was saved, its units, photos and corrections. */
export const HISTORY_FILE_COLUMNS: { key: HistoryHeadingKey; width: number; value: (r: HistoryDownloadRow) => string | number }[] = [
  { key: 'returnId', width: 10, value: (r) => r.id },
  { key: 'account', width: 24, value: (r) => r.company },
  { key: 'deliveryNo', width: 16, value: (r) => r.delivery_number ?? '' },
  { key: 'orderNo', width: 16, value: (r) => r.order_number ?? '' },
  { key: 'webNo', width: 16, value: (r) => r.web_order_number ?? '' },
  { key: 'ref1', width: 16, value: (r) => r.reference_1 ?? '' },
  { key: 'ref2', width: 16, value: (r) => r.reference_2 ?? '' },
  { key: 'date', width: 12, value: (r) => r.return_date },
  { key: 'blind', width: 6, value: (r) => (r.is_blind ? 'Y' : 'N') },
  { key: 'trackingNo', width: 22, value: (r) => r.tracking_number ?? '' },
  { key: 'operator', width: 16, value: (r) => r.username },
  { key: 'createdAt', width: 20, value: (r) => r.created_at.replace('T', ' ').slice(0, 19) },
  { key: 'units', width: 8, value: (r) => r.units },
  { key: 'photos', width: 8, value: (r) => r.photo_count },
  // Issue 11, appended so the columns before keep their places: the figures are the corrected ones.
  { key: 'corrected', width: 10, value: (r) => (r.version > 1 ? `Y (v${r.version})` : 'N') },
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
async function* csvChunks(read: ReadBatch, headings: Record<HistoryHeadingKey, string>): AsyncGenerator<string> {
  yield `\uFEFF${HISTORY_FILE_COLUMNS.map((c) => csvField(headings[c.key])).join(',')}\r\n`;
  for await (const rows of batches(read)) {
    let chunk = '';
    for (const r of rows) chunk += `${HISTORY_FILE_COLUMNS.map((c) => csvField(c.value(r))).join(',')}\r\n`;
    yield chunk;
  }
}

/** XLSX through exceljs's streaming writer: each row is committed (written out) as soon as it is added. */
function xlsxStream(read: ReadBatch, headings: Record<HistoryHeadingKey, string>, sheetName: string): Readable {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  book.creator = 'Returns Desk';
  const sheet = book.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = HISTORY_FILE_COLUMNS.map((c) => ({ header: headings[c.key], width: c.width }));
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

/** The file, its headings in `language` (English for machines, the default). */
export function historyDownloadStream(format: HistoryFileFormat, read: ReadBatch, language: Locale = 'en'): Readable {
  const headings = HISTORY_HEADINGS[language];
  return format === 'csv' ? Readable.from(csvChunks(read, headings)) : xlsxStream(read, headings, REPORT_FILE_TEXTS[language].sheet);
}
