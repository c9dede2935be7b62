import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ORDER_IMPORT_LIMITS } from '../../../contract/order-import.js';
import { orderFileFormatOf, parseOrderFile } from './order-file.parser.js';

const example = (name: string) => readFileSync(new URL(`../../../../examples/${name}`, import.meta.url), 'utf8');

const HEADER = 'source_id,order_number,delivery_city,created_at,source,line_number,quantity,sku,upc,name_1,color,size';
const csv = (...rows: string[]) => [HEADER, ...rows].join('\n') + '\n';
const messagesOf = (r: ReturnType<typeof parseOrderFile>) => r.errors.map((e) => `${e.line}: ${e.message}`);

const jsonLine = (over: Record<string, unknown> = {}) => ({ line_number: 1, quantity: 1, product: { sku: 'SKU-1' }, ...over });
const jsonOrder = (over: Record<string, unknown> = {}) => ({ source_id: 'A-1', lines: [jsonLine()], ...over });
const json = (orders: unknown) => parseOrderFile('json', JSON.stringify({ orders }));

describe('the example files', () => {
  it('parse without errors, and the CSV and the JSON give the same orders', () => {
    const fromCsv = parseOrderFile('csv', example('orders.csv'));
    const fromJson = parseOrderFile('json', example('orders.json'));
    expect(fromCsv.errors).toEqual([]);
    expect(fromJson.errors).toEqual([]);
    expect(fromCsv.orders.map((o) => o.order)).toEqual(fromJson.orders.map((o) => o.order));
    expect(fromCsv.orders.map((o) => o.line)).toEqual([2, 4, 5]);
    expect(fromJson.orders.map((o) => o.line)).toEqual(['orders[0]', 'orders[1]', 'orders[2]']);
  });

  it('normalise values: defaults, trimmed text, numbers, dates in UTC', () => {
    const [first, second, third] = parseOrderFile('csv', example('orders.csv')).orders.map((o) => o.order);
    expect(first).toMatchObject({ source_id: 'EX-1001', order_status: 'New', created_at: '2026-03-02T09:15:00.000Z' });
    expect(first!.lines).toEqual([
      {
        line_number: 1,
        quantity: 1,
        product: { sku: 'EX-TSHIRT-BLK-M', upc: '4006381333931', name_1: 'Organic T-Shirt, crew neck', color: 'Black', size: 'M' },
      },
      {
        line_number: 2,
        quantity: 2,
        product: { sku: 'EX-SOCKS-GRY-42', upc: '4006381333948', name_1: 'Merino Socks', color: 'Grey', size: '42' },
      },
    ]);
    expect(second).toMatchObject({ created_at: '2026-03-02T00:00:00.000Z', delivery_address_1: '12, rue de la Paix' });
    expect(second!.buyer_reference).toBeUndefined();
    // Later rows of an order may leave the order fields empty.
    expect(third).toMatchObject({ source_id: 'EX-1003', delivery_city: 'Seattle' });
    expect(third!.created_at).toBeUndefined();
    expect(third!.lines.map((l) => l.line_number)).toEqual([10, 20]);
  });

  it('guesses the format from the name or the content', () => {
    expect(orderFileFormatOf('a.JSON', '')).toBe('json');
    expect(orderFileFormatOf('a.csv', '{')).toBe('csv');
    expect(orderFileFormatOf('ORD0001.dat', '  {"orders": []}')).toBe('json');
    expect(orderFileFormatOf('ORD0001.dat', 'source_id,…')).toBe('csv');
  });
});

