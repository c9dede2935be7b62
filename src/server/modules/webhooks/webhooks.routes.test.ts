import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeCustomer } from '../../test/factories.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { MSG } from '../../../contract/messages.js';
import { WEBHOOK_MSG } from '../../../contract/webhooks.js';
import { auditLog, tasks, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
let operator: Awaited<ReturnType<typeof operatorSession>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app, t.deps.database.db);
  operator = await operatorSession(t.app, t.deps.database.db);
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const body = (over: Record<string, unknown> = {}) => ({
  url: 'https://hooks.example.com/returns',
  event_types: ['return.received', 'parcel.received'],
  ...over,
});
const endpointsOf = (customerId: number) => db().select().from(webhookEndpoints).where(eq(webhookEndpoints.customerId, customerId));

async function created(customerId: number, over: Record<string, unknown> = {}) {
  const res = await call(t.app, 'POST', `/api/su/customers/${customerId}/webhooks`, { token: admin.token, body: body(over) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message as { id: number; secret: string; status: string; previous_secret_until: string | null };
}

describe('webhook routes: guards', () => {
  it('answer 401 without a token and 403 to an operator on every route, changing nothing', async () => {
    const c = await makeCustomer(db());
    const e = await created(c.id);
    const routes = [
      ['GET', `/api/su/customers/${c.id}/webhooks`, undefined],
      ['POST', `/api/su/customers/${c.id}/webhooks`, body({ url: 'https://other.example.com/x' })],
      ['PUT', `/api/su/webhooks/${e.id}`, body({ active: false })],
      ['DELETE', `/api/su/webhooks/${e.id}`, undefined],
      ['POST', `/api/su/webhooks/${e.id}/roll-secret`, undefined],
      ['GET', `/api/su/webhooks/${e.id}/deliveries`, undefined],
      ['POST', `/api/su/webhooks/${e.id}/redeliver`, { from_id: 1 }],
      ['POST', `/api/su/webhooks/${e.id}/test`, undefined],
    ] as const;
    const before = await endpointsOf(c.id);
    for (const [method, url, payload] of routes) {
      expect((await call(t.app, method, url, { body: payload })).status, `${method} ${url}`).toBe(401);
      const op = await call(t.app, method, url, { token: operator.token, body: payload });
      expect(op.status, `${method} ${url}`).toBe(403);
      expect(op.body).toMatchObject({ code: 403, message: MSG.forbidden });
    }
    expect(await endpointsOf(c.id)).toEqual(before);
  });
});

describe('webhook routes: bad input', () => {
  it('refuses a bad URL, plain http, credentials in the URL and unknown events with field messages, creating nothing', async () => {
    const c = await makeCustomer(db());
    const post = (b: unknown) => call(t.app, 'POST', `/api/su/customers/${c.id}/webhooks`, { token: admin.token, body: b });
    let res = await post({ url: 'not a url', event_types: ['return.lost'] });
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({ url: [WEBHOOK_MSG.url], event_types: [WEBHOOK_MSG.eventTypes] });
    res = await post(body({ url: 'http://hooks.example.com/x' }));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ url: [WEBHOOK_MSG.urlHttps] });
    res = await post(body({ url: 'https://user:pw@hooks.example.com/x' }));
    expect(res.body.errors).toEqual({ url: [WEBHOOK_MSG.urlCredentials] });
    res = await post(body({ event_types: [] }));
    expect(res.body.errors).toEqual({ event_types: [WEBHOOK_MSG.eventTypes] });
    // Nothing posted into the server's own network (SSRF): loopback, private, link-local, localhost names.
    for (const url of [
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://169.254.169.254/latest',
      'https://[::1]/x',
      'https://db.localhost/x',
    ]) {
      res = await post(body({ url }));
      expect(res.body.errors, url).toEqual({ url: [WEBHOOK_MSG.urlInternal] });
    }
    expect(await endpointsOf(c.id)).toEqual([]);
    // A second endpoint with the same URL is refused too.
    await created(c.id);
    res = await post(body());
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ url: [WEBHOOK_MSG.urlTaken] });
    expect(await endpointsOf(c.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown customer or endpoint, and 422 for a bad id or redelivery range', async () => {
    expect((await call(t.app, 'GET', '/api/su/customers/999999/webhooks', { token: admin.token })).status).toBe(404);
    expect((await call(t.app, 'PUT', '/api/su/webhooks/999999', { token: admin.token, body: body() })).status).toBe(404);
    expect((await call(t.app, 'DELETE', '/api/su/webhooks/abc', { token: admin.token })).status).toBe(422);
    const c = await makeCustomer(db());
    const e = await created(c.id);
    const res = await call(t.app, 'POST', `/api/su/webhooks/${e.id}/redeliver`, { token: admin.token, body: { from_id: 5, to_id: 2 } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ to_id: [WEBHOOK_MSG.range] });
    const none = await call(t.app, 'POST', `/api/su/webhooks/${e.id}/redeliver`, { token: admin.token, body: { from_id: 1 } });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(WEBHOOK_MSG.nothingToRedeliver);
  });
});

