import { z } from 'zod';
import { SECRET_SETTING_KEYS, SETTING_KEYS } from './constants.js';
import { MSG } from './messages.js';
import { text } from './common.js';

export const SETTING_MSG = {
  unknownKey: 'Unknown setting',
  counter: 'The message id counter must be a whole number of 0 or more',
  customer: 'No customer has this ID',
  counterBelowUsed: (lastUsed: number) => `The message id counter cannot go below ${lastUsed}, the last id a file carries`,
  counterNotClearable: 'The message id counter cannot be cleared: enter a whole number of 0 or more',
} as const;

/** DELETE /api/su/settings/{setting_key}: clears a setting on purpose (a blur never saves an empty field). */
export const settingKeyParams = z.object({
  setting_key: z.enum(SETTING_KEYS, { error: SETTING_MSG.unknownKey }),
});
export type SettingKeyParams = z.infer<typeof settingKeyParams>;

/** One field of 'System Settings' (SPEC §2.13). Secret settings answer an empty value and has_value. */
export const settingView = z.object({
  setting_key: z.enum(SETTING_KEYS),
  setting_value: z.string(),
  has_value: z.boolean(),
  is_secret: z.boolean(),
});
export type SettingView = z.infer<typeof settingView>;

/** POST /api/su/settings. Only H2O_CUSTOMER_ID may be emptied (meaning: no override). */
export const settingBody = z
  .object({
    setting_key: z.enum(SETTING_KEYS, { error: SETTING_MSG.unknownKey }),
    setting_value: text(MSG.valueRequired).max(1000, { error: 'At most 1000 characters' }),
  })
  // A password is kept exactly as typed; every other value is trimmed.
  .transform((v) => (SECRET_SETTING_KEYS.includes(v.setting_key) ? v : { ...v, setting_value: v.setting_value.trim() }))
  .superRefine((v, ctx) => {
    if (v.setting_value === '' && v.setting_key !== 'H2O_CUSTOMER_ID') {
      ctx.addIssue({ code: 'custom', message: MSG.valueRequired, path: ['setting_value'] });
    }
    if (v.setting_key === 'BIZTALK_MESSAGE_ID_COUNTER' && v.setting_value !== '' && !/^\d{1,15}$/.test(v.setting_value)) {
      ctx.addIssue({ code: 'custom', message: SETTING_MSG.counter, path: ['setting_value'] });
    }
    if (v.setting_key === 'H2O_CUSTOMER_ID' && v.setting_value !== '' && !/^[1-9]\d{0,9}$/.test(v.setting_value)) {
      ctx.addIssue({ code: 'custom', message: SETTING_MSG.customer, path: ['setting_value'] });
    }
  });
export type SettingBody = z.infer<typeof settingBody>;
