/** Human texts of SPEC §5 and §8, one source for server validation and SPA forms. */
export const MSG = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  emailInvalid: 'Email is not valid',
  newPasswordRequired: 'New password is required',
  passwordsMustMatch: 'Passwords must match',
  oldPasswordRequired: 'Old password is required',
  newPasswordsMustMatch: 'New passwords must match',
  quantityRequired: 'Quantity is required',
  customerRequired: 'Customer account is required',
  invalidDate: 'please enter a valid date',
  nameRequired: 'Name is required',
  companyRequired: 'Company is required',
  codeRequired: 'Code is required',
  valueRequired: 'Value is required',
  unauthorized: 'Unauthorized.',
  forbidden: 'Forbidden.',
  loginFailed: 'Login failed',
  checkEmail: 'Please check your email to reset password.',
  passwordUpdated: 'Your password is now updated',
  reportQueued: 'An email with the report will be sent shortly.',
  oldPasswordWrong: 'Old password is not correct',
  resetLinkExpired: 'Your reset link seems to be expired, please submit another request.',
  tooManyAttempts: 'Too many failed attempts, please wait a few minutes and try again.',
} as const;

/** A return entry's quantity beyond SPEC §5's minimum (issue 28); zod-free, so the order panel's form reads it. */
export const QUANTITY_MSG = {
  negative: 'A quantity cannot be negative',
  tooLarge: 'One entry is at most 9,999 units',
} as const;

/** The SPA's own texts of SPEC §8 (no server sends them): the generic error and the notification titles. */
export const CLIENT_MSG = {
  generic: 'Client error, refresh your page or contact support for help.',
  validationTitle: 'Data Validation Error',
  serverTitle: 'API Server Error',
} as const;
