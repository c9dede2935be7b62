import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { tasks } from './tasks.js';

/**
 * A customer's report schedule (issue 12): daily, weekly (ISO day 1 = Monday … 7) or monthly (day
 * 1 … 31; in a shorter month the last day) at a local time of day in an IANA time zone.
 * `starts_at` is the first instant a run may be due at (creation, or the last change of the timing),
 * so a new or re-timed schedule never sends a run of a period before it existed.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    frequency: text('frequency').notNull(),
    weekday: integer('weekday'),
    monthDay: integer('month_day'),
    /** 'HH:MM', 24 h, local to time_zone. */
    timeOfDay: text('time_of_day').notNull(),
    timeZone: text('time_zone').notNull().default('UTC'),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    formats: jsonb('formats').$type<string[]>().notNull(),
    active: boolean('active').notNull().default(true),
    /** Made by a brand user in its portal (issue 25): the portal lists and changes these only. */
    portal: boolean('portal').notNull().default(false),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('report_schedules_customer_idx').on(t.customerId),
    check('report_schedules_frequency_check', sql`${t.frequency} IN ('Daily', 'Weekly', 'Monthly')`),
  ],
);

/**
 * One run of a schedule, written in the same transaction as its Return Report task. The partial
 * unique key (schedule, due time) of scheduled runs is what makes a run go out once, whatever the
 * number of worker nodes ticking at the same moment; "send now" runs are not keyed.
 */
export const reportScheduleRuns = pgTable(
  'report_schedule_runs',
  {
    id: serial('id').primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    manual: boolean('manual').notNull().default(false),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    taskId: bigint('task_id', { mode: 'number' }).references(() => tasks.id, { onDelete: 'set null' }),
    requestedBy: text('requested_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_schedule_runs_due_key')
      .on(t.scheduleId, t.dueAt)
      .where(sql`NOT ${t.manual}`),
    index('report_schedule_runs_schedule_idx').on(t.scheduleId, t.createdAt),
  ],
);

/** A billing rate: `amount_minor` minor units of the customer's currency per event, from `starts_on` until the next rate. */
export const billingRates = pgTable(
  'billing_rates',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_rates_customer_event_start_key').on(t.customerId, t.eventType, t.startsOn),
    check('billing_rates_amount_check', sql`${t.amountMinor} >= 0`),
  ],
);

/** A closed billing month of a customer: its figures are the snapshot below, never recomputed. */
export const billingClosedMonths = pgTable(
  'billing_closed_months',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    currency: text('currency').notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    closedBy: text('closed_by').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('billing_closed_months_customer_month_key').on(t.customerId, t.month)],
);

/** The billable events of a closed month as they were priced when it was closed. */
export const billingClosedEvents = pgTable(
  'billing_closed_events',
  {
    id: serial('id').primaryKey(),
    closedMonthId: integer('closed_month_id')
      .notNull()
      .references(() => billingClosedMonths.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    returnId: integer('return_id'),
    reference: text('reference'),
    operator: text('operator'),
    quantity: integer('quantity').notNull(),
    rateMinor: bigint('rate_minor', { mode: 'number' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (t) => [index('billing_closed_events_month_idx').on(t.closedMonthId, t.occurredAt, t.id)],
);
