import { hostname } from 'node:os';
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import type { TaskType } from '../../../contract/constants.js';
import { parseTaskPayload, WORKER_TASK_TYPES, type TaskPayload, type WorkerTaskType } from '../../../contract/task-payloads.js';
import type { Clock } from '../../lib/clock.js';
import { errorText, PermanentTaskError, retryDelayMs, settledOutcome, TaskLostError, type TaskResult } from './task-outcome.js';
import type { Claim, TaskOutcome, TaskProgress, TaskRow, TaskWorkerRepository } from './task-worker.repository.js';

/** What a handler may do besides returning: save a step while it still holds the task. */
export interface TaskContext {
  signal: AbortSignal;
  /** What the worker claimed; a handler saving inside its own transaction checks it (task-worker.repository progress). */
  claim: Claim;
  /** Saves progress (a fetched file, a status change); throws TaskLostError when the task was taken away. */
  progress(p: TaskProgress): Promise<void>;
}

export type TaskHandler = ((task: TaskRow, signal: AbortSignal, ctx: TaskContext) => Promise<TaskResult | void>) & {
  /** The same work for several claimed tasks of this type at once (one read, one write for all). */
  batch?: TaskBatchHandler;
};
/** One claimed task of a batch, with its own context (its claim, its signal). */
export interface BatchItem {
  task: TaskRow;
  ctx: TaskContext;
}
/**
 * Runs a batch and answers one settled outcome per item, in order: a task's failure is its own and
 * never fails the others. Like a handler, it must not throw for one task.
 */
export type TaskBatchHandler = (items: BatchItem[], signal: AbortSignal) => Promise<PromiseSettledResult<TaskResult | void>[]>;
/**
 * The handler of every task type the worker carries out (src/contract/task-payloads.ts
 * WORKER_TASK_TYPES); a log-entry type may have one too (tests use 'System Log' as a plain task).
 */
export type TaskHandlers = Record<WorkerTaskType, TaskHandler> & Partial<Record<TaskType, TaskHandler>>;

/** A worker without a handler for a type it would claim: it refuses to start instead of failing those tasks. */
export class MissingTaskHandlerError extends Error {
  constructor(readonly taskTypes: readonly TaskType[]) {
    super(`The task worker cannot start: no handler for task type ${taskTypes.map((t) => `'${t}'`).join(', ')}`);
    this.name = 'MissingTaskHandlerError';
  }
}

/** A handler's work, given the payload parsed by its task type's schema. */
export type PayloadWork<T extends TaskType> = (
  task: TaskRow,
  payload: TaskPayload<T>,
  signal: AbortSignal,
  ctx: TaskContext,
) => Promise<TaskResult | void>;

/**
 * The handler of one task type: the payload is parsed by the type's schema (src/contract/task-payloads.ts)
 * before the work starts, and a payload that does not parse is a permanent error (retrying reads the same row).
 */
export function handlerFor<T extends TaskType>(taskType: T, work: PayloadWork<T>): TaskHandler {
  return async (task, signal, ctx) => work(task, payloadOf(taskType, task), signal, ctx);
}

