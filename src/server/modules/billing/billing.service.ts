import {
  BILLING_EVENT_LABELS,
  BILLING_EVENTS,
  BILLING_MSG,
  type BillingCloseBody,
  type BillingExportQuery,
  type BillingMonth,
  type BillingQuery,
  type BillingStatementSummary,
  type BillingStatementsQuery,
  type RateBody,
  type RateList,
  type RateView,
} from '../../../contract/billing.js';
import { RESERVED_COMPANY } from '../../../contract/constants.js';
import { toLocale, type Locale } from '../../../contract/locales.js';
import { minorDigits } from '../../../contract/money.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { AppError, invalid, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import { headingsLanguage } from '../../i18n/report-headings.js';
import { requireAdmin, requireBrandOrAdmin, type AuthUser } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import { buildBillingCsv, buildBillingXlsx } from './billing.files.js';
import { createBillingRepository, type BillingFigure, type RateRow } from './billing.repository.js';
type BillingFile = { fileName: string; contentType: string; body: Buffer };
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A month's time range in UTC: [first day 00:00, first day of the next month 00:00). */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const from = new Date(Date.UTC(y, m - 1, 1));
  const to = new Date(Date.UTC(y, m, 1));
  return { from: from.toISOString(), to: to.toISOString() };
}

const toRateView = (r: RateRow): RateView => ({
  id: r.id,
  customer_id: r.customerId,
  event_type: r.eventType as RateView['event_type'],
  amount_minor: r.amountMinor,
  starts_on: r.startsOn,
  created_by: r.createdBy,
  created_at: r.createdAt.toISOString(),
});

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

/**
 * Billing (issue 12): rates per customer and event type with a start date, the month's figures
 * (live while the month is open, the snapshot once an admin closed it) and the event download.
 */
