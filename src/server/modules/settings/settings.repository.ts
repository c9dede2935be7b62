import { sql } from 'drizzle-orm';
import { preparedRows, queryRows, type DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';
import { SETTING_KEYS, type SettingKey } from '../../../contract/constants.js';

const COUNTER: SettingKey = 'BIZTALK_MESSAGE_ID_COUNTER';
/**
 * Drawing message ids takes this advisory lock shared (draws never wait for each other); moving the
 * counter takes it exclusive, so no id is drawn between reading the last id used and setting the next.
 */
const MESSAGE_ID_LOCK_KEY = 7_270_013;

/** The admin moved the counter below an id that a file already carries. */
export class CounterBelowUsedError extends Error {
  constructor(readonly lastUsed: number) {
    super(`The message id counter cannot go below ${lastUsed}, the last id used`);
    this.name = 'CounterBelowUsedError';
  }
}

/**
 * System settings (SPEC §2.13). Secret values are stored sealed by the service, not here.
 * BIZTALK_MESSAGE_ID_COUNTER reads and writes the sequence `biztalk_message_id_seq`: its value is the
 * last id used (the next file gets the following number), as the System Settings screen says.
 */
export function createSettingsRepository(db: DbOrTx) {
  /** All rows of `keys` in one round trip; the counter comes from the sequence. */
  async function read(keys: readonly SettingKey[]): Promise<Map<string, string>> {
    const counter = keys.includes(COUNTER)
      ? sql`UNION ALL SELECT ${COUNTER}, (CASE WHEN is_called THEN last_value ELSE last_value - 1 END)::text FROM biztalk_message_id_seq`
      : sql``;
    // Named on node-postgres: every outbound batch reads the settings (the same text each time).
    const rows = await preparedRows<{ key: string; value: string }>(
      db,
      'settings_read',
      sql`SELECT setting_key AS key, setting_value AS value FROM ${settings}
          WHERE setting_key IN ${[...keys]} AND setting_key <> ${COUNTER} ${counter}`,
    );
    return new Map(rows.map((r) => [r.key, r.value]));
  }

  return {
    getAll: () => read(SETTING_KEYS),

    async get(key: SettingKey): Promise<string | undefined> {
      return (await read([key])).get(key);
    },

    async getMany(keys: readonly SettingKey[]): Promise<Partial<Record<SettingKey, string>>> {
      return Object.fromEntries(await read(keys));
    },

    /** Stores a value; the counter moves the sequence (CounterBelowUsedError below the last id used). */
    async set(key: SettingKey, value: string, now: Date): Promise<void> {
      if (key === COUNTER) return moveCounter(Number(value), now);
      await db
        .insert(settings)
        .values({ settingKey: key, settingValue: value, updatedAt: now })
        .onConflictDoUpdate({ target: settings.settingKey, set: { settingValue: value, updatedAt: now } });
    },

    /**
     * Draws `count` new BizTalk message ids (one per file). They never wait for another
     * transaction and are never handed out twice; ids of an abandoned build are skipped.
     */
    async drawMessageIds(count = 1): Promise<number[]> {
      const rows = await preparedRows<{ id: string }>(
        db,
        'draw_message_ids',
        sql`WITH l AS MATERIALIZED (SELECT pg_advisory_xact_lock_shared(${MESSAGE_ID_LOCK_KEY}))
            SELECT nextval('biztalk_message_id_seq') AS id FROM l, generate_series(1, ${count}::int)`,
      );
      return rows.map((r) => Number(r.id));
    },
  };

  /**
   * Makes `lastUsed` the counter's value (the next file gets lastUsed + 1), in one statement under
   * the exclusive lock. The admin may go back (a mistyped number) but never below an id a file
   * already has: that is the sequence's last drawn value, or — when nothing was drawn since the
   * previous move — the floor that move stored in the settings row.
   */
  async function moveCounter(lastUsed: number, now: Date): Promise<void> {
    const [row] = await queryRows<{ used: string; moved: boolean }>(
      db,
      sql`WITH l AS MATERIALIZED (SELECT pg_advisory_xact_lock(${MESSAGE_ID_LOCK_KEY})),
          s AS MATERIALIZED (
            SELECT CASE WHEN q.is_called THEN q.last_value
                        ELSE coalesce((SELECT setting_value::bigint FROM ${settings}
                                       WHERE setting_key = ${COUNTER} AND setting_value ~ '^[0-9]{1,18}$'), 0) END AS used
            FROM biztalk_message_id_seq q, l),
          moved AS MATERIALIZED (
            SELECT setval('biztalk_message_id_seq', ${lastUsed}::bigint + 1, false) AS v FROM s WHERE ${lastUsed}::bigint >= s.used),
          floor AS (
            INSERT INTO ${settings} (setting_key, setting_value, updated_at)
            SELECT ${COUNTER}, s.used::text, ${now.toISOString()}::timestamptz FROM s, moved
            ON CONFLICT (setting_key) DO UPDATE SET setting_value = excluded.setting_value, updated_at = excluded.updated_at)
          SELECT s.used::text AS used, EXISTS (SELECT 1 FROM moved) AS moved FROM s`,
    );
    if (!row!.moved) throw new CounterBelowUsedError(Number(row!.used));
  }
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
