import { LINE_FIELDS, ORDER_FIELDS, PRODUCT_FIELDS, type ImportError } from '../../../contract/order-import.js';
import { readCsvRecords, type CsvRecord } from './order-csv.records.js';
import { validateOrder, type ParsedSlice } from './order-file.validation.js';

/**
 * CSV order file: a header row, then one row per order line with the order's fields repeated
 * (later rows of an order may leave them empty). Rows of one order are consecutive.
 */

const KNOWN_COLUMNS: readonly string[] = [...ORDER_FIELDS, ...LINE_FIELDS, ...PRODUCT_FIELDS];
const REQUIRED_COLUMNS = ['source_id', 'line_number', 'quantity', 'sku'] as const;

type Row = CsvRecord;
/** Where each field is in a row; only the columns the header has. Worked out once a file. */
interface Columns {
  order: (readonly [string, number])[];
  product: (readonly [string, number])[];
  lineNumber: number;
  quantity: number;
  /** The optional `serials` column (issue 27). */
  serials: number | undefined;
  /** The optional `unit_value` column (issue 25): an amount like 12.50. */
  unitValue: number | undefined;
}

function columnsOf(header: string[]): Columns {
  const at = new Map(header.map((c, i) => [c, i]));
  const present = (fields: readonly string[]) => fields.flatMap((f) => (at.has(f) ? [[f, at.get(f)!] as const] : []));
  return {
    order: present(ORDER_FIELDS),
    product: present(PRODUCT_FIELDS),
    lineNumber: at.get('line_number')!,
    quantity: at.get('quantity')!,
    serials: at.get('serials'),
    unitValue: at.get('unit_value'),
  };
}

interface OrderGroup {
  sourceId: string;
  firstLine: number;
  rows: Row[];
}

function readHeader(fields: string[]): { columns: string[]; errors: ImportError[] } {
  const columns = fields.map((f) => f.trim().toLowerCase());
  const errors: ImportError[] = [];
  const seen = new Set<string>();
  for (const column of columns) {
    if (!column) errors.push({ line: 1, message: 'the header has an empty column name' });
    else if (!KNOWN_COLUMNS.includes(column)) errors.push({ line: 1, message: `unknown column ${column}` });
    else if (seen.has(column)) errors.push({ line: 1, message: `column ${column} appears twice` });
    seen.add(column);
  }
  for (const required of REQUIRED_COLUMNS) if (!seen.has(required)) errors.push({ line: 1, message: `missing column ${required}` });
  return { columns, errors };
}

/** Order fields from the rows of one order: the first non-empty value; a different one later is an error. */
function buildOrder(group: OrderGroup, columns: Columns, errors: ImportError[]) {
  const order: Record<string, unknown> = {};
  const fieldLine: Record<string, number> = {};
  for (const row of group.rows) {
    for (const [field, index] of columns.order) {
      const value = row.fields[index]!.trim();
      if (!value) continue;
      const known = order[field] as string | undefined;
      if (known === undefined) {
        order[field] = value;
        fieldLine[field] = row.line;
      } else if (known !== value) {
        errors.push({
          line: row.line,
          message: `${field} differs from line ${fieldLine[field]} of the same order ("${value}" vs "${known}")`,
        });
      }
    }
  }
  const { lineNumber, quantity, serials, unitValue } = columns;
  order.lines = group.rows.map((row) => {
    const product: Record<string, string> = {};
    for (const [field, index] of columns.product) product[field] = row.fields[index]!;
    const line: Record<string, unknown> = { line_number: row.fields[lineNumber], quantity: row.fields[quantity], product };
    // Only a row that names serials carries the key, so the quick check still answers plain rows.
    if (serials !== undefined && row.fields[serials]!.trim()) line.serials = row.fields[serials];
    if (unitValue !== undefined && row.fields[unitValue]!.trim()) line.unit_value = row.fields[unitValue];
    return line;
  });
  return { order, fieldLine };
}

/**
 * The file's orders in slices of about `sliceRows` rows, in file order, each with the errors found
 * in its rows (the caller sorts them by line). Issue 13: the import writes one slice while the next
 * is parsed; a file with any error is still imported in none of its parts.
 */
export function* csvOrderSlices(content: string, sliceRows: number): Generator<ParsedSlice> {
  const { records, error } = readCsvRecords(content);
  if (error) {
    yield { orders: [], errors: [error] };
    return;
  }
  const header = records[0];
  if (!header) {
    yield { orders: [], errors: [{ line: 1, message: 'the file is empty (a header row is expected)' }] };
    return;
  }
  const { columns, errors: headerErrors } = readHeader(header.fields);
  if (headerErrors.length) {
    yield { orders: [], errors: headerErrors };
    return;
  }
  const columnIndex = columnsOf(columns);
  const sourceIdColumn = columns.indexOf('source_id');

  let slice: ParsedSlice = { orders: [], errors: [] };
  let rowsInSlice = 0;
  let anyOrder = false;
  let anyError = false;
  let current: OrderGroup | undefined;
  const ended = new Map<string, number>();
  const finish = (group: OrderGroup) => {
    const { order, fieldLine } = buildOrder(group, columnIndex, slice.errors);
    const result = validateOrder(order, (path) => {
      if (path[0] === 'lines' && typeof path[1] === 'number') return group.rows[path[1]]?.line ?? group.firstLine;
      return fieldLine[String(path[0])] ?? group.firstLine;
    });
    slice.errors.push(...result.errors);
    if (result.order) slice.orders.push({ order: result.order, line: group.firstLine });
    rowsInSlice += group.rows.length;
  };
  const fullSlice = () => {
    if (rowsInSlice < sliceRows) return undefined;
    const full = slice;
    anyError ||= full.errors.length > 0;
    slice = { orders: [], errors: [] };
    rowsInSlice = 0;
    return full;
  };

  for (let i = 1; i < records.length; i++) {
    const record = records[i]!;
    if (record.fields.every((f) => f === '' || !f.trim())) continue;
    if (record.fields.length !== columns.length) {
      slice.errors.push({ line: record.line, message: `the row has ${record.fields.length} fields, the header has ${columns.length}` });
      continue;
    }
    const sourceId = record.fields[sourceIdColumn]!.trim();
    if (!sourceId) {
      slice.errors.push({ line: record.line, message: 'source_id is required' });
      continue;
    }
    if (current?.sourceId === sourceId) {
      current.rows.push(record);
      continue;
    }
    if (current) ended.set(current.sourceId, current.rows[current.rows.length - 1]!.line);
    if (ended.has(sourceId)) {
      // The row is refused; the order before it stays open (a later row of it still joins it).
      slice.errors.push({
        line: record.line,
        message: `the rows of order ${sourceId} must be together (an earlier row of it is at line ${ended.get(sourceId)})`,
      });
      continue;
    }
    if (current) {
      finish(current);
      const full = fullSlice();
      if (full) yield full;
    }
    anyOrder = true;
    current = { sourceId, firstLine: record.line, rows: [record] };
  }
  if (current) finish(current);
  anyError ||= slice.errors.length > 0;
  if (!anyOrder && !anyError) slice.errors.push({ line: 2, message: 'the file holds no orders' });
  yield slice;
}
