import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections, orders, tasks } from '../db/schema/index.js';
import { makeCustomer, makeReason } from '../test/factories.js';
import { enqueueReturnTask, makeReturnFixture, makeWorkerDeps, startTestWorker, taskRow } from '../test/integration-fixtures.js';
import { sendJson, startHttpPartner, untilCallerHangsUp, waitFor, type HttpPartner } from '../test/integration-servers.js';
import { startTestShop } from '../test/test-shop.js';
import { call, createTestApp, type TestApp } from '../test/test-app.js';
import { operatorSession } from '../test/sessions.js';

let t: TestApp;
const db = () => t.deps.database.db;
beforeAll(async () => {
  t = await createTestApp({ PARTNER_TIMEOUT_MS: 400 });
});
afterAll(() => t.close());

const partnerOrder = (n: string) => ({
  source_id: `REST-${n}`,
  order_number: `ON-${n}`,
  delivery_number: `DN-${n}`,
  web_order_number: `WEB-${n}`,
  delivery_name_1: 'Jo Partner',
  lines: [{ line_number: 1, quantity: 3, product: { sku: `P-${n}`, name_1: 'Partner Product' } }],
});

async function restCustomer(
  endpoint: string,
  secrets: { username?: string; password?: string; token?: string },
  orderSource = 'Biztalk Rest',
) {
  const customer = await makeCustomer(db(), { orderSource });
  await makeReason(db(), customer.id);
  await db()
    .insert(connections)
    .values({
      customerId: customer.id,
      connectionType: orderSource === 'SGL Ecommerce' ? 'SGL Ecom' : 'Biztalk Inbound Order',
      endpoint,
      username: secrets.username,
      secureShortTokenEnc: secrets.password ? t.deps.secretBox.seal(secrets.password) : null,
      secureLongTokenEnc: secrets.token ? t.deps.secretBox.seal(secrets.token) : null,
    });
  const { token } = await operatorSession(t.app, db(), [customer.id]);
  return { customer, token };
}

