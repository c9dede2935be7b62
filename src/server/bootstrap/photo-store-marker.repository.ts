import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { settings } from '../db/schema/index.js';

/**
 * The id of the photo folder this database's photos were written to, kept as an internal row of
 * `settings` (not one of the SETTING_KEYS the admin screens show).
 */
const MARKER_KEY = 'PHOTO_FOLDER_STORE_ID';

export function createPhotoStoreMarkerRepository(db: Db) {
  return {
    async recorded(): Promise<string | undefined> {
      const [row] = await db.select({ value: settings.settingValue }).from(settings).where(eq(settings.settingKey, MARKER_KEY));
      return row?.value;
    },

    /** Records `id` unless a node recorded one first; answers the id the database keeps. */
    async claim(id: string, now: Date): Promise<string> {
      await db.insert(settings).values({ settingKey: MARKER_KEY, settingValue: id, updatedAt: now }).onConflictDoNothing();
      return (await this.recorded())!;
    },
  };
}
