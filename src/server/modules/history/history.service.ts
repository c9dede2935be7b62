import type { Readable } from 'node:stream';
import { formatHistoryCursor, type HistoryDownloadQuery, type HistoryPage, type HistoryQuery } from '../../../contract/history.js';
import { LIMITS } from '../../../contract/constants.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { createHistoryRepository } from './history.repository.js';
import type { HistoryFilter } from './history-filter.js';
import type { Principals } from '../auth/principals.js';
import type { Clock } from '../../lib/clock.js';
import { notFound, unauthorized } from '../../http/errors.js';
import { historyDownloadStream, type HistoryFileFormat } from './history-download.js';
import { toLocale, type Locale } from '../../../contract/locales.js';
import { headingsLanguage } from '../../i18n/report-headings.js';

/** Return History (SPEC §2.9): operators see their customers' returns, admins every return. */
export function createHistoryService(deps: {
  db: Db;
  customerAccess: CustomerAccess;
  principals?: Principals;
  clock?: Clock;
  /** Where the page and the download read: the replica when caught up (db/read-routing.ts). */
  readDb?: () => Promise<Db>;
}) {
  const readDb = deps.readDb ?? (() => Promise.resolve(deps.db));
  const uow = unitOfWork(deps.db, createHistoryRepository);
  // Reads that may go to the replica: the repositories over whichever database read routing picks.
  const readRepos = async () => unitOfWork(await readDb(), createHistoryRepository).repos;
  const filterOf = (q: Omit<HistoryQuery, 'page' | 'cursor'>, customerIds: number[] | undefined): HistoryFilter => ({
    customerIds,
    isBlind: q['filter[is_blind]'],
    hasDiscrepancies: q['filter[has_discrepancies]'],
    awaitingDecision: q['filter[awaiting_decision]'],
    id: q['search[id]'],
    deliveryNumber: q['search[delivery_number]'],
    orderNumber: q['search[order_number]'],
    webOrderNumber: q['search[web_order_number]'],
    trackingNumber: q['search[tracking_number]'],
    from: q['filter[from]'],
    to: q['filter[to]'],
    reason: q['filter[reason]'],
    condition: q['filter[condition]'],
    userId: q['filter[user_id]'],
    hasPhotos: q['filter[has_photos]'],
    disposition: q['filter[disposition]'],
    discrepancy: q['filter[discrepancy]'],
    grade: q['filter[grade]'],
  });
  /** The customers a user's query covers: 404/403 for a customer they may not see; undefined = every one. */
  const customersOf = async (user: AuthUser, customerId: number | undefined): Promise<number[] | undefined> => {
    if (customerId !== undefined) {
      await deps.customerAccess.require(user, customerId);
      return [customerId];
    }
    return user.isSu ? undefined : (await deps.customerAccess.listVisible(user)).map((c) => c.id);
  };
  const pageOf = (rows: HistoryPage['data'], page: number, total: number): HistoryPage => ({
    data: rows,
    on_page: page,
    per_page: LIMITS.historyPageSize,
    total_records: total,
    total_pages: Math.ceil(total / LIMITS.historyPageSize),
  });

  return {
    /**
     * The page for a bearer token in one round trip: the statement checks the session itself (a
     * logged-out session or a disabled user is refused at once, 401), so only the query's shape
     * comes from the principals' short memory; a changed admin flag or link set shapes it again.
     */
    async listForToken(token: string, q: HistoryQuery): Promise<HistoryPage> {
      const { principals, clock } = deps;
      if (!principals || !clock) throw new Error('listForToken needs principals and a clock');
      for (let attempt = 0; ; attempt++) {
        const p = await principals.resolve(token);
        if (!p) throw unauthorized();
        const customerId = q['filter[customer_id]'];
        if (customerId !== undefined && p.links && !p.links.includes(customerId)) {
          // 404 for an unknown customer, 403 for one the operator is not linked to.
          await deps.customerAccess.require(p.user, customerId);
          principals.forget(p); // linked meanwhile: shape again
          if (attempt < 2) continue;
        }
        const customerIds = customerId !== undefined ? [customerId] : (p.links ?? undefined);
        const r = await (
          await readRepos()
        ).checkedPage(
          { tokenHash: p.tokenHash, now: clock.now(), isSu: p.user.isSu, links: p.links, customerId },
          filterOf(q, customerIds),
          q.page,
          LIMITS.historyPageSize,
          q.cursor ?? null,
        );
        if (!r.authed) {
          principals.forget(p);
          throw unauthorized();
        }
        if (!r.fresh && attempt < 2) {
          principals.forget(p);
          continue;
        }
        if (!r.fresh) throw unauthorized();
        if (!r.known) throw notFound('Customer not found.');
        // The key of this page's last row, while rows remain after it.
        const more = r.lastKey && r.rows.length === LIMITS.historyPageSize && q.page * LIMITS.historyPageSize < r.total;
        return { ...pageOf(r.rows, q.page, r.total), next_cursor: more ? formatHistoryCursor(r.lastKey!) : null };
      }
    },

    async list(user: AuthUser, q: HistoryQuery): Promise<HistoryPage> {
      const filter = filterOf(q, await customersOf(user, q['filter[customer_id]']));
      const perPage = LIMITS.historyPageSize;
      // The page and the total in one read-only snapshot, so they agree while returns are being saved.
      const { rows, total } = await uow.transaction((repo) => repo.page(filter, q.page, perPage), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
      return {
        data: rows,
        on_page: q.page,
        per_page: perPage,
        total_records: total,
        total_pages: Math.ceil(total / perPage),
      };
    },

    /**
     * The whole filtered list as a file, streamed: read in keyset batches (never one query into
     * memory), written as it is read. `rows` is the exact count when the download starts. The
     * headings are in the asker's language (the account's, else the browser's), or English (`headings=en`).
     */
    async download(
      user: AuthUser,
      q: HistoryDownloadQuery,
      browserLanguage?: Locale,
    ): Promise<{ fileName: string; contentType: string; rows: number; stream: Readable }> {
      const filter = filterOf(q, await customersOf(user, q['filter[customer_id]']));
      const repo = await readRepos();
      const rows = filter.customerIds?.length === 0 ? 0 : await repo.count(filter);
      const format: HistoryFileFormat = q.format;
      const stamp = (deps.clock?.now() ?? new Date()).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
      return {
        fileName: `return_history_${stamp}.${format}`,
        contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        rows,
        stream: historyDownloadStream(
          format,
          (after, limit) => repo.batch(filter, after, limit),
          headingsLanguage(q.headings, toLocale(user.language) ?? browserLanguage),
        ),
      };
    },
  };
}
export type HistoryService = ReturnType<typeof createHistoryService>;
