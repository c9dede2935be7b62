import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { draftFor, receivingFixture } from '../../test/receiving-fixtures.js';
import { startTestWorker, taskRow } from '../../test/integration-fixtures.js';
import { waitFor } from '../../test/integration-servers.js';
import { registerEndpoint, startWebhookReceiver } from '../../test/webhook-fixtures.js';
import { makeCustomer } from '../../test/factories.js';
import { dispositions, tasks, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import type { Worker } from '../tasks/task-worker.js';
import { webhookRetryDelayMs } from '../tasks/handlers/webhook-delivery.handler.js';
import { createWebhookEventsRepository } from './webhook-events.repository.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let worker: Worker;
beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_HTTP: true, WEBHOOK_TIMEOUT_MS: 400 });
  admin = await adminSession(t.app, t.deps.database.db);
  receiver = await startWebhookReceiver();
  worker = startTestWorker(t.deps, { concurrency: 2 });
});
afterAll(async () => {
  await worker.stop();
  await receiver.close();
  await t.close();
});

const db = () => t.deps.database.db;
const HOUR = 3600_000;
const delivery = async (id: number) => (await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]!;
const deliveriesOf = (endpointId: number) =>
  db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(asc(webhookDeliveries.id));
const endpoint = async (id: number) => (await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!;
const sign = (secret: string, ts: string, body: string) => createHmac('sha256', secret).update(`${ts}.${body}`).digest('base64');
/** Moves the fake clock (the worker claims by it) and wakes the worker. */
const advance = (ms: number) => {
  t.clock.advance(ms);
  worker.poke();
};
/** Emits an event about `subject` for the customer, as the services do inside their transactions. */
const emit = (customerId: number, eventType: string, subject: string, data: Record<string, unknown>) =>
  createWebhookEventsRepository(db()).emit({ customerId, eventType, subject, data }, t.clock.now());

async function submitReturn() {
  const { customer, made } = await receivingFixture(db());
  const hook = await registerEndpoint(t.app, admin.token, customer.id, `${receiver.url}/hooks/${customer.id}`, ['return.received']);
  const operator = await operatorSession(t.app, db(), [customer.id]);
  const draft = draftFor(customer.id, made);
  await db().insert(dispositions).values({ customerId: customer.id, code: 'RESTOCK', name: 'Restock', requiresLocation: true });
  const first = { ...draft.return_ledgers[0]!, disposition: 'RESTOCK', location: 'BIN-7' };
  draft.return_ledgers[0] = first as (typeof draft.return_ledgers)[0];
  const res = await call(t.app, 'POST', '/api/returns', { token: operator.token, body: draft });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  worker.poke();
  return { customer, hook, returnId: res.body.message.id as number };
}

describe('return.received', () => {
  it('a submit is delivered, signed, with the full snapshot, and the attempt is in the delivery log', async () => {
    const { customer, hook, returnId } = await submitReturn();
    const got = await waitFor(() => receiver.events().find((e) => e.event.data?.return?.id === returnId));
    expect(got.event).toMatchObject({ type: 'return.received', created_at: expect.any(String) });
    expect(got.event.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(got.headers['returns-desk-event-id']).toBe(got.event.id);
    const ts = String(got.headers['returns-desk-timestamp']);
    expect(got.headers['returns-desk-signature']).toBe(`v1=${sign(hook.secret, ts, got.body)}`);
    const data = got.event.data;
    expect(data.return).toMatchObject({ id: returnId, version: 1, customer_id: customer.id, reference_1: 'RMA-1', is_blind: false });
    expect(data.lines).toHaveLength(2);
    expect(data.lines[0]).toMatchObject({
      condition: 'Pristine',
      reason: 'DAMAGED',
      reason_text: 'Damaged',
      disposition: 'RESTOCK',
      disposition_text: 'Restock',
      bin: 'BIN-7',
      discrepancy: null,
      photos: [],
    });
    for (const key of ['disposition', 'disposition_text', 'sku', 'upc', 'quantity', 'order_line_number'])
      expect(data.lines[0]).toHaveProperty(key);
    expect(data).toHaveProperty('missing_lines', []);
    expect(data).toHaveProperty('photos', []);
    const [d] = await deliveriesOf(hook.id);
    await waitFor(async () => (await delivery(d!.id)).status === 'delivered');
    const log = await call(t.app, 'GET', `/api/su/webhooks/${hook.id}/deliveries`, { token: admin.token });
    expect(log.body.message.deliveries[0]).toMatchObject({
      event_id: got.event.id,
      event_type: 'return.received',
      subject: `return:${returnId}`,
      status: 'delivered',
      attempts: 1,
      last_status: 200,
      attempt_log: [{ attempt: 1, response_status: 200, response_snippet: '{"ok":true}', outcome: 'delivered', error: null }],
    });
  });

  it('nothing is recorded for a customer without an endpoint listening', async () => {
    const { customer, made } = await receivingFixture(db());
    const operator = await operatorSession(t.app, db(), [customer.id]);
    expect((await call(t.app, 'POST', '/api/returns', { token: operator.token, body: draftFor(customer.id, made) })).status).toBe(200);
    const queued = await db().select().from(tasks).where(eq(tasks.customerId, customer.id));
    expect(queued.filter((q) => q.taskType === 'Webhook Delivery')).toEqual([]);
  });
});

describe('retries', () => {
  it('the delay doubles from 30 s to at most 2 h, with a jitter of 50–100 %', () => {
    expect([1, 2, 3].map((n) => webhookRetryDelayMs(n, () => 1))).toEqual([30_000, 60_000, 120_000]);
    expect(webhookRetryDelayMs(1, () => 0)).toBe(15_000);
    expect(webhookRetryDelayMs(30, () => 1)).toBe(2 * HOUR);
  });

  it('5xx and a time-out retry with backoff and jitter by the injected clock, each attempt logged; 2xx ends it', async () => {
    const c = await makeCustomer(db());
    const hook = await registerEndpoint(t.app, admin.token, c.id, `${receiver.url}/retry/${c.id}`, ['parcel.received']);
    receiver.answer(500, 'hang');
    await emit(c.id, 'parcel.received', 'parcel:1', { parcel_id: 1 });
    worker.poke();
    const [d] = await deliveriesOf(hook.id);
    const first = await waitFor(async () => {
      const row = await delivery(d!.id);
      return row.attempts === 1 ? row : undefined;
    });
    expect(first.status).toBe('pending');
    expect(first.lastStatus).toBe(500);
    const wait1 = first.nextAttemptAt!.getTime() - t.clock.now().getTime();
    // Attempt 1's delay: 30 s, drawn between 50 % and 100 %.
    expect(wait1).toBeGreaterThanOrEqual(15_000);
    expect(wait1).toBeLessThanOrEqual(30_000);
    expect(await endpoint(hook.id)).toMatchObject({ failingSince: t.clock.now(), status: 'active' });
    advance(wait1 - 1000);
    expect((await delivery(d!.id)).attempts).toBe(1); // not due yet
    advance(1000);
    const second = await waitFor(async () => {
      const row = await delivery(d!.id);
      return row.attempts === 2 && !(await taskRowOf(d!.id))?.isRunning ? row : undefined;
    });
    expect(second.lastStatus).toBeNull();
    expect(second.lastError).toBe('No answer within 400 ms');
    const wait2 = second.nextAttemptAt!.getTime() - t.clock.now().getTime();
    expect(wait2).toBeGreaterThanOrEqual(30_000);
    expect(wait2).toBeLessThanOrEqual(60_000);
    advance(wait2);
    await waitFor(async () => (await delivery(d!.id)).status === 'delivered');
    expect((await endpoint(hook.id)).failingSince).toBeNull();
    const log = await call(t.app, 'GET', `/api/su/webhooks/${hook.id}/deliveries`, { token: admin.token });
    const attempts = log.body.message.deliveries[0].attempt_log;
    expect(attempts.map((a: { outcome: string }) => a.outcome)).toEqual(['retry', 'retry', 'delivered']);
    expect(attempts[0]).toMatchObject({ response_status: 500 });
    expect(attempts[0].response_snippet).toHaveLength(500);
    expect(attempts[1]).toMatchObject({ response_status: null, error: 'No answer within 400 ms', response_snippet: null });
    // One task made all three attempts: the claim's three-attempt limit did not end it.
    expect((await taskRowOf(d!.id))!.taskStatus).toBe('Success');
  });

  it('410 disables the endpoint at once and mails the admins; later events are not recorded for it', async () => {
    const c = await makeCustomer(db());
    const hook = await registerEndpoint(t.app, admin.token, c.id, `${receiver.url}/gone/${c.id}`, ['parcel.received']);
    receiver.answer(410);
    await emit(c.id, 'parcel.received', 'parcel:2', { parcel_id: 2 });
    worker.poke();
    const [d] = await deliveriesOf(hook.id);
    await waitFor(async () => (await delivery(d!.id)).status === 'failed');
    expect(await endpoint(hook.id)).toMatchObject({ status: 'disabled', statusReason: 'the receiver answered 410 Gone' });
    const mails = await db().select().from(tasks).where(eq(tasks.customerId, c.id));
    expect(mails.filter((m) => m.taskType === 'Mail').map((m) => m.payload.subject)).toContain(
      `Returns Desk: webhook endpoint of ${c.company} paused`,
    );
    expect(await emit(c.id, 'parcel.received', 'parcel:3', { parcel_id: 3 })).toBe(0);
  });

  it('an endpoint failing for 24 hours is paused and the admins are mailed; the delivery fails after its 24 h', async () => {
    const c = await makeCustomer(db());
    const hook = await registerEndpoint(t.app, admin.token, c.id, `${receiver.url}/down/${c.id}`, ['parcel.received']);
    receiver.answer(...Array<number>(200).fill(503));
    await emit(c.id, 'parcel.received', 'parcel:4', { parcel_id: 4 });
    worker.poke();
    const [d] = await deliveriesOf(hook.id);
    const start = t.clock.now().getTime();
    // Follow the backoff: jump to each next attempt until the delivery gives up.
    for (let i = 0; i < 100; i++) {
      const row = await waitFor(async () => {
        const r = await delivery(d!.id);
        return r.attempts > i && !(await taskRowOf(d!.id))?.isRunning ? r : undefined;
      });
      if (row.status !== 'pending') break;
      advance(row.nextAttemptAt!.getTime() - t.clock.now().getTime());
    }
    const done = await delivery(d!.id);
    expect(done.status).toBe('failed');
    expect(t.clock.now().getTime() - start).toBeLessThan(24 * HOUR);
    expect(done.attempts).toBeGreaterThan(10);
    const ep = await endpoint(hook.id);
    // The attempts went on for under 24 h of the endpoint's failure clock: still active until one more fails.
    expect(ep.failingSince!.getTime()).toBe(start);
    await emit(c.id, 'parcel.received', 'parcel:5', { parcel_id: 5 });
    advance(24 * HOUR - (t.clock.now().getTime() - start));
    worker.poke();
    await waitFor(async () => (await endpoint(hook.id)).status === 'paused');
    expect((await endpoint(hook.id)).statusReason).toBe('Paused: its deliveries have failed for 24 hours');
    const mails = await db().select().from(tasks).where(eq(tasks.customerId, c.id));
    expect(mails.some((m) => m.taskType === 'Mail')).toBe(true);
    receiver.reset();
  });
});

describe('order per return', () => {
  it('a later event of the same subject waits until the earlier one is delivered', async () => {
    admin = await adminSession(t.app, db()); // the clock moved a day: a new session
    const c = await makeCustomer(db());
    const hook = await registerEndpoint(t.app, admin.token, c.id, `${receiver.url}/order/${c.id}`, ['parcel.received', 'parcel.matched']);
    // The one scripted 500 must meet parcel 9's first event: only parcel 9 is queued when it goes
    // (its second event waits for the first), so no other subject can take that reply.
    receiver.answer(500);
    await emit(c.id, 'parcel.received', 'parcel:9', { step: 1 });
    await emit(c.id, 'parcel.matched', 'parcel:9', { step: 2 });
    worker.poke();
    const [a, b] = await deliveriesOf(hook.id);
    await waitFor(async () => (await delivery(a!.id)).attempts === 1);
    await emit(c.id, 'parcel.received', 'parcel:10', { step: 'other subject' });
    worker.poke();
    const other = (await deliveriesOf(hook.id)).find((d) => d.id !== a!.id && d.id !== b!.id);
    await waitFor(async () => (await delivery(other!.id)).status === 'delivered');
    // The other subject went; the second of parcel 9 waits for the first's retry.
    expect((await delivery(b!.id)).attempts).toBe(0);
    const bTask = await waitFor(async () => {
      const task = await taskRowOf(b!.id);
      return task && !task.isRunning && task.details.some((e) => e.event === 'failed') ? task : undefined;
    });
    expect(bTask.details.at(-1)).toMatchObject({ waiting_for: a!.id });
    advance((await delivery(a!.id)).nextAttemptAt!.getTime() - t.clock.now().getTime());
    await waitFor(async () => (await delivery(b!.id)).status === 'delivered');
    const path = `/order/${c.id}`;
    const steps = receiver.requests.filter((r) => r.url === path).map((r) => JSON.parse(r.body).data.step);
    // The first of parcel 9 twice (500, then 200), then the second; the other subject did not wait.
    expect(steps.filter((s) => s !== 'other subject')).toEqual([1, 1, 2]);
  });
});

async function taskRowOf(deliveryId: number) {
  const rows = await db().select().from(tasks).where(eq(tasks.taskType, 'Webhook Delivery')).orderBy(asc(tasks.id));
  const row = rows.find((r) => r.payload.deliveryId === deliveryId);
  return row ? taskRow(db(), row.id) : undefined;
}
