import type { Clock } from '../../../lib/clock.js';
import type { SchedulesService } from '../../schedules/schedules.service.js';
import type { WorkerLog } from '../task-worker.js';

/**
 * Every REPORT_SCHEDULE_POLL_SECONDS each worker node queues the report runs that are due
 * (SchedulesService.runDue; the runs table's unique key keeps it to one run per due time whatever
 * the number of nodes). The first tick runs at start, so a run missed while every node was down
 * goes out as soon as one comes back. 0 turns scheduled reports off on this node.
 */
export function startReportScheduler(options: {
  schedules: SchedulesService;
  clock: Clock;
  pollSeconds: number;
  log: WorkerLog;
  onQueued?: () => void;
}) {
  const { schedules, clock, log } = options;
  if (options.pollSeconds <= 0) return { tick: async () => 0, stop: () => undefined };
  let running: Promise<number> | undefined;
  const tick = async (): Promise<number> => {
    if (running) return running;
    running = (async () => {
      try {
        const queued = await schedules.runDue(clock.now());
        if (queued) {
          log.info({ queued }, 'scheduled reports queued');
          options.onQueued?.();
        }
        return queued;
      } catch (error) {
        log.error({ err: error instanceof Error ? error.message : String(error) }, 'scheduled reports not queued');
        return 0;
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void tick(), options.pollSeconds * 1000);
  timer.unref();
  void tick();
  return { tick, stop: () => clearInterval(timer) };
}
