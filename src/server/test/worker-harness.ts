import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { tasks } from '../db/schema/index.js';
import { createTaskQueueRepository } from '../modules/tasks/task-queue.repository.js';
import { createTaskWorkerRepository } from '../modules/tasks/task-worker.repository.js';
import { createWorker, type TaskHandlers } from '../modules/tasks/task-worker.js';
import { createTestClock } from './test-app.js';
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