describe('webhook routes: happy paths', () => {
  it('create shows the secret once, stores it sealed, and list never sends it back', async () => {
    const c = await makeCustomer(db());
    const e = await created(c.id, { description: 'Loop' });
    expect(e.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(e.status).toBe('active');
    const [row] = await endpointsOf(c.id);
    expect(row!.secretSealed).not.toContain(e.secret);
    expect(t.deps.secretBox.open(row!.secretSealed)).toBe(e.secret);
    const list = await call(t.app, 'GET', `/api/su/customers/${c.id}/webhooks`, { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.message).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(e.secret);
    expect(list.body.message[0]).toMatchObject({ id: e.id, url: body().url, description: 'Loop', event_types: body().event_types });
    expect(list.body.message[0]).not.toHaveProperty('secret');
    const trail = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(e.id)));
    expect(JSON.stringify(trail)).not.toContain(e.secret);
  });

  it('roll makes a new secret, keeps the old one for 24 h, and answers the new one once', async () => {
    const c = await makeCustomer(db());
    const e = await created(c.id);
    const res = await call(t.app, 'POST', `/api/su/webhooks/${e.id}/roll-secret`, { token: admin.token });
    expect(res.status).toBe(200);
    const rolled = res.body.message;
    expect(rolled.secret).not.toBe(e.secret);
    expect(new Date(rolled.previous_secret_until).getTime()).toBe(t.clock.now().getTime() + 24 * 3600_000);
    const [row] = await endpointsOf(c.id);
    expect(t.deps.secretBox.open(row!.secretSealed)).toBe(rolled.secret);
    expect(t.deps.secretBox.open(row!.previousSecretSealed!)).toBe(e.secret);
  });

  it('pause and resume through active; update changes the URL and events; delete removes it', async () => {
    const c = await makeCustomer(db());
    const e = await created(c.id);
    const put = (b: unknown) => call(t.app, 'PUT', `/api/su/webhooks/${e.id}`, { token: admin.token, body: b });
    let res = await put(body({ active: false }));
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ status: 'paused', status_reason: `Paused by ${admin.user.username}` });
    res = await put(body({ active: true, url: 'https://hooks.example.com/v2', event_types: ['return.corrected'] }));
    expect(res.body.message).toMatchObject({
      status: 'active',
      status_reason: null,
      url: 'https://hooks.example.com/v2',
      event_types: ['return.corrected'],
    });
    const del = await call(t.app, 'DELETE', `/api/su/webhooks/${e.id}`, { token: admin.token });
    expect(del.body).toEqual({ code: 200, message: WEBHOOK_MSG.deleted });
    expect(await endpointsOf(c.id)).toEqual([]);
  });

  it('send a test event queues one delivery; it shows in the deliveries; redeliver wants it settled first', async () => {
    const c = await makeCustomer(db());
    const e = await created(c.id);
    const res = await call(t.app, 'POST', `/api/su/webhooks/${e.id}/test`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ event_type: 'webhook.test', status: 'pending', attempts: 0, attempt_log: [] });
    const queued = await db().select().from(tasks).where(eq(tasks.customerId, c.id));
    expect(queued.map((q) => [q.taskType, q.payload])).toEqual([['Webhook Delivery', { deliveryId: res.body.message.id }]]);
    const page = await call(t.app, 'GET', `/api/su/webhooks/${e.id}/deliveries`, { token: admin.token });
    expect(page.body.message).toMatchObject({ deliveries: [{ id: res.body.message.id }], next_before_id: null });
    // Still on its way: nothing to redeliver yet.
    const early = await call(t.app, 'POST', `/api/su/webhooks/${e.id}/redeliver`, {
      token: admin.token,
      body: { from_id: res.body.message.id },
    });
    expect(early.status).toBe(404);
    await db()
      .update(webhookDeliveries)
      .set({ status: 'failed', nextAttemptAt: null })
      .where(eq(webhookDeliveries.id, res.body.message.id));
    const again = await call(t.app, 'POST', `/api/su/webhooks/${e.id}/redeliver`, {
      token: admin.token,
      body: { from_id: res.body.message.id },
    });
    expect(again.body).toEqual({ code: 200, message: { queued: 1 } });
    expect(await db().select().from(tasks).where(eq(tasks.customerId, c.id))).toHaveLength(2);
  });
});
