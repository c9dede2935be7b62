import { isStorableText } from '../../../contract/common.js';
import { LIMITS, ORDER_SOURCES, ORDER_STATUS_NEW } from '../../../contract/constants.js';
import {
  ISO_DATE,
  isoInstantOf,
  LINE_NUMBER_MAX,
  ORDER_IMPORT_LIMITS,
  ORDER_TEXT_MAX,
  PRODUCT_TEXT_MAX,
  unitValueMinorOf,
  type OrderImportOrder,
} from '../../../contract/order-import.js';

/**
 * The order schema (contract/order-import.ts) answered without zod for an order that is valid:
 * the same value zod's parse gives, or undefined as soon as anything is not plainly valid — then
 * zod decides and words the errors. Issue 13: zod's preprocess/refine chain per field was a third
 * of the parse of a big file (10 µs a line); these checks are a few string tests a field.
 * order-file.quick-check.test.ts compares both on generated orders.
 */

type Plain = Record<string, unknown>;
const NOT_SURE = Symbol('not sure');

const ORDER_KEYS = new Set<string>([...Object.keys(ORDER_TEXT_MAX), 'source', 'created_at', 'lines']);
const LINE_KEYS = new Set(['line_number', 'quantity', 'product', 'serials', 'unit_value']);
const PRODUCT_KEYS = new Set(Object.keys(PRODUCT_TEXT_MAX));
const SOURCES = new Set<string>(ORDER_SOURCES);
const DIGITS = /^\s*\d+\s*$/;
const PRODUCT_FIELD_ORDER = Object.keys(PRODUCT_TEXT_MAX) as (keyof typeof PRODUCT_TEXT_MAX)[];
const ORDER_TEXT_FIELDS = Object.keys(ORDER_TEXT_MAX) as (keyof typeof ORDER_TEXT_MAX)[];

const isPlainObject = (v: unknown): v is Plain => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

function onlyKeys(value: Plain, allowed: Set<string>): boolean {
  for (const key in value) if (!allowed.has(key)) return false;
  return true;
}

/** The schema's blankToUndefined: null and blank text are "not given", a finite number is text. */
function given(v: unknown): unknown {
  if (v === null) return undefined;
  if (typeof v === 'string') return v.trim() === '' ? undefined : v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return v;
}

/** Optional (or, with `required`, required) trimmed text of at most `max` characters. */
function textOf(v: unknown, max: number, required = false): string | undefined | typeof NOT_SURE {
  const value = given(v);
  if (value === undefined) return required ? NOT_SURE : undefined;
  if (typeof value !== 'string' || !isStorableText(value)) return NOT_SURE;
  const trimmed = value.trim();
  return trimmed.length > max ? NOT_SURE : trimmed;
}

function wholeNumberOf(v: unknown, max: number): number | typeof NOT_SURE {
  const n = typeof v === 'string' && DIGITS.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= max ? n : NOT_SURE;
}

/** A line's unit value (issue 25) in minor units; a bad one is left to zod to word. */
function unitValueOf(v: unknown): number | undefined | typeof NOT_SURE {
  const value = given(v);
  if (value === undefined) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') return NOT_SURE;
  const minor = unitValueMinorOf(value);
  return typeof minor === 'number' ? minor : NOT_SURE;
}

/** Sets a key the way zod's object parse does: a key present in the input stays, even as undefined. */
function put(out: Plain, input: Plain, key: string, value: unknown) {
  if (value !== undefined || key in input) out[key] = value;
}

function productOf(value: unknown): Plain | typeof NOT_SURE {
  if (!isPlainObject(value) || !onlyKeys(value, PRODUCT_KEYS)) return NOT_SURE;
  const out: Plain = {};
  for (const key of PRODUCT_FIELD_ORDER) {
    const text = textOf(value[key], PRODUCT_TEXT_MAX[key], key === 'sku');
    if (text === NOT_SURE) return NOT_SURE;
    put(out, value, key, text);
  }
  return out;
}

/**
 * The rows of a file mostly repeat a few dates, and building an instant (Date, toISOString) was the
 * heaviest step of this check: answers are remembered, a bounded number of them.
 */
const instants = new Map<string, string | undefined>();
function instantOf(trimmed: string): string | undefined {
  if (instants.has(trimmed)) return instants.get(trimmed);
  const instant = ISO_DATE.test(trimmed) ? isoInstantOf(trimmed) : undefined;
  if (instants.size >= 1000) instants.clear();
  instants.set(trimmed, instant);
  return instant;
}

/** The order as the schema would answer it, or undefined when zod must look at it. */
export function quickCheckOrder(value: unknown): OrderImportOrder | undefined {
  if (!isPlainObject(value) || !onlyKeys(value, ORDER_KEYS)) return undefined;
  const out: Plain = {};
  // The schema's key order: source_id … order_type, order_status, source, created_at, delivery_… , lines.
  for (const key of ORDER_TEXT_FIELDS) {
    if (key === 'delivery_name_1') {
      const source = given(value.source);
      if (source !== undefined && (typeof source !== 'string' || !SOURCES.has(source))) return undefined;
      put(out, value, 'source', source);
      const created = given(value.created_at);
      if (created === undefined) put(out, value, 'created_at', undefined);
      else {
        if (typeof created !== 'string' || !isStorableText(created)) return undefined;
        const instant = instantOf(created.trim());
        if (instant === undefined) return undefined;
        out.created_at = instant;
      }
    }
    const text = textOf(value[key], ORDER_TEXT_MAX[key], key === 'source_id');
    if (text === NOT_SURE) return undefined;
    if (key === 'order_status') out.order_status = text ?? ORDER_STATUS_NEW;
    else put(out, value, key, text);
  }
  const lines = value.lines;
  if (!Array.isArray(lines) || lines.length < 1 || lines.length > ORDER_IMPORT_LIMITS.maxLinesPerOrder) return undefined;
  const outLines: Plain[] = [];
  const numbers = new Set<number>();
  for (const line of lines as unknown[]) {
    if (!isPlainObject(line) || !onlyKeys(line, LINE_KEYS)) return undefined;
    const lineNumber = wholeNumberOf(line.line_number, LINE_NUMBER_MAX);
    const quantity = wholeNumberOf(line.quantity, LIMITS.maxLedgerQuantity);
    // Serials (issue 27) are rare: zod reads a line that has them.
    if (line.serials !== undefined) return undefined;
    const product = productOf(line.product);
    const unitValue = unitValueOf(line.unit_value);
    if (lineNumber === NOT_SURE || quantity === NOT_SURE || product === NOT_SURE || unitValue === NOT_SURE || numbers.has(lineNumber))
      return undefined;
    numbers.add(lineNumber);
    const outLine: Plain = { line_number: lineNumber, quantity, product };
    put(outLine, line, 'unit_value', unitValue);
    outLines.push(outLine);
  }
  out.lines = outLines;
  return out as OrderImportOrder;
}
