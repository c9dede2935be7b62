import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeCustomer } from '../../test/factories.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { MSG } from '../../../contract/messages.js';
import { ATTEMPTS_RANGE_MESSAGE, TASK_MSG } from '../../../contract/tasks.js';
import { tasks } from '../../db/schema/index.js';
import { createTaskQueueRepository, type NewTaskFields } from './task-queue.repository.js';
import { FILE_LINK_SECONDS } from './file-links.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app, t.deps.database.db);
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
// The monitor shows these tasks and never runs them; each gets a payload its type's schema accepts.
const SAMPLE_PAYLOADS = {
  'SGL Outbound': { returnId: 1, connectionId: 1 },
  'SGL Inbound': { kind: 'file', path: '/inbound/in.xml', name: 'in.xml' },
  'System Log': {},
} as const;
const enqueue = (task: NewTaskFields & { taskType: keyof typeof SAMPLE_PAYLOADS }) =>
  createTaskQueueRepository(db()).enqueue({ ...task, payload: SAMPLE_PAYLOADS[task.taskType] }, t.clock.now());
const taskRow = async (id: number) => (await db().select().from(tasks).where(eq(tasks.id, id)))[0]!;
const edit = { message_2: 'retry by hand', is_running: false, task_status: 'Pending', attempts_count: 1 };

describe('/api/su/tasks guards', () => {
  it('answers 401 without a token and 403 to an operator, changing nothing', async () => {
    const c = await makeCustomer(db());
    const op = await operatorSession(t.app, db(), [c.id]);
    const id = await enqueue({ taskType: 'SGL Outbound', customerId: c.id, taskStatus: 'Error', fileName: 'a.xml', fileContent: '<a/>' });
    const before = await taskRow(id);
    for (const [method, url, body] of [
      ['GET', '/api/su/tasks', undefined],
      ['PUT', `/api/su/tasks/${id}`, edit],
      ['PUT', `/api/su/tasks/${id}/download`, {}],
      ['GET', `/api/su/audit?entity_type=task&entity_id=${id}`, undefined],
    ] as const) {
      expect((await call(t.app, method, url, { body })).status, url).toBe(401);
      const res = await call(t.app, method, url, { token: op.token, body });
      expect(res.body, url).toMatchObject({ code: 403, message: MSG.forbidden });
    }
    expect(await taskRow(id)).toEqual(before);
  });
});

describe('GET /api/su/tasks', () => {
  it('pages 50 newest first and filters by message_1, status and type; All and empty mean no filter', async () => {
    const c = await makeCustomer(db());
    const tag = `Batch-${Date.now()}`;
    for (let i = 0; i < 55; i++) {
      t.clock.advance(1000);
      await enqueue({
        taskType: i % 2 ? 'SGL Outbound' : 'System Log',
        taskStatus: i % 5 ? 'Success' : 'Error',
        message1: `${tag} #${i}`,
        customerId: c.id,
      });
    }
    const page1 = await call(t.app, 'GET', `/api/su/tasks?page=1&message_1=${tag}`, { token: admin.token });
    expect(page1.status).toBe(200);
    expect(page1.body.message).toMatchObject({ on_page: 1, per_page: 50, total_records: 55, total_pages: 2 });
    expect(page1.body.message.data).toHaveLength(50);
    expect(page1.body.message.data[0].message_1).toBe(`${tag} #54`);
    expect(Object.keys(page1.body.message.data[0]).sort()).toEqual(
      [
        'attempts_count',
        'created_at',
        'details',
        'has_file',
        'id',
        'is_running',
        'message_1',
        'message_2',
        'message_1_code',
        'message_2_code',
        'task_status',
        'task_type',
        'updated_at',
      ].sort(),
    );
    const page2 = await call(t.app, 'GET', `/api/su/tasks?page=2&message_1=${tag.toLowerCase()}`, { token: admin.token });
    expect(page2.body.message.data).toHaveLength(5);

    const filtered = await call(t.app, 'GET', `/api/su/tasks?message_1=${tag}&task_status=Error&task_type=System+Log`, {
      token: admin.token,
    });
    expect(
      filtered.body.message.data.every(
        (x: { task_status: string; task_type: string }) => x.task_status === 'Error' && x.task_type === 'System Log',
      ),
    ).toBe(true);
    expect(filtered.body.message.total_records).toBe(6);
    const all = await call(t.app, 'GET', `/api/su/tasks?message_1=${tag}&task_status=All&task_type=`, { token: admin.token });
    expect(all.body.message.total_records).toBe(55);
    // One customer's tasks (the dashboard's links keep its customer).
    const other = await makeCustomer(db());
    await enqueue({ taskType: 'System Log', taskStatus: 'Error', message1: `${tag} other`, customerId: other.id });
    const ofC = await call(t.app, 'GET', `/api/su/tasks?message_1=${tag}&customer_id=${c.id}&task_status=Error`, { token: admin.token });
    expect(ofC.body.message.total_records).toBe(11);
    const ofOther = await call(t.app, 'GET', `/api/su/tasks?message_1=${tag}&customer_id=${other.id}`, { token: admin.token });
    expect(ofOther.body.message.data.map((x: { message_1: string }) => x.message_1)).toEqual([`${tag} other`]);
    const allCustomers = await call(t.app, 'GET', `/api/su/tasks?message_1=${tag}&customer_id=All`, { token: admin.token });
    expect(allCustomers.body.message.total_records).toBe(56);
    // LIKE wildcards are matched literally.
    const wild = await call(t.app, 'GET', `/api/su/tasks?message_1=%25`, { token: admin.token });
    expect(wild.body.message.total_records).toBe(0);
  });

  it('answers 422 for a bad page, status or type', async () => {
    for (const q of ['page=0', 'page=abc', 'task_status=Done', 'task_type=Fax', 'customer_id=x']) {
      const res = await call(t.app, 'GET', `/api/su/tasks?${q}`, { token: admin.token });
      expect(res.status, q).toBe(422);
    }
    const bad = await call(t.app, 'GET', `/api/su/tasks?customer_id=-1`, { token: admin.token });
    expect(bad.body.message).toContain(TASK_MSG.customerInvalid);
  });
});

