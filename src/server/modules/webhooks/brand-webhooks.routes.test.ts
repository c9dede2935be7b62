// The portal's Integrations (issue 26 for the brand, issue 25): a brand user manages its own
// customers' webhook endpoints and uploads their expected returns through the admin's routes;
// operators, API keys and another customer's brand user are refused, nothing written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeCustomer } from '../../test/factories.js';
import { adminSession, brandSession, operatorSession } from '../../test/sessions.js';
import { startTestWorker } from '../../test/integration-fixtures.js';
import { waitFor } from '../../test/integration-servers.js';
import { startWebhookReceiver } from '../../test/webhook-fixtures.js';
import { MSG } from '../../../contract/messages.js';
import { WEBHOOK_MSG } from '../../../contract/webhooks.js';
import { auditLog, expectedReturns, webhookEndpoints } from '../../db/schema/index.js';
import type { Worker } from '../tasks/task-worker.js';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let worker: Worker;
let own: { id: number };
let other: { id: number };
let brand: Awaited<ReturnType<typeof brandSession>>;
let otherEndpoint: number;
beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_HTTP: true, WEBHOOK_TIMEOUT_MS: 2000 });
  receiver = await startWebhookReceiver();
  worker = startTestWorker(t.deps, { concurrency: 1 });
  own = await makeCustomer(db());
  other = await makeCustomer(db());
  brand = await brandSession(t.app, db(), [own.id]);
  const admin = await adminSession(t.app, db());
  const res = await call(t.app, 'POST', `/api/su/customers/${other.id}/webhooks`, {
    token: admin.token,
    body: { url: 'https://hooks.example.com/other', event_types: ['return.received'] },
  });
  otherEndpoint = res.body.message.id as number;
});
afterAll(async () => {
  await worker.stop();
  await receiver.close();
  await t.close();
});

const db = () => t.deps.database.db;
const endpointsOf = (customerId: number) => db().select().from(webhookEndpoints).where(eq(webhookEndpoints.customerId, customerId));
const sign = (secret: string, ts: string, body: string) => createHmac('sha256', secret).update(`${ts}.${body}`).digest('base64');
const csv = (rows: string[]) => ['rma,tracking_number,order_reference,sku,upc,quantity,reason', ...rows].join('\n');

