import type { z } from 'zod';
import { quickCheckOrder } from './order-file.quick-check.js';
import { ORDER_IMPORT_MSG, orderImportOrder, type ImportError, type OrderImportOrder } from '../../../contract/order-import.js';

/** Shared by the CSV and JSON parsers: one order schema, one way of naming a bad field. */

/** One valid order and where it starts in the file (to report a failure while writing it). */
export interface ParsedOrder {
  order: OrderImportOrder;
  line: number | string;
}

export interface ParsedOrderFile {
  orders: ParsedOrder[];
  errors: ImportError[];
}

/** A part of a file, in file order: its valid orders and the errors found in it (unsorted). */
export type ParsedSlice = ParsedOrderFile;

/** All slices of a file as one answer (errors still unsorted). */
export function collectSlices(slices: Iterable<ParsedSlice>): ParsedOrderFile {
  const orders: ParsedOrder[] = [];
  const errors: ImportError[] = [];
  for (const slice of slices) {
    for (const o of slice.orders) orders.push(o);
    for (const e of slice.errors) errors.push(e);
  }
  return { orders, errors };
}

type IssuePath = readonly PropertyKey[];

/** "quantity must be …", "lines[2] must be an object", "order has unknown field foo". */
export function describeIssue(path: IssuePath, message: string): string {
  // Sentences such as "an order needs at least one line" stand alone; "must be …" needs its field.
  if (!/^(is|must|has) /.test(message)) return message;
  const last = path[path.length - 1];
  if (last === undefined) return `order ${message}`;
  if (typeof last === 'number') return `${String(path[path.length - 2] ?? 'item')}[${last}] ${message}`;
  return `${String(last)} ${message}`;
}

/** orders[3].lines[1].quantity */
export function jsonPath(base: string, path: IssuePath): string {
  return path.reduce<string>((acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : `${acc}.${String(key)}`), base);
}

/**
 * Validates one candidate order; `locate` turns a path inside the order into the reported line
 * (a CSV line number or a JSON path). A plainly valid order is answered by the quick check; zod
 * decides (and words the errors) for every other.
 */
export function validateOrder(
  value: unknown,
  locate: (path: IssuePath) => number | string,
): { order?: OrderImportOrder; errors: ImportError[] } {
  const quick = quickCheckOrder(value);
  if (quick) return { order: quick, errors: [] };
  const result = orderImportOrder.safeParse(value);
  if (result.success) return { order: result.data, errors: [] };
  return { errors: issuesToErrors(result.error.issues, locate) };
}

export function issuesToErrors(issues: z.core.$ZodIssue[], locate: (path: IssuePath) => number | string): ImportError[] {
  return issues.map((issue) => ({ line: locate(issue.path), message: describeIssue(issue.path, issue.message) }));
}

/** Two orders of one file with the same source_id would be one order: refuse the later ones. */
export function findDuplicateOrders(candidates: { sourceId: string | undefined; line: number | string; where: string }[]): ImportError[] {
  const first = new Map<string, string>();
  const errors: ImportError[] = [];
  for (const c of candidates) {
    if (!c.sourceId) continue;
    const seen = first.get(c.sourceId);
    if (seen) errors.push({ line: c.line, message: `source_id ${c.sourceId} ${ORDER_IMPORT_MSG.duplicateOrder} (first at ${seen})` });
    else first.set(c.sourceId, c.where);
  }
  return errors;
}

export const rawSourceId = (value: unknown): string | undefined => {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
};
