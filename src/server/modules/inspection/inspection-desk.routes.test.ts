// The desk's read of issue 27's rules: the order load carries the rule of each order product (with
// the serials shipped for it) and the grade scale; GET /api/returns/rules/{customerId}?product_id=
// gives one product's rule for a blind return or an item off the order.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, products } from '../../db/schema/index.js';
import { makeCustomer, makeReason } from '../../test/factories.js';
import { adminSession, brandSession, operatorSession } from '../../test/sessions.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const db = () => t.deps.database.db;
let admin: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app, db());
}, 120_000);
afterAll(() => t.close());

const asAdmin = (method: 'POST' | 'PUT', url: string, body: unknown) => call(t.app, method, url, { token: admin.token, body });

async function setup() {
  const c = await makeCustomer(db());
  await makeReason(db(), c.id, 'DAMAGED', 'Damaged');
  expect((await asAdmin('POST', `/api/su/customers/${c.id}/dispositions`, { code: 'RESELL', name: 'Resell' })).status).toBe(200);
  const rule = (body: unknown) => asAdmin('POST', `/api/su/customers/${c.id}/rules`, body);
  const steps = [
    { text: 'Screen without cracks?', kind: 'yes_no', no_grade: 'C' },
    { text: 'Photograph the IMEI label', kind: 'photo' },
  ];
  expect((await rule({ match: 'prefix', value: 'PHONE-', steps, serial: 'required', serial_check: 'shipped' })).status).toBe(200);
  expect((await rule({ match: 'sku', value: 'PHONE-X1', steps: [steps[0]], grade_dispositions: { A: 'RESELL' } })).status).toBe(200);
  const file = {
    orders: [
      {
        source_id: `DESK-${c.id}`,
        order_number: `SO-DESK-${c.id}`,
        lines: [
          { line_number: 1, quantity: 2, product: { sku: 'PHONE-X2' }, serials: ['IMEI-2', 'IMEI-1'] },
          { line_number: 2, quantity: 1, product: { sku: 'PHONE-X1' } },
          { line_number: 3, quantity: 1, product: { sku: 'CABLE-1' } },
        ],
      },
    ],
  };
  expect((await asAdmin('POST', `/api/su/customers/${c.id}/orders/import`, { format: 'json', content: JSON.stringify(file) })).status).toBe(
    200,
  );
  const [order] = await db().select().from(orders).where(eq(orders.customerId, c.id));
  const lines = await db()
    .select({ productId: orderLines.productId, sku: products.sku })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, order!.id));
  const productOf = (sku: string) => lines.find((l) => l.sku === sku)!.productId;
  return { c, order: order!, productOf };
}

describe('the rules at the desk', () => {
  it('the order load carries each order product’s rule, the shipped serials and the grade scale', async () => {
    const { c, order, productOf } = await setup();
    const op = await operatorSession(t.app, db(), [c.id]);
    const res = await call(t.app, 'PUT', `/api/returns/order/Biztalk/${order.id}`, { token: op.token, body: {} });
    expect(res.status).toBe(200);
    const inspection = res.body.message.inspection;
    expect(inspection.grades.map((g: { grade: string }) => g.grade)).toEqual([
      'A',
      'B',
      'C',
      'D',
      'WRONG_ITEM',
      'MISSING',
      'NOT_RETURNABLE',
    ]);
    const byProduct = new Map(inspection.rules.map((r: { product_id: number }) => [r.product_id, r]));
    // The exact SKU beats the prefix; a product without a rule is not listed.
    expect(byProduct.get(productOf('PHONE-X1'))).toMatchObject({
      steps: [{ kind: 'yes_no', no_grade: 'C' }],
      serial: 'none',
      shipped_serials: [],
    });
    expect(byProduct.get(productOf('PHONE-X2'))).toMatchObject({
      serial: 'required',
      serial_check: 'shipped',
      shipped_serials: ['IMEI-1', 'IMEI-2'],
    });
    expect(byProduct.get(productOf('PHONE-X2'))).toMatchObject({ steps: [{ kind: 'yes_no' }, { kind: 'photo', no_grade: null }] });
    expect(byProduct.has(productOf('CABLE-1'))).toBe(false);
  });

  it('GET /api/returns/rules/{customerId}: a product’s rule, null without one; 401, 403, 404, 422', async () => {
    const { c, productOf } = await setup();
    const other = await setup();
    const op = await operatorSession(t.app, db(), [c.id]);
    const url = (customerId: number, productId: unknown) => `/api/returns/rules/${customerId}?product_id=${productId}`;
    const ok = await call(t.app, 'GET', url(c.id, productOf('PHONE-X1')), { token: op.token });
    expect(ok.status).toBe(200);
    expect(ok.body.message.rule).toMatchObject({ product_id: productOf('PHONE-X1'), grade_dispositions: { A: 'RESELL' } });
    expect(ok.body.message.grades).toHaveLength(7);
    const none = await call(t.app, 'GET', url(c.id, productOf('CABLE-1')), { token: op.token });
    expect(none.status).toBe(200);
    expect(none.body.message.rule).toBeNull();

    expect((await call(t.app, 'GET', url(c.id, productOf('PHONE-X1')))).status).toBe(401);
    // Another customer's, and another customer's product under this customer.
    expect((await call(t.app, 'GET', url(other.c.id, other.productOf('PHONE-X1')), { token: op.token })).status).toBe(403);
    expect((await call(t.app, 'GET', url(c.id, other.productOf('PHONE-X1')), { token: op.token })).status).toBe(404);
    const brand = await brandSession(t.app, db(), [c.id]);
    expect((await call(t.app, 'GET', url(c.id, productOf('PHONE-X1')), { token: brand.token })).status).toBe(403);
    const bad = await call(t.app, 'GET', url(c.id, 'x'), { token: op.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('product_id');
    const missing = await call(t.app, 'GET', `/api/returns/rules/${c.id}`, { token: op.token });
    expect(missing.status).toBe(422);
  });
});
