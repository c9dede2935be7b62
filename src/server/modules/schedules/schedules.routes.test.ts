import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeCustomer } from '../../test/factories.js';
import { makeProduct, makeReturn } from '../../test/return-factory.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import type { Db } from '../../db/client.js';
import { auditLog, reportScheduleRuns, reportSchedules, tasks } from '../../db/schema/index.js';
import { SCHEDULE_MSG } from '../../../contract/schedules.js';
import { createTaskHandlers } from '../tasks/handlers/task-handlers.js';
import type { TaskContext } from '../tasks/task-worker.js';
import { createSchedulesService } from './schedules.service.js';
import { createAccessRepository } from '../access/access.repository.js';
import { createCustomerAccess } from '../customers/customer-access.service.js';

let t: TestApp;
let db: Db;
let admin: { token: string; user: { id: number; username: string } };
beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.database.db;
  admin = await adminSession(t.app, db);
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Moves the fake clock and signs the admin in again (a session lasts 12 h of that clock). */
async function setClock(iso: string) {
  t.clock.advance(new Date(iso).getTime() - t.clock.now().getTime());
  admin = await adminSession(t.app, db);
}
const service = () => createSchedulesService({ db, clock: t.clock, customerAccess: createCustomerAccess(createAccessRepository(db)) });
const reportTasks = (customerId: number) =>
  db
    .select()
    .from(tasks)
    .where(and(eq(tasks.customerId, customerId), eq(tasks.taskType, 'Return Report')))
    .orderBy(tasks.id);
const runTask = (task: typeof tasks.$inferSelect) => {
  const signal = new AbortController().signal;
  const ctx = { signal, claim: {}, progress: async () => undefined } as unknown as TaskContext;
  return createTaskHandlers(t.deps)['Return Report']!(task, signal, ctx);
};
const validBody = {
  frequency: 'Daily',
  time_of_day: '06:00',
  time_zone: 'UTC',
  recipients: ['brand@example.com'],
  formats: ['XLSX', 'CSV'],
};

async function createSchedule(customerId: number, body: Record<string, unknown>) {
  const res = await call(t.app, 'POST', `/api/su/customers/${customerId}/report-schedules`, { token: admin.token, body });
  expect(res.status).toBe(200);
  return res.body.message as { id: number; next_due_at: string | null; runs: unknown[] };
}

