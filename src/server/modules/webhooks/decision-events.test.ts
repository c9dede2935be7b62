// return.decision_requested and return.decided (issue 26 with issue 25's decisions), delivered for
// real to a receiver started by the test: a submitted Scrap line that waits is told with its
// deadline and default; the brand's decision and a default at the deadline (the injected clock) are
// told with who decided, before and after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { adminSession, brandSession } from '../../test/sessions.js';
import { FIXTURE_DISPOSITIONS, submittedReturnCustomer } from '../../test/correction-fixtures.js';
import { startTestWorker } from '../../test/integration-fixtures.js';
import { waitFor } from '../../test/integration-servers.js';
import { registerEndpoint, startWebhookReceiver } from '../../test/webhook-fixtures.js';
import type { Worker } from '../tasks/task-worker.js';
import { createAccessRepository } from '../access/access.repository.js';
import { createCustomerAccess } from '../customers/customer-access.service.js';
import { createDecisionsService } from '../decisions/decisions.service.js';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let worker: Worker;
let admin: { token: string };
let f: Awaited<ReturnType<typeof submittedReturnCustomer>>;
let brand: Awaited<ReturnType<typeof brandSession>>;
let secret: string;
const HOUR = 3600_000;
const db = () => t.deps.database.db;
const sign = (key: string, ts: string, body: string) => createHmac('sha256', key).update(`${ts}.${body}`).digest('base64');

beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_HTTP: true, WEBHOOK_TIMEOUT_MS: 2000 });
  receiver = await startWebhookReceiver();
  worker = startTestWorker(t.deps, { concurrency: 1 });
  admin = await adminSession(t.app, db());
  f = await submittedReturnCustomer(db());
  for (const body of FIXTURE_DISPOSITIONS) {
    const res = await call(t.app, 'POST', `/api/su/customers/${f.customer.id}/dispositions`, { token: admin.token, body });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  }
  const rule = await call(t.app, 'POST', `/api/su/customers/${f.customer.id}/decision-rules`, {
    token: admin.token,
    body: { kind: 'condition', value: 'Scrap', deadline_hours: 24, default_disposition: 'SCRAP' },
  });
  expect(rule.status, JSON.stringify(rule.body)).toBe(200);
  brand = await brandSession(t.app, db(), [f.customer.id]);
  ({ secret } = await registerEndpoint(t.app, admin.token, f.customer.id, `${receiver.url}/decisions`, [
    'return.decision_requested',
    'return.decided',
  ]));
}, 120_000);
afterAll(async () => {
  await worker.stop();
  await receiver.close();
  await t.close();
});

/** A return of the fixture's order: line 1 Pristine (final), line 2 Scrap (waits for the brand). */
async function submit() {
  const [l1, l2] = f.made.lines;
  const res = await call(t.app, 'POST', '/api/returns', {
    token: admin.token,
    body: {
      id: `__${Math.random().toString(36).slice(2, 8).padEnd(6, 'x')}`,
      customer_id: f.customer.id,
      order_id: f.made.order.id,
      reference_1: 'RMA-26',
      return_date: '2026-11-20',
      return_ledgers: [
        { order_line_id: l1!.id, product_id: l1!.productId, quantity: 1, condition: 'Pristine', reason: 'DAMAGED', location: 'A-01' },
        { order_line_id: l2!.id, product_id: l2!.productId, quantity: 1, condition: 'Scrap', reason: 'WRONG' },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  worker.poke();
  return res.body.message.id as number;
}

const eventOf = (type: string, returnId: number) =>
  waitFor(() => receiver.events().find((e) => e.event.type === type && e.event.data?.return?.id === returnId));

describe('decision events', () => {
  it('a waiting line is told (deadline, default); the brand decision is told with who decided, signed', async () => {
    const returnId = await submit();
    const requested = await eventOf('return.decision_requested', returnId);
    const ts = String(requested.headers['returns-desk-timestamp']);
    expect(requested.headers['returns-desk-signature']).toBe(`v1=${sign(secret, ts, requested.body)}`);
    expect(requested.event.data.return).toEqual({ id: returnId, order_id: f.made.order.id, customer_id: f.customer.id });
    expect(requested.event.data.lines).toEqual([
      expect.objectContaining({
        condition: 'Scrap',
        rule: 'condition:Scrap',
        default_disposition: 'SCRAP',
        due_at: new Date(t.clock.now().getTime() + 24 * HOUR).toISOString(),
      }),
    ]);
    const decisionId = requested.event.data.lines[0].decision_id as number;

    const decided = await call(t.app, 'POST', '/api/decisions', {
      token: brand.token,
      body: { decisions: [{ id: decisionId, disposition: 'REFURB', comment: 'Worth a repair' }] },
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    worker.poke();
    const told = await eventOf('return.decided', returnId);
    expect(told.event.data.return).toMatchObject({ id: returnId, version: 2 });
    expect(told.event.data.lines).toEqual([
      expect.objectContaining({
        decision_id: decisionId,
        by: 'brand',
        decided_by: brand.user.username,
        disposition: 'REFURB',
        comment: 'Worth a repair',
        condition: 'Scrap',
      }),
    ]);
    // In order per return: requested before decided.
    const types = receiver
      .events()
      .filter((e) => e.event.data?.return?.id === returnId)
      .map((e) => e.event.type);
    expect(types).toEqual(['return.decision_requested', 'return.decided']);
  });

  it('a default at the deadline is told as decided by default', async () => {
    const returnId = await submit();
    await eventOf('return.decision_requested', returnId);
    t.clock.advance(24 * HOUR + 1000);
    const deadlines = createDecisionsService({
      db: db(),
      clock: t.clock,
      customerAccess: createCustomerAccess(createAccessRepository(db())),
    });
    expect(await deadlines.applyDue(t.clock.now())).toBe(1);
    worker.poke();
    const told = await eventOf('return.decided', returnId);
    expect(told.event.data.lines).toEqual([expect.objectContaining({ by: 'default', disposition: 'SCRAP', comment: null })]);
  });
});
