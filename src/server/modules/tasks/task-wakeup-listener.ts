import pg from 'pg';
import type { Config } from '../../config.js';
import type { WorkerLog } from './task-worker.js';

/**
 * Where the worker LISTENs, or why it cannot (issue 29). LISTEN needs a session that stays this
 * process's: a transaction-mode pooler hands the server connection to someone else after each
 * statement, so the notices would go to whoever holds it next (or nobody). DIRECT_DATABASE_URL is
 * such a session; without it behind a transaction pooler the worker polls every WORKER_POLL_MS.
 */
export function wakeupListenUrl(config: Pick<Config, 'DATABASE_URL' | 'DIRECT_DATABASE_URL' | 'DATABASE_POOLER'>): string | undefined {
  if (config.DIRECT_DATABASE_URL) return config.DIRECT_DATABASE_URL;
  if (config.DATABASE_POOLER === 'transaction') return undefined;
  return config.DATABASE_URL;
}

export const pollingFallbackMessage = (pollMs: number) =>
  `task wake-ups: DATABASE_POOLER=transaction without DIRECT_DATABASE_URL, so no LISTEN; the worker polls every ${pollMs} ms (WORKER_POLL_MS)`;

/**
 * Wakes the worker as soon as a task is queued anywhere: task-queue.repository sends
 * NOTIFY rd_tasks with every enqueue (delivered when the enqueuing transaction commits), and each
 * worker node LISTENs on its own connection. Polling (WORKER_POLL_MS) stays as the safety net for
 * a lost connection and for tasks that become due later (retries).
 * PostgreSQL only: PGlite runs web and worker in one process and polls.
 */
export function startTaskWakeup(options: { databaseUrl: string; onTask: () => void; log: WorkerLog }) {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: options.databaseUrl });
    c.on('notification', () => options.onTask());
    c.on('error', (error) => {
      options.log.error({ err: error.message }, 'task wake-up connection lost; polling until it is back');
      c.end().catch(() => undefined);
      if (client === c) client = undefined;
      if (!stopped) retry = setTimeout(() => void connect(), 5000);
    });
    try {
      await c.connect();
      await c.query('LISTEN rd_tasks');
      client = c;
      options.onTask(); // anything queued while we were not listening
    } catch (error) {
      options.log.error({ err: (error as Error).message }, 'task wake-up not available; polling');
      c.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect(), 5000);
    }
  };
  void connect();

  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