export function createBillingService(deps: { db: Db; clock: Clock; customerAccess: CustomerAccess }) {
  const { clock } = deps;
  const uow = unitOfWork(deps.db, (db) => ({ billing: createBillingRepository(db), audit: createAuditRepository(db) }));
  type BillingRepos = typeof uow.repos;

  async function requireCustomer({ billing }: BillingRepos, customerId: number) {
    const customer = await billing.customer(customerId);
    if (!customer) throw notFound('Customer not found.');
    if (customer.company === RESERVED_COMPANY) throw new AppError(403, 'The system reserved customer cannot be changed.');
    return customer;
  }

  async function monthOf(repos: BillingRepos, customerId: number, month: string): Promise<BillingMonth> {
    const repo = repos.billing;
    const customer = await requireCustomer(repos, customerId);
    const range = monthRange(month);
    const closed = await repo.closedMonth(customerId, month);
    const figures = closed ? await repo.closedFigures(closed.id) : await repo.figures(customerId, range.from, range.to);
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

  /** The file's headings, as the report's and History's: the asker's language (account, else browser), or English (`headings=en`). */
  const askerHeadings = (actor: AuthUser, q: BillingExportQuery, browser?: Locale) =>
    headingsLanguage(q.headings, toLocale(actor.language) ?? browser);

  /** The month's events as a file: one row per billable event (inside the caller's read-only transaction). */
  async function fileOf(tx: BillingRepos, query: BillingExportQuery, language: Locale): Promise<BillingFile> {
    const repo = tx.billing;
    const customer = await requireCustomer(tx, query.customer_id);
    const closed = await repo.closedMonth(customer.id, query.month);
    const range = monthRange(query.month);
    const events = closed ? await repo.closedEvents(closed.id) : await repo.events(customer.id, range.from, range.to);
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

  /**
   * The portal's statement of a month (issue 25): the brand's (or an admin's) view of a customer it
   * may touch (403 for another's), of a closed month only (an open month is 404: not a statement yet).
   */
  async function requireStatement(tx: BillingRepos, customerId: number, month: string) {
    const closed = await tx.billing.closedMonth(customerId, month);
    if (!closed) throw notFound(BILLING_MSG.statementNotFound);
    return closed;
  }
  const portalCustomer = async (actor: AuthUser, customerId: number) => {
    requireBrandOrAdmin(actor);
    await deps.customerAccess.require(actor, customerId);
  };
  const READ_ONLY = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

  return {
    /** A customer's closed months, newest first (the portal's Billing screen). */
    async statements(actor: AuthUser, query: BillingStatementsQuery): Promise<BillingStatementSummary[]> {
      await portalCustomer(actor, query.customer_id);
      await requireCustomer(uow.repos, query.customer_id);
      const rows = await uow.repos.billing.closedMonths(query.customer_id);
      return rows.map((r) => ({
        month: r.month,
        currency: r.currency,
        minor_digits: minorDigits(r.currency),
        total_minor: r.totalMinor,
        closed_at: r.closedAt.toISOString(),
      }));
    },

    /** One closed month's statement, read-only. */
    async statement(actor: AuthUser, query: BillingQuery): Promise<BillingMonth> {
      await portalCustomer(actor, query.customer_id);
      return uow.transaction(async (tx) => {
        await requireStatement(tx, query.customer_id, query.month);
        return { ...(await monthOf(tx, query.customer_id, query.month)), can_close: false };
      }, READ_ONLY);
    },

    /** A closed month's events as CSV or XLSX, as the admin downloads them (headings as fileOf says). */
    async exportStatement(actor: AuthUser, query: BillingExportQuery, browserLanguage?: Locale): Promise<BillingFile> {
      await portalCustomer(actor, query.customer_id);
      return uow.transaction(async (tx) => {
        await requireStatement(tx, query.customer_id, query.month);
        return fileOf(tx, query, askerHeadings(actor, query, browserLanguage));
      }, READ_ONLY);
    },

    async rates(actor: AuthUser, customerId: number): Promise<RateList> {
      requireAdmin(actor);
      const customer = await requireCustomer(uow.repos, customerId);
      return { currency: customer.currency, rates: (await uow.repos.billing.rates(customerId)).map(toRateView) };
    },

    async addRate(actor: AuthUser, customerId: number, body: RateBody): Promise<RateView> {
      requireAdmin(actor);
      const now = clock.now();
      try {
        return await uow.transaction(async (tx) => {
          await requireCustomer(tx, customerId);
          const row = await tx.billing.insertRate({
            customerId,
            eventType: body.event_type,
            amountMinor: body.amount_minor,
            startsOn: body.starts_on,
            createdBy: actor.username,
            createdAt: now,
          });
          const view = toRateView(row);
          await tx.audit.record({ actor, action: 'create', entityType: 'billing_rate', entityId: row.id, after: view }, now);
          return view;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'billing_rates_customer_event_start_key')) throw invalid('starts_on', BILLING_MSG.rateTaken);
        throw error;
      }
    },

    /** Removes a rate; open months are priced again without it, closed months keep their snapshot. */
    async deleteRate(actor: AuthUser, id: number): Promise<void> {
      requireAdmin(actor);
      const now = clock.now();
      await uow.transaction(async (tx) => {
        const repo = tx.billing;
        const row = await repo.findRate(id);
        if (!row) throw notFound(BILLING_MSG.rateNotFound);
        await requireCustomer(tx, row.customerId);
        await repo.deleteRate(id);
        await tx.audit.record({ actor, action: 'delete', entityType: 'billing_rate', entityId: id, before: toRateView(row) }, now);
      });
    },

    async month(actor: AuthUser, query: BillingQuery): Promise<BillingMonth> {
      requireAdmin(actor);
      // One snapshot: the figures and the closed state agree even while a close commits.
      return uow.transaction((tx) => monthOf(tx, query.customer_id, query.month), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
    },

    /** Freezes a month that has ended: its priced events are copied and never recomputed. */
    async close(actor: AuthUser, body: BillingCloseBody): Promise<BillingMonth> {
      requireAdmin(actor);
      const now = clock.now();
      return uow.transaction(async (tx) => {
        const repo = tx.billing;
        const customer = await requireCustomer(tx, body.customer_id);
        const range = monthRange(body.month);
        if (now.getTime() < new Date(range.to).getTime()) throw invalid('month', BILLING_MSG.notEnded);
        const closed = await repo.closeMonth(
          { customerId: customer.id, month: body.month, currency: customer.currency, closedBy: actor.username, closedAt: now },
          range.from,
          range.to,
        );
        if (!closed) throw invalid('month', BILLING_MSG.closed);
        await tx.audit.record(
          {
            actor,
            action: 'create',
            entityType: 'billing_month',
            entityId: `${customer.id}:${body.month}`,
            after: { total_minor: closed.totalMinor, currency: closed.currency },
          },
          now,
        );
        return monthOf(tx, customer.id, body.month);
      });
    },

    /** The month's events as a file: one row per billable event. */
    async exportFile(actor: AuthUser, query: BillingExportQuery, browserLanguage?: Locale): Promise<BillingFile> {
      requireAdmin(actor);
      return uow.transaction((tx) => fileOf(tx, query, askerHeadings(actor, query, browserLanguage)), READ_ONLY);
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
