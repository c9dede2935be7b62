import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeCustomer } from '../../test/factories.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { EXPECTED_MSG } from '../../../contract/expected-returns.js';
import { MSG } from '../../../contract/messages.js';
import { expectedReturnItems, expectedReturns } from '../../db/schema/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app, t.deps.database.db);
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const USPS_22 = '9400111899223197428497';
async function customerWithKey(scopes = ['expected_returns:write']) {
  const c = await makeCustomer(db());
  const res = await call(t.app, 'POST', `/api/su/customers/${c.id}/api-keys`, { token: admin.token, body: { name: 'Loop', scopes } });
  return { customer: c, key: res.body.message.key as string };
}
const announcement = (rma: string, over: Record<string, unknown> = {}) => ({
  rma,
  tracking_number: USPS_22,
  order_reference: 'SO-1001',
  items: [
    { sku: 'SHOE-42', quantity: 1, reason: 'Too small' },
    { upc: '0123456789012', quantity: 2 },
  ],
  ...over,
});
const post = (key: string | undefined, body: unknown) => call(t.app, 'POST', '/api/v1/expected-returns', { token: key, body });
const countFor = async (customerId: number) =>
  (await db().select().from(expectedReturns).where(eq(expectedReturns.customerId, customerId))).length;

describe('POST /api/v1/expected-returns', () => {
  it('answers 401 without a key or with a session, 403 to a key without the scope', async () => {
    const { customer } = await customerWithKey();
    const readOnly = await customerWithKey(['returns:read']);
    expect((await post(undefined, { expected_returns: [announcement('R1')] })).status).toBe(401);
    expect((await post(admin.token, { expected_returns: [announcement('R1')] })).status).toBe(401);
    expect((await post(readOnly.key, { expected_returns: [announcement('R1')] })).body).toMatchObject({
      code: 403,
      message: MSG.forbidden,
    });
    expect(await countFor(customer.id)).toBe(0);
  });

  it('refuses bad ones by place and field (422), writing nothing of the batch', async () => {
    const { customer, key } = await customerWithKey();
    const res = await post(key, {
      expected_returns: [announcement('OK-1'), announcement(' ', { items: [{ quantity: 0 }] }), announcement('OK-2', { items: [] })],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      'expected_returns.1.rma': [EXPECTED_MSG.rma],
      'expected_returns.1.items.0.quantity': [EXPECTED_MSG.quantity],
      'expected_returns.1.items.0.sku': [EXPECTED_MSG.skuOrUpc],
      'expected_returns.2.items': [EXPECTED_MSG.items],
    });
    const twice = await post(key, { expected_returns: [announcement('RMA-7'), announcement('rma-7')] });
    expect(twice.body.errors).toEqual({ 'expected_returns.1.rma': [EXPECTED_MSG.rmaTwice('rma-7')] });
    expect(await countFor(customer.id)).toBe(0);
  });

  it('stores the announced returns with their items; an RMA announced before is refused', async () => {
    const { customer, key } = await customerWithKey();
    const res = await post(key, {
      expected_returns: [announcement('RMA-1'), announcement('RMA-2', { tracking_number: '1Z999AA10123456784' })],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message.created).toHaveLength(2);
    expect(res.body.message.created[0]).toMatchObject({
      rma: 'RMA-1',
      tracking_number: USPS_22,
      order_reference: 'SO-1001',
      status: 'expected',
      source: 'api',
      items: [
        { sku: 'SHOE-42', upc: null, quantity: 1, reason: 'Too small' },
        { sku: null, upc: '0123456789012', quantity: 2, reason: null },
      ],
    });
    expect((await db().select().from(expectedReturnItems)).length).toBeGreaterThanOrEqual(4);
    const again = await post(key, { expected_returns: [announcement('RMA-3'), announcement('rma-1')] });
    expect(again.body.errors).toEqual({ 'expected_returns.1.rma': [EXPECTED_MSG.rmaTaken('rma-1')] });
    expect(await countFor(customer.id)).toBe(2);
  });
});

describe('PUT /api/returns/expected/{customerId}: the desk scans a return label', () => {
  it('finds the expected return by a USPS IMpb label scan (420 + ZIP + tracking), a UPS number or the RMA', async () => {
    const { customer, key } = await customerWithKey();
    await post(key, { expected_returns: [announcement('RMA-1'), announcement('RMA-2', { tracking_number: '1Z999AA10123456784' })] });
    const op = await operatorSession(t.app, db(), [customer.id]);
    const scan = (value: string, token = op.token) =>
      call(t.app, 'PUT', `/api/returns/expected/${customer.id}`, { token, body: { scan: value } });
    expect((await scan(`]C142090210\u001d${USPS_22}`)).body.message.rma).toBe('RMA-1');
    expect((await scan(`420902101234${USPS_22}`)).body.message.rma).toBe('RMA-1');
    expect((await scan('1z999aa10123456784')).body.message.rma).toBe('RMA-2');
    expect((await scan('rma-2')).body.message.rma).toBe('RMA-2');
    expect((await scan('9999')).body).toMatchObject({ code: 404, message: EXPECTED_MSG.noMatch });
    expect((await scan(' ')).body.errors).toEqual({ scan: [EXPECTED_MSG.scan] });
    expect((await call(t.app, 'PUT', `/api/returns/expected/${customer.id}`, { body: { scan: 'x' } })).status).toBe(401);
    const stranger = await operatorSession(t.app, db(), []);
    expect((await scan('rma-2', stranger.token)).status).toBe(403);
  });
});
