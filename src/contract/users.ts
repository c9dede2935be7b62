import { z } from 'zod';
import { ACCOUNT_STATUSES } from './constants.js';
import { emailField, MAX_ID, requiredText, text, whenObject } from './common.js';
import { MSG } from './messages.js';

/** SPEC §3 User as the admin screens see it; the password hash never leaves the server. */
export const adminUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  username: z.string(),
  is_su: z.boolean(),
  /** A brand's user (issue 25): the portal of its customers only. */
  is_brand: z.boolean(),
  user_status: z.string(),
  customer_ids: z.array(z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

const customerIds = z
  .array(
    z
      .number({ error: 'Unknown customer' })
      .int({ error: 'Unknown customer' })
      .min(1, { error: 'Unknown customer' })
      .max(MAX_ID, { error: 'Unknown customer' }),
    {
      error: 'Customers must be a list',
    },
  )
  .max(1000)
  .transform((ids) => [...new Set(ids)]);

const password = text().max(1024, { error: 'At most 1024 characters' });

// Checked even when other fields fail, so the form shows every message at once.
// `when` runs on the raw input, which may be null or a list: only an object can be compared.
const passwordsMatch = (v: { password?: unknown; pass_confirmed?: unknown }) =>
  typeof v.password !== 'string' || v.password === '' || v.password === v.pass_confirmed;
const matchOptions = {
  error: MSG.passwordsMustMatch,
  path: ['pass_confirmed'],
  when: whenObject,
};

const userFields = {
  name: requiredText(MSG.nameRequired),
  email: emailField,
  is_su: z.boolean().default(false),
  is_brand: z.boolean().default(false),
  user_status: z.enum(ACCOUNT_STATUSES, { error: 'Status must be Active or Disabled' }).default('Active'),
  customer_ids: customerIds.default([]),
};

// A password is needed unless the user is invited to choose one (issue 25).
const passwordGiven = (v: { invite?: unknown; password?: unknown }) =>
  v.invite === true || (typeof v.password === 'string' && v.password !== '');

/**
 * POST /api/su/users: a new user needs everything (SPEC §5 'New user'), but the password when
 * `invite` is set: then the user is mailed a link to choose it (issue 25).
 */
export const userCreateBody = z
  .object({
    ...userFields,
    username: requiredText(MSG.usernameRequired, 100),
    password: text(MSG.newPasswordRequired).max(1024).optional(),
    pass_confirmed: password.optional(),
    invite: z.boolean().default(false),
  })
  .refine(passwordGiven, { error: MSG.newPasswordRequired, path: ['password'], when: whenObject })
  .refine(passwordsMatch, matchOptions);
export type UserCreateBody = z.infer<typeof userCreateBody>;

/**
 * PUT /api/su/users/{id}: only name and email are validated as required (SPEC §5 'Edit user');
 * a blank username keeps the old one, a blank password keeps the old password.
 */
export const userUpdateBody = z
  .object({
    name: userFields.name,
    email: userFields.email,
    // Omitted fields keep their stored value, so a partial form never demotes or unlinks by accident.
    is_su: z.boolean().optional(),
    is_brand: z.boolean().optional(),
    user_status: z.enum(ACCOUNT_STATUSES, { error: 'Status must be Active or Disabled' }).optional(),
    customer_ids: customerIds.optional(),
    username: text().trim().max(100).optional(),
    password: password.optional(),
    pass_confirmed: password.optional(),
  })
  .refine(passwordsMatch, matchOptions);
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

export const USER_MSG = {
  usernameTaken: 'This username is already taken',
  emailTaken: 'This email is already used by another user',
  unknownCustomer: 'Unknown customer',
  notSelf: 'You cannot disable or remove admin rights from your own account',
  lastAdmin: 'At least one active admin must remain',
  brandNotAdmin: 'A brand user cannot be an admin',
  brandNeedsCustomer: 'A brand user needs at least one customer',
  inviteDisabled: 'A disabled user cannot be invited',
  ownDomainOnly: 'Reports can only be sent to addresses of your own e-mail domain',
} as const;

/** How long an invitation link lets the user choose a password (a reset link lives an hour). */
export const INVITE_HOURS = 72;
