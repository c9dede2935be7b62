import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { queryRows, type Database, type Db } from '../db/client.js';
import { tasks } from '../db/schema/index.js';
import { createTaskQueueRepository } from '../modules/tasks/task-queue.repository.js';
import { createTaskWorkerRepository } from '../modules/tasks/task-worker.repository.js';
import { createWorker, type TaskHandlers } from '../modules/tasks/task-worker.js';
import { createTestClock } from './test-app.js';
import { waitFor } from './integration-servers.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { onlyHandlers } from './test-handlers.js';

export const quietLog = { info: () => undefined, error: () => undefined };

/** A promise the test settles itself: a task that ends when the test says so, not after a delay. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * The worker tests' database (one a file, each test starting with an empty queue) and their
 * helpers: read a task row, queue a 'System Log' task, start a worker on the given handlers.
 */
export function useWorkerHarness() {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb.close();
  });
  beforeEach(async () => {
    await testDb.database.db.delete(tasks);
  });
  const db = () => testDb.database.db;
  return {
    testDb: () => testDb,
    db,
    row: async (id: number) => (await db().select().from(tasks).where(eq(tasks.id, id)))[0]!,
    enqueue: (clock: { now(): Date }, message1 = 'test') =>
      createTaskQueueRepository(db()).enqueue({ taskType: 'System Log', message1 }, clock.now()),
    startWorker(handlers: Partial<TaskHandlers>, clock = createTestClock(), leaseSeconds = 60, concurrency = 1) {
      const worker = createWorker({
        repo: createTaskWorkerRepository(db()),
        handlers: onlyHandlers(handlers),
        clock,
        concurrency,
        pollMs: 20,
        leaseSeconds,
        log: quietLog,
      });
      worker.start();
      return worker;
    },
  };
}

/** 'System Log' handlers that count each task's runs: the several-workers tests prove each ran once. */
export function countingRuns(): { runs: Map<number, number>; handlers: TaskHandlers } {
  const runs = new Map<number, number>();
  return { runs, handlers: onlyHandlers({ 'System Log': async (task) => void runs.set(task.id, (runs.get(task.id) ?? 0) + 1) }) };
}

/**
 * One worker on each of `nodes` (each its own connection pool, as separate worker processes have),
 * running until no task is left unfinished or running (read through `db`), then stopped, pass or fail.
 */
export async function drainOnNodes(
  db: Db,
  nodes: Database[],
  handlers: (node: Database) => TaskHandlers,
  { timeoutMs, batchSize }: { timeoutMs: number; batchSize?: number },
): Promise<void> {
  const workers = nodes.map((node) =>
    createWorker({
      repo: createTaskWorkerRepository(node.db),
      handlers: handlers(node),
      clock: createTestClock(new Date(Date.now() + 1000)),
      concurrency: 2,
      pollMs: 20,
      leaseSeconds: 300,
      log: quietLog,
      batchSize,
    }),
  );
  workers.forEach((w) => w.start());
  try {
    await waitFor(async () => {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM tasks WHERE task_status <> 'Success' OR is_running`,
      );
      return row!.n === 0;
    }, timeoutMs);
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
}
