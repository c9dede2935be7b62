// The brand's billing statements and report schedules in its portal (issue 25), through HTTP: its own
// customers only (another's: 403 as everywhere), closed months only (an open month: 404), recipients
// at its own e-mail domain only (422 naming the address), operators refused (billing and schedules are
// the admin's), every brand action in the audit trail, and the scheduler sends a brand's schedule.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { BILLING_MSG } from '../../../contract/billing.js';
import { SCHEDULE_MSG } from '../../../contract/schedules.js';
import { MSG } from '../../../contract/messages.js';
import { auditLog, reportSchedules, tasks } from '../../db/schema/index.js';
import { useBillingTestApp } from '../../test/billing-fixtures.js';
import { databaseFingerprint } from '../../test/access-matrix.js';
import { makeCustomer } from '../../test/factories.js';
import { brandSession, operatorSession } from '../../test/sessions.js';
import { call } from '../../test/test-app.js';
import { createAccessRepository } from '../access/access.repository.js';
import { createCustomerAccess } from '../customers/customer-access.service.js';
import { createSchedulesService } from '../schedules/schedules.service.js';

// A shared machine under load takes more than a minute to migrate a fresh database.
vi.setConfig({ hookTimeout: 240_000, testTimeout: 120_000 });
const { t, db, admin } = useBillingTestApp();

async function world() {
  const own = await makeCustomer(db(), { currency: 'EUR' });
  const other = await makeCustomer(db(), { currency: 'EUR' });
  const a = await admin();
  for (const c of [own, other]) {
    const closed = await call(t().app, 'POST', '/api/su/billing/close', { token: a.token, body: { customer_id: c.id, month: '2026-10' } });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  }
  const brand = await brandSession(t().app, db(), [own.id]);
  return { own, other, admin: a, brand };
}

const portalTrail = (userId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, String(userId)), eq(auditLog.action, 'portal')))
    .orderBy(auditLog.id);

