import type { Clock } from '../../../lib/clock.js';
import type { WorkerLog } from '../task-worker.js';

/**
 * Scheduled work of the worker role (issue 26): every EXPECTED_OVERDUE_POLL_MINUTES, expected
 * returns past their customer's days become overdue and their event is queued. Several nodes may
 * tick at once: each row is marked by one of them. 0 minutes turns it off.
 */
export function startExpectedOverdue(options: {
  markOverdue: (now: Date) => Promise<number>;
  clock: Clock;
  everyMinutes: number;
  log: WorkerLog;
  onQueued: () => void;
}) {
  const { clock, log } = options;
  if (options.everyMinutes <= 0) return { tick: async () => 0, stop: () => undefined };
  const tick = async () => {
    try {
      const marked = await options.markOverdue(clock.now());
      if (marked) {
        log.info({ marked }, 'expected returns overdue');
        options.onQueued();
      }
      return marked;
    } catch (error) {
      log.error({ err: error instanceof Error ? error.message : String(error) }, 'overdue expected returns not marked');
      return 0;
    }
  };
  const timer = setInterval(() => void tick(), options.everyMinutes * 60_000);
  timer.unref();
  void tick();
  return { tick, stop: () => clearInterval(timer) };
}
