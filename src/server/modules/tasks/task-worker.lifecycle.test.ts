import { describe, expect, it, vi } from 'vitest';
import { WORKER_TASK_TYPES } from '../../../contract/task-payloads.js';
import { createTestClock } from '../../test/test-app.js';
import { waitFor } from '../../test/integration-servers.js';
import { makeWorkerDeps } from '../../test/integration-fixtures.js';
import { onlyHandlers } from '../../test/test-handlers.js';
import { deferred, quietLog as quiet, useWorkerHarness } from '../../test/worker-harness.js';
import { createTaskHandlers } from './handlers/task-handlers.js';
import { createTaskWorkerRepository } from './task-worker.repository.js';
import { createWorker, MissingTaskHandlerError, type TaskHandlers } from './task-worker.js';

const { testDb, db, row, enqueue, startWorker } = useWorkerHarness();

describe('task worker start-up, leases and stop', () => {
  it('refuses to start when a task type it would claim has no handler, and names the types', async () => {
    const clock = createTestClock();
    const id = await enqueue(clock, 'must not be claimed');
    const { Mail: _mail, 'Return Report': _report, ...partial } = onlyHandlers({ 'System Log': async () => ({}) });
    const start = () =>
      createWorker({
        repo: createTaskWorkerRepository(db()),
        handlers: partial as TaskHandlers,
        clock,
        concurrency: 1,
        pollMs: 20,
        leaseSeconds: 60,
        log: quiet,
      });
    expect(start).toThrow(MissingTaskHandlerError);
    expect(start).toThrow("The task worker cannot start: no handler for task type 'Mail', 'Return Report'");
    // Nothing was claimed: the task waits for a worker that can run every type.
    expect(await row(id)).toMatchObject({ taskStatus: 'Pending', isRunning: false, attemptsCount: 0 });
  });

  it('starts with the full table of the worker role (every type the contract lists has its handler)', () => {
    const { deps } = makeWorkerDeps(testDb());
    const worker = createWorker({
      repo: createTaskWorkerRepository(db()),
      handlers: createTaskHandlers(deps),
      clock: deps.clock,
      concurrency: 1,
      pollMs: 20,
      leaseSeconds: 60,
      log: quiet,
    });
    expect(Object.keys(createTaskHandlers(deps)).sort()).toEqual([...WORKER_TASK_TYPES].sort());
    expect(worker.running()).toEqual([]);
  });

  it('picks up the task of a dead worker after its lease, and marks it Error when no attempts are left', async () => {
    const clock = createTestClock();
    const repo = createTaskWorkerRepository(db());
    const id = await enqueue(clock, 'dead worker');
    // Worker A claims and dies (never finishes, never releases).
    expect((await repo.claimNext('dead-a', clock.now(), 60))?.id).toBe(id);
    expect(await repo.claimNext('b', clock.now(), 60)).toBeUndefined();
    clock.advance(61_000);
    const taken = await repo.claimNext('b', clock.now(), 60);
    expect(taken?.id).toBe(id);
    expect(taken?.attemptsCount).toBe(2);
    // A's late result is refused: B holds it now.
    expect(await repo.finish(id, 'dead-a', clock.now(), { status: 'Success', entry: { at: '', event: 'late' } })).toBe(false);
    // B dies too, then C; after the third lease nothing may claim it and the reaper reports it.
    clock.advance(61_000);
    expect((await repo.claimNext('c', clock.now(), 60))?.attemptsCount).toBe(3);
    clock.advance(61_000);
    expect(await repo.claimNext('d', clock.now(), 60)).toBeUndefined();
    expect(await repo.reapExpired(clock.now())).toBe(1);
    const lost = await row(id);
    expect(lost).toMatchObject({ taskStatus: 'Error', isRunning: false, lockedBy: null });
  });

  it('keeps the lease alive while a long task runs', async () => {
    const clock = createTestClock();
    const id = await enqueue(clock);
    let release!: () => void;
    const worker = startWorker({ 'System Log': () => new Promise((r) => (release = () => r({}))) }, clock, 5);
    try {
      const first = await waitFor(async () => (await row(id)).leaseUntil);
      clock.advance(4000);
      // The heartbeat runs every max(1 s, lease/3) of real time and extends from the (moved) clock.
      const renewed = await waitFor(async () => {
        const lease = (await row(id)).leaseUntil;
        return lease && lease.getTime() > first.getTime() ? lease : undefined;
      });
      expect(renewed.getTime()).toBe(clock.now().getTime() + 5000);
      release();
      await waitFor(async () => (await row(id)).taskStatus === 'Success');
    } finally {
      await worker.stop();
    }
  });

  it('graceful stop waits for the task in hand, or gives it back untouched', async () => {
    const clock = createTestClock();
    const quick = await enqueue(clock, 'quick');
    const finishing = deferred<object>();
    const worker = startWorker({ 'System Log': () => finishing.promise }, clock);
    await waitFor(async () => (await row(quick)).isRunning);
    let stopped = false;
    const stopping = worker.stop(5_000).then(() => (stopped = true));
    expect((await row(quick)).isRunning).toBe(true);
    expect(stopped).toBe(false); // it waits for the task in hand
    finishing.resolve({});
    await stopping;
    expect((await row(quick)).taskStatus).toBe('Success');

    const stuck = await enqueue(clock, 'stuck');
    const w2 = startWorker(
      { 'System Log': (_t, signal) => new Promise((_r, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))) },
      clock,
    );
    await waitFor(async () => (await row(stuck)).isRunning);
    // The grace period passes on fake timers; the release itself runs on the real database.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const stopping = w2.stop(50);
      await vi.advanceTimersByTimeAsync(50);
      vi.useRealTimers();
      await stopping;
    } finally {
      vi.useRealTimers();
    }
    const released = await row(stuck);
    expect(released).toMatchObject({ taskStatus: 'Pending', isRunning: false, attemptsCount: 0, lockedBy: null });
    expect(released.details.at(-1)).toMatchObject({ event: 'released' });
  });
});
