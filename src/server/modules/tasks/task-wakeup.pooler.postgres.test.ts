import { eq, sql } from 'drizzle-orm';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { openPostgres, queryRows, type Database } from '../../db/client.js';
import { tasks } from '../../db/schema/index.js';
import { makeWorkerDeps } from '../../test/integration-fixtures.js';
import { waitFor } from '../../test/integration-servers.js';
import { startPgBouncer, type PgBouncer } from '../../test/local-services.js';
import { createTestClock } from '../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { onlyHandlers } from '../../test/test-handlers.js';
import { createTaskQueueRepository } from './task-queue.repository.js';
import { pollingFallbackMessage, startTaskWakeup, wakeupListenUrl } from './task-wakeup-listener.js';
import { createTaskWorkerRepository } from './task-worker.repository.js';
import { createWorker } from './task-worker.js';
import { startBackground } from './worker-role.js';

const quiet = { info: () => undefined, error: () => undefined };

// Issue 29: worker wake-ups behind PgBouncer in transaction mode (a real pgbouncer 1.18 on 127.0.0.1).
describe('task wake-ups behind a transaction pooler', { timeout: 60_000 }, () => {
  let testDb: TestDatabase;
  let bouncer: PgBouncer;
  let pooled: Database;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    bouncer = await startPgBouncer(testDb.url!, { mode: 'transaction', poolSize: 2 });
    pooled = await openPostgres(bouncer.via(testDb.url!), 4, { pooler: 'transaction' });
  });
  afterAll(async () => {
    await pooled.close();
    await bouncer.stop();
    await testDb.close();
  });

  const runOne = async (worker: ReturnType<typeof createWorker>, message: string) => {
    // Queued through PgBouncer, as a web process behind it does: the NOTIFY goes through it too.
    const id = await pooled.db.transaction((tx) =>
      createTaskQueueRepository(tx).enqueue({ taskType: 'System Log', message1: message }, new Date()),
    );
    return waitFor(async () => {
      const t = (await pooled.db.select().from(tasks).where(eq(tasks.id, id)))[0]!;
      return t.taskStatus === 'Success' ? t : undefined;
    });
  };

  it('LISTENs on DIRECT_DATABASE_URL: an idle worker on the pooler wakes at once when a task is queued', async () => {
    const config = { DATABASE_URL: bouncer.via(testDb.url!), DIRECT_DATABASE_URL: testDb.url!, DATABASE_POOLER: 'transaction' as const };
    expect(wakeupListenUrl(config)).toBe(testDb.url);
    const worker = createWorker({
      repo: createTaskWorkerRepository(pooled.db),
      handlers: onlyHandlers({ 'System Log': async () => ({ details: { woken: true } }) }),
      clock: createTestClock(new Date(Date.now() + 1000)),
      concurrency: 1,
      pollMs: 600_000, // it would sleep ten minutes: only the wake-up can start the task
      leaseSeconds: 60,
      log: quiet,
    });
    worker.start();
    let pokes = 0;
    const wakeup = startTaskWakeup({ databaseUrl: wakeupListenUrl(config)!, onTask: () => (pokes++, worker.poke()), log: quiet });
    try {
      await waitFor(() => pokes > 0 && worker.sleeping() === 1);
      const done = await runOne(worker, 'wake via direct');
      expect(done.details.at(-1)).toMatchObject({ woken: true });
    } finally {
      await wakeup.stop();
      await worker.stop();
    }
  });

  it('without DIRECT_DATABASE_URL under DATABASE_POOLER=transaction: no LISTEN, a stated poll interval, tasks still run', async () => {
    const config = { DATABASE_URL: bouncer.via(testDb.url!), DIRECT_DATABASE_URL: undefined, DATABASE_POOLER: 'transaction' as const };
    expect(wakeupListenUrl(config)).toBeUndefined();
    // Without the pooler setting the plain URL is used (a direct or session-mode connection).
    expect(wakeupListenUrl({ ...config, DATABASE_POOLER: 'none' })).toBe(config.DATABASE_URL);

    // The worker role says so once at start, with the interval.
    const lines: { level: number; msg: string }[] = [];
    const log = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _e, done) {
          lines.push(JSON.parse(chunk.toString('utf8')) as { level: number; msg: string });
          done();
        },
      }),
    );
    const { deps } = makeWorkerDeps(testDb, {
      ...config,
      WORKER_POLL_MS: 150,
      PUBLIC_URL: 'http://returns.test',
      INBOUND_POLL_SECONDS: 0,
      REPORT_SCHEDULE_POLL_SECONDS: 0,
      PHOTO_CLEANUP_MINUTES: 0,
      ROLLUP_FOLD_SECONDS: 0,
    });
    const background = startBackground({ ...deps, database: pooled }, log);
    await background.stop();
    expect(lines.filter((l) => l.level === 40).map((l) => l.msg)).toEqual([pollingFallbackMessage(150)]);
    expect(pollingFallbackMessage(150)).toContain('polls every 150 ms');

    const worker = createWorker({
      repo: createTaskWorkerRepository(pooled.db),
      handlers: onlyHandlers({ 'System Log': async () => ({ details: { polled: true } }) }),
      clock: createTestClock(new Date(Date.now() + 1000)),
      concurrency: 1,
      pollMs: 150,
      leaseSeconds: 60,
      log: quiet,
    });
    worker.start();
    try {
      await waitFor(() => worker.sleeping() === 1);
      const done = await runOne(worker, 'found by polling');
      expect(done.details.at(-1)).toMatchObject({ polled: true });
      const [listening] = await queryRows<{ n: number }>(
        testDb.database.db,
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN rd_tasks'`,
      );
      expect(listening!.n).toBe(0);
    } finally {
      await worker.stop();
    }
  });

  it('loadConfig reads the settings', () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://a@b/c', DIRECT_DATABASE_URL: 'postgres://a@d/c', DATABASE_POOLER: 'transaction' });
    expect([c.DIRECT_DATABASE_URL, c.DATABASE_POOLER]).toEqual(['postgres://a@d/c', 'transaction']);
    expect(() => loadConfig({ DATABASE_POOLER: 'statement' })).toThrow();
  });
});
