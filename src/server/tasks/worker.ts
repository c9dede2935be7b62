import { hostname } from 'node:os';
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { LIMITS, type TaskStatus, type TaskType } from '../../contract/constants.js';
import { parseTaskPayload, type TaskPayload } from '../../contract/task-payloads.js';
import type { Clock } from '../lib/clock.js';
import type { Claim, TaskProgress, TaskRow, TaskRunnerRepository } from './task-runner.repository.js';

export interface TaskResult {
  status?: Extract<TaskStatus, 'Success' | 'Log Only'>;
  /** Extra facts for the task log (never secrets). */
  details?: Record<string, unknown>;
  message2?: string | null;
  fileName?: string;
  fileContent?: string;
}

/** What a handler may do besides returning: save a step while it still holds the task. */
export interface TaskContext {
  signal: AbortSignal;
  /** What the worker claimed; a handler saving inside its own transaction checks it (runner.progress). */
  claim: Claim;
  /** Saves progress (a fetched file, a status change); throws TaskLostError when the task was taken away. */
  progress(p: TaskProgress): Promise<void>;
}

export type TaskHandler = (task: TaskRow, signal: AbortSignal, ctx: TaskContext) => Promise<TaskResult | void>;
export type TaskHandlers = Partial<Record<TaskType, TaskHandler>>;

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
  return async (task, signal, ctx) => {
    let payload: TaskPayload<T>;
    try {
      payload = parseTaskPayload(taskType, task.payload);
    } catch (error) {
      const issues = error instanceof z.ZodError ? error.issues.map((i) => `${i.path.join('.') || 'payload'}: ${i.message}`) : [];
      throw new PermanentTaskError(`The ${taskType} task payload is not valid`, { issues });
    }
    return work(task, payload, signal, ctx);
  };
}

/** A failure that retrying cannot fix (a bad file, a partner's 4xx): the task goes to Error at once. */
export class PermanentTaskError extends Error {
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'PermanentTaskError';
  }
}

/** The task was edited by an admin or its lease went to another worker: stop quietly. */
export class TaskLostError extends Error {
  constructor() {
    super('The task is no longer held by this worker');
    this.name = 'TaskLostError';
  }
}

export interface WorkerLog {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface WorkerOptions {
  repo: TaskRunnerRepository;
  handlers: TaskHandlers;
  clock: Clock;
  concurrency: number;
  pollMs: number;
  leaseSeconds: number;
  log: WorkerLog;
  /** Delay before the next attempt; defaults to retryDelayMs. */
  retryDelay?: (attempts: number) => number;
}

/** Delay before attempt n+1: 30 s, 2 min, 8 min … */
export const retryDelayMs = (attempts: number) => 30_000 * 4 ** Math.max(0, attempts - 1);

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Polls for tasks and runs them outside the claiming statement. Each slot works one task at a time,
 * renews its lease while the handler runs, and writes the outcome only while it still holds the task.
 * stop() waits for the tasks in hand, or releases them when they do not finish in time.
 */
export function createWorker(options: WorkerOptions) {
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const stopping = new AbortController();
  const inFlight = new Set<Promise<void>>();
  const holding = new Map<number, Claim>();
  const wakers = new Set<() => void>();
  const retryDelay = options.retryDelay ?? retryDelayMs;
  let stopped = false;
  let lastReap = 0;

  async function runOne(task: TaskRow): Promise<void> {
    const { repo, clock, handlers, log } = options;
    const handler = handlers[task.taskType as TaskType];
    const claim: Claim = { workerId, status: task.taskStatus, attempts: task.attemptsCount };
    const lost = new AbortController();
    const signal = AbortSignal.any([stopping.signal, lost.signal]);
    holding.set(task.id, claim);

    // Renew the lease at a third of its length; losing the row aborts the handler.
    const beat = setInterval(
      () => {
        repo
          .heartbeat(task.id, claim, clock.now(), options.leaseSeconds)
          .then((held) => {
            if (!held) lost.abort(new TaskLostError());
          })
          .catch((error) => log.error({ taskId: task.id, err: errorText(error) }, 'task heartbeat failed'));
      },
      Math.max(1000, (options.leaseSeconds * 1000) / 3),
    );
    beat.unref();

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

    try {
      if (!handler) throw new PermanentTaskError(`No handler for task type ${task.taskType}`);
      const result = (await handler(task, signal, ctx)) ?? {};
      if (stopping.signal.aborted || lost.signal.aborted) return; // released by stop(), or superseded
      const now = clock.now();
      const written = await repo.finish(task.id, claim, now, {
        status: result.status ?? 'Success',
        entry: { at: now.toISOString(), event: 'succeeded', attempt: task.attemptsCount, ...result.details },
        message2: result.message2,
        fileName: result.fileName,
        fileContent: result.fileContent,
      });
      if (!written) log.info({ taskId: task.id }, 'task result dropped: edited or taken over meanwhile');
    } catch (error) {
      if (stopping.signal.aborted || lost.signal.aborted || error instanceof TaskLostError) return;
      const now = clock.now();
      const message = errorText(error);
      const permanent = error instanceof PermanentTaskError;
      const willRetry = !permanent && task.attemptsCount < LIMITS.autoRetryBelowAttempts;
      log.error({ taskId: task.id, taskType: task.taskType, err: message, willRetry }, 'task failed');
      await repo
        .finish(task.id, claim, now, {
          status: willRetry ? (claim.status as TaskStatus) : 'Error',
          entry: {
            at: now.toISOString(),
            event: 'failed',
            attempt: task.attemptsCount,
            error: message,
            retry: willRetry,
            ...(permanent ? error.details : {}),
          },
          runAfter: willRetry ? new Date(now.getTime() + retryDelay(task.attemptsCount)) : undefined,
          message2: willRetry ? undefined : message.slice(0, 500),
        })
        .catch((e) => log.error({ taskId: task.id, err: errorText(e) }, 'task outcome not recorded; lease will expire'));
    } finally {
      clearInterval(beat);
      holding.delete(task.id);
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

  async function nextTask(): Promise<TaskRow | undefined> {
    waiting++;
    try {
      while (!stopped) {
        if (ready.length) return ready.shift();
        if (!claiming) {
          const limit = waiting;
          claiming = options.repo
            .claimBatch(workerId, options.clock.now(), options.leaseSeconds, limit)
            .then(
              (rows) => {
                ready.push(...rows);
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
      const task = await nextTask();
      if (task) await runOne(task);
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
