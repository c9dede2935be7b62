import type { Logger } from 'pino';
import type { AppDeps } from '../deps.js';
import { createTaskRunnerRepository } from './task-runner.repository.js';
import { createWorker } from './worker.js';
import { createTaskHandlers } from './handlers/index.js';

/** Everything the worker role runs: the task worker (and, later, scheduled jobs). */
export function startBackground(deps: AppDeps, log: Logger) {
  const worker = createWorker({
    repo: createTaskRunnerRepository(deps.database.db),
    handlers: createTaskHandlers(deps),
    clock: deps.clock,
    concurrency: deps.config.WORKER_CONCURRENCY,
    pollMs: deps.config.WORKER_POLL_MS,
    leaseSeconds: deps.config.TASK_LEASE_SECONDS,
    log,
  });
  worker.start();
  return {
    worker,
    stop: () => worker.stop(),
  };
}
