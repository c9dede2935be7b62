import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTaskQueueRepository } from '../modules/tasks/task-queue.repository.js';
import { waitFor } from '../test/integration-servers.js';
import { startPgBouncer, type PgBouncer } from '../test/local-services.js';
import { draftFor, makeConnection, receivingFixture, writtenFor } from '../test/receiving-fixtures.js';
import { operatorSession } from '../test/sessions.js';
import { call, createTestApp, type TestApp } from '../test/test-app.js';
import { countingRuns, drainOnNodes } from '../test/worker-harness.js';
import { openPostgres, preparedRows, type Database } from './client.js';

// Issue 29: PgBouncer 1.18 in transaction mode keeps no prepared statements, so under
// DATABASE_POOLER=transaction every statement goes unnamed. A real pgbouncer with two server
// connections behind eight client connections: consecutive statements of one client land on
// either server connection.
describe('statements behind PgBouncer in transaction mode', { timeout: 120_000 }, () => {
  let t: TestApp;
  let bouncer: PgBouncer;
  let pooled: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp();
    bouncer = await startPgBouncer(t.testDb.url!, { mode: 'transaction', poolSize: 2 });
    pooled = await openPostgres(bouncer.via(t.testDb.url!), 8, { pooler: 'transaction' });
    app = await buildApp({ ...t.deps, database: pooled, config: { ...t.deps.config, DATABASE_POOLER: 'transaction' } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await pooled.close();
    await bouncer.stop();
    await t.close();
  });

  it('named statements through it fail (why the setting exists)', async () => {
    const named = await openPostgres(bouncer.via(t.testDb.url!), 8, { pooler: 'none' });
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 400 }, (_, i) => preparedRows(named.db, 'pooler_probe', sql`SELECT ${i % 7}::int AS n`)),
      );
      // drizzle wraps the driver's error ("Failed query: …"); PostgreSQL's message is its cause.
      const failures = results
        .filter((r) => r.status === 'rejected')
        .map((r) => String(((r as PromiseRejectedResult).reason as Error).cause));
      expect(failures.length).toBeGreaterThan(0);
      expect(failures[0]).toMatch(/prepared statement "pooler_probe_\w+" (does not exist|already exists)/);
    } finally {
      await named.close();
    }
  });

  it('the app under DATABASE_POOLER=transaction: 320 mixed requests (submits, history, order search, return view) all answer', async () => {
    const db = t.deps.database.db;
    const { customer, made } = await receivingFixture(db, [1000, 1000]);
    await makeConnection(db, customer.id);
    const { token } = await operatorSession(app, db, [customer.id]);
    const statuses: number[] = [];
    let submitted = 0;
    for (let round = 0; round < 20; round++) {
      const requests = [
        ...Array.from({ length: 3 }, () => call(app, 'POST', '/api/returns', { token, body: draftFor(customer.id, made) })),
        ...Array.from({ length: 6 }, (_, i) => call(app, 'GET', `/api/returns?page=${1 + (i % 2)}`, { token })),
        ...Array.from({ length: 4 }, () =>
          call(app, 'PUT', `/api/returns/search/${customer.id}`, { token, body: { search: made.order.orderNumber! } }),
        ),
        ...Array.from({ length: 2 }, () => call(app, 'GET', `/api/returns?search[order_number]=${made.order.orderNumber!}`, { token })),
      ];
      const answers = await Promise.all(requests);
      submitted += 3;
      statuses.push(...answers.map((a) => a.status));
      // The caller's own return, read at once (the return view after a submit).
      const first = answers[0]!.body.message as { id: number; order_id: number };
      const view = await call(app, 'GET', `/api/returns/${first.id}/order/${first.order_id}`, { token });
      statuses.push(view.status);
    }
    expect(statuses.length).toBe(320);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(await writtenFor(db, customer.id, made.order.id)).toMatchObject({
      returns: submitted,
      ledgers: 2 * submitted,
      tasks: submitted,
    });
    const page = await call(app, 'GET', '/api/returns', { token });
    expect(page.body.message.total_records).toBe(submitted);
  });

  it('four workers claim and finish 400 tasks through it, each once', async () => {
    const db = t.deps.database.db;
    await db.execute(sql`DELETE FROM tasks`);
    await db.execute(
      sql`INSERT INTO tasks (task_type, message_1, details) SELECT 'System Log', 'pooled ' || g, '[]'::jsonb FROM generate_series(1, 400) g`,
    );
    await createTaskQueueRepository(pooled.db).wakeWorkers();
    const { runs, handlers } = countingRuns();
    await drainOnNodes(db, [pooled, pooled, pooled, pooled], () => handlers, { timeoutMs: 60_000 });
    expect(runs.size).toBe(400);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
  });

  it('PgBouncer killed while a connection is checked out: that transaction fails, the process lives, the pool recovers', async () => {
    // Before AppConnection listened for 'error' itself, this ended the process (found by npm run test:scale).
    const held = pooled.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await bouncer.restart();
      await tx.execute(sql`SELECT 1`);
    });
    await expect(held).rejects.toThrow();
    await waitFor(() =>
      pooled.db.execute(sql`SELECT 1`).then(
        () => true,
        () => false,
      ),
    );
    const db = t.deps.database.db;
    const { customer } = await receivingFixture(db);
    const { token } = await operatorSession(app, db, [customer.id]);
    expect((await call(app, 'GET', '/api/returns', { token })).status).toBe(200);
  });
});
