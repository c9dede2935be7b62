import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tasks } from '../../db/schema/index.js';
import { createTestClock } from '../../test/test-app.js';
import { waitFor } from '../../test/integration-servers.js';
import { onlyHandlers } from '../../test/test-handlers.js';
import { deferred, quietLog as quiet, useWorkerHarness } from '../../test/worker-harness.js';
import { createTaskQueueRepository } from './task-queue.repository.js';
import { createTaskWorkerRepository } from './task-worker.repository.js';
import { createWorker, type TaskHandlers } from './task-worker.js';
import { PermanentTaskError, retryDelayMs } from './task-outcome.js';

const { db, row, enqueue, startWorker } = useWorkerHarness();

describe('task worker', () => {
  it('retries a failing task with growing delay, then succeeds, logging every step', async () => {
    const clock = createTestClock();
    const id = await enqueue(clock);
    let calls = 0;
    const worker = startWorker(
      {
        'System Log': async () => {
          calls++;
          if (calls < 3) throw new Error(`partner down ${calls}`);
          return { details: { done: true } };
        },
      },
      clock,
    );
    try {
      await waitFor(async () => (await row(id)).attemptsCount === 1 && !(await row(id)).isRunning);
      const afterFirst = await row(id);
      expect(afterFirst.taskStatus).toBe('Pending');
      expect(afterFirst.runAfter.getTime()).toBe(clock.now().getTime() + retryDelayMs(1));
      // Not due yet: nothing happens until the clock passes the delay.
      clock.advance(retryDelayMs(1) + 1);
      worker.poke();
      await waitFor(async () => (await row(id)).attemptsCount === 2 && !(await row(id)).isRunning);
      expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));
      clock.advance(retryDelayMs(2) + 1);
      worker.poke();
      const done = await waitFor(async () => ((await row(id)).taskStatus === 'Success' ? row(id) : undefined));
      expect(done.isRunning).toBe(false);
      expect(done.attemptsCount).toBe(3);
      expect(done.details.map((d) => d.event)).toEqual(['created', 'claimed', 'failed', 'claimed', 'failed', 'claimed', 'succeeded']);
      expect(done.details[2]).toMatchObject({ error: 'partner down 1', retry: true });
      expect(done.details[6]).toMatchObject({ done: true });
    } finally {
      await worker.stop();
    }
  });

  it('marks a task Error after its third failed attempt, with the reason in message 2', async () => {
    const clock = createTestClock();
    const id = await enqueue(clock);
    const worker = startWorker({ 'System Log': async () => Promise.reject(new Error('still down')) }, clock);
    try {
      for (let attempt = 1; attempt <= 3; attempt++) {
        await waitFor(async () => (await row(id)).attemptsCount === attempt && !(await row(id)).isRunning);
        clock.advance(retryDelayMs(attempt) + 1);
        worker.poke();
      }
      const failed = await row(id);
      expect(failed.taskStatus).toBe('Error');
      expect(failed.message2).toBe('still down');
      expect(failed.details.at(-1)).toMatchObject({ event: 'failed', retry: false });
    } finally {
      await worker.stop();
    }
  });

  it('does not retry a permanent failure', async () => {
    const clock = createTestClock();
    const id = await enqueue(clock);
    const worker = startWorker({ 'System Log': async () => Promise.reject(new PermanentTaskError('bad file', { reason: 'x' })) }, clock);
    try {
      const failed = await waitFor(async () => ((await row(id)).taskStatus === 'Error' ? row(id) : undefined));
      expect(failed.attemptsCount).toBe(1);
      expect(failed.details.at(-1)).toMatchObject({ error: 'bad file', reason: 'x', retry: false });
    } finally {
      await worker.stop();
    }
  });

  it('drops its result when an admin edits the task while it runs', async () => {
    const clock = createTestClock();
    const id = await enqueue(clock);
    let finishHandler!: () => void;
    const worker = startWorker(
      {
        'System Log': () =>
          new Promise((resolve) => {
            finishHandler = () => resolve({});
          }),
      },
      clock,
    );
    try {
      await waitFor(async () => (await row(id)).isRunning);
      // What PUT /api/su/tasks/{id} writes: an admin sets Error and unticks 'Is In Queue'.
      await db().update(tasks).set({ taskStatus: 'Error', isRunning: false, message2: 'stopped by admin' }).where(eq(tasks.id, id));
      finishHandler();
      await waitFor(() => worker.running().length === 0);
      const after = await row(id);
      expect(after.taskStatus).toBe('Error');
      expect(after.message2).toBe('stopped by admin');
      expect(after.details.map((d) => d.event)).not.toContain('succeeded');
    } finally {
      await worker.stop();
    }
  });

  it('drops its result when an admin resets the attempts while it runs, and the reset task runs again', async () => {
    const clock = createTestClock();
    const id = await enqueue(clock);
    let release!: () => void;
    let calls = 0;
    const worker = startWorker(
      {
        'System Log': () => {
          calls++;
          if (calls > 1) return Promise.resolve({ details: { run: calls } });
          return new Promise((resolve) => {
            release = () => resolve({ details: { run: 1 } });
          });
        },
      },
      clock,
      60,
      2, // one slot stays busy with the superseded run
    );
    try {
      await waitFor(async () => (await row(id)).isRunning);
      await db().update(tasks).set({ attemptsCount: 0, isRunning: false, taskStatus: 'Pending' }).where(eq(tasks.id, id));
      worker.poke();
      const done = await waitFor(async () => ((await row(id)).taskStatus === 'Success' ? row(id) : undefined));
      release();
      await waitFor(() => worker.running().length === 0);
      expect((await row(id)).details.filter((d) => d.event === 'succeeded')).toEqual([expect.objectContaining({ run: 2 })]);
      expect(done.attemptsCount).toBe(1);
    } finally {
      await worker.stop();
    }
  });

  it('never claims a task an admin holds (Is In Queue ticked without a worker)', async () => {
    const clock = createTestClock();
    const id = await enqueue(clock);
    await db().update(tasks).set({ isRunning: true }).where(eq(tasks.id, id));
    clock.advance(24 * 3600_000);
    expect(await createTaskWorkerRepository(db()).claimNext('w', clock.now(), 60)).toBeUndefined();
    await db().update(tasks).set({ isRunning: false }).where(eq(tasks.id, id));
    expect((await createTaskWorkerRepository(db()).claimNext('w', clock.now(), 60))?.id).toBe(id);
  });

  it('claims a batch of due tasks in one statement, oldest first, and never one held by another claim', async () => {
    const clock = createTestClock();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await enqueue(clock, `batch ${i}`));
    const repo = createTaskWorkerRepository(db());
    const first = await repo.claimBatch('a', clock.now(), 60, 3);
    expect(first.map((t) => t.id)).toEqual(ids.slice(0, 3));
    expect(first.every((t) => t.isRunning && t.lockedBy === 'a' && t.attemptsCount === 1)).toBe(true);
    expect((await repo.claimBatch('b', clock.now(), 60, 10)).map((t) => t.id)).toEqual(ids.slice(3));
    expect(await repo.claimBatch('c', clock.now(), 60, 10)).toEqual([]);
  });

  it('adds tasks of a batched type behind each first task of that type, never behind another', async () => {
    const clock = createTestClock();
    const queue = createTaskQueueRepository(db());
    const ids: number[] = [];
    for (const taskType of [
      'SGL REST Create',
      'System Log',
      'SGL REST Create',
      'SGL REST Create',
      'System Log',
      'SGL REST Create',
      'SGL REST Create',
    ] as const) {
      ids.push(await queue.enqueue({ taskType, message1: taskType }, clock.now()));
    }
    const repo = createTaskWorkerRepository(db());
    const follow = { types: ['SGL REST Create'], per: 3 };
    // One slot: the oldest task (a batched type) and two more of it behind it.
    expect((await repo.claimBatch('a', clock.now(), 60, 1, follow)).map((t) => t.id)).toEqual([ids[0], ids[2], ids[3]]);
    // The oldest left is a System Log: it goes alone.
    expect((await repo.claimBatch('a', clock.now(), 60, 1, follow)).map((t) => t.id)).toEqual([ids[1]]);
    // Two slots: the System Log and a batched head, with the last of its type behind it.
    expect((await repo.claimBatch('b', clock.now(), 60, 2, follow)).map((t) => t.id)).toEqual([ids[4], ids[5], ids[6]]);
    expect(await repo.claimBatch('c', clock.now(), 60, 2, follow)).toEqual([]);
  });

  it('runs a batch through the batch handler: each task its own outcome, one failure retried alone', async () => {
    const clock = createTestClock();
    const queue = createTaskQueueRepository(db());
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await queue.enqueue({ taskType: 'SGL REST Create', message1: `m${i}` }, clock.now()));
    const single: TaskHandlers['SGL REST Create'] = async () => ({ details: { single: true } });
    const batches: number[][] = [];
    single!.batch = async (items) => {
      batches.push(items.map((i) => i.task.id));
      return items.map((i) =>
        i.task.id === ids[1] && i.task.attemptsCount === 1
          ? { status: 'rejected', reason: new Error('one bad') }
          : i.task.id === ids[2]
            ? { status: 'rejected', reason: new PermanentTaskError('never', { why: 'bad' }) }
            : { status: 'fulfilled', value: { message2: `sent ${i.task.id}`, details: { batch: items.length } } },
      );
    };
    const worker = createWorker({
      repo: createTaskWorkerRepository(db()),
      handlers: onlyHandlers({ 'SGL REST Create': single }),
      clock,
      concurrency: 1,
      pollMs: 20,
      leaseSeconds: 60,
      log: quiet,
      batchSize: 8,
    });
    worker.start();
    try {
      await waitFor(async () => (await row(ids[2]!)).taskStatus === 'Error' && !(await row(ids[1]!)).isRunning);
      expect(batches).toEqual([ids]);
      expect(await row(ids[0]!)).toMatchObject({ taskStatus: 'Success', message2: `sent ${ids[0]}`, isRunning: false });
      expect((await row(ids[0]!)).details.at(-1)).toMatchObject({ event: 'succeeded', batch: 4 });
      expect(await row(ids[1]!)).toMatchObject({ taskStatus: 'Pending', attemptsCount: 1, isRunning: false });
      expect((await row(ids[1]!)).details.at(-1)).toMatchObject({ event: 'failed', error: 'one bad', retry: true });
      expect(await row(ids[2]!)).toMatchObject({ taskStatus: 'Error', message2: 'never' });
      expect((await row(ids[2]!)).details.at(-1)).toMatchObject({ why: 'bad', retry: false });
      expect((await row(ids[3]!)).taskStatus).toBe('Success');
      // The retry, alone, goes through the plain handler.
      clock.advance(retryDelayMs(1) + 1);
      worker.poke();
      await waitFor(async () => (await row(ids[1]!)).taskStatus === 'Success');
      expect((await row(ids[1]!)).details.at(-1)).toMatchObject({ single: true });
    } finally {
      await worker.stop();
    }
  });

  it('runs a batch on all its slots at once and each task once', async () => {
    const clock = createTestClock();
    for (let i = 0; i < 12; i++) await enqueue(clock, `slot ${i}`);
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    // Each task waits until all four slots hold one (a barrier per round): the slots run together.
    let round = deferred<void>();
    const worker = startWorker(
      {
        'System Log': async (task) => {
          running++;
          most = Math.max(most, running);
          seen.push(task.id);
          const mine = round;
          if (running === 4) {
            round = deferred<void>();
            mine.resolve();
          }
          await mine.promise;
          running--;
        },
      },
      clock,
      60,
      4,
    );
    try {
      await waitFor(async () =>
        (await db().select().from(tasks).where(eq(tasks.taskStatus, 'Success'))).length === 12 ? true : undefined,
      );
    } finally {
      await worker.stop();
    }
    expect(new Set(seen).size).toBe(12);
    expect(seen).toHaveLength(12);
    expect(most).toBe(4);
  });
});
