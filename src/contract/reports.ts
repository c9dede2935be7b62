import { z } from 'zod';
import { emailField, id, isoDate, text, whenObject } from './common.js';
import { MSG } from './messages.js';

export const DEFAULT_REPORT_NAME = 'return_report_001';
export const REPORT_NAME_INVALID = 'Report name may use letters, digits, dot, dash and underscore (at most 64)';
/** A report stops at this many lines; the mail says so when it does. */
export const REPORT_MAX_ROWS = 100_000;

const customerId = id(MSG.customerRequired);

/** A real calendar day as YYYY-MM-DD: '2026-13-45' is not one (it has its own message, not the order's). */
const isDayString = (v: unknown): v is string =>
  typeof v === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

/** POST /api/reports (SPEC §2.15, §3 Report request, §5). */
/** 'user': the requester's language; 'en': English headings whatever the requester's language. */
export const REPORT_HEADINGS_CHOICES = ['user', 'en'] as const;
export const REPORT_HEADINGS_INVALID = 'Headings must be user or en';
/** Two real days in the wrong order are not an invalid date (issue 28): they say so. */
export const REPORT_DATE_ORDER = 'Date To is before Date From';

export const reportRequestBody = z
  .object({
    report_name: text()
      .trim()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, { error: REPORT_NAME_INVALID })
      .nullish()
      .transform((v) => v || DEFAULT_REPORT_NAME),
    customer_id: z.preprocess((v) => (v === null || v === '' ? undefined : v), customerId),
    date_from: isoDate(MSG.invalidDate),
    date_to: isoDate(MSG.invalidDate),
    email: emailField,
    /** Column headings: in the requester's language (the default), or English for a machine that reads the file. */
    headings: z.enum(REPORT_HEADINGS_CHOICES, { error: REPORT_HEADINGS_INVALID }).optional(),
  })
  // Checked even when other fields fail (when: always), so a form shows every message at once;
  // only two well-formed dates are compared (a malformed one has its own message).
  .refine((v) => !(isDayString(v.date_from) && isDayString(v.date_to)) || v.date_from <= v.date_to, {
    error: REPORT_DATE_ORDER,
    path: ['date_to'],
    when: whenObject,
  });
export type ReportRequestBody = z.infer<typeof reportRequestBody>;
