import type { Clock } from '../../../lib/clock.js';
import type { WorkerLog } from '../task-worker.js';

/**
 * Scheduled work of the worker role (issue 25): every DECISION_POLL_SECONDS, the brand decisions
 * past their deadline get their rule's default ("by default, no answer"), with their versions and
 * correction messages. Several nodes may tick at once: each decision is taken by one of them
 * (FOR UPDATE SKIP LOCKED and the waiting-state check in its UPDATE). Then the brands whose queue
 * has news get their digest mail, one an hour at most. 0 seconds turns it off.
 */
export function startDecisionDeadlines(options: {
  applyDue: (now: Date) => Promise<number>;
  /** The brands' digest mails (at most one an hour each). */
  sendDigests: (now: Date) => Promise<number>;
  clock: Clock;
  everySeconds: number;
  log: WorkerLog;
  onQueued: () => void;
}) {
  const { clock, log } = options;
  if (options.everySeconds <= 0) return { tick: async () => 0, stop: () => undefined };
  const tick = async () => {
    try {
      let total = 0;
      // A backlog (a node down for a while) is worked off in batches of 100, one transaction each.
      for (let n = await options.applyDue(clock.now()); n > 0; n = await options.applyDue(clock.now())) total += n;
      const mails = await options.sendDigests(clock.now());
      if (total || mails) {
        log.info({ defaulted: total, digests: mails }, 'decisions: defaults applied, digests queued');
        options.onQueued();
      }
      return total;
    } catch (error) {
      log.error({ err: error instanceof Error ? error.message : String(error) }, 'decision deadlines not applied');
      return 0;
    }
  };
  const timer = setInterval(() => void tick(), options.everySeconds * 1000);
  timer.unref();
  void tick();
  return { tick, stop: () => clearInterval(timer) };
}
