import {
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
import { toLocale, type Locale } from '../../../contract/locales.js';
import { minorDigits } from '../../../contract/money.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { invalid, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import { headingsLanguage } from '../../i18n/report-headings.js';
import { requireAdmin, requireBrandOrAdmin, type AuthUser } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import { fileOf, monthOf, monthRange, requireBillableCustomer, type BillingFile } from './billing-month.js';
import { createBillingRepository, type RateRow } from './billing.repository.js';
const toRateView = (r: RateRow): RateView => ({
  id: r.id,
  customer_id: r.customerId,
  event_type: r.eventType as RateView['event_type'],
  amount_minor: r.amountMinor,
  starts_on: r.startsOn,
  created_by: r.createdBy,
  created_at: r.createdAt.toISOString(),
});

/**
 * Billing (issue 12): rates per customer and event type with a start date, the month's figures
 * (live while the month is open, the snapshot once an admin closed it) and the event download.
 */
export function createBillingService(deps: { db: Db; clock: Clock; customerAccess: CustomerAccess }) {
  const { clock } = deps;
  const uow = unitOfWork(deps.db, (db) => ({ billing: createBillingRepository(db), audit: createAuditRepository(db) }));
  type BillingRepos = typeof uow.repos;
  const requireCustomer = ({ billing }: BillingRepos, customerId: number) => requireBillableCustomer(billing, customerId);

  /** The file's headings, as the report's and History's: the asker's language (account, else browser), or English (`headings=en`). */
  const askerHeadings = (actor: AuthUser, q: BillingExportQuery, browser?: Locale) =>
    headingsLanguage(q.headings, toLocale(actor.language) ?? browser);

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
        return { ...(await monthOf(tx.billing, clock, query.customer_id, query.month)), can_close: false };
      }, READ_ONLY);
    },

    /** A closed month's events as CSV or XLSX, as the admin downloads them (headings as fileOf says). */
    async exportStatement(actor: AuthUser, query: BillingExportQuery, browserLanguage?: Locale): Promise<BillingFile> {
      await portalCustomer(actor, query.customer_id);
      return uow.transaction(async (tx) => {
        await requireStatement(tx, query.customer_id, query.month);
        return fileOf(tx.billing, query, askerHeadings(actor, query, browserLanguage));
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
      return uow.transaction((tx) => monthOf(tx.billing, clock, query.customer_id, query.month), READ_ONLY);
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
        return monthOf(tx.billing, clock, customer.id, body.month);
      });
    },

    /** The month's events as a file: one row per billable event. */
    async exportFile(actor: AuthUser, query: BillingExportQuery, browserLanguage?: Locale): Promise<BillingFile> {
      requireAdmin(actor);
      return uow.transaction((tx) => fileOf(tx.billing, query, askerHeadings(actor, query, browserLanguage)), READ_ONLY);
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
