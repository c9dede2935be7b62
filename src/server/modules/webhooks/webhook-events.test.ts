// Where events come from (issue 26): the submit, a correction, a parcel's intake; and what a paused
// endpoint does with them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { submittedReturnCustomer } from '../../test/correction-fixtures.js';
import { makeCustomer } from '../../test/factories.js';
import { startTestWorker } from '../../test/integration-fixtures.js';
import { waitFor } from '../../test/integration-servers.js';
import { registerEndpoint, startWebhookReceiver } from '../../test/webhook-fixtures.js';
import { returnLedgers, webhookDeliveries, webhookEvents } from '../../db/schema/index.js';
import type { Worker } from '../tasks/task-worker.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let worker: Worker;
beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_HTTP: true });
  admin = await adminSession(t.app, t.deps.database.db);
  receiver = await startWebhookReceiver();
  worker = startTestWorker(t.deps);
});
afterAll(async () => {
  await worker.stop();
  await receiver.close();
  await t.close();
});

const db = () => t.deps.database.db;
const at = (path: string) => receiver.events().filter((_e, i) => receiver.requests[i]!.url === path);

describe('events from the desk', () => {
  it('a correction sends return.corrected with the new version, after return.received of the same return', async () => {
    const { customer, made } = await submittedReturnCustomer(db());
    const path = `/corrected/${customer.id}`;
    await registerEndpoint(t.app, admin.token, customer.id, `${receiver.url}${path}`, ['return.received', 'return.corrected']);
    const [l1, l2] = made.lines;
    const submit = await call(t.app, 'POST', '/api/returns', {
      token: admin.token,
      body: {
        id: '__corr01',
        customer_id: customer.id,
        order_id: made.order.id,
        return_date: '2026-11-20',
        return_ledgers: [
          { order_line_id: l1!.id, product_id: l1!.productId, quantity: 2, condition: 'Pristine', reason: 'DAMAGED' },
          { order_line_id: l2!.id, product_id: l2!.productId, quantity: 1, condition: 'Scrap', reason: 'WRONG' },
        ],
      },
    });
    expect(submit.status).toBe(200);
    const returnId = submit.body.message.id as number;
    const ledgers = await db().select().from(returnLedgers).where(eq(returnLedgers.returnId, returnId)).orderBy(asc(returnLedgers.id));
    const lines = ledgers.map((l) => ({ id: l.id, quantity: l.quantity, condition: l.condition, reason: l.reason, comment: '' }));
    lines[0]!.quantity = 1;
    const corrected = await call(t.app, 'POST', `/api/su/returns/${returnId}/corrections`, {
      token: admin.token,
      body: { version: 1, comment: 'one shoe only', lines },
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    worker.poke();
    const got = await waitFor(() => (at(path).length === 2 ? at(path) : undefined));
    expect(got.map((e) => e.event.type)).toEqual(['return.received', 'return.corrected']);
    // Each carries its own version, though both were built after the correction.
    expect(got[0]!.event.data.return.version).toBe(1);
    expect(got[0]!.event.data.lines[0].quantity).toBe(2);
    expect(got[1]!.event.data).toMatchObject({
      return: { id: returnId, version: 2 },
      correction: { version: 2, comment: 'one shoe only' },
    });
    expect(got[1]!.event.data.lines[0].quantity).toBe(1);
  });

  it('a parcel received with its customer sends parcel.received; one without a customer sends nothing', async () => {
    const customer = await makeCustomer(db());
    const path = `/parcels/${customer.id}`;
    await registerEndpoint(t.app, admin.token, customer.id, `${receiver.url}${path}`, ['parcel.received']);
    const op = await operatorSession(t.app, db(), [customer.id]);
    const tracking = `1ZWH${Date.now().toString(36).toUpperCase()}`;
    const res = await call(t.app, 'POST', '/api/parcels', {
      token: op.token,
      body: { tracking_number: tracking, customer_id: customer.id, location: 'P-1', note: 'no paperwork' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const before = (await db().select().from(webhookEvents)).length;
    const anonymous = await call(t.app, 'POST', '/api/parcels', {
      token: op.token,
      body: { tracking_number: `${tracking}X`, location: 'P-2' },
    });
    expect(anonymous.status).toBe(200);
    expect((await db().select().from(webhookEvents)).length).toBe(before);
    worker.poke();
    const [got] = await waitFor(() => (at(path).length ? at(path) : undefined));
    expect(got!.event).toMatchObject({
      type: 'parcel.received',
      data: { parcel_id: res.body.message.id, tracking_number: tracking, location: 'P-1', note: 'no paperwork', photo_count: 0 },
    });
  });

  it('matching an unknown parcel to an order sends parcel.matched with the return it became, after return.received', async () => {
    const { customer, made } = await submittedReturnCustomer(db());
    const path = `/matched/${customer.id}`;
    await registerEndpoint(t.app, admin.token, customer.id, `${receiver.url}${path}`, ['return.received', 'parcel.matched']);
    const tracking = `1ZMT${Date.now().toString(36).toUpperCase()}`;
    const parcel = await call(t.app, 'POST', '/api/parcels', {
      token: admin.token,
      body: { tracking_number: tracking, customer_id: customer.id, location: 'P-9' },
    });
    expect(parcel.status, JSON.stringify(parcel.body)).toBe(200);
    const [l1] = made.lines;
    const submit = await call(t.app, 'POST', '/api/returns', {
      token: admin.token,
      body: {
        id: '__match1',
        customer_id: customer.id,
        order_id: made.order.id,
        return_date: '2026-11-27',
        parcel_id: parcel.body.message.id,
        return_ledgers: [{ order_line_id: l1!.id, product_id: l1!.productId, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' }],
      },
    });
    expect(submit.status, JSON.stringify(submit.body)).toBe(200);
    worker.poke();
    const got = await waitFor(() => (at(path).length === 2 ? at(path) : undefined));
    expect(got.map((e) => e.event.type)).toEqual(['return.received', 'parcel.matched']);
    expect(got[1]!.event.data).toEqual({
      parcel_id: parcel.body.message.id,
      tracking_number: tracking,
      state: 'Matched',
      return_id: submit.body.message.id,
      order_id: made.order.id,
      order_reference: made.order.orderNumber ?? made.order.deliveryNumber,
    });
  });

  it('a paused endpoint records no new events and holds what was under way; resuming sends it', async () => {
    const customer = await makeCustomer(db());
    const path = `/paused/${customer.id}`;
    const hook = await registerEndpoint(t.app, admin.token, customer.id, `${receiver.url}${path}`, ['parcel.received']);
    const body = (active: boolean) => ({ url: `${receiver.url}${path}`, event_types: ['parcel.received'], active });
    const op = await operatorSession(t.app, db(), [customer.id]);
    const intake = (n: number) =>
      call(t.app, 'POST', '/api/parcels', {
        token: op.token,
        body: { tracking_number: `1ZPA${n}${Date.now().toString(36).toUpperCase()}`, customer_id: customer.id, location: 'P-1' },
      });
    // Recorded while active, then paused before the worker got to it: it is held.
    await worker.stop();
    expect((await intake(1)).status).toBe(200);
    await call(t.app, 'PUT', `/api/su/webhooks/${hook.id}`, { token: admin.token, body: body(false) });
    expect((await intake(2)).status).toBe(200); // not recorded: paused
    worker = startTestWorker(t.deps);
    const [held] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.id));
    await waitFor(async () => {
      const [row] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, held!.id));
      return row!.nextAttemptAt === null;
    });
    expect(at(path)).toEqual([]);
    const resumed = await call(t.app, 'PUT', `/api/su/webhooks/${hook.id}`, { token: admin.token, body: body(true) });
    expect(resumed.body.message.status).toBe('active');
    worker.poke();
    const got = await waitFor(() => (at(path).length ? at(path) : undefined));
    expect(got).toHaveLength(1);
    expect(await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.id))).toHaveLength(1);
  });
});
