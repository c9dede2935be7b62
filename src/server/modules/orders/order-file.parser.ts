import { findUnstorableChar, unstorableCharMessage } from '../../../contract/common.js';
import { ORDER_IMPORT_LIMITS, orderImportFile, type ImportError, type OrderFileFormat } from '../../../contract/order-import.js';
import { parseOrderCsv } from './order-csv.parser.js';
import {
  describeIssue,
  findDuplicateOrders,
  jsonPath,
  rawSourceId,
  validateOrder,
  type ParsedOrder,
  type ParsedOrderFile,
} from './order-file.validation.js';

export type { ParsedOrder, ParsedOrderFile } from './order-file.validation.js';

/** Node prints "… in JSON at position 42" (20) or "… (line 3 column 5)" (22+): answer the line. */
function jsonErrorLine(content: string, error: Error): number {
  const lineCol = /line (\d+) column \d+/.exec(error.message);
  if (lineCol) return Number(lineCol[1]);
  const position = /position (\d+)/.exec(error.message);
  if (!position) return 1;
  return content.slice(0, Number(position[1])).split('\n').length;
}

export function parseOrderJson(content: string): ParsedOrderFile {
  let data: unknown;
  try {
    data = JSON.parse(content.replace(/^\uFEFF/, ''));
  } catch (error) {
    return {
      orders: [],
      errors: [{ line: jsonErrorLine(content, error as Error), message: `the file is not valid JSON: ${(error as Error).message}` }],
    };
  }
  const file = orderImportFile.safeParse(data);
  if (!file.success) {
    return {
      orders: [],
      errors: file.error.issues.map((issue) => ({
        line: issue.path.length ? jsonPath('', issue.path).replace(/^\./, '') : '$',
        message: issue.path.length ? describeIssue(issue.path, issue.message) : 'the file must be an object { "orders": [ … ] }',
      })),
    };
  }
  const orders: ParsedOrder[] = [];
  const errors: ImportError[] = [];
  file.data.orders.forEach((value, i) => {
    const base = `orders[${i}]`;
    const result = validateOrder(value, (path) => jsonPath(base, path));
    errors.push(...result.errors);
    if (result.order) orders.push({ order: result.order, line: base });
  });
  const candidates = file.data.orders.map((value, i) => ({
    sourceId: rawSourceId((value as { source_id?: unknown } | null)?.source_id),
    line: `orders[${i}].source_id`,
    where: `orders[${i}]`,
  }));
  errors.push(...findDuplicateOrders(candidates));
  return { orders, errors: sortErrors(errors) };
}

/** Errors in file order: CSV lines by number, JSON paths by their order index. */
function sortErrors(errors: ImportError[]): ImportError[] {
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

export function parseOrderFile(format: OrderFileFormat, content: string): ParsedOrderFile {
  // Files from the CLI, FTP and partners skip the upload's schema: the same check, by position.
  const bad = findUnstorableChar(content);
  if (bad) return { orders: [], errors: [{ line: bad.line, message: unstorableCharMessage(bad).replace(/^Line \d+, /, '') }] };
  const parsed = format === 'csv' ? parseOrderCsv(content) : parseOrderJson(content);
  return { orders: parsed.orders, errors: capErrors(sortErrors(parsed.errors)) };
}

/** Guesses the format from a file name; JSON when the content starts with { (used by the CLI and FTP inbound). */
export function orderFileFormatOf(fileName: string, content: string): OrderFileFormat {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.json')) return 'json';
  if (lower.endsWith('.csv')) return 'csv';
  return content.trimStart().startsWith('{') ? 'json' : 'csv';
}
