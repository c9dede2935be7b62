import type { Db } from '../../db/client.js';
import type { ObjectStorage } from '../../integrations/object-storage.js';
import { createPhotosRepository } from './photos.repository.js';
import { allObjectKeys } from './photos.service.js';

const BATCH = 500;

/**
 * Removes photos that nothing attached within `olderThanHours` (a draft abandoned, a wrong shot
 * never removed). The rows go first, in their own statement: a submit that links one of them at
 * the same moment either wins (the row is attached and stays) or finds it gone and is refused as a
 * whole. Then the stored objects; a failure there only leaves unreachable objects, logged by the caller.
 */
export async function removeAbandonedPhotos(options: { db: Db; storage: ObjectStorage; now: Date; olderThanHours: number }) {
  const cutoff = new Date(options.now.getTime() - options.olderThanHours * 3_600_000);
  const repo = createPhotosRepository(options.db);
  let removed = 0;
  for (;;) {
    const keys = await repo.deleteAbandoned(cutoff, BATCH);
    if (!keys.length) break;
    await options.storage.delete(keys.flatMap(allObjectKeys));
    removed += keys.length;
    if (keys.length < BATCH) break;
  }
  return removed;
}
