import type { HistoryPage, HistoryQuery } from '../../../contract/history.js';
import { LIMITS } from '../../../contract/constants.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import type { Db } from '../../db/client.js';
import { createHistoryRepository, type HistoryFilter } from './history.repository.js';
import type { Principals } from '../auth/principals.js';
import type { Clock } from '../../lib/clock.js';
import { notFound, unauthorized } from '../../http/errors.js';

/** Return History (SPEC §2.9): operators see their customers' returns, admins every return. */
export function createHistoryService(deps: { db: Db; customerAccess: CustomerAccess; principals?: Principals; clock?: Clock }) {
  const filterOf = (q: HistoryQuery, customerIds: number[] | undefined): HistoryFilter => ({
    customerIds,
    isBlind: q['filter[is_blind]'],
    id: q['search[id]'],
    deliveryNumber: q['search[delivery_number]'],
    orderNumber: q['search[order_number]'],
    webOrderNumber: q['search[web_order_number]'],
    trackingNumber: q['search[tracking_number]'],
  });
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
        const r = await createHistoryRepository(deps.db).checkedPage(
          { tokenHash: p.tokenHash, now: clock.now(), isSu: p.user.isSu, links: p.links, customerId },
          filterOf(q, customerIds),
          q.page,
          LIMITS.historyPageSize,
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
        return pageOf(r.rows, q.page, r.total);
      }
    },

    async list(user: AuthUser, q: HistoryQuery): Promise<HistoryPage> {
      let customerIds: number[] | undefined;
      const customerId = q['filter[customer_id]'];
      if (customerId !== undefined) {
        // 404 for an unknown customer, 403 for one the operator is not linked to.
        await deps.customerAccess.require(user, customerId);
        customerIds = [customerId];
      } else if (!user.isSu) {
        customerIds = (await deps.customerAccess.listVisible(user)).map((c) => c.id);
      }
      const filter: HistoryFilter = {
        customerIds,
        isBlind: q['filter[is_blind]'],
        id: q['search[id]'],
        deliveryNumber: q['search[delivery_number]'],
        orderNumber: q['search[order_number]'],
        webOrderNumber: q['search[web_order_number]'],
        trackingNumber: q['search[tracking_number]'],
      };
      const perPage = LIMITS.historyPageSize;
      // The page and the total in one read-only snapshot, so they agree while returns are being saved.
      const { rows, total } = await deps.db.transaction((tx) => createHistoryRepository(tx).page(filter, q.page, perPage), {
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
  };
}
export type HistoryService = ReturnType<typeof createHistoryService>;