describe('CSV validation', () => {
  it('refuses a header with unknown, doubled or missing columns, all on line 1', () => {
    const r = parseOrderFile('csv', 'source_id,qty,sku,sku,Line_Number\nA,1,S,S,1\n');
    expect(messagesOf(r)).toEqual(['1: unknown column qty', '1: column sku appears twice', '1: missing column quantity']);
    expect(r.orders).toEqual([]);
  });

  it('refuses an empty file and a file with a header only', () => {
    expect(messagesOf(parseOrderFile('csv', ''))).toEqual(['1: the file is empty (a header row is expected)']);
    expect(messagesOf(parseOrderFile('csv', csv()))).toEqual(['2: the file holds no orders']);
  });

  it('reports every bad row with its line and reason', () => {
    const r = parseOrderFile(
      'csv',
      csv(
        'A,SO-1,Berlin,,,1,0,SKU-1,,,,', // quantity 0
        'A,SO-1,Berlin,,,2,x,,,,,', // quantity not a number, sku missing
        'B,SO-2,Paris,2026-02-30,,,1.5,SKU-2,,,,', // bad date, no line number, fractional quantity
        'C,SO-3,Rome,,Fax,1,1,SKU-3,,,,', // unknown source
        ',SO-4,Oslo,,,1,1,SKU-4,,,,', // no source_id
        'D,SO-5,Bonn,,,1,1,SKU-5,,', // too few fields
      ),
    );
    expect(messagesOf(r)).toEqual([
      '2: quantity must be a whole number of at least 1',
      '3: quantity must be a whole number of at least 1',
      '3: sku is required',
      '4: created_at must be an ISO date like 2026-03-01 or 2026-03-01T10:30:00Z',
      '4: line_number is required',
      '4: quantity must be a whole number of at least 1',
      '5: source must be one of Biztalk, SGL Ecommerce, Biztalk Rest',
      '6: source_id is required',
      '7: the row has 10 fields, the header has 12',
    ]);
    expect(r.orders).toEqual([]);
  });

  it('refuses a line number used twice in an order, on the second row', () => {
    const r = parseOrderFile('csv', csv('A,SO-1,,,,1,1,SKU-1,,,,', 'A,SO-1,,,,1,2,SKU-2,,,,'));
    expect(messagesOf(r)).toEqual(['3: line_number is used twice in this order']);
  });

  it('refuses rows of one order that are not together', () => {
    const r = parseOrderFile('csv', csv('A,SO-1,,,,1,1,SKU-1,,,,', 'B,SO-2,,,,1,1,SKU-1,,,,', 'A,SO-1,,,,2,1,SKU-2,,,,'));
    expect(messagesOf(r)).toEqual(['4: the rows of order A must be together (an earlier row of it is at line 2)']);
  });

  it('refuses an order field that differs between the rows of one order', () => {
    const r = parseOrderFile('csv', csv('A,SO-1,Berlin,,,1,1,SKU-1,,,,', 'A,SO-1,Hamburg,,,2,1,SKU-2,,,,'));
    expect(messagesOf(r)).toEqual(['3: delivery_city differs from line 2 of the same order ("Hamburg" vs "Berlin")']);
  });

  it('refuses text longer than its column allows', () => {
    const r = parseOrderFile('csv', csv(`A,SO-1,,,,1,1,${'S'.repeat(101)},,,,`));
    expect(messagesOf(r)).toEqual(['2: sku must be at most 100 characters']);
  });

  it('counts lines right with quoted line breaks, blank lines, CRLF and a byte order mark', () => {
    const content =
      '\uFEFF' +
      [HEADER, 'A,SO-1,,,,1,1,SKU-1,,"two\r\nline name",,', '', 'A,SO-1,,,,2,0,SKU-2,,,,', 'B,SO-2,,,,1,1,SKU-1,,,,'].join('\r\n');
    const r = parseOrderFile('csv', content);
    expect(messagesOf(r)).toEqual(['5: quantity must be a whole number of at least 1']);
  });

  it('reports an unclosed quote with its line', () => {
    const r = parseOrderFile('csv', csv('A,SO-1,,,,1,1,SKU-1,,,,', 'B,"SO-2,,,,1,1,SKU-1,,,,'));
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.line).toBe(3);
    expect(r.errors[0]!.message).toMatch(/^the CSV cannot be read: /);
  });

  it('accepts header names in any case and order, and rows with only empty cells', () => {
    const r = parseOrderFile('csv', 'SKU,Quantity,LINE_NUMBER,Source_Id\nS-1,3,1,A\n,,,\nS-2,1,2,A\n');
    expect(r.errors).toEqual([]);
    expect(r.orders[0]!.order.lines.map((l) => [l.product.sku, l.quantity])).toEqual([
      ['S-1', 3],
      ['S-2', 1],
    ]);
  });
});

