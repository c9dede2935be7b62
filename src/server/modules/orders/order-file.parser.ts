import { findUnstorableChar, unstorableCharMessage } from '../../../contract/common.js';
import {
  ORDER_IMPORT_LIMITS,
  ORDER_IMPORT_MSG,
  orderImportFile,
  type ImportError,
  type OrderFileFormat,
} from '../../../contract/order-import.js';
import { csvOrderSlices } from './order-csv.parser.js';
import {
  collectSlices,
  describeIssue,
  jsonPath,
  rawSourceId,
  validateOrder,
  type ParsedOrderFile,
  type ParsedSlice,
} from './order-file.validation.js';

export type { ParsedOrder, ParsedOrderFile, ParsedSlice } from './order-file.validation.js';

/** Node prints "… in JSON at position 42" (20) or "… (line 3 column 5)" (22+): answer the line. */
function jsonErrorLine(content: string, error: Error): number {
  const lineCol = /line (\d+) column \d+/.exec(error.message);
  if (lineCol) return Number(lineCol[1]);
  const position = /position (\d+)/.exec(error.message);
  if (!position) return 1;
  return content.slice(0, Number(position[1])).split('\n').length;
}

/** The JSON file's orders in slices of about `sliceLines` order lines (see csvOrderSlices). */
export function* jsonOrderSlices(content: string, sliceLines: number): Generator<ParsedSlice> {
  let data: unknown;
  try {
    data = JSON.parse(content.replace(/^\uFEFF/, ''));
  } catch (error) {
    yield {
      orders: [],
      errors: [{ line: jsonErrorLine(content, error as Error), message: `the file is not valid JSON: ${(error as Error).message}` }],
    };
    return;
  }
  const file = orderImportFile.safeParse(data);
  if (!file.success) {
    yield {
      orders: [],
      errors: file.error.issues.map((issue) => ({
        line: issue.path.length ? jsonPath('', issue.path).replace(/^\./, '') : '$',
        message: issue.path.length ? describeIssue(issue.path, issue.message) : 'the file must be an object { "orders": [ … ] }',
      })),
    };
    return;
  }
  let slice: ParsedSlice = { orders: [], errors: [] };
  let linesInSlice = 0;
  const firstAt = new Map<string, string>();
  const list = file.data.orders;
  for (let i = 0; i < list.length; i++) {
    const value = list[i];
    const base = `orders[${i}]`;
    const result = validateOrder(value, (path) => jsonPath(base, path));
    slice.errors.push(...result.errors);
    if (result.order) slice.orders.push({ order: result.order, line: base });
    // Two orders of one file with the same source_id would be one order: the later ones are refused.
    const sourceId = rawSourceId((value as { source_id?: unknown } | null)?.source_id);
    if (sourceId !== undefined) {
      const seen = firstAt.get(sourceId);
      if (seen)
        slice.errors.push({
          line: `${base}.source_id`,
          message: `source_id ${sourceId} ${ORDER_IMPORT_MSG.duplicateOrder} (first at ${seen})`,
        });
      else firstAt.set(sourceId, base);
    }
    linesInSlice += result.order?.lines.length ?? 1;
    if (linesInSlice >= sliceLines) {
      yield slice;
      slice = { orders: [], errors: [] };
      linesInSlice = 0;
    }
  }
  yield slice;
}

/** Errors in file order: CSV lines by number, JSON paths by their order index. */
export function sortErrors(errors: ImportError[]): ImportError[] {
  const key = (e: ImportError) => (typeof e.line === 'number' ? e.line : Number(/^orders\[(\d+)\]/.exec(e.line)?.[1] ?? -1));
  return errors
    .map((e, i) => ({ e, i }))
    .sort((a, b) => key(a.e) - key(b.e) || a.i - b.i)
    .map((x) => x.e);
}

/** Bounds the list so a file where every row is wrong still gives a readable answer. */
export function capErrors(errors: ImportError[]): ImportError[] {
  const max = ORDER_IMPORT_LIMITS.maxReportedErrors;
  if (errors.length <= max) return errors;
  return [...errors.slice(0, max), { line: '…', message: `${errors.length - max} more errors not shown` }];
}

/**
 * Any order file as slices in file order (errors unsorted): the import writes a slice while it
 * parses the next. A character that cannot be stored refuses the file before anything is read.
 */
export function* orderFileSlices(format: OrderFileFormat, content: string, sliceLines: number): Generator<ParsedSlice> {
  // Files from the CLI, FTP and partners skip the upload's schema: the same check, by position.
  const bad = findUnstorableChar(content);
  if (bad) {
    yield { orders: [], errors: [{ line: bad.line, message: unstorableCharMessage(bad).replace(/^Line \d+, /, '') }] };
    return;
  }
  yield* format === 'csv' ? csvOrderSlices(content, sliceLines) : jsonOrderSlices(content, sliceLines);
}

/** The whole file at once: its valid orders and every error in file order (bounded). */
export function parseOrderFile(format: OrderFileFormat, content: string): ParsedOrderFile {
  const parsed = collectSlices(orderFileSlices(format, content, Number.POSITIVE_INFINITY));
  return { orders: parsed.orders, errors: capErrors(sortErrors(parsed.errors)) };
}

/** Guesses the format from a file name; JSON when the content starts with { (used by the CLI and FTP inbound). */
export function orderFileFormatOf(fileName: string, content: string): OrderFileFormat {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.csv')) return 'csv';
  return content.trimStart().startsWith('{') ? 'json' : 'csv';
}
