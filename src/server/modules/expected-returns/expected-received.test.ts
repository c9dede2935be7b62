// Expected returns in the admin list, and received by the desk's submit (issue 26).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeCustomer, makeReason } from '../../test/factories.js';
import { makeProduct } from '../../test/return-factory.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { submittedReturnCustomer } from '../../test/correction-fixtures.js';
import { EXPECTED_MSG } from '../../../contract/expected-returns.js';
import { MSG } from '../../../contract/messages.js';
import { expectedReturns, returns, webhookEvents } from '../../db/schema/index.js';
import { registerEndpoint } from '../../test/webhook-fixtures.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_HTTP: true });
  admin = await adminSession(t.app, t.deps.database.db);
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const upload = (customerId: number, csv: string) =>
  call(t.app, 'POST', `/api/su/customers/${customerId}/expected-returns/import`, {
    token: admin.token,
    body: { format: 'csv', content: csv },
  });
const list = (customerId: number, token: string | null = admin.token, query = '') =>
  call(t.app, 'GET', `/api/su/customers/${customerId}/expected-returns${query}`, { token: token ?? undefined });
const idOf = async (customerId: number, rma: string) =>
  (await db().select().from(expectedReturns).where(eq(expectedReturns.customerId, customerId))).find((e) => e.rma === rma)!.id;

describe('GET /api/su/customers/{id}/expected-returns', () => {
  it('answers 401 without a session or with an API key, 403 to an operator, 422 on a bad status', async () => {
    const customer = await makeCustomer(db());
    expect((await list(customer.id, null)).status).toBe(401);
    const key = await call(t.app, 'POST', `/api/su/customers/${customer.id}/api-keys`, {
      token: admin.token,
      body: { name: 'Loop', scopes: ['returns:read', 'expected_returns:write'] },
    });
    expect((await list(customer.id, key.body.message.key)).status).toBe(401);
    const op = await operatorSession(t.app, db(), [customer.id]);
    expect((await list(customer.id, op.token)).body).toMatchObject({ code: 403, message: MSG.forbidden });
    const bad = await list(customer.id, admin.token, '?status=lost');
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.status?.[0]).toMatch(/status must be one of: expected, received, overdue/);
    expect((await list(99_999)).status).toBe(404);
  });

  it('lists them newest first with their status, the counts and the overdue days; a status filters', async () => {
    const customer = await makeCustomer(db());
    expect((await upload(customer.id, 'rma,sku,quantity,reason\nL-1,SHOE,1,Too small\nL-2,BOOT,2,\n')).status).toBe(200);
    await db()
      .update(expectedReturns)
      .set({ overdueAt: new Date('2026-11-26T00:00:00Z') })
      .where(eq(expectedReturns.rma, 'L-1'));
    const res = await list(customer.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatchObject({
      overdue_days: 14,
      counts: { expected: 1, received: 0, overdue: 1 },
      expected_returns: [
        { rma: 'L-2', status: 'expected', overdue_at: null, items: [{ sku: 'BOOT', quantity: 2 }] },
        { rma: 'L-1', status: 'expected', overdue_at: '2026-11-26T00:00:00.000Z', items: [{ sku: 'SHOE', reason: 'Too small' }] },
      ],
    });
    const overdue = await list(customer.id, admin.token, '?status=overdue');
    expect(overdue.body.message.expected_returns.map((e: { rma: string }) => e.rma)).toEqual(['L-1']);
  });
});

