import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { tasks } from '../../db/schema/index.js';
import { createTaskQueueRepository, type NewTask } from './task-queue.repository.js';
import { makeWorkerDeps, startTestWorker, taskRow } from '../../test/integration-fixtures.js';
import { waitFor } from '../../test/integration-servers.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.close());
const db = () => testDb.database.db;
const taskCount = async () => Number((await db().select({ n: count() }).from(tasks))[0]!.n);

describe('task payloads are parsed by their type', () => {
  it('when enqueued: a payload that does not fit is refused and nothing is written', async () => {
    const queue = createTaskQueueRepository(db());
    const before = await taskCount();
    // Typed as the whole task union, as a caller reading a payload from elsewhere would be.
    const bad: NewTask[] = [
      { taskType: 'SGL Outbound', payload: { returnId: 1 } as never },
      { taskType: 'Return Report', payload: { reportName: 'x' } as never },
      { taskType: 'SGL Inbound', payload: { kind: 'file', path: '/inbound/a.xml' } as never },
    ];
    for (const task of bad) await expect(queue.enqueue(task, new Date())).rejects.toThrow();
    expect(await taskCount()).toBe(before);
  });

  it('when run: a payload changed by hand makes the task Error at once, naming the bad field, without retries', async () => {
    const { deps, clock } = makeWorkerDeps(testDb);
    const id = await createTaskQueueRepository(db()).enqueue(
      { taskType: 'SGL Outbound', message1: 'Return #1', payload: { returnId: 1, connectionId: 1 } },
      clock.now(),
    );
    await db()
      .update(tasks)
      .set({ payload: { returnId: 'one' } })
      .where(eq(tasks.id, id));
    const worker = startTestWorker(deps);
    try {
      const done = await waitFor(async () => {
        const t = await taskRow(db(), id);
        return !t.isRunning && t.taskStatus === 'Error' ? t : undefined;
      });
      expect(done.attemptsCount).toBe(1);
      expect(done.message2).toBe('The SGL Outbound task payload is not valid');
      expect(done.details.at(-1)).toMatchObject({
        event: 'failed',
        retry: false,
        issues: expect.arrayContaining([expect.stringMatching(/^returnId: /)]),
      });
    } finally {
      await worker.stop();
    }
  });
});
