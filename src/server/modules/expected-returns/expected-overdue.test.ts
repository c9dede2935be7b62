import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeCustomer } from '../../test/factories.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { EXPECTED_SETTINGS_MSG } from '../../../contract/expected-returns.js';
import { MSG } from '../../../contract/messages.js';
import { customers, expectedReturns, tasks, webhookEvents } from '../../db/schema/index.js';
import { createCustomerAccess } from '../customers/customer-access.service.js';
import { createAccessRepository } from '../access/access.repository.js';
import { createExpectedReturnsService } from './expected-returns.service.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app, t.deps.database.db);
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const DAY = 24 * 3600_000;
const service = () =>
  createExpectedReturnsService({ db: db(), clock: t.clock, customerAccess: createCustomerAccess(createAccessRepository(db())) });
const settings = (customerId: number, body: unknown, token?: string) =>
  call(t.app, 'PUT', `/api/su/customers/${customerId}/expected-returns/settings`, { token, body });

describe('overdue expected returns', () => {
  it('PUT …/expected-returns/settings: 401, 403, 422, then the customer’s days are saved', async () => {
    const c = await makeCustomer(db());
    const op = await operatorSession(t.app, db(), [c.id]);
    expect((await settings(c.id, { overdue_days: 3 })).status).toBe(401);
    expect((await settings(c.id, { overdue_days: 3 }, op.token)).body).toMatchObject({ code: 403, message: MSG.forbidden });
    expect((await settings(c.id, { overdue_days: 0 }, admin.token)).body.errors).toEqual({
      overdue_days: [EXPECTED_SETTINGS_MSG.overdueDays],
    });
    expect((await settings(999999, { overdue_days: 3 }, admin.token)).status).toBe(404);
    expect((await settings(c.id, { overdue_days: 3 }, admin.token)).body).toEqual({ code: 200, message: { overdue_days: 3 } });
    const [row] = await db().select().from(customers).where(eq(customers.id, c.id));
    expect(row!.expectedOverdueDays).toBe(3);
  });

  it('after the customer’s days an expected return is marked overdue once, with its expected_return.overdue event', async () => {
    const c = await makeCustomer(db());
    await settings(c.id, { overdue_days: 3 }, admin.token);
    const hook = await call(t.app, 'POST', `/api/su/customers/${c.id}/webhooks`, {
      token: admin.token,
      body: { url: 'https://hooks.example.com/overdue', event_types: ['expected_return.overdue'] },
    });
    expect(hook.status).toBe(200);
    const key = await call(t.app, 'POST', `/api/su/customers/${c.id}/api-keys`, {
      token: admin.token,
      body: { name: 'x', scopes: ['expected_returns:write'] },
    });
    const announced = await call(t.app, 'POST', '/api/v1/expected-returns', {
      token: key.body.message.key,
      body: { expected_returns: [{ rma: 'LATE-1', items: [{ sku: 'S', quantity: 1 }] }] },
    });
    expect(announced.status).toBe(200);
    t.clock.advance(3 * DAY - 1000);
    expect(await service().markOverdue(t.clock.now())).toBe(0);
    t.clock.advance(1000);
    expect(await service().markOverdue(t.clock.now())).toBe(1);
    expect(await service().markOverdue(t.clock.now())).toBe(0);
    const [row] = await db().select().from(expectedReturns).where(eq(expectedReturns.customerId, c.id));
    expect(row!.overdueAt).toEqual(t.clock.now());
    const events = await db().select().from(webhookEvents).where(eq(webhookEvents.customerId, c.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ eventType: 'expected_return.overdue', subject: `expected_return:${row!.id}` });
    expect(events[0]!.data).toMatchObject({ rma: 'LATE-1', status: 'expected', items: [{ sku: 'S', quantity: 1 }] });
    const queued = await db().select().from(tasks).where(eq(tasks.customerId, c.id));
    expect(queued.filter((q) => q.taskType === 'Webhook Delivery')).toHaveLength(1);
  });
});
