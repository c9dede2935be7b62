/**
 * A worker in its own process for the "worker killed mid-task" test: it claims one task, says
 * "running <id>" on stdout and then hangs until the test kills it with SIGKILL.
 */
import { openPostgres } from '../db/client.js';
import { systemClock } from '../lib/clock.js';
import { createTaskWorkerRepository } from '../modules/tasks/task-worker.repository.js';
import { createWorker } from '../modules/tasks/task-worker.js';
import { onlyHandlers } from './test-handlers.js';

const database = await openPostgres(process.env.CHILD_DATABASE_URL!, 2);
const worker = createWorker({
  repo: createTaskWorkerRepository(database.db),
  handlers: onlyHandlers({
    'System Log': (task) => {
      process.stdout.write(`running ${task.id}\n`);
      return new Promise(() => undefined);
    },
  }),
  clock: systemClock,
  concurrency: 1,
  pollMs: 20,
  leaseSeconds: Number(process.env.CHILD_LEASE_SECONDS ?? 5),
  log: { info: () => undefined, error: () => undefined },
});
worker.start();
