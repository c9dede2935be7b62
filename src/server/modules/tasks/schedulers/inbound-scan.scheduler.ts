import type { Db } from '../../../db/client.js';
import { unitOfWork } from '../../../db/unit-of-work.js';
import type { Clock } from '../../../lib/clock.js';
import { createInboundRepository } from '../handlers/inbound-tasks.repository.js';
import type { WorkerLog } from '../task-worker.js';

/**
 * Queues one 'SGL Inbound' scan unless one is already waiting or running. The transaction-level
 * advisory lock makes check-then-insert safe when several worker nodes tick at the same moment.
 * Empty scans older than a day are pruned so the monitor is not flooded with them.
 */
export async function ensureInboundScan(db: Db, now: Date): Promise<number | null> {
  return unitOfWork(db, createInboundRepository).transaction(async (repo) => {
    await repo.lockScanQueue();
    const waiting = await repo.scanWaiting();
    await repo.pruneEmptyScans(new Date(now.getTime() - 86_400_000));
    if (waiting) return null;
    return repo.queueScan(now);
  });
}

/**
 * Scheduled work of the worker role: every INBOUND_POLL_SECONDS an 'SGL Inbound' scan task is
 * queued (at most one waiting, whatever the number of worker nodes: see ensureInboundScan).
 * 0 turns the inbound poll off.
 */
export function startScheduler(options: { db: Db; clock: Clock; inboundPollSeconds: number; log: WorkerLog; onQueued?: () => void }) {
  const { db, clock, log } = options;
  if (options.inboundPollSeconds <= 0) return { tick: async () => undefined, stop: () => undefined };
  const tick = async () => {
    try {
      const id = await ensureInboundScan(db, clock.now());
      if (id !== null) options.onQueued?.();
    } catch (error) {
      log.error({ err: error instanceof Error ? error.message : String(error) }, 'inbound scan not scheduled');
    }
  };
  const timer = setInterval(() => void tick(), options.inboundPollSeconds * 1000);
  timer.unref();
  void tick();
  return { tick, stop: () => clearInterval(timer) };
}
