import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, queryRows, type Database } from '../../db/client.js';
import { tasks } from '../../db/schema/index.js';
import { createTaskQueueRepository } from './task-queue.repository.js';
import { createTestClock } from '../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { waitFor } from '../../test/integration-servers.js';
import { onlyHandlers } from '../../test/test-handlers.js';
import { drainOnNodes, quietLog as quiet } from '../../test/worker-harness.js';
import { createTaskWorkerRepository } from './task-worker.repository.js';
import { createWorker } from './task-worker.js';
import { startTaskWakeup } from './task-wakeup-listener.js';
import { createTaskHandlers } from './handlers/task-handlers.js';
import { makeReturnFixture, makeWorkerDeps, setSettings } from '../../test/integration-fixtures.js';

// PGlite is one connection (STACK-NOTES 3): queue concurrency is proven on PostgreSQL only.
describe('task queue on PostgreSQL with several workers', () => {
  let testDb: TestDatabase;
  const nodes: Database[] = [];
  beforeAll(async () => {
    testDb = await createTestDatabase();
    // Four "nodes", each with its own connection pool, like four worker processes.
    for (let i = 0; i < 4; i++) nodes.push(await openPostgres(testDb.url!, 3));
  });
  afterAll(async () => {
    for (const n of nodes) await n.close();
    await testDb.close();
  });

  it('drains 10,000 tasks with 4 workers and runs none twice', async () => {
    const db = testDb.database.db;
    await db.execute(
      sql`INSERT INTO tasks (task_type, message_1, details) SELECT 'System Log', 'bulk ' || g, '[]'::jsonb FROM generate_series(1, 10000) g`,
    );
    const runs = new Map<number, number>();
    const running = new Set<number>();
    let overlaps = 0;
    const handlers = onlyHandlers({
      'System Log': async (task) => {
        if (running.has(task.id)) overlaps++;
        running.add(task.id);
        runs.set(task.id, (runs.get(task.id) ?? 0) + 1);
        await new Promise((r) => setImmediate(r));
        running.delete(task.id);
      },
    });
    await drainOnNodes(db, nodes, () => handlers, { timeoutMs: 120_000 });
    expect(runs.size).toBe(10_000);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(overlaps).toBe(0);
    const [stats] = await queryRows<{ attempts: number; workers: number }>(
      db,
      sql`SELECT max(attempts_count)::int AS attempts, count(DISTINCT details->0->>'worker')::int AS workers FROM tasks`,
    );
    expect(stats).toEqual({ attempts: 1, workers: 4 });
  }, 180_000);

  it('4 workers drain outbound files in batches: each file once, each with its own Msg #, on its return', async () => {
    const db = testDb.database.db;
    await db.delete(tasks);
    const { deps } = makeWorkerDeps(testDb);
    await setSettings(deps, { BIZTALK_FTP_URL: '', BIZTALK_OUTBOUND_DIR: '/many', H2O_CUSTOMER_ID: '' });
    const f = await makeReturnFixture(db);
    await db.execute(sql`
      INSERT INTO returns (customer_id, order_id, user_id, username, reference_1, return_date, draft_id)
      SELECT ${f.customer.id}, ${f.order.id}, ${f.user.id}, ${f.user.username}, 'RMA-' || g, '2026-11-20', '__many' || g FROM generate_series(1, 300) g`);
    await db.execute(sql`
      INSERT INTO tasks (task_type, message_1, payload, customer_id, order_id, return_id, details)
      SELECT 'SGL Outbound', 'Return #' || r.id, jsonb_build_object('returnId', r.id, 'connectionId', ${f.connection.id}::int),
             r.customer_id, r.order_id, r.id, '[]'::jsonb
      FROM returns r WHERE r.draft_id LIKE '\\_\\_many%'`);
    const clock = createTestClock(new Date(Date.now() + 1000));
    await drainOnNodes(db, nodes, (node) => createTaskHandlers({ ...deps, database: node, clock }), { timeoutMs: 120_000, batchSize: 8 });
    const [stats] = await queryRows<{ n: number; ids: number; attempts: number; built: number; workers: number; mismatched: number }>(
      db,
      sql`SELECT count(*)::int AS n, count(DISTINCT t.payload->>'messageId')::int AS ids, max(t.attempts_count)::int AS attempts,
                 sum((SELECT count(*) FROM jsonb_array_elements(t.details) e WHERE e->>'event' = 'file built'))::int AS built,
                 count(DISTINCT t.details->0->>'worker')::int AS workers,
                 count(*) FILTER (WHERE r.message_id IS DISTINCT FROM t.payload->>'messageId')::int AS mismatched
          FROM tasks t JOIN returns r ON r.id = t.return_id`,
    );
    expect(stats).toEqual({ n: 300, ids: 300, attempts: 1, built: 300, workers: 4, mismatched: 0 });
    const files = readdirSync(join(deps.config.dataDir, 'ftp', 'many'));
    expect(files).toHaveLength(300);
    expect(files.every((name) => !name.startsWith('.'))).toBe(true);
  }, 180_000);

  it('a worker process killed mid-task: another worker completes the task after the lease', async () => {
    const db = testDb.database.db;
    await db.delete(tasks);
    const id = await createTaskQueueRepository(db).enqueue({ taskType: 'System Log', message1: 'crash me' }, new Date(Date.now() - 1000));
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('../../test/worker-child.ts', import.meta.url))], {
      env: { ...process.env, CHILD_DATABASE_URL: testDb.url!, CHILD_LEASE_SECONDS: '5' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    await waitFor(() => out.includes(`running ${id}`), 60_000);
    child.kill('SIGKILL');
    await exited;

    const orphan = (await db.select().from(tasks).where(eq(tasks.id, id)))[0]!;
    expect(orphan).toMatchObject({ isRunning: true, taskStatus: 'Pending', attemptsCount: 1 });

    // A surviving worker whose clock is past the dead worker's lease takes the task over.
    const clock = createTestClock(new Date(orphan.leaseUntil!.getTime() + 1000));
    const survivor = createWorker({
      repo: createTaskWorkerRepository(nodes[0]!.db),
      handlers: onlyHandlers({ 'System Log': async () => ({ details: { recovered: true } }) }),
      clock,
      concurrency: 1,
      pollMs: 20,
      leaseSeconds: 60,
      log: quiet,
    });
    survivor.start();
    try {
      const done = await waitFor(async () => {
        const t = (await db.select().from(tasks).where(eq(tasks.id, id)))[0]!;
        return t.taskStatus === 'Success' ? t : undefined;
      });
      expect(done.attemptsCount).toBe(2);
      expect(done.details.filter((d) => d.event === 'claimed').map((d) => d.worker)).toEqual([expect.any(String), survivor.workerId]);
      expect(done.details.at(-1)).toMatchObject({ event: 'succeeded', recovered: true });
    } finally {
      await survivor.stop();
    }
  }, 120_000);

  it('wakes an idle worker by NOTIFY when a task is queued, without waiting for its poll', async () => {
    const db = testDb.database.db;
    await db.delete(tasks);
    const worker = createWorker({
      repo: createTaskWorkerRepository(nodes[1]!.db),
      handlers: onlyHandlers({ 'System Log': async () => ({ details: { woken: true } }) }),
      clock: createTestClock(new Date(Date.now() + 1000)),
      concurrency: 1,
      pollMs: 600_000, // it would sleep for ten minutes
      leaseSeconds: 60,
      log: quiet,
    });
    worker.start();
    let pokes = 0;
    const onTask = () => {
      pokes++;
      worker.poke();
    };
    const wakeup = startTaskWakeup({ databaseUrl: testDb.url!, onTask, log: quiet });
    try {
      await waitFor(async () => {
        const [row] = await queryRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'LISTEN rd_tasks'`,
        );
        return row!.n > 0;
      });
      // The slot fell asleep again after the wake-up that follows LISTEN (anything queued meanwhile).
      await waitFor(() => pokes > 0 && worker.sleeping() === 1);
      const id = await db.transaction((tx) =>
        createTaskQueueRepository(tx).enqueue({ taskType: 'System Log', message1: 'wake' }, new Date()),
      );
      const done = await waitFor(async () => {
        const t = (await db.select().from(tasks).where(eq(tasks.id, id)))[0]!;
        return t.taskStatus === 'Success' ? t : undefined;
      });
      expect(done.details.at(-1)).toMatchObject({ woken: true });
    } finally {
      await wakeup.stop();
      await worker.stop();
    }
  });
});