/** A task's payload parsed by its type's schema; one that does not parse is a PermanentTaskError. */
export function payloadOf<T extends TaskType>(taskType: T, task: TaskRow): TaskPayload<T> {
  try {
    return parseTaskPayload(taskType, task.payload);
  } catch (error) {
    const issues = error instanceof z.ZodError ? error.issues.map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`) : [];
    throw new PermanentTaskError(`The ${taskType} task payload is not valid`, { issues });
  }
}

export interface WorkerLog {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface WorkerOptions {
  repo: TaskWorkerRepository;
  handlers: TaskHandlers;
  clock: Clock;
  concurrency: number;
  pollMs: number;
  leaseSeconds: number;
  log: WorkerLog;
  /** Delay before the next attempt; defaults to retryDelayMs. */
  retryDelay?: (attempts: number) => number;
  /**
   * Tasks a slot takes at once of a type whose handler has a batch form (default 1: one task a
   * slot). The claim adds them behind the slot's first task; they are built and finished together.
   */
  batchSize?: number;
}

/**
 * Polls for tasks and runs them outside the claiming statement. Each slot works one task at a time,
 * renews its lease while the handler runs, and writes the outcome only while it still holds the task.
 * stop() waits for the tasks in hand, or releases them when they do not finish in time.
 */
export function createWorker(options: WorkerOptions) {
  // The claim takes any runnable task: a type without a handler would go to Error, run or not.
  const missing = WORKER_TASK_TYPES.filter((t) => typeof (options.handlers as Partial<TaskHandlers>)[t] !== 'function');
  if (missing.length) throw new MissingTaskHandlerError(missing);
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const stopping = new AbortController();
  const inFlight = new Set<Promise<void>>();
  const holding = new Map<number, Claim>();
  const wakers = new Set<() => void>();
  const retryDelay = options.retryDelay ?? retryDelayMs;
  let stopped = false;
  let lastReap = 0;

  /** A claimed task in hand: what the worker saw when claiming it, and what aborts its handler. */
  interface Held {
    task: TaskRow;
    claim: Claim;
    lost: AbortController;
    ctx: TaskContext;
  }

  function hold(task: TaskRow): Held {
    const { repo, clock } = options;
    const claim: Claim = { workerId, status: task.taskStatus, attempts: task.attemptsCount };
    const lost = new AbortController();
    const signal = AbortSignal.any([stopping.signal, lost.signal]);
    holding.set(task.id, claim);
    const ctx: TaskContext = {
      signal,
      claim,
      async progress(p) {
        const held = await repo.progress(task.id, claim, clock.now(), p);
        if (!held) {
          lost.abort(new TaskLostError());
          throw new TaskLostError();
        }
        if (p.status) claim.status = p.status;
      },
    };
    return { task, claim, lost, ctx };
  }

  /** What to record for a task's settled handler; undefined when nothing is (stopping, or the task was lost). */
  function outcomeOf(h: Held, settled: PromiseSettledResult<TaskResult | void>, now: Date): TaskOutcome | undefined {
    if (stopping.signal.aborted || h.lost.signal.aborted) return undefined; // released by stop(), or superseded
    return settledOutcome(h.task, h.claim, settled, now, { retryDelay, log: options.log });
  }

  /**
   * Runs one task, or a batch of tasks of one type through its handler's batch form, renewing their
   * leases meanwhile, then records every outcome in one statement, each only while still held.
   */
  async function runUnit(unit: TaskRow[]): Promise<void> {
    const { repo, clock, handlers, log } = options;
    const held = unit.map(hold);
    // Renew the leases at a third of their length; losing a row aborts that task's handler.
    const beat = setInterval(
      () => {
        for (const h of held) {
          repo
            .heartbeat(h.task.id, h.claim, clock.now(), options.leaseSeconds)
            .then((ok) => {
              if (!ok) h.lost.abort(new TaskLostError());
            })
            .catch((error) => log.error({ taskId: h.task.id, err: errorText(error) }, 'task heartbeat failed'));
        }
      },
      Math.max(1000, (options.leaseSeconds * 1000) / 3),
    );
    beat.unref();
    try {
      const handler = handlers[unit[0]!.taskType as TaskType];
      let settled: PromiseSettledResult<TaskResult | void>[];
      if (!handler) {
        const reason = new PermanentTaskError(`No handler for task type ${unit[0]!.taskType}`);
        settled = held.map(() => ({ status: 'rejected', reason }));
      } else if (handler.batch && held.length > 1) {
        settled = await handler
          .batch(
            held.map((h) => ({ task: h.task, ctx: h.ctx })),
            stopping.signal,
          )
          .catch((reason: unknown) => held.map(() => ({ status: 'rejected' as const, reason })));
      } else {
        settled = await Promise.allSettled(held.map((h) => handler(h.task, h.ctx.signal, h.ctx)));
      }
      const now = clock.now();
      const outcomes = held.map((h, i) => outcomeOf(h, settled[i]!, now)).filter((o): o is TaskOutcome => o !== undefined);
      const written = await repo.finishMany(now, outcomes).catch((e) => {
        log.error({ taskIds: outcomes.map((o) => o.taskId), err: errorText(e) }, 'task outcome not recorded; lease will expire');
        return undefined;
      });
      for (const o of written ? outcomes.filter((x) => !written.has(x.taskId)) : []) {
        log.info({ taskId: o.taskId }, 'task result dropped: edited or taken over meanwhile');
      }
    } finally {
      clearInterval(beat);
      for (const h of held) holding.delete(h.task.id);
    }
  }

  async function idle(): Promise<void> {
    const now = options.clock.now().getTime();
    if (now - lastReap > options.leaseSeconds * 1000) {
      lastReap = now;
      const reaped = await options.repo.reapExpired(options.clock.now()).catch(() => 0);
      if (reaped) options.log.info({ reaped }, 'tasks of lost workers marked Error');
    }
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, options.pollMs);
      wakers.add(done);
    });
  }

  /**
   * Claimed tasks not yet started, and the claim in flight. Slots that find no task wait for one
   * shared claim of as many tasks as slots are waiting (one statement for all of them), so a worker
   * never holds more tasks than it has free slots.
   */
  const ready: TaskRow[] = [];
  let waiting = 0;
  let claiming: Promise<void> | undefined;
  let moreDue = false;

  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 1));
  const batched = (Object.keys(options.handlers) as TaskType[]).filter((t) => options.handlers[t]?.batch);
  const follow = batchSize > 1 && batched.length ? { types: batched, per: batchSize } : undefined;

  /** The first ready task and, when its type runs in batches, the ready tasks of its type behind it. */
  function takeUnit(): TaskRow[] {
    const head = ready.shift()!;
    if (!follow || !follow.types.includes(head.taskType as TaskType)) return [head];
    const unit = [head];
    for (let i = 0; i < ready.length && unit.length < batchSize;) {
      if (ready[i]!.taskType === head.taskType) unit.push(...ready.splice(i, 1));
      else i++;
    }
    return unit;
  }

  async function nextUnit(): Promise<TaskRow[] | undefined> {
    waiting++;
    try {
      while (!stopped) {
        if (ready.length) return takeUnit();
        if (!claiming) {
          const limit = waiting;
          claiming = options.repo
            .claimBatch(workerId, options.clock.now(), options.leaseSeconds, limit, follow)
            .then(
              (rows) => {
                ready.push(...rows);
                // Full (as many first tasks as slots asked): more may be due, claim again at once.
                moreDue = rows.length >= limit;
              },
              (error) => {
                moreDue = false;
                options.log.error({ err: errorText(error) }, 'task claim failed');
              },
            )
            .finally(() => (claiming = undefined));
        }
        // This slot's claim, or one under way for the slots waiting before it: take from it, claim
        // again when that one was full (more may be due), or idle when it found everything done.
        await claiming;
        if (!ready.length && !moreDue) return undefined;
      }
      return undefined;
    } finally {
      waiting--;
    }
  }

  async function slot(): Promise<void> {
    while (!stopped) {
      const unit = await nextUnit();
      if (unit) await runUnit(unit);
      else if (!stopped) await idle();
    }
    // Stopping: tasks claimed but never started go back untouched.
    for (const task of ready.splice(0)) {
      await options.repo
        .release(task.id, { workerId, status: task.taskStatus, attempts: task.attemptsCount }, options.clock.now())
        .catch(() => undefined);
    }
  }

  return {
    workerId,
    start() {
      for (let i = 0; i < options.concurrency; i++) {
        const p = slot();
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
      }
      options.log.info({ workerId, concurrency: options.concurrency }, 'worker started');
    },
    /** Wakes idle slots now (after enqueueing in the same process, and in tests). */
    poke() {
      for (const wake of [...wakers]) wake();
    },
    /** Task ids this worker is running now. */
    running: () => [...holding.keys()],
    /** Slots asleep until the next poll or poke (what a test waits for instead of a delay). */
    sleeping: () => wakers.size,
    /** Stops claiming; waits up to graceMs for running tasks, then gives the rest back. */
    async stop(graceMs = 10_000): Promise<void> {
      stopped = true;
      for (const wake of [...wakers]) wake();
      const all = Promise.all([...inFlight]);
      let timer: NodeJS.Timeout | undefined;
      const timedOut = await Promise.race([
        all.then(() => false),
        new Promise<boolean>((r) => {
          timer = setTimeout(() => r(true), graceMs);
        }),
      ]);
      clearTimeout(timer);
      if (timedOut) {
        const held = [...holding.entries()];
        stopping.abort();
        const now = options.clock.now();
        await Promise.all(held.map(([id, claim]) => options.repo.release(id, claim, now).catch(() => undefined)));
      }
    },
  };
}
export type Worker = ReturnType<typeof createWorker>;
