import { z } from 'zod';
import { emailField, id, text, whenObject } from './common.js';

export const SCHEDULE_FREQUENCIES = ['Daily', 'Weekly', 'Monthly'] as const;
export const REPORT_FORMATS = ['XLSX', 'CSV'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const MAX_RECIPIENTS = 20;

export const SCHEDULE_MSG = {
  frequency: `Frequency must be one of: ${SCHEDULE_FREQUENCIES.join(', ')}`,
  weekday: 'Choose the day of the week (1 = Monday … 7 = Sunday)',
  monthDay: 'Choose the day of the month (1–31)',
  time: 'Time must be HH:MM (24 h)',
  timeZone: 'Unknown time zone; use a name such as UTC or Europe/Amsterdam',
  recipients: `Enter 1 to ${MAX_RECIPIENTS} e-mail addresses`,
  recipientInvalid: (position: number, value: string) =>
    `Recipient ${position}: "${value.length > 60 ? `${value.slice(0, 60)}…` : value}" is not a valid e-mail address`,
  /** A brand user's schedule mails its own organisation only (issue 25). */
  recipientDomain: (position: number, value: string, domain: string) =>
    `Recipient ${position}: "${value.length > 60 ? `${value.slice(0, 60)}…` : value}" is not an address of your own e-mail domain (${domain})`,
  formats: 'Choose XLSX, CSV or both',
  notFound: 'Report schedule not found.',
  sent: 'Report queued',
  deleted: 'Report schedule deleted',
  customer: 'Customer is required',
  active: 'Active must be true or false',
} as const;

const isTimeZoneName = (name: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
};

/** POST /api/su/customers/{id}/report-schedules and PUT /api/su/report-schedules/{id}. */
export const scheduleBody = z
  .object({
    frequency: z.enum(SCHEDULE_FREQUENCIES, { error: SCHEDULE_MSG.frequency }),
    weekday: z
      .number({ error: SCHEDULE_MSG.weekday })
      .int({ error: SCHEDULE_MSG.weekday })
      .min(1, { error: SCHEDULE_MSG.weekday })
      .max(7, { error: SCHEDULE_MSG.weekday })
      .nullish(),
    month_day: z
      .number({ error: SCHEDULE_MSG.monthDay })
      .int({ error: SCHEDULE_MSG.monthDay })
      .min(1, { error: SCHEDULE_MSG.monthDay })
      .max(31, { error: SCHEDULE_MSG.monthDay })
      .nullish(),
    time_of_day: text(SCHEDULE_MSG.time).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: SCHEDULE_MSG.time }),
    time_zone: text(SCHEDULE_MSG.timeZone)
      .trim()
      .max(64, { error: SCHEDULE_MSG.timeZone })
      .refine(isTimeZoneName, { error: SCHEDULE_MSG.timeZone })
      .default('UTC'),
    // Each address is checked here, not by an element schema, so a bad one is reported on the field
    // ("recipients") with its position and text, not under a key like "recipients.0".
    recipients: z
      .array(text(SCHEDULE_MSG.recipients), { error: SCHEDULE_MSG.recipients })
      .min(1, { error: SCHEDULE_MSG.recipients })
      .max(MAX_RECIPIENTS, { error: SCHEDULE_MSG.recipients })
      .transform((list) => list.map((r) => r.trim()))
      .superRefine((list, ctx) => {
        list.forEach((r, i) => {
          if (!emailField.safeParse(r).success) ctx.addIssue({ code: 'custom', message: SCHEDULE_MSG.recipientInvalid(i + 1, r) });
        });
      }),
    formats: z
      .array(z.enum(REPORT_FORMATS, { error: SCHEDULE_MSG.formats }), { error: SCHEDULE_MSG.formats })
      .min(1, { error: SCHEDULE_MSG.formats })
      .max(2, { error: SCHEDULE_MSG.formats })
      .refine((f) => new Set(f).size === f.length, { error: SCHEDULE_MSG.formats }),
    active: z.boolean().default(true),
  })
  .refine((v) => v.frequency !== 'Weekly' || typeof v.weekday === 'number', {
    error: SCHEDULE_MSG.weekday,
    path: ['weekday'],
    when: whenObject,
  })
  .refine((v) => v.frequency !== 'Monthly' || typeof v.month_day === 'number', {
    error: SCHEDULE_MSG.monthDay,
    path: ['month_day'],
    when: whenObject,
  });
export type ScheduleBody = z.infer<typeof scheduleBody>;

/** One run of a schedule (scheduled or "send now") with its task's status. */
export const scheduleRunView = z.object({
  id: z.number().int(),
  due_at: z.string(),
  manual: z.boolean(),
  period_from: z.string(),
  period_to: z.string(),
  task_id: z.number().int().nullable(),
  task_status: z.string().nullable(),
  requested_by: z.string(),
  created_at: z.string(),
});
export type ScheduleRunView = z.infer<typeof scheduleRunView>;

export const scheduleView = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  frequency: z.enum(SCHEDULE_FREQUENCIES),
  weekday: z.number().int().nullable(),
  month_day: z.number().int().nullable(),
  time_of_day: z.string(),
  time_zone: z.string(),
  recipients: z.array(z.string()),
  formats: z.array(z.enum(REPORT_FORMATS)),
  active: z.boolean(),
  /** The next scheduled run; null while the schedule is paused. */
  next_due_at: z.string().nullable(),
  created_by: z.string(),
  updated_at: z.string(),
  /** The last runs, newest first (at most 5). */
  runs: z.array(scheduleRunView),
});
export type ScheduleView = z.infer<typeof scheduleView>;

export const scheduleParams = z.object({ id: id() });

/** The portal's schedules (issue 25): a customer's schedules made in the portal. */
export const portalScheduleQuery = z.object({ customer_id: id(SCHEDULE_MSG.customer) }).strict();
export type PortalScheduleQuery = z.infer<typeof portalScheduleQuery>;

/** POST /api/portal/report-schedules: a schedule of one of the brand's customers. */
export const portalScheduleBody = scheduleBody.safeExtend({ customer_id: id(SCHEDULE_MSG.customer) });
export type PortalScheduleBody = z.infer<typeof portalScheduleBody>;

/** PUT /api/portal/report-schedules/{id}/active: pause (false) or resume (true). */
export const scheduleActiveBody = z.object({ active: z.boolean({ error: SCHEDULE_MSG.active }) }).strict();
export type ScheduleActiveBody = z.infer<typeof scheduleActiveBody>;
