/**
 * What a task's handler answers and how it fails, and what the worker records for each: success, a
 * retry on the worker's backoff (retryDelayMs, below the claim's attempt limit), a retry on the
 * handler's own schedule (RetryAtError), or Error at once (PermanentTaskError). The worker
 * (task-worker.ts) runs the handlers and writes these outcomes while it still holds the task.
 */
import { LIMITS, type TaskStatus } from '../../../contract/constants.js';
import type { Claim, TaskOutcome, TaskRow } from './task-worker.repository.js';

export interface TaskResult {
  status?: Extract<TaskStatus, 'Success' | 'Log Only'>;
  /** Extra facts for the task log (never secrets). */
  details?: Record<string, unknown>;
  message2?: string | null;
  fileName?: string;
  fileContent?: string;
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

/**
 * A failure whose handler keeps its own schedule (a webhook delivery retries with backoff for 24 h,
 * far beyond the claim's three attempts): the task stays Pending until `runAfter` and its attempts
 * count starts again, so the claim's limit never ends what the handler means to retry.
 */
export class RetryAtError extends Error {
  constructor(
    message: string,
    readonly runAfter: Date,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'RetryAtError';
  }
}

/** The task was edited by an admin or its lease went to another worker: stop quietly. */
export class TaskLostError extends Error {
  constructor() {
    super('The task is no longer held by this worker');
    this.name = 'TaskLostError';
  }
}

/** Delay before attempt n+1: 30 s, 2 min, 8 min … */
export const retryDelayMs = (attempts: number) => 30_000 * 4 ** Math.max(0, attempts - 1);

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

export interface RetryPolicy {
  /** Delay before the next attempt (retryDelayMs unless a test or the options say otherwise). */
  retryDelay: (attempts: number) => number;
  log: { error(obj: object, msg?: string): void };
}

/** What to record for a held task's settled handler; undefined when the task was lost meanwhile. */
export function settledOutcome(
  task: TaskRow,
  claim: Claim,
  settled: PromiseSettledResult<TaskResult | void>,
  now: Date,
  policy: RetryPolicy,
): TaskOutcome | undefined {
  if (settled.status === 'fulfilled') {
    const result = settled.value ?? {};
    return {
      taskId: task.id,
      claim,
      status: result.status ?? 'Success',
      entry: { at: now.toISOString(), event: 'succeeded', attempt: task.attemptsCount, ...result.details },
      message2: result.message2,
      fileName: result.fileName,
      fileContent: result.fileContent,
    };
  }
  const error = settled.reason;
  if (error instanceof TaskLostError) return undefined;
  const message = errorText(error);
  if (error instanceof RetryAtError) {
    return {
      taskId: task.id,
      claim,
      status: claim.status as TaskStatus,
      entry: { at: now.toISOString(), event: 'failed', attempt: task.attemptsCount, error: message, retry: true, ...error.details },
      runAfter: error.runAfter,
      resetAttempts: true,
    };
  }
  const permanent = error instanceof PermanentTaskError;
  const willRetry = !permanent && task.attemptsCount < LIMITS.autoRetryBelowAttempts;
  policy.log.error({ taskId: task.id, taskType: task.taskType, err: message, willRetry }, 'task failed');
  return {
    taskId: task.id,
    claim,
    status: willRetry ? (claim.status as TaskStatus) : 'Error',
    entry: {
      at: now.toISOString(),
      event: 'failed',
      attempt: task.attemptsCount,
      error: message,
      retry: willRetry,
      ...(permanent ? error.details : {}),
    },
    runAfter: willRetry ? new Date(now.getTime() + policy.retryDelay(task.attemptsCount)) : undefined,
    message2: willRetry ? undefined : message.slice(0, 500),
  };
}