describe('PUT /api/su/tasks/{id}', () => {
  it('answers 422 for attempts outside 1–4 or an unknown status, changing nothing', async () => {
    const id = await enqueue({ taskType: 'SGL Outbound', taskStatus: 'Error' });
    const before = await taskRow(id);
    for (const body of [
      { ...edit, attempts_count: 0 },
      { ...edit, attempts_count: 5 },
      { ...edit, attempts_count: 2.5 },
      { ...edit, task_status: 'Done' },
      { message_2: 'x' },
    ]) {
      const res = await call(t.app, 'PUT', `/api/su/tasks/${id}`, { token: admin.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    const bad = await call(t.app, 'PUT', `/api/su/tasks/${id}`, { token: admin.token, body: { ...edit, attempts_count: 9 } });
    expect(bad.body.errors).toEqual({ attempts_count: [ATTEMPTS_RANGE_MESSAGE] });
    expect(await taskRow(id)).toEqual(before);
  });

  it('makes a Pending task whose attempts are reset runnable now, not after its back-off', async () => {
    const later = new Date(t.clock.now().getTime() + 30 * 60_000);
    const id = await enqueue({ taskType: 'SGL Outbound', taskStatus: 'Pending', runAfter: later });
    await db().update(tasks).set({ attemptsCount: 2 }).where(eq(tasks.id, id));
    const res = await call(t.app, 'PUT', `/api/su/tasks/${id}`, { token: admin.token, body: { ...edit, message_2: null } });
    expect(res.status).toBe(200);
    expect((await taskRow(id)).runAfter.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
  });

  it('answers 404 for an unknown task', async () => {
    expect((await call(t.app, 'PUT', '/api/su/tasks/99999999', { token: admin.token, body: edit })).status).toBe(404);
  });

  it('changes the task, writes who and what into its log and the audit trail, and releases a held lease', async () => {
    const id = await enqueue({ taskType: 'SGL Outbound', taskStatus: 'Error', message2: 'FTP refused' });
    await db()
      .update(tasks)
      .set({ isRunning: true, lockedBy: 'worker-1', leaseUntil: new Date(Date.now() + 60_000), attemptsCount: 3 })
      .where(eq(tasks.id, id));
    const res = await call(t.app, 'PUT', `/api/su/tasks/${id}`, { token: admin.token, body: edit });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      id,
      message_2: 'retry by hand',
      is_running: false,
      task_status: 'Pending',
      attempts_count: 1,
    });
    const last = res.body.message.details.at(-1);
    expect(last).toMatchObject({
      event: 'admin update',
      by: admin.user.username,
      changes: {
        message_2: { from: 'FTP refused', to: 'retry by hand' },
        is_running: { from: true, to: false },
        task_status: { from: 'Error', to: 'Pending' },
        attempts_count: { from: 3, to: 1 },
      },
    });
    const row = await taskRow(id);
    expect(row.lockedBy).toBeNull();
    expect(row.leaseUntil).toBeNull();
    const trail = await call(t.app, 'GET', `/api/su/audit?entity_type=task&entity_id=${id}`, { token: admin.token });
    expect(trail.body.message[0]).toMatchObject({ action: 'update', before: { task_status: 'Error' }, after: { task_status: 'Pending' } });

    // Saving the same values again changes nothing and logs nothing.
    const again = await call(t.app, 'PUT', `/api/su/tasks/${id}`, { token: admin.token, body: edit });
    expect(again.body.message.details).toHaveLength(res.body.message.details.length);
  });
});

describe('download links', () => {
  const FILE = '<?xml version="1.0"?><Return id="7"/>';

  it('PUT /api/su/tasks/{id}/download and PUT /api/tasks/{id}/download answer a link that streams the file while valid', async () => {
    const c = await makeCustomer(db());
    const id = await enqueue({ taskType: 'SGL Outbound', customerId: c.id, fileName: 'RET 7.xml', fileContent: FILE });
    const op = await operatorSession(t.app, db(), [c.id]);
    for (const [url, token] of [
      [`/api/su/tasks/${id}/download`, admin.token],
      [`/api/tasks/${id}/download`, op.token],
      [`/api/tasks/${id}/download`, admin.token],
    ] as const) {
      const res = await call(t.app, 'PUT', url, { token });
      expect(res.status, url).toBe(200);
      expect(res.body.message.url).toMatch(/^\/api\/files\/[A-Za-z0-9_.-]+$/);
      const file = await t.app.inject({ method: 'GET', url: res.body.message.url });
      expect(file.statusCode).toBe(200);
      expect(file.body).toBe(FILE);
      expect(file.headers['content-disposition']).toBe(`attachment; filename="RET_7.xml"; filename*=UTF-8''RET%207.xml`);
      expect(file.headers['cache-control']).toBe('no-store');
    }
  });

  it('fails after expiry and when tampered with', async () => {
    const c = await makeCustomer(db());
    const id = await enqueue({ taskType: 'SGL Inbound', customerId: c.id, fileName: 'in.xml', fileContent: FILE });
    const { body } = await call(t.app, 'PUT', `/api/su/tasks/${id}/download`, { token: admin.token });
    const url: string = body.message.url;
    const token = url.split('/').at(-1)!;
    const flipped = token.slice(0, 30) + (token[30] === 'A' ? 'B' : 'A') + token.slice(31);
    for (const bad of [
      `/api/files/${flipped}`,
      `/api/files/${token.slice(0, -4)}`,
      '/api/files/not-a-token',
      `/api/files/${Buffer.from(JSON.stringify({ p: 'task-file', t: id, e: 9e15 })).toString('base64url')}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: bad });
      expect(res.statusCode, bad).toBe(404);
      expect(res.body).not.toContain('Return id');
    }
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    t.clock.advance((FILE_LINK_SECONDS + 1) * 1000);
    const expired = await t.app.inject({ method: 'GET', url });
    expect(expired.statusCode).toBe(404);
  });

  it('an operator not linked to the task’s customer gets 403, a system task 403, an unknown task 404, a task without file 404', async () => {
    const c = await makeCustomer(db());
    const other = await makeCustomer(db());
    const op = await operatorSession(t.app, db(), [other.id]);
    const id = await enqueue({ taskType: 'SGL Outbound', customerId: c.id, fileName: 'a.xml', fileContent: FILE });
    const system = await enqueue({ taskType: 'SGL Inbound', fileName: 'b.xml', fileContent: FILE });
    const noFile = await enqueue({ taskType: 'SGL Outbound', customerId: other.id });
    expect((await call(t.app, 'PUT', `/api/tasks/${id}/download`)).status).toBe(401);
    expect((await call(t.app, 'PUT', `/api/tasks/${id}/download`, { token: op.token })).status).toBe(403);
    expect((await call(t.app, 'PUT', `/api/tasks/${system}/download`, { token: op.token })).status).toBe(403);
    expect((await call(t.app, 'PUT', `/api/tasks/99999999/download`, { token: op.token })).status).toBe(404);
    expect((await call(t.app, 'PUT', `/api/tasks/${noFile}/download`, { token: op.token })).status).toBe(404);
  });
});
