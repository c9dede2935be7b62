// What billing reads of a month (issue 12): its figures (live while the month is open, the snapshot
// once an admin closed it) and its events as a file. Shared by the admin's and the portal's service
// calls, inside their read-only transactions.
import { BILLING_EVENT_LABELS, BILLING_EVENTS, type BillingExportQuery, type BillingMonth } from '../../../contract/billing.js';
import { RESERVED_COMPANY } from '../../../contract/constants.js';
import type { Locale } from '../../../contract/locales.js';
import { minorDigits } from '../../../contract/money.js';
import { AppError, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { buildBillingCsv, buildBillingXlsx } from './billing.files.js';
import type { BillingFigure, createBillingRepository } from './billing.repository.js';

export type BillingFile = { fileName: string; contentType: string; body: Buffer };
type BillingRepository = ReturnType<typeof createBillingRepository>;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A month's time range in UTC: [first day 00:00, first day of the next month 00:00). */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(y, m - 1, 1));
  const to = new Date(Date.UTC(y, m, 1));
  return { from: from.toISOString(), to: to.toISOString() };
}

function linesOf(figures: BillingFigure[]): BillingMonth['lines'] {
  return BILLING_EVENTS.map((event) => {
    const mine = figures.filter((f) => f.event_type === event);
    return {
      event_type: event,
      label: BILLING_EVENT_LABELS[event],
      quantity: mine.reduce((s, f) => s + f.quantity, 0),
      amount_minor: mine.reduce((s, f) => s + f.amount_minor, 0),
      rates: mine.map((f) => ({ rate_minor: f.rate_minor, quantity: f.quantity, amount_minor: f.amount_minor })),
    };
  });
}

/** A customer billing may touch: it exists and is not the system's reserved one. */
export async function requireBillableCustomer(billing: BillingRepository, customerId: number) {
  const customer = await billing.customer(customerId);
  if (!customer) throw notFound('Customer not found.');
  if (customer.company === RESERVED_COMPANY) throw new AppError(403, 'The system reserved customer cannot be changed.');
  return customer;
}

/** The month's figures per event type, and whether it may be closed now. */
export async function monthOf(billing: BillingRepository, clock: Clock, customerId: number, month: string): Promise<BillingMonth> {
  const customer = await requireBillableCustomer(billing, customerId);
  const range = monthRange(month);
  const closed = await billing.closedMonth(customerId, month);
  const figures = closed ? await billing.closedFigures(closed.id) : await billing.figures(customerId, range.from, range.to);
  const currency = closed?.currency ?? customer.currency;
  const lines = linesOf(figures);
  return {
    customer_id: customerId,
    company: customer.company,
    month,
    currency,
    minor_digits: minorDigits(currency),
    lines,
    total_minor: closed ? closed.totalMinor : lines.reduce((s, l) => s + l.amount_minor, 0),
    closed: closed ? { closed_at: closed.closedAt.toISOString(), closed_by: closed.closedBy } : null,
    can_close: !closed && clock.now().getTime() >= new Date(range.to).getTime(),
  };
}

/** The month's events as a file: one row per billable event, headed in `language`. */
export async function fileOf(billing: BillingRepository, query: BillingExportQuery, language: Locale): Promise<BillingFile> {
  const customer = await requireBillableCustomer(billing, query.customer_id);
  const closed = await billing.closedMonth(customer.id, query.month);
  const range = monthRange(query.month);
  const events = closed ? await billing.closedEvents(closed.id) : await billing.events(customer.id, range.from, range.to);
  const currency = closed?.currency ?? customer.currency;
  const total = closed ? closed.totalMinor : events.reduce((s, e) => s + e.amount_minor, 0);
  const base = `billing_${customer.company.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}_${query.month}`;
  if (query.format === 'csv') {
    return {
      fileName: `${base}.csv`,
      contentType: 'text/csv; charset=utf-8',
      body: Buffer.from(buildBillingCsv(events, currency, language), 'utf8'),
    };
  }
  const file = { company: customer.company, month: query.month, totalMinor: total };
  return { fileName: `${base}.xlsx`, contentType: XLSX_TYPE, body: await buildBillingXlsx(events, currency, file, language) };
}
