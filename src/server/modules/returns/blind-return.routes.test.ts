import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeCustomer, makeReason } from '../../test/factories.js';
import { makeConnection } from '../../test/order-factory.js';
import { makeProduct } from '../../test/return-factory.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import type { Db } from '../../db/client.js';
import { returnLedgers, returns, tasks } from '../../db/schema/index.js';
import { BLIND_MSG } from '../../../contract/blind.js';
import { MSG } from '../../../contract/messages.js';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.database.db;
});
afterAll(() => t.close());

/** A blind-enabled customer with two reasons, three products and an operator linked to it. */
async function setup(overrides: Parameters<typeof makeCustomer>[1] = {}) {
  const customer = await makeCustomer(db, { canBlind: true, ...overrides });
  await makeReason(db, customer.id, 'DAMAGED', 'Damaged in transit');
  await makeReason(db, customer.id, 'WRONG', 'Wrong item');
  const shoe = await makeProduct(db, customer.id, { sku: 'SHOE-RED-42', upc: '8712345000011', name1: 'Running shoe red' });
  const sock = await makeProduct(db, customer.id, { sku: 'SOCK-100%', upc: '8712345000028', name1: 'Wool sock' });
  const hat = await makeProduct(db, customer.id, { sku: 'HAT-1', upc: null, name1: 'Sun hat SHOE-like' });
  const op = await operatorSession(t.app, db, [customer.id]);
  return { customer, shoe, sock, hat, op };
}

const returnsOf = (customerId: number) => db.select().from(returns).where(eq(returns.customerId, customerId));

describe('PUT /api/returns/products/{customerId}', () => {
  it('answers 401 without a token and 403 for a customer not linked to the operator', async () => {
    const { customer } = await setup();
    expect((await call(t.app, 'PUT', `/api/returns/products/${customer.id}`, { body: { search: 'shoe' } })).status).toBe(401);
    const stranger = await operatorSession(t.app, db, []);
    const res = await call(t.app, 'PUT', `/api/returns/products/${customer.id}`, { token: stranger.token, body: { search: 'shoe' } });
    expect(res.status).toBe(403);
  });

  it('answers 422 for fewer than 3 characters', async () => {
    const { customer, op } = await setup();
    const res = await call(t.app, 'PUT', `/api/returns/products/${customer.id}`, { token: op.token, body: { search: ' sh ' } });
    expect(res.status).toBe(422);
    expect(res.body.message).toEqual([BLIND_MSG.searchTooShort]);
  });

  it("finds the customer's products by a substring of sku, upc or name, exact hits first", async () => {
    const { customer, shoe, hat, op } = await setup();
    const other = await makeCustomer(db);
    await makeProduct(db, other.id, { sku: 'SHOE-OTHER', name1: 'Shoe of another customer' });
    const res = await call(t.app, 'PUT', `/api/returns/products/${customer.id}`, { token: op.token, body: { search: 'shoe' } });
    expect(res.status).toBe(200);
    expect(res.body.message.map((p: { id: number }) => p.id).sort()).toEqual([shoe.id, hat.id].sort());
    expect(res.body.message[0]).toEqual({
      id: expect.any(Number),
      customer_id: customer.id,
      sku: expect.any(String),
      upc: expect.toBeOneOf([null, expect.any(String)]),
      name_1: expect.any(String),
      color: 'Blue',
      size: 'L',
    });
    const byUpc = await call(t.app, 'PUT', `/api/returns/products/${customer.id}`, { token: op.token, body: { search: '8712345000011' } });
    expect(byUpc.body.message.map((p: { id: number }) => p.id)).toEqual([shoe.id]);
    const exactFirst = await call(t.app, 'PUT', `/api/returns/products/${customer.id}`, { token: op.token, body: { search: 'hat-1' } });
    expect(exactFirst.body.message[0].id).toBe(hat.id);
  });

  it('takes % and _ literally', async () => {
    const { customer, sock, op } = await setup();
    const res = await call(t.app, 'PUT', `/api/returns/products/${customer.id}`, { token: op.token, body: { search: '00%' } });
    expect(res.body.message.map((p: { id: number }) => p.id)).toEqual([sock.id]);
    const none = await call(t.app, 'PUT', `/api/returns/products/${customer.id}`, { token: op.token, body: { search: 'S_OE' } });
    expect(none.body.message).toEqual([]);
  });
});

