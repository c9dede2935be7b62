import { SECRET_SETTING_KEYS, SETTING_KEYS, type SettingKey } from '../../../contract/constants.js';
import { SETTING_MSG, type SettingBody, type SettingView } from '../../../contract/settings.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { validationError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/crypto.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import { requireAdmin, type AuthUser } from '../auth/auth-user.js';
import { createCustomersAdminRepository } from '../customers/customers-admin.repository.js';
import { CounterBelowUsedError, createSettingsRepository } from './settings.repository.js';

const isSecret = (key: SettingKey) => SECRET_SETTING_KEYS.includes(key);

/**
 * The eight integration settings with secrets opened, for the BizTalk FTP / H2O code paths.
 * Missing keys are ''. A secret that cannot be opened (APP_SECRET changed) reads as '' too.
 */
export async function readIntegrationSettings(db: DbOrTx, secretBox: SecretBox): Promise<Record<SettingKey, string>> {
  const stored = await createSettingsRepository(db).getMany(SETTING_KEYS);
  const out = {} as Record<SettingKey, string>;
  for (const key of SETTING_KEYS) {
    const value = stored[key] ?? '';
    if (isSecret(key) && value) {
      try {
        out[key] = secretBox.open(value);
      } catch {
        out[key] = '';
      }
    } else {
      out[key] = value;
    }
  }
  return out;
}

/** System Settings (SPEC §2.13): write-only FTP password, checked counter and customer id, audited. */
export function createSettingsService(deps: { db: Db; clock: Clock; secretBox: SecretBox }) {
  const { db, clock, secretBox } = deps;
  const uow = unitOfWork(db, (d) => ({
    settings: createSettingsRepository(d),
    customers: createCustomersAdminRepository(d),
    audit: createAuditRepository(d),
  }));

  function view(key: SettingKey, stored: string | undefined): SettingView {
    const secret = isSecret(key);
    return { setting_key: key, setting_value: secret ? '' : (stored ?? ''), has_value: !!stored, is_secret: secret };
  }

  /** What the audit trail may hold: never a secret, even sealed. */
  const auditValue = (v: SettingView) => (v.is_secret ? { setting_key: v.setting_key, has_value: v.has_value } : v);

  return {
    readIntegrationSettings: () => readIntegrationSettings(db, secretBox),

    async list(user: AuthUser): Promise<SettingView[]> {
      requireAdmin(user);
      const stored = await uow.repos.settings.getMany(SETTING_KEYS);
      return SETTING_KEYS.map((key) => view(key, stored[key]));
    },

    /**
     * Empties a setting that holds a wrong value (a blur never saves an empty field, SPEC §2.13).
     * The message id counter is refused: emptied, the next BizTalk file would restart at 1.
     */
    async clear(actor: AuthUser, key: SettingKey): Promise<SettingView> {
      requireAdmin(actor);
      if (key === 'BIZTALK_MESSAGE_ID_COUNTER') throw validationError({ setting_key: [SETTING_MSG.counterNotClearable] });
      const now = clock.now();
      return uow.transaction(async ({ settings: repo, audit }) => {
        const before = view(key, await repo.get(key));
        if (!before.has_value) return before;
        await repo.set(key, '', now);
        const after = view(key, '');
        await audit.record(
          { actor, action: 'delete', entityType: 'setting', entityId: key, before: auditValue(before), after: auditValue(after) },
          now,
        );
        return after;
      });
    },

    async save(actor: AuthUser, body: SettingBody): Promise<SettingView> {
      requireAdmin(actor);
      const key = body.setting_key;
      const now = clock.now();
      return uow.transaction(async ({ settings: repo, customers, audit }) => {
        if (key === 'H2O_CUSTOMER_ID' && body.setting_value !== '') {
          if (!(await customers.findRow(Number(body.setting_value)))) {
            throw validationError({ setting_value: [SETTING_MSG.customer] });
          }
        }
        const before = view(key, await repo.get(key));
        try {
          await repo.set(key, isSecret(key) ? secretBox.seal(body.setting_value) : body.setting_value, now);
        } catch (error) {
          if (error instanceof CounterBelowUsedError)
            throw validationError({ setting_value: [SETTING_MSG.counterBelowUsed(error.lastUsed)] });
          throw error;
        }
        const after = view(key, await repo.get(key));
        if (isSecret(key) || before.setting_value !== after.setting_value) {
          await audit.record(
            {
              actor,
              action: before.has_value ? 'update' : 'create',
              entityType: 'setting',
              entityId: key,
              before: auditValue(before),
              after: auditValue(after),
            },
            now,
          );
        }
        return after;
      });
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
