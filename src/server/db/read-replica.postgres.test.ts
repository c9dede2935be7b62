import { desc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../test/integration-servers.js';
import { freePort } from '../test/local-services.js';
import { draftFor, makeConnection, receivingFixture } from '../test/receiving-fixtures.js';
import { startReplicaPair, type ReplicaPair } from '../test/replica-pair.js';
import { adminSession, operatorSession } from '../test/sessions.js';
import { call, createTestApp, type TestApp } from '../test/test-app.js';
import { openPostgres, queryRows, type Database } from './client.js';
import { tasks } from './schema/index.js';
import { createTaskHandlers } from '../modules/tasks/handlers/task-handlers.js';
import type { TaskContext } from '../modules/tasks/task-worker.js';

// Issue 29: the read-heavy pages read a real streaming replica (PostgreSQL 15, pg_basebackup -R)
// when it has caught up, the primary when it lags; a caller always sees its own writes.
describe('reads routed to a streaming replica', { timeout: 120_000 }, () => {
  let pair: ReplicaPair;
  let database: Database;
  let t: TestApp;
  let operator: { token: string };
  let admin: { token: string };
  let fixture: Awaited<ReturnType<typeof receivingFixture>>;
  const counts = () => ({ ...database.readCounts! });

  beforeAll(async () => {
    pair = await startReplicaPair();
    const c = new pg.Client({ connectionString: pair.primaryUrl('postgres') });
    await c.connect();
    await c.query('CREATE DATABASE rd');
    await c.end();
    database = await openPostgres(pair.primaryUrl('rd'), 5, { replicaUrl: pair.replicaUrl('rd'), replicaMaxWaitMs: 30 });
    await database.migrate();
    t = await createTestApp({}, { database });
    fixture = await receivingFixture(database.db, [1000, 1000]);
    await makeConnection(database.db, fixture.customer.id);
    operator = await operatorSession(t.app, database.db, [fixture.customer.id]);
    admin = await adminSession(t.app, database.db);
    await pair.caughtUp('rd');
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
    await pair?.stop();
  });

  const submit = async () => {
    const res = await call(t.app, 'POST', '/api/returns', { token: operator.token, body: draftFor(fixture.customer.id, fixture.made) });
    expect(res.status).toBe(200);
    return res.body.message.id as number;
  };
  const historyIds = async () => {
    const page = await call(t.app, 'GET', '/api/returns', { token: operator.token });
    expect(page.status).toBe(200);
    return (page.body.message.data as { id: number }[]).map((r) => r.id);
  };
  const onReplica = async (text: string) => pair.onReplica<{ n: number }>('rd', text);

  it('caught up: the pages read the replica, and the caller sees its own submit at once', async () => {
    const id = await submit();
    // Right after the submit: seen, whichever side answered.
    expect(await historyIds()).toContain(id);
    // Once the replica has replayed the submit, the same page is read there.
    await waitFor(async () => {
      const before = counts().replica;
      const ids = await historyIds();
      expect(ids).toContain(id);
      return counts().replica > before;
    });
    const before = counts();
    expect((await call(t.app, 'GET', '/api/dashboard?period=7d', { token: operator.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/su/tasks?page=1', { token: admin.token })).status).toBe(200);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/returns/download?format=csv&filter[customer_id]=${fixture.customer.id}`,
      headers: { authorization: `Bearer ${operator.token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['x-total-rows']).toBe('1');
    const after = counts();
    expect(after.replica + after.primary - before.replica - before.primary).toBe(3);
  });

  it('a lagging replica (replay paused): the pages answer from the primary, with the new return; then the replica again', async () => {
    await onReplica('SELECT pg_wal_replay_pause()');
    await waitFor(async () => (await onReplica("SELECT 1 AS n WHERE pg_get_wal_replay_pause_state() = 'paused'")).length === 1);
    const before = counts();
    const id = await submit();

    // The replica does not have it: a read there would miss the caller's own return.
    expect(await onReplica(`SELECT count(*)::int AS n FROM returns WHERE id = ${id}`)).toEqual([{ n: 0 }]);
    // The page has it: it was read from the primary.
    expect(await historyIds()).toContain(id);
    const [primaryTasks] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM tasks`);
    const monitor = await call(t.app, 'GET', '/api/su/tasks?page=1', { token: admin.token });
    expect(monitor.body.message.total_records).toBe(primaryTasks!.n);
    const [replicaTasks] = await onReplica('SELECT count(*)::int AS n FROM tasks');
    expect(replicaTasks!.n).toBeLessThan(primaryTasks!.n); // never newer than the primary; here older
    expect(counts().replica).toBe(before.replica);
    expect(counts().primary).toBe(before.primary + 2);

    await onReplica('SELECT pg_wal_replay_resume()');
    await pair.caughtUp('rd');
    await waitFor(async () => {
      const r0 = counts().replica;
      expect(await historyIds()).toContain(id);
      return counts().replica > r0;
    });
  });

  it("a report run (the worker's Return Report task) reads the replica once it has caught up, and has the new return", async () => {
    const id = await submit();
    const today = t.clock.now().toISOString().slice(0, 10);
    const asked = await call(t.app, 'POST', '/api/reports', {
      token: operator.token,
      body: { customer_id: fixture.customer.id, date_from: '2026-01-01', date_to: today, email: 'reports@example.com' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const [task] = await database.db.select().from(tasks).where(eq(tasks.taskType, 'Return Report')).orderBy(desc(tasks.id)).limit(1);
    await pair.caughtUp('rd');
    const before = counts();
    const signal = new AbortController().signal;
    const ctx = { signal, claim: {}, progress: async () => undefined } as unknown as TaskContext;
    await createTaskHandlers(t.deps)['Return Report']!(task!, signal, ctx);
    expect(counts()).toEqual({ replica: before.replica + 1, primary: before.primary });
    const csv = t.mailer.sent.at(-1)!.attachments!.find((a) => a.filename.endsWith('.csv'))!;
    expect(Buffer.from(String(csv.content), 'base64').toString('utf8')).toContain(String(id));
  });

  it('an unreachable replica or one that is not a standby: reads go to the primary', async () => {
    const nowhere = await openPostgres(pair.primaryUrl('rd'), 2, { replicaUrl: `postgres://postgres@127.0.0.1:${await freePort()}/rd` });
    const notStandby = await openPostgres(pair.primaryUrl('rd'), 2, { replicaUrl: pair.primaryUrl('rd'), replicaMaxWaitMs: 0 });
    try {
      expect(await nowhere.readDb()).toBe(nowhere.db);
      expect(await notStandby.readDb()).toBe(notStandby.db);
      expect([nowhere.readCounts, notStandby.readCounts]).toEqual([
        { replica: 0, primary: 1 },
        { replica: 0, primary: 1 },
      ]);
    } finally {
      await nowhere.close();
      await notStandby.close();
    }
  });
});
