import { readFileSync } from 'node:fs';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVED_COMPANY } from '../../../contract/constants.js';
import { customers, orderLines, orders, products } from '../../db/schema/index.js';
import { queryRows } from '../../db/client.js';
import { makeCustomer } from '../../test/factories.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { BULK_ROWS, createOrderImportService, type OrderImportService } from './order-import.service.js';

const example = (name: string) => readFileSync(new URL(`../../../../examples/${name}`, import.meta.url), 'utf8');

let t: TestDatabase;
let service: OrderImportService;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestDatabase();
  service = createOrderImportService({ db: db() });
});
afterAll(() => t.close());

async function counts(customerId: number) {
  const [row] = await queryRows<{ orders: number; lines: number; products: number }>(
    db(),
    sql`select (select count(*)::int from orders where customer_id = ${customerId}) as orders,
               (select count(*)::int from order_lines l join orders o on o.id = l.order_id where o.customer_id = ${customerId}) as lines,
               (select count(*)::int from products where customer_id = ${customerId}) as products`,
  );
  return row!;
}

const line = (n: number, sku: string, quantity = 1, extra: Record<string, string> = {}) => ({
  line_number: n,
  quantity,
  product: { sku, ...extra },
});
const order = (sourceId: string, lines: unknown[], extra: Record<string, unknown> = {}) => ({
  source_id: sourceId,
  order_number: `SO-${sourceId}`,
  lines,
  ...extra,
});
const jsonFile = (list: unknown[]) => JSON.stringify({ orders: list });

