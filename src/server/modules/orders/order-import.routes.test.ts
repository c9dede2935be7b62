import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import { makeCustomer } from '../../test/factories.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';

const example = (name: string) => readFileSync(new URL(`../../../../examples/${name}`, import.meta.url), 'utf8');

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminSession(t.app, t.deps.database.db)).token;
});
afterAll(() => t.close());

const url = (id: number) => `/api/su/customers/${id}/orders/import`;
const orderCount = async (customerId: number) =>
  (await queryRows<{ n: number }>(t.deps.database.db, sql`select count(*)::int as n from orders where customer_id = ${customerId}`))[0]!.n;

describe('POST /api/su/customers/{id}/orders/import', () => {
  it('answers 401 without a token and 403 for an operator, writing nothing', async () => {
    const customer = await makeCustomer(t.deps.database.db);
    const body = { format: 'csv', content: example('orders.csv') };
    expect((await call(t.app, 'POST', url(customer.id), { body })).status).toBe(401);
    const operator = await operatorSession(t.app, t.deps.database.db, [customer.id]);
    const res = await call(t.app, 'POST', url(customer.id), { token: operator.token, body });
    expect(res.status).toBe(403);
    expect(await orderCount(customer.id)).toBe(0);
  });

  it('answers 422 for a missing format or content and 404 for an unknown customer', async () => {
    const customer = await makeCustomer(t.deps.database.db);
    const bad = await call(t.app, 'POST', url(customer.id), { token: admin, body: { format: 'xml', content: '' } });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toEqual(expect.arrayContaining(['format must be csv or json', 'content is required']));
    const unknown = await call(t.app, 'POST', url(999_999), { token: admin, body: { format: 'csv', content: example('orders.csv') } });
    expect(unknown.status).toBe(404);
  });

  it('refuses a file with bad rows with 422 naming each line, importing nothing', async () => {
    const customer = await makeCustomer(t.deps.database.db);
    const content = 'source_id,line_number,quantity,sku\nA,1,0,S-1\nB,1,1,\n';
    const res = await call(t.app, 'POST', url(customer.id), { token: admin, body: { format: 'csv', content } });
    expect(res.status).toBe(422);
    expect(res.body.message).toEqual(['Line 2: quantity must be a whole number of at least 1', 'Line 3: sku is required']);
    expect(res.body.errors).toEqual({
      'line 2': ['Line 2: quantity must be a whole number of at least 1'],
      'line 3': ['Line 3: sku is required'],
    });
    const json = await call(t.app, 'POST', url(customer.id), {
      token: admin,
      body: {
        format: 'json',
        content: JSON.stringify({ orders: [{ source_id: 'A', lines: [{ line_number: 1, quantity: 'two', product: { sku: 'S' } }] }] }),
      },
    });
    expect(json.status).toBe(422);
    expect(json.body.message).toEqual(['orders[0].lines[0].quantity: quantity must be a whole number of at least 1']);
    expect(await orderCount(customer.id)).toBe(0);
  });

  it('imports a file and answers the summary; the same file again creates nothing', async () => {
    const customer = await makeCustomer(t.deps.database.db, { orderSource: 'Biztalk Rest' });
    const first = await call(t.app, 'POST', url(customer.id), { token: admin, body: { format: 'json', content: example('orders.json') } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      code: 200,
      message: { orders_created: 3, orders_unchanged: 0, lines_created: 5, products_created: 4, products_updated: 0, errors: [] },
    });
    const again = await call(t.app, 'POST', url(customer.id), { token: admin, body: { format: 'csv', content: example('orders.csv') } });
    expect(again.body.message).toMatchObject({ orders_created: 0, orders_unchanged: 3 });
    const rows = await t.deps.database.db.select().from(orders).where(eq(orders.customerId, customer.id));
    expect(rows.map((r) => r.source)).toEqual(['Biztalk Rest', 'Biztalk Rest', 'Biztalk Rest']);
  });
});
