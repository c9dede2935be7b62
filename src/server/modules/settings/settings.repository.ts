import { eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';
import type { SettingKey } from '../../../contract/constants.js';

/** System settings (SPEC §2.13). Secret values are stored sealed by the service, not here. */
export function createSettingsRepository(db: DbOrTx) {
  return {
    async getAll(): Promise<Map<string, string>> {
      const rows = await db.select().from(settings);
      return new Map(rows.map((r) => [r.settingKey, r.settingValue]));
    },

    async get(key: SettingKey): Promise<string | undefined> {
      const [row] = await db.select().from(settings).where(eq(settings.settingKey, key)).limit(1);
      return row?.settingValue;
    },

    async getMany(keys: readonly SettingKey[]): Promise<Partial<Record<SettingKey, string>>> {
      const rows = await db
        .select()
        .from(settings)
        .where(inArray(settings.settingKey, [...keys]));
      return Object.fromEntries(rows.map((r) => [r.settingKey, r.settingValue]));
    },

    async set(key: SettingKey, value: string, now: Date): Promise<void> {
      await db
        .insert(settings)
        .values({ settingKey: key, settingValue: value, updatedAt: now })
        .onConflictDoUpdate({ target: settings.settingKey, set: { settingValue: value, updatedAt: now } });
    },

    /**
     * Draws the next BizTalk message id in one statement, so two workers never get the same one.
     * A missing or non-numeric counter starts at 1.
     */
    async nextMessageId(now: Date): Promise<number> {
      const rows = await queryRows<{ value: string }>(
        db,
        sql`INSERT INTO ${settings} (setting_key, setting_value, updated_at)
            VALUES ('BIZTALK_MESSAGE_ID_COUNTER', '1', ${now.toISOString()})
            ON CONFLICT (setting_key) DO UPDATE SET
              setting_value = (CASE WHEN ${settings.settingValue} ~ '^[0-9]{1,15}$' THEN ${settings.settingValue}::bigint + 1 ELSE 1 END)::text,
              updated_at = excluded.updated_at
            RETURNING setting_value AS value`,
      );
      return Number(rows[0]!.value);
    },
  };
}
export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