describe('a return submitted against an expected return', () => {
  it('marks it received in the same write, once; a repeated submit sends no second return.received', async () => {
    const { customer, made } = await submittedReturnCustomer(db());
    await registerEndpoint(t.app, admin.token, customer.id, 'http://127.0.0.1:9/never', ['return.received']);
    await upload(customer.id, 'rma,tracking_number,sku,quantity\nR-9,1Z999AA10123456784,SKU-1,1\n');
    const expectedId = await idOf(customer.id, 'R-9');
    const [l1] = made.lines;
    const body = {
      id: '__exp001',
      customer_id: customer.id,
      order_id: made.order.id,
      return_date: '2026-11-27',
      expected_return_id: expectedId,
      return_ledgers: [{ order_line_id: l1!.id, product_id: l1!.productId, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' }],
    };
    const first = await call(t.app, 'POST', '/api/returns', { token: admin.token, body });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await call(t.app, 'POST', '/api/returns', { token: admin.token, body });
    expect(again.body.message.id).toBe(first.body.message.id);
    const [row] = await db().select().from(expectedReturns).where(eq(expectedReturns.id, expectedId));
    expect(row).toMatchObject({ status: 'received', returnId: first.body.message.id });
    expect(row!.receivedAt).toBeInstanceOf(Date);
    const events = await db()
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.subject, `return:${first.body.message.id}`));
    expect(events.map((e) => e.eventType)).toEqual(['return.received']);
    const listed = await list(customer.id, admin.token, '?status=received');
    expect(listed.body.message.expected_returns[0]).toMatchObject({ rma: 'R-9', status: 'received', return_id: first.body.message.id });

    // A second return against the same expected return saves, and the expected return stays with the first.
    const second = await call(t.app, 'POST', '/api/returns', { token: admin.token, body: { ...body, id: '__exp002' } });
    expect(second.status).toBe(200);
    const [still] = await db().select().from(expectedReturns).where(eq(expectedReturns.id, expectedId));
    expect(still!.returnId).toBe(first.body.message.id);
  });

  it("refuses another customer's expected return (403) and an unknown one (404), writing nothing", async () => {
    const { customer, made } = await submittedReturnCustomer(db());
    const other = await makeCustomer(db());
    await upload(other.id, 'rma,sku,quantity\nX-1,SKU-1,1\n');
    const foreign = await idOf(other.id, 'X-1');
    const [l1] = made.lines;
    const body = (id: string, expected: number) => ({
      id,
      customer_id: customer.id,
      order_id: made.order.id,
      return_date: '2026-11-27',
      expected_return_id: expected,
      return_ledgers: [{ order_line_id: l1!.id, product_id: l1!.productId, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' }],
    });
    const op = await operatorSession(t.app, db(), [customer.id]);
    const refused = await call(t.app, 'POST', '/api/returns', { token: op.token, body: body('__exp101', foreign) });
    expect(refused.body).toMatchObject({ code: 403, message: MSG.forbidden });
    const unknown = await call(t.app, 'POST', '/api/returns', { token: op.token, body: body('__exp102', 987_654) });
    expect(unknown.body).toMatchObject({ code: 404, message: EXPECTED_MSG.notFound });
    const bad = await call(t.app, 'POST', '/api/returns', { token: op.token, body: { ...body('__exp103', 1), expected_return_id: 'x' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.expected_return_id).toBeDefined();
    expect(await db().select().from(returns).where(eq(returns.customerId, customer.id))).toHaveLength(0);
    const [untouched] = await db().select().from(expectedReturns).where(eq(expectedReturns.id, foreign));
    expect(untouched!.status).toBe('expected');
  });
});

describe('a blind return saved against an expected return (a blind customer whose pre-advice names no order)', () => {
  it("marks it received with the blind return; another customer's expected return is refused and nothing is written", async () => {
    const customer = await makeCustomer(db(), { canBlind: true });
    await makeReason(db(), customer.id, 'DAMAGED', 'Damaged in transit');
    const shoe = await makeProduct(db(), customer.id, { sku: 'SHOE-B1', upc: '8712345000912', name1: 'Shoe' });
    await upload(customer.id, 'rma,sku,quantity,reason\nB-1,SHOE-B1,2,Damaged in transit\n');
    const expectedId = await idOf(customer.id, 'B-1');
    const other = await makeCustomer(db(), { canBlind: true });
    await upload(other.id, 'rma,sku,quantity\nB-2,SKU-1,1\n');
    const op = await operatorSession(t.app, db(), [customer.id]);
    const body = (id: string, expected: number) => ({
      id,
      reference_1: 'B-1',
      reference_2: '',
      return_date: '2026-11-27',
      is_blind: true,
      expected_return_id: expected,
      return_ledgers: [{ product_id: shoe.id, quantity: 2, condition: 'Pristine', reason: 'DAMAGED', comment: '' }],
    });
    const refused = await call(t.app, 'PUT', `/api/returns/blind/${customer.id}`, {
      token: op.token,
      body: body('__blexp2', await idOf(other.id, 'B-2')),
    });
    expect(refused.body).toMatchObject({ code: 403, message: MSG.forbidden });
    expect(await db().select().from(returns).where(eq(returns.customerId, customer.id))).toHaveLength(0);

    const saved = await call(t.app, 'PUT', `/api/returns/blind/${customer.id}`, { token: op.token, body: body('__blexp1', expectedId) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [blind] = await db().select().from(returns).where(eq(returns.customerId, customer.id));
    const [row] = await db().select().from(expectedReturns).where(eq(expectedReturns.id, expectedId));
    expect(row).toMatchObject({ status: 'received', returnId: blind!.id });
  });
});

describe('GET /api/dashboard/expected', () => {
  it('answers 401 without a session, 403 for a customer the operator is not linked to, 422 on a bad period', async () => {
    const customer = await makeCustomer(db());
    const op = await operatorSession(t.app, db(), []);
    expect((await call(t.app, 'GET', '/api/dashboard/expected')).status).toBe(401);
    expect((await call(t.app, 'GET', `/api/dashboard/expected?customer_id=${customer.id}`, { token: op.token })).body).toMatchObject({
      code: 403,
      message: MSG.forbidden,
    });
    const bad = await call(t.app, 'GET', '/api/dashboard/expected?period=year', { token: op.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.period).toBeDefined();
  });

  it("counts the period's announced and arrived, and those awaited and overdue now, of the user's customers", async () => {
    const { customer, made } = await submittedReturnCustomer(db());
    const other = await makeCustomer(db());
    await upload(customer.id, 'rma,sku,quantity\nD-1,SKU-1,1\nD-2,SKU-1,1\nD-3,SKU-1,1\n');
    await upload(other.id, 'rma,sku,quantity\nO-1,SKU-1,1\n');
    await db().update(expectedReturns).set({ overdueAt: new Date() }).where(eq(expectedReturns.rma, 'D-3'));
    const [l1] = made.lines;
    const submitted = await call(t.app, 'POST', '/api/returns', {
      token: admin.token,
      body: {
        id: '__dash01',
        customer_id: customer.id,
        order_id: made.order.id,
        return_date: '2026-11-27',
        expected_return_id: await idOf(customer.id, 'D-1'),
        return_ledgers: [{ order_line_id: l1!.id, product_id: l1!.productId, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' }],
      },
    });
    expect(submitted.status).toBe(200);
    const op = await operatorSession(t.app, db(), [customer.id]);
    const mine = await call(t.app, 'GET', '/api/dashboard/expected?period=today', { token: op.token });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.message).toMatchObject({ announced: 3, arrived: 1, awaiting: 1, overdue: 1 });
    const one = await call(t.app, 'GET', `/api/dashboard/expected?customer_id=${other.id}`, { token: admin.token });
    expect(one.body.message).toMatchObject({ announced: 1, arrived: 0, awaiting: 1, overdue: 0 });
  });
});
