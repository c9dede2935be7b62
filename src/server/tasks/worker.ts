import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { TaskStatus, TaskType } from '../../contract/constants.js';
import type { Clock } from '../lib/clock.js';
import type { TaskRow, TaskRunnerRepository } from './task-runner.repository.js';

export interface TaskResult {
  status?: Extract<TaskStatus, 'Success' | 'Log Only'>;
  /** Extra facts for the task log (never secrets). */
  details?: Record<string, unknown>;
  message2?: string | null;
  fileName?: string;
  fileContent?: string;
}

export type TaskHandler = (task: TaskRow, signal: AbortSignal) => Promise<TaskResult | void>;
export type TaskHandlers = Partial<Record<TaskType, TaskHandler>>;

export interface WorkerOptions {
  repo: TaskRunnerRepository;
  handlers: TaskHandlers;
  clock: Clock;
  concurrency: number;
  pollMs: number;
  leaseSeconds: number;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

/** Delay before attempt n+1: 30 s, 2 min, 8 min … */
export const retryDelayMs = (attempts: number) => 30_000 * 4 ** Math.max(0, attempts - 1);

/**
 * Polls for tasks and runs them outside the claiming statement. Each slot works one task at a time;
 * stop() waits for the tasks in hand, or releases them when they do not finish in time.
 */
export function createWorker(options: WorkerOptions) {
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const controller = new AbortController();
  const inFlight = new Set<Promise<void>>();
  const holding = new Set<number>();
  let stopped = false;
  let wake: (() => void) | undefined;

  async function runOne(task: TaskRow): Promise<void> {
    const { repo, clock, handlers, log } = options;
    const handler = handlers[task.taskType as TaskType];
    holding.add(task.id);
    try {
      if (!handler) throw new Error(`No handler for task type ${task.taskType}`);
      const result = (await handler(task, controller.signal)) ?? {};
      if (controller.signal.aborted) return; // released below
      const now = clock.now();
      await repo.finish(task.id, workerId, now, {
        status: result.status ?? 'Success',
        entry: { at: now.toISOString(), event: 'succeeded', attempt: task.attemptsCount, ...result.details },
        message2: result.message2,
        fileName: result.fileName,
        fileContent: result.fileContent,
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      const now = clock.now();
      const message = error instanceof Error ? error.message : String(error);
      const willRetry = task.attemptsCount < 3;
      log.error({ taskId: task.id, taskType: task.taskType, err: message, willRetry }, 'task failed');
      await repo.finish(task.id, workerId, now, {
        status: willRetry ? (task.taskStatus as TaskStatus) : 'Error',
        entry: { at: now.toISOString(), event: 'failed', attempt: task.attemptsCount, error: message, retry: willRetry },
        runAfter: willRetry ? new Date(now.getTime() + retryDelayMs(task.attemptsCount)) : undefined,
        message2: willRetry ? undefined : message.slice(0, 500),
      });
    } finally {
      holding.delete(task.id);
    }
  }

  async function slot(): Promise<void> {
    while (!stopped) {
      let task: TaskRow | undefined;
      try {
        task = await options.repo.claimNext(workerId, options.clock.now(), options.leaseSeconds);
      } catch (error) {
        options.log.error({ err: error instanceof Error ? error.message : error }, 'task claim failed');
      }
      if (task) {
        await runOne(task);
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
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
    /** Wakes idle slots now (used after enqueueing in tests and by the API node). */
    poke() {
      wake?.();
    },
    async stop(graceMs = 10_000): Promise<void> {
      stopped = true;
      wake?.();
      const all = Promise.all([...inFlight]);
      const timedOut = await Promise.race([all.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), graceMs).unref())]);
      if (timedOut) {
        controller.abort();
        const now = options.clock.now();
        await Promise.all([...holding].map((id) => options.repo.release(id, workerId, now)));
      }
    },
  };
}
export type Worker = ReturnType<typeof createWorker>;