describe("a brand user's webhook endpoints", () => {
  it('registers an endpoint of its customer, sends a test event that arrives signed, sees it in the log, redelivers it; each step audited', async () => {
    const created = await call(t.app, 'POST', `/api/su/customers/${own.id}/webhooks`, {
      token: brand.token,
      body: { url: `${receiver.url}/brand/${own.id}`, event_types: ['return.received', 'return.corrected'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { id, secret, created_by } = created.body.message as { id: number; secret: string; created_by: string };
    expect(secret).toMatch(/^whsec_/);
    expect(created_by).toBe(brand.user.username);
    // Shown once: the list never carries it.
    const list = await call(t.app, 'GET', `/api/su/customers/${own.id}/webhooks`, { token: brand.token });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(secret);

    const test = await call(t.app, 'POST', `/api/su/webhooks/${id}/test`, { token: brand.token });
    expect(test.status).toBe(200);
    worker.poke();
    const got = await waitFor(() => receiver.events().find((e) => e.event.id === test.body.message.event_id));
    expect(got.event.type).toBe('webhook.test');
    const ts = String(got.headers['returns-desk-timestamp']);
    expect(got.headers['returns-desk-signature']).toBe(`v1=${sign(secret, ts, got.body)}`);

    const log = await waitFor(async () => {
      const res = await call(t.app, 'GET', `/api/su/webhooks/${id}/deliveries`, { token: brand.token });
      const d = res.body.message.deliveries[0];
      return d?.status === 'delivered' ? d : undefined;
    });
    expect(log).toMatchObject({ event_type: 'webhook.test', last_status: 200, attempts: 1 });
    const again = await call(t.app, 'POST', `/api/su/webhooks/${id}/redeliver`, { token: brand.token, body: { from_id: log.id } });
    expect(again.body).toMatchObject({ code: 200, message: { queued: 1 } });

    const rolled = await call(t.app, 'POST', `/api/su/webhooks/${id}/roll-secret`, { token: brand.token });
    expect(rolled.status).toBe(200);
    expect(rolled.body.message.secret).not.toBe(secret);
    const paused = await call(t.app, 'PUT', `/api/su/webhooks/${id}`, {
      token: brand.token,
      body: { url: `${receiver.url}/brand/${own.id}`, event_types: ['return.received'], active: false },
    });
    expect(paused.body.message).toMatchObject({ status: 'paused', status_reason: `Paused by ${brand.user.username}` });

    // The endpoint's own trail (what changed, by whom) and the brand user's (every call that did something).
    const endpointTrail = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'webhook_endpoint'), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id);
    expect(endpointTrail.map((a) => [a.action, a.actorUsername])).toEqual([
      ['create', brand.user.username],
      ['update', brand.user.username],
      ['update', brand.user.username],
    ]);
    const userTrail = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, String(brand.user.id)), eq(auditLog.action, 'portal')))
      .orderBy(auditLog.id);
    expect(userTrail.map((a) => (a.after as { route: string }).route)).toEqual([
      'createWebhook',
      'testWebhook',
      'redeliverWebhook',
      'rollWebhookSecret',
      'updateWebhook',
    ]);
  });

  it('answers 401 without a session and to an API key-shaped token, changing nothing', async () => {
    const before = await endpointsOf(own.id);
    for (const token of [undefined, 'rdk_live_not-a-key']) {
      const res = await call(t.app, 'POST', `/api/su/customers/${own.id}/webhooks`, {
        ...(token ? { token } : {}),
        body: { url: 'https://hooks.example.com/x', event_types: ['return.received'] },
      });
      expect(res.status).toBe(401);
    }
    expect(await endpointsOf(own.id)).toEqual(before);
  });

  it("refuses another customer's endpoints and customer with 403, and an operator of the customer, writing nothing", async () => {
    const operator = await operatorSession(t.app, db(), [own.id, other.id]);
    const before = [await endpointsOf(own.id), await endpointsOf(other.id)];
    const calls = [
      ['GET', `/api/su/customers/${other.id}/webhooks`, undefined],
      ['POST', `/api/su/customers/${other.id}/webhooks`, { url: 'https://hooks.example.com/y', event_types: ['return.received'] }],
      ['PUT', `/api/su/webhooks/${otherEndpoint}`, { url: 'https://hooks.example.com/y', event_types: ['return.received'] }],
      ['DELETE', `/api/su/webhooks/${otherEndpoint}`, undefined],
      ['POST', `/api/su/webhooks/${otherEndpoint}/roll-secret`, undefined],
      ['GET', `/api/su/webhooks/${otherEndpoint}/deliveries`, undefined],
      ['POST', `/api/su/webhooks/${otherEndpoint}/redeliver`, { from_id: 1 }],
      ['POST', `/api/su/webhooks/${otherEndpoint}/test`, undefined],
      ['POST', `/api/su/customers/${other.id}/expected-returns/import`, { format: 'csv', content: csv(['RMA-X,,,SKU-1,,1,']) }],
    ] as const;
    for (const [method, url, body] of calls) {
      for (const token of [brand.token, operator.token]) {
        const res = await call(t.app, method, url, { token, body });
        expect({ url, status: res.status }).toEqual({ url, status: 403 });
        expect(res.body).toMatchObject({ code: 403, message: MSG.forbidden });
      }
    }
    // The operator is refused on its own customer too: integrations are the admin's in the warehouse.
    const op = await call(t.app, 'GET', `/api/su/customers/${own.id}/webhooks`, { token: operator.token });
    expect(op.status).toBe(403);
    expect([await endpointsOf(own.id), await endpointsOf(other.id)]).toEqual(before);
    const unknown = await call(t.app, 'GET', '/api/su/webhooks/2000000000/deliveries', { token: brand.token });
    expect(unknown.body).toMatchObject({ code: 404, message: WEBHOOK_MSG.notFound });
  });

  it('refuses bad input with field messages (422), creating nothing', async () => {
    const before = await endpointsOf(own.id);
    const bad = await call(t.app, 'POST', `/api/su/customers/${own.id}/webhooks`, {
      token: brand.token,
      body: { url: 'not a url', event_types: ['return.nope'] },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['event_types', 'url']);
    const internal = await call(t.app, 'POST', `/api/su/customers/${own.id}/webhooks`, {
      token: brand.token,
      body: { url: 'https://user:pw@hooks.example.com/x', event_types: ['return.received'] },
    });
    expect(internal.status).toBe(422);
    expect(await endpointsOf(own.id)).toEqual(before);
  });
});

describe("a brand user's expected returns upload", () => {
  const rmasOf = (customerId: number) => db().select().from(expectedReturns).where(eq(expectedReturns.customerId, customerId));

  it('refuses a file with a bad row by line and column, writing nothing; then takes a good file', async () => {
    const url = `/api/su/customers/${own.id}/expected-returns/import`;
    const refused = await call(t.app, 'POST', url, {
      token: brand.token,
      body: { format: 'csv', content: csv(['RMA-B1,1Z999,ORD-1,SKU-1,,1,Too small', 'RMA-B2,1Z998,ORD-2,SKU-2,,zero,']) },
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body.errors)).toContain('Line 3, column F (quantity)');
    expect(await rmasOf(own.id)).toEqual([]);
    const okRes = await call(t.app, 'POST', url, {
      token: brand.token,
      body: { format: 'csv', content: csv(['RMA-B1,1Z999,ORD-1,SKU-1,,1,Too small', 'RMA-B2,1Z998,ORD-2,SKU-2,,2,']) },
    });
    expect(okRes.body).toMatchObject({ code: 200, message: { created: 2, rmas: ['RMA-B1', 'RMA-B2'] } });
    expect((await rmasOf(own.id)).map((r) => r.rma).sort()).toEqual(['RMA-B1', 'RMA-B2']);
  });
});