describe('GET /api/returns/blind/{customerId}', () => {
  it('answers the customer and its reasons in order; 401, 403 and 404 otherwise', async () => {
    const { customer, op } = await setup();
    expect((await call(t.app, 'GET', `/api/returns/blind/${customer.id}`)).status).toBe(401);
    const stranger = await operatorSession(t.app, db, []);
    expect((await call(t.app, 'GET', `/api/returns/blind/${customer.id}`, { token: stranger.token })).status).toBe(403);
    expect((await call(t.app, 'GET', `/api/returns/blind/99999999`, { token: op.token })).status).toBe(404);
    const res = await call(t.app, 'GET', `/api/returns/blind/${customer.id}`, { token: op.token });
    expect(res.status).toBe(200);
    expect(res.body.message.customer).toMatchObject({ id: customer.id, company: customer.company, can_blind: true });
    expect(res.body.message.reasons.map((r: { option_code: string }) => r.option_code)).toEqual(['DAMAGED', 'WRONG']);
  });
});

describe('PUT /api/returns/blind/{customerId}', () => {
  const body = (productId: number, extra: Record<string, unknown> = {}) => ({
    id: '__Ab12Cd',
    reference_1: 'RMA-1001',
    reference_2: 'Parcel 55',
    return_date: '2026-11-20',
    is_blind: true,
    return_ledgers: [{ product_id: productId, quantity: 2, condition: 'Pristine', reason: 'DAMAGED', comment: 'box torn' }],
    ...extra,
  });

  it('answers 401 without a token, before validating', async () => {
    const res = await call(t.app, 'PUT', '/api/returns/blind/1', { body: {} });
    expect(res.status).toBe(401);
  });

  it('answers 403 for a customer not linked to the operator, writing nothing', async () => {
    const { customer, shoe } = await setup();
    const stranger = await operatorSession(t.app, db, []);
    const res = await call(t.app, 'PUT', `/api/returns/blind/${customer.id}`, { token: stranger.token, body: body(shoe.id) });
    expect(res.status).toBe(403);
    expect(await returnsOf(customer.id)).toEqual([]);
  });

  it('answers 422 with the messages for a missing Reference 1, no lines, quantity 0, bad date and condition', async () => {
    const { customer, shoe, op } = await setup();
    const res = await call(t.app, 'PUT', `/api/returns/blind/${customer.id}`, {
      token: op.token,
      body: { reference_1: '  ', return_date: '2026-02-30', return_ledgers: [] },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toEqual(expect.arrayContaining([BLIND_MSG.reference1Required, BLIND_MSG.linesRequired, MSG.invalidDate]));
    const line = await call(t.app, 'PUT', `/api/returns/blind/${customer.id}`, {
      token: op.token,
      body: body(shoe.id, { return_ledgers: [{ product_id: shoe.id, quantity: 0, condition: 'Broken', reason: 'DAMAGED' }] }),
    });
    expect(line.status).toBe(422);
    expect(line.body.errors).toMatchObject({
      'return_ledgers.0.quantity': [MSG.quantityRequired],
      'return_ledgers.0.condition': [BLIND_MSG.conditionInvalid],
    });
    expect(await returnsOf(customer.id)).toEqual([]);
  });

  it('refuses a customer without can_blind with a 422 naming the reason', async () => {
    const { customer, shoe, op } = await setup({ canBlind: false });
    const res = await call(t.app, 'PUT', `/api/returns/blind/${customer.id}`, { token: op.token, body: body(shoe.id) });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 422,
      message: [BLIND_MSG.blindNotEnabled],
      errors: { customer_id: [BLIND_MSG.blindNotEnabled] },
    });
    expect(await returnsOf(customer.id)).toEqual([]);
  });

  it("refuses another customer's product and a reason that is not the customer's", async () => {
    const { customer, shoe, op } = await setup();
    const other = await makeCustomer(db);
    const foreign = await makeProduct(db, other.id);
    const res = await call(t.app, 'PUT', `/api/returns/blind/${customer.id}`, {
      token: op.token,
      body: body(shoe.id, {
        return_ledgers: [
          { product_id: foreign.id, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' },
          { product_id: shoe.id, quantity: 1, condition: 'Scrap', reason: 'NOT-A-REASON' },
        ],
      }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      'return_ledgers.0.product_id': [BLIND_MSG.productUnknown],
      'return_ledgers.1.reason': [BLIND_MSG.reasonUnknown],
    });
    expect(await returnsOf(customer.id)).toEqual([]);
  });

  it('saves the blind return, its lines and outbound tasks in one go and answers where to go', async () => {
    const { customer, shoe, sock, op } = await setup();
    const outbound = await makeConnection(db, customer.id);
    const ecom = await makeConnection(db, customer.id, { connectionType: 'SGL Ecom' });
    await makeConnection(db, customer.id, { connectionType: 'Biztalk Inbound Order' });
    const res = await call(t.app, 'PUT', `/api/returns/blind/${customer.id}`, {
      token: op.token,
      body: body(shoe.id, {
        return_ledgers: [
          { product_id: shoe.id, quantity: 2, condition: 'Pristine', reason: 'DAMAGED', comment: 'box torn' },
          { product_id: sock.id, quantity: 1, condition: 'Reconditioning', reason: 'WRONG' },
        ],
      }),
    });
    expect(res.status).toBe(200);
    const id = res.body.message.id as number;
    expect(res.body.message).toEqual({ to: `/orders/blind/returns/${id}`, id });

    const [saved] = await returnsOf(customer.id);
    expect(saved).toMatchObject({
      id,
      isBlind: true,
      orderId: null,
      userId: op.user.id,
      username: op.user.username,
      reference1: 'RMA-1001',
      reference2: 'Parcel 55',
      returnDate: '2026-11-20',
      draftId: '__Ab12Cd',
    });
    const lines = await db.select().from(returnLedgers).where(eq(returnLedgers.returnId, id)).orderBy(asc(returnLedgers.id));
    expect(lines.map((l) => [l.productId, l.quantity, l.condition, l.reason, l.comment, l.orderLineId, l.orderId, l.customerId])).toEqual([
      [shoe.id, 2, 'Pristine', 'DAMAGED', 'box torn', null, null, customer.id],
      [sock.id, 1, 'Reconditioning', 'WRONG', null, null, null, customer.id],
    ]);
    const queued = await db.select().from(tasks).where(eq(tasks.returnId, id)).orderBy(asc(tasks.id));
    expect(queued.map((q) => [q.taskType, q.taskStatus, q.message1, q.payload, q.customerId, q.orderId])).toEqual([
      ['SGL Outbound', 'Pending', `Return #${id}`, { returnId: id, connectionId: outbound.id }, customer.id, null],
      ['Ecommerce Outbound', 'Pending', `Return #${id}`, { returnId: id, connectionId: ecom.id }, customer.id, null],
    ]);
  });

  it('answers the first return again when the same draft is saved twice', async () => {
    const { customer, shoe, op } = await setup();
    const first = await call(t.app, 'PUT', `/api/returns/blind/${customer.id}`, {
      token: op.token,
      body: body(shoe.id, { id: '__Twice1' }),
    });
    const again = await call(t.app, 'PUT', `/api/returns/blind/${customer.id}`, {
      token: op.token,
      body: body(shoe.id, { id: '__Twice1' }),
    });
    expect(again.status).toBe(200);
    expect(again.body.message).toEqual(first.body.message);
    expect(await returnsOf(customer.id)).toHaveLength(1);
  });

  it('lets an admin save for any blind customer, without a draft id', async () => {
    const { customer, shoe } = await setup();
    const admin = await adminSession(t.app, db);
    const res = await call(t.app, 'PUT', `/api/returns/blind/${customer.id}`, {
      token: admin.token,
      body: body(shoe.id, { id: undefined }),
    });
    expect(res.status).toBe(200);
    const [saved] = await returnsOf(customer.id);
    expect(saved!.username).toBe(admin.user.username);
  });
});
