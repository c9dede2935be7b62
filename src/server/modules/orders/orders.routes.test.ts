import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeCustomer, makeReason } from '../../test/factories.js';
import { makeOrder } from '../../test/order-factory.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { SEARCH_TOO_SHORT } from '../../../contract/orders.js';
import { LIMITS } from '../../../contract/constants.js';

let t: TestApp;
const db = () => t.deps.database.db;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('PUT /api/returns/search/{customerId}', () => {
  it('answers 401 without a token, before validating the body', async () => {
    const res = await call(t.app, 'PUT', '/api/returns/search/1', { body: { search: 'x' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 401, message: 'Unauthorized.' });
  });

  it('answers 403 for a customer the operator is not linked to and 404 for an unknown one', async () => {
    const mine = await makeCustomer(db());
    const other = await makeCustomer(db());
    const { token } = await operatorSession(t.app, db(), [mine.id]);
    const forbidden = await call(t.app, 'PUT', `/api/returns/search/${other.id}`, { token, body: { search: 'abc' } });
    expect(forbidden.status).toBe(403);
    const missing = await call(t.app, 'PUT', '/api/returns/search/99999999', { token, body: { search: 'abc' } });
    expect(missing.status).toBe(404);
  });

  it('answers 422 for fewer than 3 characters, a bad field and a bad id', async () => {
    const customer = await makeCustomer(db());
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const short = await call(t.app, 'PUT', `/api/returns/search/${customer.id}`, { token, body: { search: ' ab ' } });
    expect(short.status).toBe(422);
    expect(short.body.message).toEqual([SEARCH_TOO_SHORT]);
    expect(short.body.errors).toEqual({ search: [SEARCH_TOO_SHORT] });
    const field = await call(t.app, 'PUT', `/api/returns/search/${customer.id}`, { token, body: { search: 'abc', field: 'sku' } });
    expect(field.status).toBe(422);
    expect(field.body.errors).toHaveProperty('field');
    const badId = await call(t.app, 'PUT', '/api/returns/search/abc', { token, body: { search: 'abc' } });
    expect(badId.status).toBe(422);
  });

  it("finds substrings of the four references, only that customer's orders, newest first", async () => {
    const customer = await makeCustomer(db());
    const other = await makeCustomer(db());
    const { token } = await operatorSession(t.app, db(), [customer.id, other.id]);
    const older = await makeOrder(db(), customer.id, { deliveryNumber: 'DLV-7788-01', createdAt: new Date('2026-01-01T00:00:00Z') });
    const newer = await makeOrder(db(), customer.id, { buyerReference: 'PO-7788-XY', createdAt: new Date('2026-02-01T00:00:00Z') });
    await makeOrder(db(), customer.id, { orderNumber: 'NOPE-1' });
    await makeOrder(db(), other.id, { deliveryNumber: 'DLV-7788-99' });
    const res = await call(t.app, 'PUT', `/api/returns/search/${customer.id}`, { token, body: { search: '7788' } });
    expect(res.status).toBe(200);
    expect(res.body.message.map((r: { id: number }) => r.id)).toEqual([newer.order.id, older.order.id]);
    expect(res.body.message[1]).toMatchObject({
      id: older.order.id,
      source: 'Biztalk',
      order_status: 'New',
      delivery_name_1: 'Jane Doe',
      delivery_name_2: null,
      delivery_contact: 'Jane',
      reference_1: 'DLV-7788-01',
      reference_2: older.order.orderNumber,
      reference_3: older.order.webOrderNumber,
      reference_4: older.order.buyerReference,
    });
    // Case does not matter.
    const upper = await call(t.app, 'PUT', `/api/returns/search/${customer.id}`, { token, body: { search: 'po-7788-xy' } });
    expect(upper.body.message.map((r: { id: number }) => r.id)).toEqual([newer.order.id]);
  });

  it('matches % and _ literally', async () => {
    const customer = await makeCustomer(db());
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const hit = await makeOrder(db(), customer.id, { orderNumber: 'AB%_C1' });
    await makeOrder(db(), customer.id, { orderNumber: 'ABxyC1' });
    const res = await call(t.app, 'PUT', `/api/returns/search/${customer.id}`, { token, body: { search: 'b%_c' } });
    expect(res.body.message.map((r: { id: number }) => r.id)).toEqual([hit.order.id]);
  });

  it("narrows to the chosen field for a 'Biztalk Rest' customer and ignores field for others", async () => {
    const rest = await makeCustomer(db(), { orderSource: 'Biztalk Rest' });
    const plain = await makeCustomer(db());
    const { token } = await operatorSession(t.app, db(), [rest.id, plain.id]);
    const byOrder = await makeOrder(db(), rest.id, { orderNumber: 'Q-5511' });
    const byDelivery = await makeOrder(db(), rest.id, { deliveryNumber: 'Q-5511-D' });
    const byWeb = await makeOrder(db(), rest.id, { webOrderNumber: 'W-Q-5511' });
    const search = (customerId: number, field?: string) =>
      call(t.app, 'PUT', `/api/returns/search/${customerId}`, { token, body: { search: 'q-5511', field } }).then((r) =>
        r.body.message.map((o: { id: number }) => o.id).sort(),
      );
    expect(await search(rest.id, 'orderNo')).toEqual([byOrder.order.id]);
    expect(await search(rest.id, 'deliveryNo')).toEqual([byDelivery.order.id]);
    expect(await search(rest.id, 'webOrderNumber')).toEqual([byWeb.order.id]);
    expect(await search(rest.id)).toHaveLength(3);
    const p1 = await makeOrder(db(), plain.id, { orderNumber: 'Q-5511' });
    const p2 = await makeOrder(db(), plain.id, { deliveryNumber: 'Q-5511' });
    expect(await search(plain.id, 'orderNo')).toEqual([p1.order.id, p2.order.id].sort());
  });

  it('is bounded to the result limit', async () => {
    const customer = await makeCustomer(db());
    const { token } = await adminSession(t.app, db());
    for (let i = 0; i < LIMITS.searchResultLimit + 3; i++) await makeOrder(db(), customer.id, { orderNumber: `BULK-${i}` }, []);
    const res = await call(t.app, 'PUT', `/api/returns/search/${customer.id}`, { token, body: { search: 'bulk-' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toHaveLength(LIMITS.searchResultLimit);
  });
});

describe('PUT /api/returns/search/{customerId}: one statement checks the caller itself (issue 13)', () => {
  const search = (token: string, customerId: number, body: unknown = { search: 'zz-41' }) =>
    call(t.app, 'PUT', `/api/returns/search/${customerId}`, { token, body });

  it('refuses a logged-out session, a disabled user and an expired session at once, though they were just served', async () => {
    const customer = await makeCustomer(db());
    const made = await makeOrder(db(), customer.id, { orderNumber: 'ZZ-41-A' }, []);
    const a = await operatorSession(t.app, db(), [customer.id]);
    expect((await search(a.token, customer.id)).body.message.map((o: { id: number }) => o.id)).toEqual([made.order.id]);
    expect((await call(t.app, 'POST', '/api/account/logout', { token: a.token })).status).toBe(200);
    expect((await search(a.token, customer.id)).body).toMatchObject({ code: 401, message: 'Unauthorized.' });

    const b = await operatorSession(t.app, db(), [customer.id]);
    expect((await search(b.token, customer.id)).status).toBe(200);
    await db().execute(sql`UPDATE users SET user_status = 'Disabled' WHERE id = ${b.user.id}`);
    expect((await search(b.token, customer.id)).status).toBe(401);
    await db().execute(sql`UPDATE users SET user_status = 'Active' WHERE id = ${b.user.id}`);
    expect((await search(b.token, customer.id)).status).toBe(200);
    await db().execute(sql`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = ${b.user.id}`);
    expect((await search(b.token, customer.id)).status).toBe(401);
    expect((await search('not-a-token', customer.id)).status).toBe(401);
  });

  it('answers 401 before 422: bad input with a dead token learns nothing of the rules', async () => {
    const customer = await makeCustomer(db());
    expect((await search('not-a-token', customer.id, { search: 'a' })).body).toMatchObject({ code: 401, message: 'Unauthorized.' });
    const op = await operatorSession(t.app, db(), [customer.id]);
    expect((await search(op.token, customer.id, { search: 'a' })).status).toBe(422);
    expect((await call(t.app, 'POST', '/api/account/logout', { token: op.token })).status).toBe(200);
    expect((await search(op.token, customer.id, { search: 'a' })).status).toBe(401);
  });

  it('follows a change of links and of the admin flag on the next request; an admin searches every customer', async () => {
    const customer = await makeCustomer(db());
    const made = await makeOrder(db(), customer.id, { deliveryNumber: 'ZZ-41-B' }, []);
    const o = await operatorSession(t.app, db(), []);
    expect((await search(o.token, customer.id)).status).toBe(403);
    await db().execute(sql`INSERT INTO user_customers (user_id, customer_id) VALUES (${o.user.id}, ${customer.id})`);
    expect((await search(o.token, customer.id)).body.message.map((r: { id: number }) => r.id)).toEqual([made.order.id]);
    await db().execute(sql`DELETE FROM user_customers WHERE user_id = ${o.user.id}`);
    expect((await search(o.token, customer.id)).status).toBe(403);
    await db().execute(sql`UPDATE users SET is_su = true WHERE id = ${o.user.id}`);
    expect((await search(o.token, customer.id)).body.message).toHaveLength(1);
    expect((await search(o.token, 99_999_999)).status).toBe(404);
    const admin = await adminSession(t.app, db());
    expect((await search(admin.token, customer.id)).body.message[0]).toMatchObject({ id: made.order.id, reference_1: 'ZZ-41-B' });
  });
});

describe('PUT /api/returns/order/{source}/{id}', () => {
  it('answers 401 without a token', async () => {
    const res = await call(t.app, 'PUT', '/api/returns/order/Biztalk/1', { body: {} });
    expect(res.status).toBe(401);
  });

  it("answers 404 for an unknown order, 403 for another customer's and 422 for a bad id", async () => {
    const mine = await makeCustomer(db());
    const other = await makeCustomer(db());
    const { token } = await operatorSession(t.app, db(), [mine.id]);
    const foreign = await makeOrder(db(), other.id);
    expect((await call(t.app, 'PUT', '/api/returns/order/Biztalk/99999999', { token, body: {} })).status).toBe(404);
    expect((await call(t.app, 'PUT', `/api/returns/order/Biztalk/${foreign.order.id}`, { token, body: {} })).status).toBe(403);
    const bad = await call(t.app, 'PUT', '/api/returns/order/Biztalk/x1', { token, body: {} });
    expect(bad.status).toBe(422);
    const newWithout = await call(t.app, 'PUT', '/api/returns/order/Biztalk/new', { token, body: {} });
    expect(newWithout.status).toBe(422);
    expect(newWithout.body.errors).toHaveProperty('customer_id');
    const newOther = await call(t.app, 'PUT', '/api/returns/order/Biztalk/new', { token, body: { customer_id: other.id } });
    expect(newOther.status).toBe(403);
  });

  it('answers the order with lines, products, reasons, previous returns and ledgers', async () => {
    const customer = await makeCustomer(db());
    await makeReason(db(), customer.id, 'DAMAGED', 'Damaged');
    await makeReason(db(), customer.id, 'WRONG', 'Wrong size');
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const made = await makeOrder(db(), customer.id, {}, [3, 1]);
    const submit = await call(t.app, 'POST', '/api/returns', {
      token,
      body: {
        id: '__abc123',
        customer_id: customer.id,
        order_id: made.order.id,
        return_date: '2026-03-04',
        return_ledgers: [
          { order_line_id: made.lines[0]!.id, product_id: made.lines[0]!.productId, quantity: 2, condition: 'Pristine', reason: 'WRONG' },
        ],
      },
    });
    expect(submit.status).toBe(200);
    const res = await call(t.app, 'PUT', `/api/returns/order/Biztalk/${made.order.id}`, { token, body: {} });
    expect(res.status).toBe(200);
    const order = res.body.message;
    expect(order).toMatchObject({
      id: made.order.id,
      customer_id: customer.id,
      order_status: 'Return Created',
      delivery_number: made.order.deliveryNumber,
      returns: [{ id: submit.body.message.id, username: expect.any(String) }],
      reasons: [
        { option_code: 'DAMAGED', option_value: 'Damaged' },
        { option_code: 'WRONG', option_value: 'Wrong size' },
      ],
    });
    expect(order.order_lines).toHaveLength(2);
    expect(order.order_lines[0]).toMatchObject({
      id: made.lines[0]!.id,
      quantity: 3,
      product: {
        sku: made.lines[0]!.product.sku,
        upc: made.lines[0]!.product.upc,
        name_1: made.lines[0]!.product.name1,
        color: 'Red',
        size: 'M',
      },
    });
    expect(order.ledgers).toEqual([
      expect.objectContaining({
        return_id: submit.body.message.id,
        order_line_id: made.lines[0]!.id,
        quantity: 2,
        condition: 'Pristine',
        reason: 'WRONG',
      }),
    ]);
  });

  it('lets an admin load any order', async () => {
    const customer = await makeCustomer(db());
    const { token } = await adminSession(t.app, db());
    const made = await makeOrder(db(), customer.id);
    const res = await call(t.app, 'PUT', `/api/returns/order/Biztalk/${made.order.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.message.reasons).toEqual([]);
  });
});
