import type { DbOrTx } from '../../db/client.js';
import { createTaskQueueRepository } from './task-queue.repository.js';

/**
 * Wakes idle workers (task-wakeup-listener.ts LISTENs on rd_tasks) after a commit that queued tasks,
 * at most one NOTIFY a `windowMs`, sent on its own. Not inside the writer's transaction: PostgreSQL
 * serialises the commits of notifying transactions (a database-wide lock held until after the
 * commit, to keep its queue in commit order), so with a NOTIFY in every submit each one waited for
 * the previous one's WAL flush (issue 13). A lost notice costs at most one poll (WORKER_POLL_MS).
 */
export function createTaskWakeupNotifier(db: DbOrTx, windowMs = 5) {
  let pending = false;
  return {
    /** Call after the commit; notices asked for within one window are sent once. */
    afterCommit(): void {
      if (pending) return;
      pending = true;
      setTimeout(() => {
        pending = false;
        createTaskQueueRepository(db)
          .wakeWorkers()
          .catch(() => undefined);
      }, windowMs).unref();
    },
  };
}
export type TaskWakeupNotifier = ReturnType<typeof createTaskWakeupNotifier>;
