import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_IMPORT_MSG } from '../../../contract/order-import.js';
import { orderLines, orderLineSerials, orders, products } from '../../db/schema/index.js';
import { makeCustomer } from '../../test/factories.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { createOrderImportService, type OrderImportService } from './order-import.service.js';

let t: TestDatabase;
let service: OrderImportService;
const db = () => t.database.db;
beforeAll(async () => {
  t = await createTestDatabase();
  service = createOrderImportService({ db: db() });
});
afterAll(() => t.close());

/** The customer's products by SKU → category, and each order line's serials (by source id and line number). */
async function stored(customerId: number) {
  const prods = await db().select().from(products).where(eq(products.customerId, customerId)).orderBy(asc(products.sku));
  const lines = await db()
    .select({ sourceId: orders.sourceId1, lineNumber: orderLines.lineNumber, id: orderLines.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orders.customerId, customerId))
    .orderBy(asc(orders.sourceId1), asc(orderLines.lineNumber));
  const serials = lines.length
    ? await db()
        .select()
        .from(orderLineSerials)
        .where(
          inArray(
            orderLineSerials.orderLineId,
            lines.map((l) => l.id),
          ),
        )
    : [];
  return {
    categories: Object.fromEntries(prods.map((p) => [p.sku, p.category])),
    serials: Object.fromEntries(
      lines.map((l) => [
        `${l.sourceId}/${l.lineNumber}`,
        serials
          .filter((s) => s.orderLineId === l.id)
          .map((s) => s.serial)
          .sort(),
      ]),
    ),
  };
}

describe('order import: product category and shipped serials (issue 27)', () => {
  it('CSV: a category column and a serials column (| between serials); an empty cell is none', async () => {
    const c = await makeCustomer(db());
    const csv = [
      'source_id,line_number,quantity,sku,category,serials',
      'A-1,1,2,PHONE-1,Phones,SN-1|SN-2',
      'A-1,2,1,CASE-1,,',
      'A-2,1,1,PHONE-1,Phones, SN-3 ',
    ].join('\n');
    const summary = await service.importFile({ customerId: c.id, format: 'csv', content: csv });
    expect(summary.errors).toEqual([]);
    expect(await stored(c.id)).toEqual({
      categories: { 'CASE-1': null, 'PHONE-1': 'Phones' },
      serials: { 'A-1/1': ['SN-1', 'SN-2'], 'A-1/2': [], 'A-2/1': ['SN-3'] },
    });
  });

  it('JSON: product.category and line.serials as a list; a later file may give a category to a known product', async () => {
    const c = await makeCustomer(db());
    const file = (category?: string, serials?: unknown) =>
      JSON.stringify({
        orders: [
          { source_id: `J-${category ?? 'none'}`, lines: [{ line_number: 1, quantity: 1, product: { sku: 'TV-1', category }, serials }] },
        ],
      });
    expect((await service.importFile({ customerId: c.id, format: 'json', content: file(undefined, ['TV-SN-9']) })).errors).toEqual([]);
    const second = await service.importFile({ customerId: c.id, format: 'json', content: file('Screens') });
    expect(second).toMatchObject({ products_updated: 1, errors: [] });
    expect(await stored(c.id)).toEqual({ categories: { 'TV-1': 'Screens' }, serials: { 'J-none/1': ['TV-SN-9'], 'J-Screens/1': [] } });
  });

  it('refuses a line that lists a serial twice or a serial that is not text, naming the line, and imports nothing', async () => {
    const c = await makeCustomer(db());
    const csv = ['source_id,line_number,quantity,sku,serials', 'B-1,1,2,X-1,SN-1|SN-1', 'B-2,1,1,X-2,SN-2'].join('\n');
    const summary = await service.importFile({ customerId: c.id, format: 'csv', content: csv });
    expect(summary.errors).toEqual([{ line: 2, message: `serials ${ORDER_IMPORT_MSG.serialTwice}` }]);
    const json = JSON.stringify({
      orders: [{ source_id: 'B-3', lines: [{ line_number: 1, quantity: 1, product: { sku: 'X' }, serials: [7, ''] }] }],
    });
    const bad = await service.importFile({ customerId: c.id, format: 'json', content: json });
    expect(bad.errors.map((e) => e.line)).toEqual(['orders[0].lines[0].serials[0]', 'orders[0].lines[0].serials[1]']);
    expect(await stored(c.id)).toEqual({ categories: {}, serials: {} });
  });
});