describe('Biztalk Rest: live order search and load', () => {
  let partner: HttpPartner;
  beforeAll(async () => {
    partner = await startHttpPartner((req, res) => {
      const url = new URL(req.url, 'http://x');
      if (
        req.headers.authorization !== `Basic ${Buffer.from('sgl:pw-1').toString('base64')}` &&
        req.headers.authorization !== 'Bearer tok-1'
      ) {
        return sendJson(res, 401, { error: 'unauthorized' });
      }
      if (url.pathname === '/api/v1/orders' && url.searchParams.get('orderNo') === 'ON-1')
        return sendJson(res, 200, { orders: [partnerOrder('1')] });
      if (url.pathname === '/api/v1/orders') return sendJson(res, 200, { orders: [] });
      sendJson(res, 404, {});
    });
  });
  afterAll(() => partner.close());

  it('searches the partner with basic auth, loads the result (import + SGL REST Create log), then finds it locally imported', async () => {
    const { customer, token } = await restCustomer(`${partner.url}/api/v1`, { username: 'sgl', password: 'pw-1' });
    const found = await call(t.app, 'PUT', `/api/returns/search/${customer.id}`, { token, body: { search: 'ON-1', field: 'orderNo' } });
    expect(found.status).toBe(200);
    expect(found.body.message).toEqual([
      expect.objectContaining({
        id: null,
        reference_1: 'DN-1',
        reference_2: 'ON-1',
        reference_3: 'WEB-1',
        order_status: 'New',
        data: partnerOrder('1'),
      }),
    ]);
    expect(partner.requests.at(-1)!.url).toBe('/api/v1/orders?orderNo=ON-1');

    const loaded = await call(t.app, 'PUT', '/api/returns/order/Biztalk%20Rest/new', {
      token,
      body: { customer_id: customer.id, data: found.body.message[0].data },
    });
    expect(loaded.status).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.customerId, customer.id));
    expect(order).toMatchObject({ sourceId1: 'REST-1', orderNumber: 'ON-1', source: 'Biztalk Rest' });
    const logs = await db()
      .select()
      .from(tasks)
      .where(and(eq(tasks.customerId, customer.id), eq(tasks.taskType, 'SGL REST Create')));
    expect(logs).toEqual([expect.objectContaining({ taskStatus: 'Log Only', orderId: order!.id, message1: 'Order ON-1' })]);
    expect(logs[0]!.details.at(-1)).toMatchObject({ event: 'imported', source_id: 'REST-1', orders_created: 1 });

    const again = await call(t.app, 'PUT', `/api/returns/search/${customer.id}`, { token, body: { search: 'ON-1', field: 'orderNo' } });
    expect(again.body.message[0]).toMatchObject({ id: order!.id });
    expect(again.body.message[0].data).toBeUndefined();
  });

  it('sends the API token as a bearer token and the chosen field', async () => {
    const { customer, token } = await restCustomer(`${partner.url}/api/v1/`, { token: 'tok-1' });
    const res = await call(t.app, 'PUT', `/api/returns/search/${customer.id}`, { token, body: { search: 'DN-9', field: 'deliveryNo' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual([]);
    expect(partner.requests.at(-1)!.url).toBe('/api/v1/orders?deliveryNo=DN-9');
    expect(partner.requests.at(-1)!.headers.authorization).toBe('Bearer tok-1');
  });

  it('gives the operator a clear message when the partner is slow, down or refuses', async () => {
    const slow = await startHttpPartner((_req, res) => untilCallerHangsUp(res));
    try {
      const a = await restCustomer(slow.url, { token: 'x' });
      const timedOut = await call(t.app, 'PUT', `/api/returns/search/${a.customer.id}`, {
        token: a.token,
        body: { search: 'ON-1', field: 'orderNo' },
      });
      expect(timedOut.status).toBe(504);
      expect(timedOut.body.message).toBe(
        `The order service of ${a.customer.company} did not answer within 0.4 seconds. Please try again in a few minutes.`,
      );
    } finally {
      await slow.close();
    }
    const closed = await startHttpPartner(() => undefined);
    await closed.close(); // its port now refuses connections
    const b = await restCustomer(`${closed.url}/api`, { token: 'x' });
    const down = await call(t.app, 'PUT', `/api/returns/search/${b.customer.id}`, {
      token: b.token,
      body: { search: 'ON-1', field: 'orderNo' },
    });
    expect(down.status).toBe(502);
    expect(down.body.message).toMatch(
      new RegExp(`^The order service of ${b.customer.company} is not available \\(cannot connect \\(ECONNREFUSED\\)\\)`),
    );
    const c = await restCustomer(`${partner.url}/api/v1`, { username: 'sgl', password: 'wrong' });
    const refused = await call(t.app, 'PUT', `/api/returns/search/${c.customer.id}`, {
      token: c.token,
      body: { search: 'ON-1', field: 'orderNo' },
    });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toBe(
      `The order service of ${c.customer.company} refused the search (HTTP 401). Please check the customer's connection.`,
    );
  });

  it('searches the local orders when the customer has no endpoint', async () => {
    const customer = await makeCustomer(db(), { orderSource: 'Biztalk Rest' });
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const res = await call(t.app, 'PUT', `/api/returns/search/${customer.id}`, { token, body: { search: 'nothing', field: 'orderNo' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual([]);
  });
});

/** The shared test shop (test/test-shop.ts), answering one order for 'WEB-5'. */
const startShop = () => startTestShop({ ordersFor: (search) => (search === 'WEB-5' ? [partnerOrder('5')] : []) });

describe('SGL Ecommerce: shop reads and Ecommerce Outbound', () => {
  it('searches the web shop for SGL Ecommerce customers', async () => {
    const shop = await startShop();
    try {
      const { customer, token } = await restCustomer(`${shop.server.url}/shop`, { token: 'shop-token' }, 'SGL Ecommerce');
      const res = await call(t.app, 'PUT', `/api/returns/search/${customer.id}`, { token, body: { search: 'WEB-5' } });
      expect(res.status).toBe(200);
      expect(res.body.message).toEqual([expect.objectContaining({ id: null, reference_3: 'WEB-5' })]);
      expect(shop.server.requests.at(-1)!.url).toBe('/shop/orders?search=WEB-5');
    } finally {
      await shop.server.close();
    }
  });

  it('shop down → retries → Error → shop back → manual retry → Success, one return in the shop', async () => {
    const shop = await startShop();
    const { deps } = makeWorkerDeps(t.testDb, { PARTNER_TIMEOUT_MS: 400 });
    const worker = startTestWorker(deps);
    try {
      const f = await makeReturnFixture(db(), {
        connectionType: 'SGL Ecom',
        endpoint: `${shop.server.url}/shop`,
        orderSource: 'SGL Ecommerce',
      });
      shop.setMode('down');
      const id = await enqueueReturnTask(db(), deps.clock.now(), f, 'Ecommerce Outbound');
      worker.poke();
      const failed = await waitFor(async () => ((await taskRow(db(), id)).taskStatus === 'Error' ? taskRow(db(), id) : undefined));
      expect(failed.attemptsCount).toBe(3);
      expect(failed.message2).toBe('The web shop answered HTTP 503');
      expect(failed.details.filter((d) => d.event === 'failed').map((d) => d.retry)).toEqual([true, true, false]);

      shop.setMode('up');
      await db().update(tasks).set({ taskStatus: 'Pending', attemptsCount: 0, isRunning: false }).where(eq(tasks.id, id));
      worker.poke();
      const done = await waitFor(async () => ((await taskRow(db(), id)).taskStatus === 'Success' ? taskRow(db(), id) : undefined));
      expect(done.message2).toBe('Shop return SR-1');
      expect(shop.byKey.size).toBe(1);
      const posted = shop.server.requests.filter((r) => r.method === 'POST');
      expect(posted).toHaveLength(4);
      expect(posted.every((r) => r.headers['idempotency-key'] === `return-${f.ret.id}`)).toBe(true);
      expect(JSON.parse(posted.at(-1)!.body)).toMatchObject({
        return_id: f.ret.id,
        order_source_id: f.order.sourceId1,
        lines: [
          expect.objectContaining({ sku: 'SKU-100', quantity: 2, reason: 'DAMAGED', line_number: 1 }),
          expect.objectContaining({ sku: 'SKU-200' }),
        ],
      });
    } finally {
      await worker.stop();
      await shop.server.close();
    }
  });

  it('posts the version-2 body to a version-2 SGL Ecom connection, the original body to version 1', async () => {
    const shop = await startShop();
    const { deps } = makeWorkerDeps(t.testDb);
    const worker = startTestWorker(deps);
    try {
      const common = { connectionType: 'SGL Ecom', endpoint: `${shop.server.url}/shop`, orderSource: 'SGL Ecommerce' } as const;
      const v2 = await makeReturnFixture(db(), { ...common, formatVersion: 2 });
      const v1 = await makeReturnFixture(db(), { ...common });
      const ids = [
        await enqueueReturnTask(db(), deps.clock.now(), v2, 'Ecommerce Outbound'),
        await enqueueReturnTask(db(), deps.clock.now(), v1, 'Ecommerce Outbound'),
      ];
      worker.poke();
      for (const id of ids) await waitFor(async () => ((await taskRow(db(), id)).taskStatus === 'Success' ? true : undefined));
      const bodyOf = (returnId: number) =>
        JSON.parse(shop.server.requests.find((r) => r.method === 'POST' && r.headers['idempotency-key'] === `return-${returnId}`)!.body);
      const b2 = bodyOf(v2.ret.id);
      expect(b2).toMatchObject({
        format_version: 2,
        missing_lines: [],
        discrepancies: { missing: 0, wrong_items: 0, extra_items: 0, total: 0 },
      });
      expect(Object.keys(b2.lines[0])).toEqual(
        expect.arrayContaining(['disposition', 'disposition_text', 'location', 'discrepancy', 'replaces_line_number']),
      );
      const b1 = bodyOf(v1.ret.id);
      expect(Object.keys(b1).sort()).toEqual(
        [
          'blind',
          'lines',
          'order_number',
          'order_source_id',
          'received_by',
          'reference_1',
          'reference_2',
          'return_date',
          'return_id',
          'web_order_number',
        ].sort(),
      );
      expect(Object.keys(b1.lines[0]).sort()).toEqual(
        ['comment', 'condition', 'line_number', 'quantity', 'reason', 'reason_text', 'sku'].sort(),
      );
    } finally {
      await worker.stop();
      await shop.server.close();
    }
  });

  it('a retry after a lost answer does not create a second return in the shop', async () => {
    const shop = await startShop();
    const { deps } = makeWorkerDeps(t.testDb, { PARTNER_TIMEOUT_MS: 300 });
    const worker = startTestWorker(deps);
    try {
      const f = await makeReturnFixture(db(), {
        connectionType: 'SGL Ecom',
        endpoint: `${shop.server.url}/shop`,
        orderSource: 'SGL Ecommerce',
      });
      shop.setMode('slow-after-create');
      const id = await enqueueReturnTask(db(), deps.clock.now(), f, 'Ecommerce Outbound');
      worker.poke();
      const done = await waitFor(async () => ((await taskRow(db(), id)).taskStatus === 'Success' ? taskRow(db(), id) : undefined));
      expect(done.attemptsCount).toBe(2);
      expect(done.details.find((d) => d.event === 'failed')).toMatchObject({ error: 'The web shop no answer within 300 ms' });
      expect(shop.byKey.size).toBe(1);
      expect(done.message2).toBe('Shop return SR-1');
    } finally {
      await worker.stop();
      await shop.server.close();
    }
  });
});
