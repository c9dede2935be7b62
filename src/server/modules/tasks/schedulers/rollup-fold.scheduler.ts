import type { Db } from '../../../db/client.js';
import { foldRollups } from '../../dashboard/dashboard.service.js';
import type { WorkerLog } from '../task-worker.js';

/**
 * The worker role folds the dashboard's roll-up deltas into daily rows every `intervalMs`
 * (ROLLUP_FOLD_SECONDS). Figures are exact without it (reads add the unfolded deltas); folding keeps
 * that part small. Several nodes may tick at once: one folds, the others skip (advisory lock).
 */
export function startRollupFold(options: { db: Db; intervalMs: number; log: WorkerLog }) {
  const { db, log } = options;
  if (options.intervalMs <= 0) return { tick: async () => 0, stop: () => undefined };
  let running = false;
  const tick = async () => {
    if (running) return 0;
    running = true;
    try {
      return await foldRollups(db);
    } catch (error) {
      log.error({ err: error instanceof Error ? error.message : String(error) }, 'dashboard roll-ups not folded');
      return 0;
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), options.intervalMs);
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}
