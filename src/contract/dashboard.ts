import { z } from 'zod';
import { id, isoDate } from './common.js';

export const DASHBOARD_MSG = {
  periodInvalid: 'Period must be today, 7d, 30d or range',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  rangeRequired: 'A range needs a from and a to date',
  rangeOrder: 'The from date must not be after the to date',
  rangeTooLong: 'A range covers at most 366 days',
  customerInvalid: 'Customer must be All or a customer id',
} as const;

export const DASHBOARD_PERIODS = [
  { value: 'today', label: 'Today' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: 'range', label: 'Range' },
] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number]['value'];

/** The longest range the dashboard answers (a year and a day). */
export const DASHBOARD_MAX_DAYS = 366;
/** How many failed deliveries the dashboard lists (the total is always exact). */
export const DASHBOARD_FAILED_LIMIT = 20;

const dayMs = 86_400_000;
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;

const optionalDay = z
  .union([z.literal(''), isoDate(DASHBOARD_MSG.dateInvalid)], { error: DASHBOARD_MSG.dateInvalid })
  .optional()
  .transform((v) => v || undefined);

/**
 * GET /api/dashboard query. Days are UTC days (a return's day is its created_at in UTC). A range
 * names both ends; the presets end today.
 */
export const dashboardQuery = z
  .strictObject({
    period: z.enum(['today', '7d', '30d', 'range'], { error: DASHBOARD_MSG.periodInvalid }).optional().default('7d'),
    from: optionalDay,
    to: optionalDay,
    customer_id: z
      .union([z.enum(['All', '']), id(DASHBOARD_MSG.customerInvalid)], { error: DASHBOARD_MSG.customerInvalid })
      .optional()
      .transform((v) => (v === undefined || v === '' || v === 'All' ? undefined : v)),
  })
  .superRefine((q, ctx) => {
    if (q.period !== 'range') return;
    if (!q.from || !q.to) {
      ctx.addIssue({ code: 'custom', message: DASHBOARD_MSG.rangeRequired, path: [q.from ? 'to' : 'from'] });
      return;
    }
    if (q.from > q.to) ctx.addIssue({ code: 'custom', message: DASHBOARD_MSG.rangeOrder, path: ['to'] });
    else if (daysBetween(q.from, q.to) > DASHBOARD_MAX_DAYS)
      ctx.addIssue({ code: 'custom', message: DASHBOARD_MSG.rangeTooLong, path: ['to'] });
  });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

const count = z.number().int();
const keyFigure = z.object({ key: z.string(), label: z.string(), lines: count, units: count });

export const dashboardAnswer = z.object({
  from: z.string(),
  to: z.string(),
  customer_id: z.number().int().nullable(),
  /** When the figures were read; they include every return committed before. */
  as_of: z.string(),
  totals: z.object({ returns: count, units: count, lines: count }),
  /** Every day of the period, oldest first, zero days included. */
  days: z.array(z.object({ day: z.string(), returns: count, units: count })),
  kinds: z.object({
    blind: z.object({ returns: count, units: count }),
    order: z.object({ returns: count, units: count }),
  }),
  reasons: z.array(keyFigure),
  conditions: z.array(keyFigure),
  /** Returns with at least one photo and without any. */
  photos: z.object({ with: count, without: count }),
  /** Lines by disposition code (key '' = lines without a disposition), label the customer's name. */
  dispositions: z.array(keyFigure),
  /** Discrepancy lines: MISSING (order lines not in the parcel), WRONG_ITEM, EXTRA_ITEM. */
  discrepancies: z.array(keyFigure),
  /** Lines by grade (issue 27; lines an inspection rule graded), in the scale's order; label the customer's name for it. */
  grades: z.array(keyFigure),
  /** Units each operator received, over the hours in which they received any (UTC clock hours). */
  operators: z.array(
    z.object({
      user_id: z.number().int(),
      username: z.string(),
      units: count,
      lines: count,
      active_hours: count,
      units_per_hour: z.number(),
    }),
  ),
  backlog: z.object({
    pending: count,
    error: count,
    oldest: z
      .object({
        id: z.number().int(),
        task_type: z.string(),
        task_status: z.string(),
        created_at: z.string(),
        return_id: z.number().int().nullable(),
        order_id: z.number().int().nullable(),
      })
      .nullable(),
  }),
  /** Unknown parcels waiting now, by age against their customer's amber/red limits, and the oldest. */
  parcels: z.object({
    waiting: count,
    fresh: count,
    amber: count,
    red: count,
    oldest_received_at: z.string().nullable(),
  }),
  failed_deliveries: z.object({
    total: count,
    items: z.array(
      z.object({
        task_id: z.number().int(),
        task_type: z.string(),
        company: z.string().nullable(),
        return_id: z.number().int().nullable(),
        order_id: z.number().int().nullable(),
        failed_at: z.string(),
        message: z.string().nullable(),
      }),
    ),
  }),
});
export type DashboardAnswer = z.infer<typeof dashboardAnswer>;
