import { parse } from 'csv-parse/sync';
import { LINE_FIELDS, ORDER_FIELDS, PRODUCT_FIELDS, type ImportError } from '../../../contract/order-import.js';
import { validateOrder, type ParsedOrder, type ParsedOrderFile } from './order-file.validation.js';

/**
 * CSV order file: a header row, then one row per order line with the order's fields repeated
 * (later rows of an order may leave them empty). Rows of one order are consecutive.
 */

const KNOWN_COLUMNS: readonly string[] = [...ORDER_FIELDS, ...LINE_FIELDS, ...PRODUCT_FIELDS];
const REQUIRED_COLUMNS = ['source_id', 'line_number', 'quantity', 'sku'] as const;

type Row = { line: number; fields: string[] };
/** Column name → index in a row; only the columns the header has. */
type Columns = Map<string, number>;

interface OrderGroup {
  sourceId: string;
  firstLine: number;
  rows: Row[];
}

function readRecords(content: string): { records: { line: number; fields: string[] }[]; error?: ImportError } {
  try {
    const parsed = parse(content, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as {
      record: string[];
      info: { lines: number };
    }[];
    // info.lines is where a record ends; a quoted field may hold line breaks, so count back to its
    // start. csv-parse counts a CRLF inside quotes as two lines: take those extra ones off as well.
    let extra = 0;
    const records = parsed.map(({ record, info }) => {
      let breaks = 0;
      for (const f of record) {
        if (!f.includes('\n') && !f.includes('\r')) continue; // the usual case, kept cheap
        breaks += f.match(/\r\n|\r|\n/g)!.length;
        extra += f.match(/\r\n/g)?.length ?? 0;
      }
      return { line: info.lines - extra - breaks, fields: record };
    });
    return { records };
  } catch (error) {
    const e = error as Error & { lines?: number };
    return { records: [], error: { line: e.lines ?? 1, message: `the CSV cannot be read: ${e.message}` } };
  }
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
  const orderColumns = ORDER_FIELDS.flatMap((f) => (columns.has(f) ? [[f, columns.get(f)!] as const] : []));
  for (const row of group.rows) {
    for (const [field, index] of orderColumns) {
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
  const productColumns = PRODUCT_FIELDS.flatMap((f) => (columns.has(f) ? [[f, columns.get(f)!] as const] : []));
  const lineNumber = columns.get('line_number')!;
  const quantity = columns.get('quantity')!;
  order.lines = group.rows.map((row) => {
    const product: Record<string, string> = {};
    for (const [field, index] of productColumns) product[field] = row.fields[index]!;
    return { line_number: row.fields[lineNumber], quantity: row.fields[quantity], product };
  });
  return { order, fieldLine };
}

export function parseOrderCsv(content: string): ParsedOrderFile {
  const { records, error } = readRecords(content);
  if (error) return { orders: [], errors: [error] };
  const [header, ...body] = records;
  if (!header) return { orders: [], errors: [{ line: 1, message: 'the file is empty (a header row is expected)' }] };
  const { columns, errors } = readHeader(header.fields);
  if (errors.length) return { orders: [], errors };
  const columnIndex: Columns = new Map(columns.map((c, i) => [c, i]));
  const sourceIdColumn = columnIndex.get('source_id')!;

  const groups: OrderGroup[] = [];
  const ended = new Map<string, number>();
  for (const record of body) {
    if (record.fields.every((f) => f === '' || !f.trim())) continue;
    if (record.fields.length !== columns.length) {
      errors.push({ line: record.line, message: `the row has ${record.fields.length} fields, the header has ${columns.length}` });
      continue;
    }
    const sourceId = record.fields[sourceIdColumn]!.trim();
    if (!sourceId) {
      errors.push({ line: record.line, message: 'source_id is required' });
      continue;
    }
    const current = groups[groups.length - 1];
    if (current?.sourceId === sourceId) {
      current.rows.push({ line: record.line, fields: record.fields });
      continue;
    }
    if (current) ended.set(current.sourceId, current.rows[current.rows.length - 1]!.line);
    if (ended.has(sourceId)) {
      errors.push({
        line: record.line,
        message: `the rows of order ${sourceId} must be together (an earlier row of it is at line ${ended.get(sourceId)})`,
      });
      continue;
    }
    groups.push({ sourceId, firstLine: record.line, rows: [{ line: record.line, fields: record.fields }] });
  }
  if (!groups.length && !errors.length) errors.push({ line: 2, message: 'the file holds no orders' });

  const orders: ParsedOrder[] = [];
  for (const group of groups) {
    const { order, fieldLine } = buildOrder(group, columnIndex, errors);
    const result = validateOrder(order, (path) => {
      if (path[0] === 'lines' && typeof path[1] === 'number') return group.rows[path[1]]?.line ?? group.firstLine;
      return fieldLine[String(path[0])] ?? group.firstLine;
    });
    errors.push(...result.errors);
    if (result.order) orders.push({ order: result.order, line: group.firstLine });
  }
  return { orders, errors };
}