describe('report schedule routes', () => {
  it('401 without a token and 403 for an operator on every route, nothing written', async () => {
    const customer = await makeCustomer(db);
    const op = await operatorSession(t.app, db, [customer.id]);
    const schedule = await createSchedule(customer.id, validBody);
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/su/customers/${customer.id}/report-schedules`],
      ['POST', `/api/su/customers/${customer.id}/report-schedules`, validBody],
      ['PUT', `/api/su/report-schedules/${schedule.id}`, validBody],
      ['DELETE', `/api/su/report-schedules/${schedule.id}`],
      ['POST', `/api/su/report-schedules/${schedule.id}/send`, {}],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(t.app, method as 'GET', url, { body })).status, `${method} ${url}`).toBe(401);
      expect((await call(t.app, method as 'GET', url, { token: op.token, body })).status, `${method} ${url}`).toBe(403);
    }
    expect(await db.select().from(reportSchedules).where(eq(reportSchedules.customerId, customer.id))).toHaveLength(1);
    expect(await reportTasks(customer.id)).toEqual([]);
  });

  it('422 with a message per field, and nothing stored', async () => {
    const customer = await makeCustomer(db);
    const url = `/api/su/customers/${customer.id}/report-schedules`;
    const res = await call(t.app, 'POST', url, {
      token: admin.token,
      body: {
        frequency: 'Hourly',
        time_of_day: '25:00',
        time_zone: 'Mars/Olympus',
        recipients: ['ok@example.com', 'nope', ' also@bad '],
        formats: ['PDF'],
      },
    });
    expect(res.status).toBe(422);
    // Each bad address by its position and text, on the field itself (never "recipients.1").
    expect(res.body.errors).toEqual({
      frequency: [SCHEDULE_MSG.frequency],
      time_of_day: [SCHEDULE_MSG.time],
      time_zone: [SCHEDULE_MSG.timeZone],
      recipients: ['Recipient 2: "nope" is not a valid e-mail address', 'Recipient 3: "also@bad" is not a valid e-mail address'],
      'formats.0': [SCHEDULE_MSG.formats],
    });
    expect(res.body.message).toContain('Recipient 2: "nope" is not a valid e-mail address');
    const weekly = await call(t.app, 'POST', url, { token: admin.token, body: { ...validBody, frequency: 'Weekly' } });
    expect(weekly.status).toBe(422);
    expect(weekly.body.errors).toEqual({ weekday: [SCHEDULE_MSG.weekday] });
    const monthly = await call(t.app, 'POST', url, { token: admin.token, body: { ...validBody, frequency: 'Monthly', month_day: 32 } });
    expect(monthly.body.errors).toEqual({ month_day: [SCHEDULE_MSG.monthDay] });
    const none = await call(t.app, 'POST', url, { token: admin.token, body: { ...validBody, recipients: [], formats: [] } });
    expect(none.body.errors).toEqual({ recipients: [SCHEDULE_MSG.recipients], formats: [SCHEDULE_MSG.formats] });
    expect(await db.select().from(reportSchedules).where(eq(reportSchedules.customerId, customer.id))).toEqual([]);
    // A schedule that exists, changed badly: unchanged.
    const schedule = await createSchedule(customer.id, validBody);
    const bad = await call(t.app, 'PUT', `/api/su/report-schedules/${schedule.id}`, {
      token: admin.token,
      body: { ...validBody, time_of_day: '6am' },
    });
    expect(bad.status).toBe(422);
    expect((await db.select().from(reportSchedules).where(eq(reportSchedules.id, schedule.id)))[0]!.timeOfDay).toBe('06:00');
    expect((await call(t.app, 'PUT', '/api/su/report-schedules/999999', { token: admin.token, body: validBody })).status).toBe(404);
    expect((await call(t.app, 'GET', '/api/su/customers/999999/report-schedules', { token: admin.token })).status).toBe(404);
  });

  it('creates, changes and deletes a schedule, audited, with its next due time', async () => {
    await setClock('2026-11-24T10:00:00Z');
    const customer = await makeCustomer(db);
    const created = await createSchedule(customer.id, {
      ...validBody,
      frequency: 'Weekly',
      weekday: 1,
      month_day: 5,
      recipients: ['A@example.com', 'a@example.com', 'b@example.com'],
    });
    expect(created).toMatchObject({
      frequency: 'Weekly',
      weekday: 1,
      month_day: null,
      recipients: ['a@example.com', 'b@example.com'],
      next_due_at: '2026-11-30T06:00:00.000Z',
      runs: [],
    });
    const updated = await call(t.app, 'PUT', `/api/su/report-schedules/${created.id}`, {
      token: admin.token,
      body: {
        ...validBody,
        frequency: 'Monthly',
        month_day: 31,
        time_of_day: '07:15',
        time_zone: 'Europe/Amsterdam',
        formats: ['CSV'],
        active: true,
      },
    });
    expect(updated.body.message).toMatchObject({
      frequency: 'Monthly',
      month_day: 31,
      formats: ['CSV'],
      next_due_at: '2026-11-30T06:15:00.000Z',
    });
    const paused = await call(t.app, 'PUT', `/api/su/report-schedules/${created.id}`, {
      token: admin.token,
      body: { ...validBody, active: false },
    });
    expect(paused.body.message).toMatchObject({ active: false, next_due_at: null });
    const list = await call(t.app, 'GET', `/api/su/customers/${customer.id}/report-schedules`, { token: admin.token });
    expect(list.body.message).toHaveLength(1);
    expect((await call(t.app, 'DELETE', `/api/su/report-schedules/${created.id}`, { token: admin.token })).body.message).toBe(
      SCHEDULE_MSG.deleted,
    );
    const trail = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'report_schedule'), eq(auditLog.entityId, String(created.id))));
    expect(trail.map((a) => a.action)).toEqual(['create', 'update', 'update', 'delete']);
  });
});

describe('scheduled runs (fake clock)', () => {
  it('daily at 06:00 UTC: nothing before the time, one run at it, never a second for the same day', async () => {
    await setClock('2026-11-24T05:00:00Z');
    const customer = await makeCustomer(db);
    const schedule = await createSchedule(customer.id, validBody);
    expect(schedule.next_due_at).toBe('2026-11-24T06:00:00.000Z');
    await service().runDue(t.clock.now());
    expect(await reportTasks(customer.id)).toEqual([]);
    t.clock.advance(HOUR - 1000);
    await service().runDue(t.clock.now());
    expect(await reportTasks(customer.id)).toEqual([]);
    t.clock.advance(1000); // 06:00:00
    await service().runDue(t.clock.now());
    await service().runDue(t.clock.now());
    t.clock.advance(10 * 60_000);
    await service().runDue(t.clock.now());
    const [task, ...more] = await reportTasks(customer.id);
    expect(more).toEqual([]);
    expect(task!.payload).toMatchObject({
      dateFrom: '2026-11-23',
      dateTo: '2026-11-23',
      email: 'brand@example.com',
      formats: ['XLSX', 'CSV'],
      scheduleId: schedule.id,
    });
    expect(task!.message1).toBe(`Scheduled report ${customer.company} 2026-11-23 – 2026-11-23`);
    const runs = await db.select().from(reportScheduleRuns).where(eq(reportScheduleRuns.scheduleId, schedule.id));
    expect(runs).toMatchObject([{ dueAt: new Date('2026-11-24T06:00:00Z'), manual: false, taskId: task!.id }]);
    // The next day's run.
    t.clock.advance(DAY);
    await service().runDue(t.clock.now());
    expect((await reportTasks(customer.id)).map((x) => x.payload.dateFrom)).toEqual(['2026-11-23', '2026-11-24']);
  });

  it("a schedule created after today's time waits for tomorrow; a paused one never runs", async () => {
    await setClock('2026-11-24T09:00:00Z');
    const customer = await makeCustomer(db);
    await createSchedule(customer.id, validBody);
    const paused = await makeCustomer(db);
    await createSchedule(paused.id, { ...validBody, active: false });
    await service().runDue(t.clock.now());
    expect(await reportTasks(customer.id)).toEqual([]);
    t.clock.advance(DAY);
    await service().runDue(t.clock.now());
    expect(await reportTasks(customer.id)).toHaveLength(1);
    expect(await reportTasks(paused.id)).toEqual([]);
  });

  it('paused through PUT it sends nothing; resumed, it runs again from its next time on', async () => {
    await setClock('2026-11-24T05:00:00Z');
    const customer = await makeCustomer(db);
    const schedule = await createSchedule(customer.id, validBody);
    t.clock.advance(HOUR); // 06:00: the first run
    await service().runDue(t.clock.now());
    expect(await reportTasks(customer.id)).toHaveLength(1);
    // A session of its own, signed in again after the clock jumps (a session does not last days).
    const put = async (active: boolean) =>
      call(t.app, 'PUT', `/api/su/report-schedules/${schedule.id}`, {
        token: (await adminSession(t.app, db)).token,
        body: { ...validBody, active },
      });
    expect((await put(false)).body.message).toMatchObject({ active: false, next_due_at: null });
    // Two more due times pass while paused, the worker ticking every hour.
    for (let h = 0; h < 50; h++) {
      t.clock.advance(HOUR);
      await service().runDue(t.clock.now());
    }
    expect(await reportTasks(customer.id)).toHaveLength(1);
    // Resumed on the 26th at 08:00: no catch-up of the paused days, the next run is the 27th at 06:00.
    expect(t.clock.now().toISOString()).toBe('2026-11-26T08:00:00.000Z');
    expect((await put(true)).body.message).toMatchObject({ active: true, next_due_at: '2026-11-27T06:00:00.000Z' });
    await service().runDue(t.clock.now());
    expect(await reportTasks(customer.id)).toHaveLength(1);
    await setClock('2026-11-27T06:00:00Z');
    await service().runDue(t.clock.now());
    const sent = await reportTasks(customer.id);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.payload.dateTo).toBe('2026-11-26');
  });

  it('weekly and monthly (31st → last day of a short month) at their local time', async () => {
    await setClock('2026-11-01T00:00:00Z'); // a Sunday
    await db.update(reportSchedules).set({ active: false }); // the other tests' schedules
    const customer = await makeCustomer(db);
    await createSchedule(customer.id, {
      ...validBody,
      frequency: 'Weekly',
      weekday: 3,
      time_of_day: '08:00',
      time_zone: 'Europe/Amsterdam',
    });
    const other = await makeCustomer(db);
    await createSchedule(other.id, { ...validBody, frequency: 'Monthly', month_day: 31, time_of_day: '23:00', time_zone: 'UTC' });
    const dates: string[] = [];
    // Walk the clock hour by hour through November.
    for (let h = 0; h < 31 * 24; h++) {
      await service().runDue(t.clock.now());
      t.clock.advance(HOUR);
    }
    for (const task of await reportTasks(customer.id))
      dates.push(`${task.createdAt.toISOString()} ${task.payload.dateFrom}..${task.payload.dateTo}`);
    // Wednesdays 08:00 CET = 07:00 UTC.
    expect(dates).toEqual([
      '2026-11-04T07:00:00.000Z 2026-10-28..2026-11-03',
      '2026-11-11T07:00:00.000Z 2026-11-04..2026-11-10',
      '2026-11-18T07:00:00.000Z 2026-11-11..2026-11-17',
      '2026-11-25T07:00:00.000Z 2026-11-18..2026-11-24',
    ]);
    const monthly = await reportTasks(other.id);
    expect(monthly.map((x) => [x.createdAt.toISOString(), x.payload.dateFrom, x.payload.dateTo])).toEqual([
      ['2026-11-30T23:00:00.000Z', '2026-10-31', '2026-11-29'],
    ]);
  }, 60_000);

  it('catch-up: after a downtime over three due times one run goes out, for the latest period', async () => {
    await setClock('2026-11-02T12:00:00Z');
    const customer = await makeCustomer(db);
    await createSchedule(customer.id, { ...validBody, frequency: 'Weekly', weekday: 1 });
    await service().runDue(t.clock.now());
    expect(await reportTasks(customer.id)).toEqual([]);
    // Every node down from now until Nov 24 (Mondays 9, 16 and 23 were missed).
    await setClock('2026-11-24T15:00:00Z');
    expect(await service().runDue(t.clock.now())).toBeGreaterThanOrEqual(1);
    await service().runDue(t.clock.now());
    const sent = await reportTasks(customer.id);
    expect(sent.map((x) => [x.payload.dateFrom, x.payload.dateTo])).toEqual([['2026-11-16', '2026-11-22']]);
  });

  it('"Send now" queues a run of the latest period at once; its task mails the chosen format to every recipient', async () => {
    await setClock('2026-11-24T10:00:00Z');
    const customer = await makeCustomer(db);
    const op = await operatorSession(t.app, db, [customer.id]);
    const product = await makeProduct(db, customer.id);
    await makeReturn(db, {
      customerId: customer.id,
      userId: op.user.id,
      username: op.user.username,
      returnDate: '2026-11-23',
      lines: [{ productId: product.id, quantity: 3 }],
    });
    const schedule = await createSchedule(customer.id, {
      ...validBody,
      recipients: ['one@example.com', 'two@example.com'],
      formats: ['CSV'],
    });
    const res = await call(t.app, 'POST', `/api/su/report-schedules/${schedule.id}/send`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.message.runs).toMatchObject([
      { manual: true, period_from: '2026-11-23', period_to: '2026-11-23', task_status: 'Pending', requested_by: admin.user.username },
    ]);
    const [task] = await reportTasks(customer.id);
    await runTask(task!);
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toBe('one@example.com, two@example.com');
    expect(mail.attachments!.map((a) => a.filename)).toEqual(['returns_2026-11-23_2026-11-23.csv']);
    const csv = Buffer.from(mail.attachments![0]!.content, 'base64').toString('utf8');
    expect(csv.trimEnd().split('\r\n')).toHaveLength(2);
    expect(mail.text).toContain(`report schedule #${schedule.id}`);
    expect((await call(t.app, 'POST', '/api/su/report-schedules/999999/send', { token: admin.token })).status).toBe(404);
    // A manual run does not take the place of the next scheduled one.
    t.clock.advance(DAY);
    await service().runDue(t.clock.now());
    expect(await reportTasks(customer.id)).toHaveLength(2);
  });
});
