import {
  EXPECTED_LIST_LIMIT,
  EXPECTED_MSG,
  type ExpectedDashboard,
  type ExpectedImportBody,
  type ExpectedListAnswer,
  type ExpectedListStatus,
  type ExpectedReturnBody,
  type ExpectedReturnsBatch,
  type ExpectedReturnView,
} from '../../../contract/expected-returns.js';
import type { DashboardQuery } from '../../../contract/dashboard.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { periodDays } from '../dashboard/dashboard.service.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { AppError, notFound, validationError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { requireAdmin, requireBrandOrAdmin, type ApiKeyCaller, type AuthUser, type Caller } from '../auth/auth-user.js';
import { expectedReturnsOf, readCsvRows, readXlsxRows, type FileRow } from './expected-returns.file.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import { trackingCandidates, trackingKey } from './carrier-labels.js';
import { createWebhookEventsRepository } from '../webhooks/webhook-events.repository.js';
import { createExpectedReturnsRepository, type ExpectedItemRow, type ExpectedReturnRow } from './expected-returns.repository.js';

const repos = (db: DbOrTx) => ({ expected: createExpectedReturnsRepository(db), events: createWebhookEventsRepository(db) });

function present(r: ExpectedReturnRow & { items: ExpectedItemRow[] }): ExpectedReturnView {
  return {
    id: r.id,
    customer_id: r.customerId,
    rma: r.rma,
    tracking_number: r.trackingNumber,
    order_reference: r.orderReference,
    status: r.status,
    source: r.source,
    created_at: r.createdAt.toISOString(),
    received_at: r.receivedAt?.toISOString() ?? null,
    return_id: r.returnId,
    overdue_at: r.overdueAt?.toISOString() ?? null,
    items: r.items.map((i) => ({ sku: i.sku, upc: i.upc, quantity: i.quantity, reason: i.reason })),
  };
}

/** An announced return as stored, whichever way it came (API, upload, inbound file). */
export const toRow = (
  customerId: number,
  e: ExpectedReturnBody,
  source: string,
  createdBy: string,
  apiKeyId: number | null,
  now: Date,
) => ({
  customerId,
  rma: e.rma,
  trackingNumber: e.tracking_number || null,
  trackingKey: e.tracking_number ? trackingKey(e.tracking_number) : null,
  orderReference: e.order_reference || null,
  source,
  apiKeyId,
  createdBy,
  createdAt: now,
  updatedAt: now,
  items: e.items.map((i) => ({ sku: i.sku || null, upc: i.upc || null, quantity: i.quantity, reason: i.reason || null })),
});

/**
 * Pre-advice (issue 26): a brand's platform announces returns with its API key, all or nothing
 * (a refused one is named by its place and field); the desk finds one by scanning its label.
 */
/** A refused file: 422 with every problem by line and column, on the `content` field. */
const fileRefused = (errors: string[]) => validationError({ content: errors.slice(0, 1000) });

export function createExpectedReturnsService(deps: { db: Db; clock: Clock; customerAccess: CustomerAccess }) {
  const uow = unitOfWork(deps.db, repos);

  return {
    /** An admin's file (CSV or XLSX): all or nothing, every bad cell named by line and column. */
    /** The admin's upload and the portal's (a brand user, its own customers); operators never. */
    async importFile(actor: AuthUser, customerId: number, body: ExpectedImportBody): Promise<{ created: number; rmas: string[] }> {
      requireBrandOrAdmin(actor);
      await deps.customerAccess.require(actor, customerId);
      let rows: FileRow[];
      if (body.format === 'csv') {
        const read = readCsvRows(body.content);
        if (read.error) throw fileRefused([read.error]);
        rows = read.rows;
      } else {
        rows = await readXlsxRows(body.content).catch(() => {
          throw new AppError(422, 'The file is not an XLSX workbook', ['The file is not an XLSX workbook'], {
            content: ['The file is not an XLSX workbook'],
          });
        });
      }
      const parsed = expectedReturnsOf(rows);
      if (parsed.errors.length) throw fileRefused(parsed.errors);
      const now = deps.clock.now();
      return uow.transaction(async (tx) => {
        const taken = await tx.expected.takenRmas(
          customerId,
          parsed.returns.map((r) => r.rma),
        );
        const clashes = parsed.returns
          .filter((r) => taken.has(r.rma.toUpperCase()))
          .map((r) => `${r.rmaAt}: ${EXPECTED_MSG.rmaTaken(r.rma)}`);
        if (clashes.length) throw fileRefused(clashes);
        await tx.expected.insert(parsed.returns.map((r) => toRow(customerId, r, 'upload', actor.username, null, now)));
        return { created: parsed.returns.length, rmas: parsed.returns.map((r) => r.rma) };
      });
    },

    async announce(key: ApiKeyCaller, body: ExpectedReturnsBatch): Promise<{ created: ExpectedReturnView[] }> {
      await deps.customerAccess.require(key, key.customerId);
      const now = deps.clock.now();
      return uow.transaction(async (tx) => {
        const list = body.expected_returns;
        const taken = await tx.expected.takenRmas(
          key.customerId,
          list.map((e) => e.rma),
        );
        const errors: Record<string, string[]> = {};
        const seen = new Set<string>();
        list.forEach((e, i) => {
          const upper = e.rma.toUpperCase();
          if (taken.has(upper)) errors[`expected_returns.${i}.rma`] = [EXPECTED_MSG.rmaTaken(e.rma)];
          else if (seen.has(upper)) errors[`expected_returns.${i}.rma`] = [EXPECTED_MSG.rmaTwice(e.rma)];
          seen.add(upper);
        });
        if (Object.keys(errors).length) throw validationError(errors);
        const saved = await tx.expected.insert(list.map((e) => toRow(key.customerId, e, 'api', `API key #${key.keyId}`, key.keyId, now)));
        return { created: saved.map(present) };
      });
    },

    /** The admin list: newest first (at most EXPECTED_LIST_LIMIT), with the counts per status and the overdue days. */
    async list(actor: AuthUser, customerId: number, status: ExpectedListStatus | undefined): Promise<ExpectedListAnswer> {
      requireAdmin(actor);
      await deps.customerAccess.require(actor, customerId);
      const { expected } = uow.repos;
      const [rows, counts, days] = await Promise.all([
        expected.list(customerId, status, EXPECTED_LIST_LIMIT),
        expected.counts(customerId),
        expected.overdueDays(customerId),
      ]);
      return { overdue_days: days ?? 14, counts, expected_returns: rows.map(present) };
    },

    /** The dashboard's tile: expected vs arrived in the period, for the user's customers or the one asked for. */
    async dashboard(user: AuthUser, q: DashboardQuery): Promise<ExpectedDashboard> {
      const { from, to } = periodDays(q, deps.clock.now());
      let customers: number[] | 'all';
      if (q.customer_id !== undefined) customers = [(await deps.customerAccess.require(user, q.customer_id)).id];
      else customers = user.isSu ? 'all' : (await deps.customerAccess.listVisible(user)).map((c) => c.id);
      const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000);
      const figures = await uow.repos.expected.dashboard(customers, new Date(`${from}T00:00:00Z`), end);
      return { from, to, ...figures };
    },

    async saveSettings(actor: AuthUser, customerId: number, overdueDays: number): Promise<{ overdue_days: number }> {
      requireAdmin(actor);
      if (!(await uow.repos.expected.setOverdueDays(customerId, overdueDays))) throw notFound('Customer not found.');
      return { overdue_days: overdueDays };
    },

    /**
     * The scheduler's tick: expected returns past their customer's days become overdue, each once
     * whatever the number of worker nodes, with an `expected_return.overdue` event in the same
     * transaction. Answers how many.
     */
    async markOverdue(now: Date): Promise<number> {
      return uow.transaction(async (tx) => {
        const overdue = await tx.expected.markOverdue(now);
        for (const e of overdue) {
          const data = { ...present(e), overdue_at: now.toISOString() };
          await tx.events.emit(
            { customerId: e.customerId, eventType: 'expected_return.overdue', subject: `expected_return:${e.id}`, data },
            now,
          );
        }
        return overdue.length;
      });
    },

    /** The expected return a scanned label (tracking barcode, with its carrier's prefixes, or RMA) stands for. */
    async findByScan(caller: Caller, customerId: number, scan: string): Promise<ExpectedReturnView> {
      await deps.customerAccess.require(caller, customerId);
      const found = await uow.repos.expected.findByScan(customerId, trackingCandidates(scan), scan.trim());
      if (!found) throw notFound(EXPECTED_MSG.noMatch);
      return present(found);
    },
  };
}
export type ExpectedReturnsService = ReturnType<typeof createExpectedReturnsService>;