describe('JSON validation', () => {
  it('reports a syntax error with its line', () => {
    const r = parseOrderFile('json', '{\n  "orders": [\n    { "source_id": "A", }\n  ]\n}');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.line).toBe(3);
    expect(r.errors[0]!.message).toMatch(/^the file is not valid JSON: /);
  });

  it('refuses a file that is not { orders: [ … ] } or holds no orders', () => {
    expect(messagesOf(parseOrderFile('json', '[]'))).toEqual(['$: the file must be an object { "orders": [ … ] }']);
    expect(messagesOf(parseOrderFile('json', '{}'))).toEqual(['orders: orders must be a list']);
    expect(messagesOf(json([]))).toEqual(['orders: the file holds no orders']);
    expect(messagesOf(parseOrderFile('json', '{"orders": [], "extra": 1}'))).toEqual([
      'orders: the file holds no orders',
      '$: the file must be an object { "orders": [ … ] }',
    ]);
  });

  it('names every bad field by its path', () => {
    const r = json([
      jsonOrder(),
      jsonOrder({
        source_id: 'B-1',
        delivery_email: { at: 'x' },
        lines: [jsonLine(), jsonLine({ line_number: 2, quantity: -1, product: { sku: '', colour: 'red' } }), 'x'],
      }),
      jsonOrder({ source_id: null, lines: [], foo: true }),
    ]);
    expect(messagesOf(r)).toEqual([
      'orders[1].delivery_email: delivery_email must be text',
      'orders[1].lines[1].quantity: quantity must be a whole number of at least 1',
      'orders[1].lines[1].product.sku: sku is required',
      'orders[1].lines[1].product: product has unknown field colour',
      'orders[1].lines[2]: lines[2] must be an object',
      'orders[2].source_id: source_id is required',
      'orders[2].lines: an order needs at least one line',
      'orders[2]: order has unknown field foo',
    ]);
    expect(r.orders.map((o) => o.order.source_id)).toEqual(['A-1']);
  });

  it('refuses two orders with the same source_id and a line number used twice', () => {
    const r = json([jsonOrder(), jsonOrder({ source_id: ' A-1 ' }), jsonOrder({ source_id: 'C', lines: [jsonLine(), jsonLine()] })]);
    expect(messagesOf(r)).toEqual([
      'orders[1].source_id: source_id A-1 is used by two orders in this file (first at orders[0])',
      'orders[2].lines[1].line_number: line_number is used twice in this order',
    ]);
  });

  it('accepts numbers for references and numeric strings for quantities', () => {
    const r = json([
      jsonOrder({
        source_id: 5001,
        delivery_number: 80012345,
        lines: [jsonLine({ quantity: '2', product: { sku: 'S', upc: 4006381333931 } })],
      }),
    ]);
    expect(r.errors).toEqual([]);
    expect(r.orders[0]!.order).toMatchObject({
      source_id: '5001',
      delivery_number: '80012345',
      lines: [{ quantity: 2, product: { upc: '4006381333931' } }],
    });
  });

  it('lists at most the first thousand problems and says how many more there are', () => {
    const bad = Array.from({ length: ORDER_IMPORT_LIMITS.maxReportedErrors + 5 }, (_, i) =>
      jsonOrder({ source_id: `X${i}`, lines: [jsonLine({ quantity: 0 })] }),
    );
    const r = json(bad);
    expect(r.errors).toHaveLength(ORDER_IMPORT_LIMITS.maxReportedErrors + 1);
    expect(r.errors.at(-1)).toEqual({ line: '…', message: '5 more errors not shown' });
  });
});
