import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.js';
import { createTaskWorkerRepository } from './task-worker.repository.js';
import { createWorker } from './task-worker.js';
import { createTaskHandlers } from './handlers/task-handlers.js';
import { startScheduler } from './schedulers/inbound-scan.scheduler.js';
import { pollingFallbackMessage, startTaskWakeup, wakeupListenUrl } from './task-wakeup-listener.js';
import { startRollupFold } from './schedulers/rollup-fold.scheduler.js';
import { startPhotoCleanup } from './schedulers/photo-cleanup.scheduler.js';
import { publicBaseUrl } from '../../bootstrap/photo-storage.js';
import { startReportScheduler } from './schedulers/report.scheduler.js';
import { startExpectedOverdue } from './schedulers/expected-overdue.scheduler.js';
import { startDecisionDeadlines } from './schedulers/decision-deadline.scheduler.js';
import { createDecisionsService } from '../decisions/decisions.service.js';
import { createExpectedReturnsService } from '../expected-returns/expected-returns.service.js';
import { createCustomerAccess } from '../customers/customer-access.service.js';
import { createAccessRepository } from '../access/access.repository.js';
import { createSchedulesService } from '../schedules/schedules.service.js';

/** Everything the worker role runs: the task worker, the inbound scan, the roll-up fold, the photo cleanup and the report scheduler. */
export function startBackground(deps: AppDeps, log: Logger) {
  if (!deps.config.PUBLIC_URL) {
    // Photo links in format-version-2 files, web-shop posts and reports start with PUBLIC_URL.
    log.warn(
      { linkBase: publicBaseUrl(deps.config) },
      'PUBLIC_URL is not set: photo links sent to partners will point at this machine only',
    );
  }
  const worker = createWorker({
    repo: createTaskWorkerRepository(deps.database.db),
    handlers: createTaskHandlers(deps),
    clock: deps.clock,
    concurrency: deps.config.WORKER_CONCURRENCY,
    pollMs: deps.config.WORKER_POLL_MS,
    batchSize: deps.config.WORKER_BATCH_SIZE,
    leaseSeconds: deps.config.TASK_LEASE_SECONDS,
    log,
  });
  worker.start();
  const scheduler = startScheduler({
    db: deps.database.db,
    clock: deps.clock,
    inboundPollSeconds: deps.config.INBOUND_POLL_SECONDS,
    log,
    onQueued: () => worker.poke(),
  });
  const fold = startRollupFold({ db: deps.database.db, intervalMs: deps.config.ROLLUP_FOLD_SECONDS * 1000, log });
  const photoCleanup = startPhotoCleanup({
    db: deps.database.db,
    storage: deps.photoStorage,
    clock: deps.clock,
    everyMinutes: deps.config.PHOTO_CLEANUP_MINUTES,
    olderThanHours: deps.config.PHOTO_UNATTACHED_HOURS,
    log,
  });
  const reportScheduler = startReportScheduler({
    schedules: createSchedulesService({
      db: deps.database.db,
      clock: deps.clock,
      customerAccess: createCustomerAccess(createAccessRepository(deps.database.db)),
    }),
    clock: deps.clock,
    pollSeconds: deps.config.REPORT_SCHEDULE_POLL_SECONDS,
    log,
    onQueued: () => worker.poke(),
  });
  const expected = createExpectedReturnsService({
    db: deps.database.db,
    clock: deps.clock,
    customerAccess: createCustomerAccess(createAccessRepository(deps.database.db)),
  });
  const overdue = startExpectedOverdue({
    markOverdue: expected.markOverdue,
    clock: deps.clock,
    everyMinutes: deps.config.EXPECTED_OVERDUE_POLL_MINUTES,
    log,
    onQueued: () => worker.poke(),
  });
  const decisions = createDecisionsService({
    db: deps.database.db,
    clock: deps.clock,
    customerAccess: createCustomerAccess(createAccessRepository(deps.database.db)),
    mail: { secretBox: deps.secretBox, linkBase: publicBaseUrl(deps.config) },
  });
  const deadlines = startDecisionDeadlines({
    applyDue: (now) => decisions.applyDue(now),
    sendDigests: (now) => decisions.sendDigests(now),
    clock: deps.clock,
    everySeconds: deps.config.DECISION_POLL_SECONDS,
    log,
    onQueued: () => worker.poke(),
  });
  const listenUrl = deps.database.kind === 'postgres' ? wakeupListenUrl(deps.config) : undefined;
  if (deps.database.kind === 'postgres' && !listenUrl) log.warn(pollingFallbackMessage(deps.config.WORKER_POLL_MS));
  const wakeup = listenUrl ? startTaskWakeup({ databaseUrl: listenUrl, onTask: () => worker.poke(), log }) : undefined;
  return {
    worker,
    scheduler,
    reportScheduler,
    deadlines,
    stop: async () => {
      deadlines.stop();
      scheduler.stop();
      fold.stop();
      photoCleanup.stop();
      reportScheduler.stop();
      overdue.stop();
      await wakeup?.stop();
      await worker.stop();
    },
  };
}
