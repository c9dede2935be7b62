import type { Db } from '../../../db/client.js';
import type { ObjectStorage } from '../../../integrations/object-storage.js';
import type { Clock } from '../../../lib/clock.js';
import { removeAbandonedPhotos } from '../../photos/photo-cleanup.js';
import type { WorkerLog } from '../task-worker.js';

/**
 * Scheduled work of the worker role (issue 16): every PHOTO_CLEANUP_MINUTES, photos that nothing
 * attached within PHOTO_UNATTACHED_HOURS (abandoned drafts) are removed with their stored images.
 * Several worker nodes may run it at once: each row is deleted by one of them, and deleting a
 * missing object is no error. 0 minutes turns it off.
 */
export function startPhotoCleanup(options: {
  db: Db;
  storage: ObjectStorage;
  clock: Clock;
  everyMinutes: number;
  olderThanHours: number;
  log: WorkerLog;
}) {
  const { db, storage, clock, log } = options;
  if (options.everyMinutes <= 0) return { tick: async () => 0, stop: () => undefined };
  const tick = async () => {
    try {
      const removed = await removeAbandonedPhotos({ db, storage, now: clock.now(), olderThanHours: options.olderThanHours });
      if (removed) log.info({ removed }, 'abandoned photos removed');
      return removed;
    } catch (error) {
      log.error({ err: error instanceof Error ? error.message : String(error) }, 'abandoned photos not removed');
      return 0;
    }
  };
  const timer = setInterval(() => void tick(), options.everyMinutes * 60_000);
  timer.unref();
  void tick();
  return { tick, stop: () => clearInterval(timer) };
}
