import { z } from 'zod';
import { id, isoDate, text } from './common.js';
import { REPORT_HEADINGS_CHOICES, REPORT_HEADINGS_INVALID } from './reports.js';

/** The billable events (issue 12), in the order the screens list them. */
export const BILLING_EVENTS = [
  'return_received',
  'unit_received',
  'photo_taken',
  'discrepancy_recorded',
  'parcel_handled',
  'correction',
] as const;
export type BillingEvent = (typeof BILLING_EVENTS)[number];

export const BILLING_EVENT_LABELS: Record<BillingEvent, string> = {
  return_received: 'Return received',
  unit_received: 'Unit received',
  photo_taken: 'Photo taken',
  discrepancy_recorded: 'Discrepancy recorded',
  parcel_handled: 'Unknown parcel handled',
  correction: 'Correction',
};

/** A rate may be at most this many minor units (10 million in a 2-digit currency). */
export const MAX_RATE_MINOR = 1_000_000_000;

export const BILLING_MSG = {
  event: `Event must be one of: ${BILLING_EVENTS.join(', ')}`,
  amount: `Amount must be a whole number of minor units, 0 to ${MAX_RATE_MINOR}`,
  startsOn: 'Start date must be a date (YYYY-MM-DD)',
  rateTaken: 'This event already has a rate starting on this date',
  month: 'Month must be YYYY-MM',
  format: 'Format must be csv or xlsx',
  customer: 'Customer is required',
  notEnded: 'A month can be closed once it has ended',
  closed: 'This month is already closed',
  rateNotFound: 'Billing rate not found.',
  rateDeleted: 'Billing rate deleted',
  statementNotFound: 'No closed statement for this month.',
} as const;

export const rateBody = z.object({
  event_type: z.enum(BILLING_EVENTS, { error: BILLING_MSG.event }),
  amount_minor: z
    .number({ error: BILLING_MSG.amount })
    .int({ error: BILLING_MSG.amount })
    .min(0, { error: BILLING_MSG.amount })
    .max(MAX_RATE_MINOR, { error: BILLING_MSG.amount }),
  starts_on: isoDate(BILLING_MSG.startsOn),
});
export type RateBody = z.infer<typeof rateBody>;

export const rateView = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  event_type: z.enum(BILLING_EVENTS),
  amount_minor: z.number().int(),
  starts_on: z.string(),
  created_by: z.string(),
  created_at: z.string(),
});
export type RateView = z.infer<typeof rateView>;

export const rateList = z.object({ currency: z.string(), rates: z.array(rateView) });
export type RateList = z.infer<typeof rateList>;

export const rateParams = z.object({ id: id() });

const month = text(BILLING_MSG.month)
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: BILLING_MSG.month })
  .meta({ format: 'month' });

export const billingQuery = z.object({ customer_id: id(BILLING_MSG.customer), month }).strict();
export type BillingQuery = z.infer<typeof billingQuery>;

/** The download's query; `headings` as the report's and History's: the asker's language (the default), or 'en' for machines. */
export const billingExportQuery = z
  .object({
    customer_id: id(BILLING_MSG.customer),
    month,
    format: z.enum(['csv', 'xlsx'], { error: BILLING_MSG.format }),
    headings: z.enum(REPORT_HEADINGS_CHOICES, { error: REPORT_HEADINGS_INVALID }).optional(),
  })
  .strict();
export type BillingExportQuery = z.infer<typeof billingExportQuery>;

export const billingCloseBody = z.object({ customer_id: id(BILLING_MSG.customer), month });
export type BillingCloseBody = z.infer<typeof billingCloseBody>;

/** Per event type: how many (units for 'unit_received') at which rate, and the amount. */
export const billingLine = z.object({
  event_type: z.enum(BILLING_EVENTS),
  label: z.string(),
  quantity: z.number().int(),
  amount_minor: z.number().int(),
  /** One entry per rate that applied in the month (a rate change mid-month gives two); null rate = none set. */
  rates: z.array(z.object({ rate_minor: z.number().int().nullable(), quantity: z.number().int(), amount_minor: z.number().int() })),
});
export type BillingLine = z.infer<typeof billingLine>;

export const billingMonth = z.object({
  customer_id: z.number().int(),
  company: z.string(),
  month: z.string(),
  currency: z.string(),
  minor_digits: z.number().int(),
  lines: z.array(billingLine),
  total_minor: z.number().int(),
  /** Set once the month is closed: the figures are the snapshot taken then. */
  closed: z.object({ closed_at: z.string(), closed_by: z.string() }).nullable(),
  /** True when the month has ended and may be closed. */
  can_close: z.boolean(),
});
export type BillingMonth = z.infer<typeof billingMonth>;

/** The portal's statements (issue 25): a brand's closed months, newest first. */
export const billingStatementsQuery = z.object({ customer_id: id(BILLING_MSG.customer) }).strict();
export type BillingStatementsQuery = z.infer<typeof billingStatementsQuery>;

export const billingStatementSummary = z.object({
  month: z.string(),
  currency: z.string(),
  minor_digits: z.number().int(),
  total_minor: z.number().int(),
  closed_at: z.string(),
});
export type BillingStatementSummary = z.infer<typeof billingStatementSummary>;
