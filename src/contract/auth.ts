import { z } from 'zod';
import { LANGUAGE_MSG, LOCALES } from './locales.js';
import { customerSummary, emailField, requiredText, text } from './common.js';
import { MSG } from './messages.js';

export const loginBody = z.object({
  username: requiredText(MSG.usernameRequired),
  password: text(MSG.passwordRequired).min(1, { error: MSG.passwordRequired }).max(1024),
});
export type LoginBody = z.infer<typeof loginBody>;

export const forgetPasswordBody = z.object({
  username: requiredText(MSG.usernameRequired),
  email: emailField,
});
export type ForgetPasswordBody = z.infer<typeof forgetPasswordBody>;

export const validateResetTokenBody = z.object({
  username: requiredText(MSG.usernameRequired),
  token: text().min(1).max(200),
});

const newPass = text(MSG.newPasswordRequired).min(1, { error: MSG.newPasswordRequired }).max(1024);

export const confirmPasswordBody = z.object({
  username: requiredText(MSG.usernameRequired),
  token: text().min(1).max(200),
  new_pass: newPass,
});

/** The reset form of the SPA adds the confirmation, which never leaves the browser. */
export const resetPasswordForm = z
  .object({ new_pass: newPass, new_pass_confirmed: z.string() })
  .refine((v) => v.new_pass === v.new_pass_confirmed, { error: MSG.passwordsMustMatch, path: ['new_pass_confirmed'] });

export const changePasswordBody = z
  .object({
    old_password: text(MSG.oldPasswordRequired).min(1, { error: MSG.oldPasswordRequired }).max(1024),
    password: newPass,
    password_confirmation: text(MSG.newPasswordsMustMatch).max(1024),
  })
  .refine((v) => v.password === v.password_confirmation, {
    error: MSG.newPasswordsMustMatch,
    path: ['password_confirmation'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const authToken = z.object({ token: z.string(), expire: z.string() });
export type AuthToken = z.infer<typeof authToken>;

export const account = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  is_su: z.boolean(),
  /** A brand's user (issue 25): the SPA shows it the portal's screens only. */
  is_brand: z.boolean(),
  /** The interface and mail language the user chose; null follows the browser. */
  language: z.enum(LOCALES).nullable(),
});
export type Account = z.infer<typeof account>;

export const tokenRefresh = authToken.extend({ user: account, customers: z.array(customerSummary) });
export type TokenRefresh = z.infer<typeof tokenRefresh>;

/** The account's language choice; null follows the browser. */
export const languageBody = z.object({ language: z.enum(LOCALES, { error: LANGUAGE_MSG.invalid }).nullable() });
export type LanguageBody = z.infer<typeof languageBody>;