describe('order import', () => {
  it('imports the example file with the customer order source and the file created_at', async () => {
    const customer = await makeCustomer(db(), { orderSource: 'SGL Ecommerce' });
    const summary = await service.importFile({ customerId: customer.id, format: 'csv', content: example('orders.csv') });
    expect(summary).toEqual({
      orders_created: 3,
      orders_unchanged: 0,
      lines_created: 5,
      products_created: 4,
      products_updated: 0,
      errors: [],
    });
    const rows = await db().select().from(orders).where(eq(orders.customerId, customer.id)).orderBy(asc(orders.sourceId1));
    expect(rows.map((r) => [r.sourceId1, r.source, r.orderStatus, r.deliveryNumber])).toEqual([
      ['EX-1001', 'SGL Ecommerce', 'New', '80090001'],
      ['EX-1002', 'SGL Ecommerce', 'New', '80090002'],
      ['EX-1003', 'SGL Ecommerce', 'New', '80090003'],
    ]);
    expect(rows[0]!.createdAt.toISOString()).toBe('2026-03-02T09:15:00.000Z');
    const lines = await db()
      .select({ n: orderLines.lineNumber, q: orderLines.quantity, sku: products.sku, customerId: products.customerId })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(eq(orderLines.orderId, rows[2]!.id))
      .orderBy(asc(orderLines.lineNumber));
    expect(lines).toEqual([
      { n: 10, q: 6, sku: 'EX-TSHIRT-BLK-M', customerId: customer.id },
      { n: 20, q: 6, sku: 'EX-TSHIRT-WHT-L', customerId: customer.id },
    ]);
  });

  it('is idempotent: the same file twice, or the same orders as JSON, creates nothing new', async () => {
    const customer = await makeCustomer(db());
    await service.importFile({ customerId: customer.id, format: 'csv', content: example('orders.csv') });
    const before = await counts(customer.id);
    for (const [format, content] of [
      ['csv', example('orders.csv')],
      ['json', example('orders.json')],
    ] as const) {
      const again = await service.importFile({ customerId: customer.id, format, content });
      expect(again).toEqual({
        orders_created: 0,
        orders_unchanged: 3,
        lines_created: 0,
        products_created: 0,
        products_updated: 0,
        errors: [],
      });
    }
    expect(await counts(customer.id)).toEqual(before);
    expect(before).toEqual({ orders: 3, lines: 5, products: 4 });
  });

  it('imports nothing from a file with a bad row and reports the row with its line', async () => {
    const customer = await makeCustomer(db());
    const content = example('orders.csv').replace(
      'EX-1002,80090002,SO-90002,W900002,,Web,New,2026-03-02,',
      'EX-1002,80090002,SO-90002,W900002,,Web,New,2026-13-02,',
    );
    const summary = await service.importFile({ customerId: customer.id, format: 'csv', content });
    expect(summary).toMatchObject({ orders_created: 0, products_created: 0 });
    expect(summary.errors).toEqual([{ line: 4, message: 'created_at must be an ISO date like 2026-03-01 or 2026-03-01T10:30:00Z' }]);
    expect(await counts(customer.id)).toEqual({ orders: 0, lines: 0, products: 0 });
  });

  it('never touches the products of another customer', async () => {
    const other = await makeCustomer(db());
    const [theirs] = await db()
      .insert(products)
      .values({ customerId: other.id, sku: 'EX-TSHIRT-BLK-M', name1: 'Theirs', upc: '1111111111111' })
      .returning();
    const customer = await makeCustomer(db());
    await service.importFile({ customerId: customer.id, format: 'json', content: example('orders.json') });
    const [after] = await db().select().from(products).where(eq(products.id, theirs!.id));
    expect(after).toEqual(theirs);
    expect(await counts(other.id)).toEqual({ orders: 0, lines: 0, products: 1 });
    const [mine] = await db()
      .select()
      .from(products)
      .where(and(eq(products.customerId, customer.id), eq(products.sku, 'EX-TSHIRT-BLK-M')));
    expect(mine).toMatchObject({ name1: 'Organic T-Shirt, crew neck', upc: '4006381333931' });
  });

  it('leaves an imported order as it is: Return Created stays', async () => {
    const customer = await makeCustomer(db());
    await service.importFile({ customerId: customer.id, format: 'json', content: example('orders.json') });
    await db()
      .update(orders)
      .set({ orderStatus: 'Return Created' })
      .where(and(eq(orders.customerId, customer.id), eq(orders.sourceId1, 'EX-1002')));
    const changed = example('orders.json').replace('"delivery_city": "Paris"', '"delivery_city": "Lyon"');
    const again = await service.importFile({ customerId: customer.id, format: 'json', content: changed });
    expect(again).toMatchObject({ orders_created: 0, orders_unchanged: 3, errors: [] });
    const [row] = await db()
      .select()
      .from(orders)
      .where(and(eq(orders.customerId, customer.id), eq(orders.sourceId1, 'EX-1002')));
    expect(row).toMatchObject({ orderStatus: 'Return Created', deliveryCity: 'Paris' });
  });

  it('updates changed product details, keeping what a file leaves empty', async () => {
    const customer = await makeCustomer(db());
    await service.importFile({
      customerId: customer.id,
      format: 'json',
      content: jsonFile([order('P1', [line(1, 'SKU-A', 1, { upc: '4006381333931', name_1: 'Old name', color: 'Red' })])]),
    });
    const summary = await service.importFile({
      customerId: customer.id,
      format: 'json',
      content: jsonFile([order('P2', [line(1, 'SKU-A', 1, { name_1: 'New name' }), line(2, 'SKU-B')])]),
    });
    expect(summary).toMatchObject({ orders_created: 1, products_created: 1, products_updated: 1, lines_created: 2 });
    const [a] = await db()
      .select()
      .from(products)
      .where(and(eq(products.customerId, customer.id), eq(products.sku, 'SKU-A')));
    expect(a).toMatchObject({ name1: 'New name', upc: '4006381333931', color: 'Red' });
  });

  it('uses the source a file gives instead of the customer order source', async () => {
    const customer = await makeCustomer(db(), { orderSource: 'Biztalk' });
    await service.importFile({
      customerId: customer.id,
      format: 'json',
      content: jsonFile([order('S1', [line(1, 'X')], { source: 'Biztalk Rest' })]),
    });
    const [row] = await db().select().from(orders).where(eq(orders.customerId, customer.id));
    expect(row!.source).toBe('Biztalk Rest');
  });

  it('writes many orders in batches and answers their ids', async () => {
    const customer = await makeCustomer(db());
    const list = Array.from({ length: 450 }, (_, i) => order(`B${i}`, [line(1, `SKU-${i % 30}`, 2), line(2, `SKU-${(i + 7) % 30}`)]));
    const result = await service.importOrders(customer.id, list);
    expect(result.summary).toMatchObject({ orders_created: 450, lines_created: 900, products_created: 30, errors: [] });
    expect(result.orderIds.size).toBe(450);
    const again = await service.importOrders(customer.id, list);
    expect(again.summary).toMatchObject({ orders_created: 0, orders_unchanged: 450 });
    expect(again.orderIds).toEqual(result.orderIds);
  });

  it('rolls back only the order that fails while it is written, never half of it', async () => {
    const customer = await makeCustomer(db());
    // A real database failure in the middle of an order: its second line is refused.
    await db().execute(
      sql.raw(`
      create function refuse_quantity_999() returns trigger language plpgsql as $$
      begin
        if new.quantity = 999 then raise exception 'quantity 999 refused by test trigger'; end if;
        return new;
      end $$`),
    );
    await db().execute(
      sql.raw('create trigger refuse_quantity_999 before insert on order_lines for each row execute function refuse_quantity_999()'),
    );
    try {
      const list = Array.from({ length: 260 }, (_, i) => order(`F${i}`, [line(1, 'SKU-1'), line(2, 'SKU-2', i === 230 ? 999 : 1)]));
      const summary = (await service.importOrders(customer.id, list)).summary;
      expect(summary).toMatchObject({ orders_created: 259, lines_created: 518 });
      expect(summary.errors).toHaveLength(1);
      expect(summary.errors[0]!.line).toBe('orders[230]');
      expect(summary.errors[0]!.message).toMatch(
        /^order F230 could not be saved, nothing of it was imported: .*quantity 999 refused by test trigger/,
      );
      expect(await counts(customer.id)).toMatchObject({ orders: 259, lines: 518 });
      const [half] = await db()
        .select()
        .from(orders)
        .where(and(eq(orders.customerId, customer.id), eq(orders.sourceId1, 'F230')));
      expect(half).toBeUndefined();
    } finally {
      await db().execute(sql.raw('drop trigger refuse_quantity_999 on order_lines'));
      await db().execute(sql.raw('drop function refuse_quantity_999()'));
    }
  });

  it('two imports of the same file at once create every order once', async () => {
    const customer = await makeCustomer(db());
    const list = Array.from({ length: 300 }, (_, i) => order(`C${i}`, [line(1, `SKU-${i % 40}`), line(2, `SKU-${(i + 3) % 40}`)]));
    const content = jsonFile(list);
    const [a, b] = await Promise.all([
      service.importFile({ customerId: customer.id, format: 'json', content }),
      service.importFile({ customerId: customer.id, format: 'json', content }),
    ]);
    expect([...a.errors, ...b.errors]).toEqual([]);
    expect(a.orders_created + b.orders_created).toBe(300);
    expect(a.orders_unchanged + b.orders_unchanged).toBe(300);
    expect(a.lines_created + b.lines_created).toBe(600);
    expect(await counts(customer.id)).toEqual({ orders: 300, lines: 600, products: 40 });
  });

  it('refuses an unknown customer and the reserved account', async () => {
    await expect(service.importFile({ customerId: 999_999, format: 'csv', content: example('orders.csv') })).rejects.toMatchObject({
      status: 404,
    });
    const reserved =
      (await db().select().from(customers).where(eq(customers.company, RESERVED_COMPANY)))[0] ??
      (await makeCustomer(db(), { company: RESERVED_COMPANY }));
    await expect(service.importFile({ customerId: reserved.id, format: 'csv', content: example('orders.csv') })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('finds a customer by id or by company, case-insensitively', async () => {
    const customer = await makeCustomer(db(), { company: `Order Import Co ${Date.now()}` });
    expect((await service.requireCustomer(String(customer.id))).id).toBe(customer.id);
    expect((await service.requireCustomer(customer.company.toUpperCase())).id).toBe(customer.id);
  });
});

describe('statistics after a bulk import', () => {
  // reltuples is what ANALYZE (or VACUUM) wrote last; -1 means never analysed.
  const estimatedOrders = async () =>
    Number((await queryRows<{ n: number }>(db(), sql`select reltuples::float8 as n from pg_class where relname = 'orders'`))[0]!.n);

  it('refreshes the planner statistics once an import writes many rows, not after a small one', async () => {
    const customer = await makeCustomer(db());
    const before = await estimatedOrders();
    await service.importFile({ customerId: customer.id, format: 'json', content: jsonFile([order('SMALL-1', [line(1, 'ST-1')])]) });
    expect(await estimatedOrders()).toBe(before);

    const many = Array.from({ length: BULK_ROWS }, (_, i) => order(`BULK-${i}`, [line(1, `ST-${i % 50}`)]));
    const summary = await service.importFile({ customerId: customer.id, format: 'json', content: jsonFile(many) });
    expect(summary.orders_created).toBe(BULK_ROWS);
    const [actual] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from orders`);
    expect(await estimatedOrders()).toBe(actual!.n);
  });
});

describe('a big file is written while it is parsed (issue 13)', () => {
  // 5,600 one-line orders: more than five batches of 1,000 orders, each written before the next is parsed.
  const ORDERS = 5_600;
  const header = 'source_id,order_number,line_number,quantity,sku,upc,name_1,color';
  const row = (i: number, over: Partial<Record<'quantity' | 'sku' | 'upc' | 'name' | 'color' | 'source', string>> = {}) =>
    `${over.source ?? `BIG-${i}`},SO-${i},1,${over.quantity ?? '1'},${over.sku ?? `BIG-SKU-${i % 97}`},${over.upc ?? ''},${over.name ?? `Item ${i % 97}`},${over.color ?? ''}`;
  const file = (rows: string[]) => [header, ...rows].join('\n') + '\n';
  const ordersSequence = async () =>
    Number((await queryRows<{ n: string | number }>(db(), sql`select last_value as n from orders_id_seq`))[0]!.n);

  it('imports nothing when the last rows are bad, after earlier batches were written, and reports every bad row', async () => {
    const customer = await makeCustomer(db());
    const rows = Array.from({ length: ORDERS }, (_, i) => row(i));
    rows[ORDERS - 150] = row(ORDERS - 150, { quantity: '0' });
    rows[ORDERS - 1] = row(ORDERS - 1, { quantity: 'many' });
    rows.push(row(0, { source: 'BIG-3' })); // BIG-3's rows are not together
    const sequenceBefore = await ordersSequence();
    const summary = await service.importFile({ customerId: customer.id, format: 'csv', content: file(rows) });
    expect(summary).toEqual({
      orders_created: 0,
      orders_unchanged: 0,
      lines_created: 0,
      products_created: 0,
      products_updated: 0,
      errors: [
        { line: ORDERS - 150 + 2, message: 'quantity must be a whole number of at least 1' },
        { line: ORDERS + 1, message: 'quantity must be a whole number of at least 1' },
        { line: ORDERS + 2, message: 'the rows of order BIG-3 must be together (an earlier row of it is at line 5)' },
      ],
    });
    expect(await counts(customer.id)).toEqual({ orders: 0, lines: 0, products: 0 });
    // The first batches had been written (their ids drawn) before the bad rows were read: rolled back.
    expect((await ordersSequence()) - sequenceBefore).toBeGreaterThanOrEqual(1_000);
  });

  it('gives each product the file’s last description across batches and counts products_updated against the rows before the file', async () => {
    const customer = await makeCustomer(db());
    await db()
      .insert(products)
      .values([
        { customerId: customer.id, sku: 'KNOWN-CHANGED', name1: 'Stored', upc: 'U-1', color: 'Blue' },
        { customerId: customer.id, sku: 'KNOWN-SAME', name1: 'Stored', upc: 'U-2', color: 'Blue' },
      ]);
    const rows = Array.from({ length: ORDERS }, (_, i) => row(i));
    // First batch: one new SKU and both known SKUs described one way…
    rows[1] = row(1, { sku: 'NEW-1', name: 'First', color: 'Red', upc: 'N-1' });
    rows[2] = row(2, { sku: 'KNOWN-CHANGED', name: 'Middle', color: 'Red' });
    rows[3] = row(3, { sku: 'KNOWN-SAME', name: 'Middle', color: 'Red' });
    // … the last batch another way: the last description wins, an empty field keeps the stored value.
    rows[ORDERS - 3] = row(ORDERS - 3, { sku: 'NEW-1', name: 'Last' });
    rows[ORDERS - 2] = row(ORDERS - 2, { sku: 'KNOWN-CHANGED', color: 'Green', name: '' });
    rows[ORDERS - 1] = row(ORDERS - 1, { sku: 'KNOWN-SAME', name: 'Stored', color: 'Blue' });
    const summary = await service.importFile({ customerId: customer.id, format: 'csv', content: file(rows) });
    expect(summary).toEqual({
      orders_created: ORDERS,
      orders_unchanged: 0,
      lines_created: ORDERS,
      products_created: 98,
      products_updated: 1,
      errors: [],
    });
    const stored = await db()
      .select({ sku: products.sku, upc: products.upc, name1: products.name1, color: products.color })
      .from(products)
      .where(and(eq(products.customerId, customer.id), sql`${products.sku} in ('NEW-1', 'KNOWN-CHANGED', 'KNOWN-SAME')`))
      .orderBy(asc(products.sku));
    expect(stored).toEqual([
      { sku: 'KNOWN-CHANGED', upc: 'U-1', name1: 'Stored', color: 'Green' },
      { sku: 'KNOWN-SAME', upc: 'U-2', name1: 'Stored', color: 'Blue' },
      // Created from its first description, then given the last one whole (as if the file had one row of it).
      { sku: 'NEW-1', upc: null, name1: 'Last', color: null },
    ]);
    expect(await counts(customer.id)).toEqual({ orders: ORDERS, lines: ORDERS, products: 100 });

    const again = await service.importFile({ customerId: customer.id, format: 'csv', content: file(rows) });
    expect(again).toEqual({
      orders_created: 0,
      orders_unchanged: ORDERS,
      lines_created: 0,
      products_created: 0,
      products_updated: 0,
      errors: [],
    });
  });
});
