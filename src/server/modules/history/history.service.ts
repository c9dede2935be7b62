import type { HistoryPage, HistoryQuery } from '../../../contract/history.js';
import { LIMITS } from '../../../contract/constants.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import type { Db } from '../../db/client.js';
import { createHistoryRepository, type HistoryFilter } from './history.repository.js';

/** Return History (SPEC §2.9): operators see their customers' returns, admins every return. */
export function createHistoryService(deps: { db: Db; customerAccess: CustomerAccess }) {
  return {
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