describe("a brand's billing statements (issue 25)", () => {
  it('lists and reads its own customer’s closed months; an open or unclosed month is 404; another customer 403', async () => {
    const { own, other, brand } = await world();
    const list = await call(t().app, 'GET', `/api/portal/billing/statements?customer_id=${own.id}`, { token: brand.token });
    expect(list.status).toBe(200);
    expect(list.body.message).toEqual([expect.objectContaining({ month: '2026-10', currency: 'EUR', total_minor: 0, minor_digits: 2 })]);

    const read = await call(t().app, 'GET', `/api/portal/billing/statement?customer_id=${own.id}&month=2026-10`, { token: brand.token });
    expect(read.status).toBe(200);
    expect(read.body.message).toMatchObject({ customer_id: own.id, month: '2026-10', can_close: false });
    expect(read.body.message.closed).not.toBeNull();

    for (const month of ['2026-11', '2026-09']) {
      const open = await call(t().app, 'GET', `/api/portal/billing/statement?customer_id=${own.id}&month=${month}`, { token: brand.token });
      expect(open.status).toBe(404);
      expect(open.body.message).toBe(BILLING_MSG.statementNotFound);
      const file = await call(t().app, 'GET', `/api/portal/billing/statement/export?customer_id=${own.id}&month=${month}&format=csv`, {
        token: brand.token,
      });
      expect(file.status).toBe(404);
    }

    for (const url of [
      `/api/portal/billing/statements?customer_id=${other.id}`,
      `/api/portal/billing/statement?customer_id=${other.id}&month=2026-10`,
      `/api/portal/billing/statement/export?customer_id=${other.id}&month=2026-10&format=xlsx`,
    ]) {
      const res = await call(t().app, 'GET', url, { token: brand.token });
      expect({ url, status: res.status, message: res.body.message }).toEqual({ url, status: 403, message: MSG.forbidden });
    }
    const unknown = await call(t().app, 'GET', '/api/portal/billing/statements?customer_id=999999', { token: brand.token });
    expect(unknown.status).toBe(404);
    const bad = await call(t().app, 'GET', `/api/portal/billing/statement?customer_id=${own.id}&month=2026-13`, { token: brand.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ month: [BILLING_MSG.month] });
  });

  it('downloads a closed statement as CSV and XLSX, each download in its audit trail', async () => {
    const { own, brand } = await world();
    for (const format of ['csv', 'xlsx'] as const) {
      const res = await t().app.inject({
        method: 'GET',
        url: `/api/portal/billing/statement/export?customer_id=${own.id}&month=2026-10&format=${format}`,
        headers: { authorization: `Bearer ${brand.token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(new RegExp(`attachment; filename="billing_.*_2026-10\\.${format}"`));
      if (format === 'csv') expect(res.body).toContain('Event,Occurred At (UTC)');
    }
    const trail = await portalTrail(brand.user.id);
    expect(trail.map((r) => (r.after as { route: string; status: number }).route)).toEqual([
      'exportBillingStatement',
      'exportBillingStatement',
    ]);
    expect(trail[0]!.after).toMatchObject({ method: 'GET', status: 200 });
  });

  it('refuses an operator of the customer (billing is the admin’s), serves an admin, and keeps /su/billing staff-only', async () => {
    const { own, brand, admin: a } = await world();
    const op = await operatorSession(t().app, db(), [own.id]);
    const opRes = await call(t().app, 'GET', `/api/portal/billing/statements?customer_id=${own.id}`, { token: op.token });
    expect(opRes.status).toBe(403);
    const adminRes = await call(t().app, 'GET', `/api/portal/billing/statement?customer_id=${own.id}&month=2026-10`, { token: a.token });
    expect(adminRes.status).toBe(200);
    for (const url of [
      `/api/su/billing?customer_id=${own.id}&month=2026-10`,
      `/api/su/billing/export?customer_id=${own.id}&month=2026-10&format=csv`,
    ]) {
      expect((await call(t().app, 'GET', url, { token: brand.token })).status).toBe(403);
    }
    const before = await databaseFingerprint(db());
    const close = await call(t().app, 'POST', '/api/su/billing/close', {
      token: brand.token,
      body: { customer_id: own.id, month: '2026-09' },
    });
    expect(close.status).toBe(403);
    expect(await databaseFingerprint(db())).toEqual(before);
    expect((await call(t().app, 'GET', `/api/portal/billing/statements?customer_id=${own.id}`)).status).toBe(401);
  });
});

const body = (customerId: number, recipients: string[], extra: Record<string, unknown> = {}) => ({
  customer_id: customerId,
  frequency: 'Weekly',
  weekday: 1,
  time_of_day: '07:30',
  time_zone: 'Europe/Amsterdam',
  recipients,
  formats: ['XLSX', 'CSV'],
  ...extra,
});

describe("a brand's report schedules (issue 25)", () => {
  it('creates one to its own domain, refuses another domain with 422 naming the address and writes nothing', async () => {
    const { own, brand } = await world();
    const domain = brand.user.email.split('@')[1]!;
    const before = await databaseFingerprint(db());
    const refused = await call(t().app, 'POST', '/api/portal/report-schedules', {
      token: brand.token,
      body: body(own.id, [`buyer@${domain}`, 'boss@elsewhere.test']),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ recipients: [SCHEDULE_MSG.recipientDomain(2, 'boss@elsewhere.test', domain)] });
    expect(JSON.stringify(refused.body.message)).toContain('boss@elsewhere.test');
    expect(await databaseFingerprint(db())).toEqual(before);

    const created = await call(t().app, 'POST', '/api/portal/report-schedules', {
      token: brand.token,
      body: body(own.id, [`Buyer@${domain.toUpperCase()}`]),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toMatchObject({
      customer_id: own.id,
      recipients: [`buyer@${domain}`],
      active: true,
      created_by: brand.user.username,
    });
    const [row] = await db().select().from(reportSchedules).where(eq(reportSchedules.id, created.body.message.id));
    expect(row!.portal).toBe(true);
    const changes = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'report_schedule'), eq(auditLog.entityId, String(row!.id))));
    expect(changes.map((c) => [c.action, c.actorUserId])).toEqual([['create', brand.user.id]]);
    expect((await portalTrail(brand.user.id)).map((r) => (r.after as { route: string }).route)).toEqual(['createPortalSchedule']);
  });

  it('lists its portal schedules only, pauses, resumes and deletes its own; another customer’s is 403, the warehouse’s 404', async () => {
    const { own, other, brand, admin: a } = await world();
    const domain = brand.user.email.split('@')[1]!;
    const staffMade = await call(t().app, 'POST', `/api/su/customers/${own.id}/report-schedules`, {
      token: a.token,
      body: { frequency: 'Daily', time_of_day: '06:00', recipients: ['ops@warehouse.test'], formats: ['CSV'] },
    });
    expect(staffMade.status).toBe(200);
    const otherBrand = await brandSession(t().app, db(), [other.id]);
    const othersSchedule = await call(t().app, 'POST', '/api/portal/report-schedules', {
      token: otherBrand.token,
      body: body(other.id, [`x@${otherBrand.user.email.split('@')[1]}`]),
    });
    expect(othersSchedule.status).toBe(200);
    const mine = (await call(t().app, 'POST', '/api/portal/report-schedules', { token: brand.token, body: body(own.id, [`me@${domain}`]) }))
      .body.message as { id: number };

    const list = await call(t().app, 'GET', `/api/portal/report-schedules?customer_id=${own.id}`, { token: brand.token });
    expect(list.status).toBe(200);
    expect(list.body.message.map((s: { id: number }) => s.id)).toEqual([mine.id]);
    expect((await call(t().app, 'GET', `/api/portal/report-schedules?customer_id=${other.id}`, { token: brand.token })).status).toBe(403);

    const paused = await call(t().app, 'PUT', `/api/portal/report-schedules/${mine.id}/active`, {
      token: brand.token,
      body: { active: false },
    });
    expect(paused.status).toBe(200);
    expect(paused.body.message).toMatchObject({ active: false, next_due_at: null });
    const resumed = await call(t().app, 'PUT', `/api/portal/report-schedules/${mine.id}/active`, {
      token: brand.token,
      body: { active: true },
    });
    expect(resumed.body.message.active).toBe(true);
    expect(resumed.body.message.next_due_at).not.toBeNull();
    const badActive = await call(t().app, 'PUT', `/api/portal/report-schedules/${mine.id}/active`, {
      token: brand.token,
      body: { active: 'no' },
    });
    expect(badActive.status).toBe(422);
    expect(badActive.body.errors).toEqual({ active: [SCHEDULE_MSG.active] });

    const before = await databaseFingerprint(db());
    const othersId = othersSchedule.body.message.id as number;
    for (const [method, url, payload] of [
      ['PUT', `/api/portal/report-schedules/${othersId}/active`, { active: false }],
      ['DELETE', `/api/portal/report-schedules/${othersId}`, undefined],
    ] as const) {
      expect((await call(t().app, method, url, { token: brand.token, body: payload })).status).toBe(403);
    }
    const staffId = staffMade.body.message.id as number;
    expect((await call(t().app, 'DELETE', `/api/portal/report-schedules/${staffId}`, { token: brand.token })).status).toBe(404);
    expect((await call(t().app, 'PUT', `/api/su/report-schedules/${staffId}`, { token: brand.token, body: {} })).status).toBe(403);
    expect((await call(t().app, 'POST', `/api/su/report-schedules/${staffId}/send`, { token: brand.token })).status).toBe(403);
    expect(await databaseFingerprint(db())).toEqual(before);

    const op = await operatorSession(t().app, db(), [own.id]);
    expect((await call(t().app, 'DELETE', `/api/portal/report-schedules/${mine.id}`, { token: op.token })).status).toBe(403);

    const gone = await call(t().app, 'DELETE', `/api/portal/report-schedules/${mine.id}`, { token: brand.token });
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe(SCHEDULE_MSG.deleted);
    const actions = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'report_schedule'), eq(auditLog.entityId, String(mine.id))))
      .orderBy(auditLog.id);
    expect(actions.map((c) => c.action)).toEqual(['create', 'update', 'update', 'delete']);
    expect((await portalTrail(brand.user.id)).map((r) => (r.after as { route: string }).route)).toEqual([
      'createPortalSchedule',
      'setPortalScheduleActive',
      'setPortalScheduleActive',
      'deletePortalSchedule',
    ]);
  });

  it("is sent by the scheduler as any schedule: a Return Report task to the brand's address", async () => {
    const { own, brand } = await world();
    const domain = brand.user.email.split('@')[1]!;
    const created = await call(t().app, 'POST', '/api/portal/report-schedules', {
      token: brand.token,
      body: body(own.id, [`me@${domain}`], { frequency: 'Daily', weekday: null, time_zone: 'UTC', time_of_day: '06:00' }),
    });
    expect(created.status).toBe(200);
    t().clock.advance(24 * 3_600_000);
    const service = createSchedulesService({
      db: db(),
      clock: t().clock,
      customerAccess: createCustomerAccess(createAccessRepository(db())),
    });
    expect(await service.runDue(t().clock.now())).toBeGreaterThanOrEqual(1);
    const [task] = await db()
      .select()
      .from(tasks)
      .where(and(eq(tasks.customerId, own.id), eq(tasks.taskType, 'Return Report')));
    expect(task?.payload).toMatchObject({ email: `me@${domain}`, scheduleId: created.body.message.id, customerId: own.id });
  });
});
