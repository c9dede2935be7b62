import { preparedRows, queryRows, type DbOrTx } from '../../db/client.js';
import type { HistoryRow } from '../../../contract/history.js';
import { hasSearch, pageWindow, type HistoryFilter } from './history-filter.js';
import { historyBatchQuery, historyCheckedQuery, historyCountQuery, historyPageQuery } from './history-query.repository.js';
import {
  cursorAfter,
  toHistoryRow,
  type CheckedPage,
  type HistoryCursor,
  type HistoryDownloadRow,
  type RawRow,
  type SessionCheck,
} from './history-rows.js';

// Runs History's statements (history-query.repository.ts) and maps their rows (history-rows.ts).
export function createHistoryRepository(db: DbOrTx) {
  async function count(f: HistoryFilter): Promise<number> {
    if (f.customerIds?.length === 0) return 0;
    const [row] = await queryRows<{ n: string | number }>(db, historyCountQuery(f));
    return Number(row?.n ?? 0);
  }

  return {
    /** The page, its total and the session check in one round trip (a named statement on PostgreSQL). */
    async checkedPage(
      check: SessionCheck,
      f: HistoryFilter,
      page: number,
      perPage: number,
      after: HistoryCursor | null = null,
    ): Promise<CheckedPage> {
      const rows = await preparedRows<
        Partial<RawRow> & { authed: boolean; fresh: boolean; known: boolean; total: string | number; created_key?: string }
      >(db, 'history_page', historyCheckedQuery(check, f, page, perPage, after));
      const first = rows[0]!;
      const last = rows.at(-1)!;
      return {
        lastKey: last.id === null || last.id === undefined ? undefined : cursorAfter({ ...last, id: last.id }),
        authed: first.authed,
        fresh: first.fresh,
        known: first.known,
        total: Number(first.total),
        rows: rows.filter((r) => r.id !== null && r.id !== undefined).map((r) => toHistoryRow(r as RawRow)),
      };
    },

    count,

    /** The next batch of a download and the cursor after it (null when this was the last). */
    async batch(
      f: HistoryFilter,
      after: HistoryCursor | null,
      limit: number,
    ): Promise<{ rows: HistoryDownloadRow[]; next: HistoryCursor | null }> {
      if (f.customerIds?.length === 0) return { rows: [], next: null };
      const raw = await queryRows<RawRow & { units: string | number; created_key: string }>(db, historyBatchQuery(f, after, limit));
      const last = raw.at(-1);
      return {
        rows: raw.map((r) => ({ ...toHistoryRow(r), units: Number(r.units) })),
        next: last && raw.length === limit ? cursorAfter(last) : null,
      };
    },

    /**
     * One page, newest first, and the exact total; the service reads them in one snapshot so they agree. Offset paging
     * walks the (…, created_at, id) indexes; past the middle it walks them from the other end, so the
     * last page costs what the first does. A search (few rows) pages and counts in one statement.
     */
    async page(f: HistoryFilter, page: number, perPage: number): Promise<{ rows: HistoryRow[]; total: number }> {
      if (f.customerIds?.length === 0) return { rows: [], total: 0 };
      if (hasSearch(f)) {
        const rows = await queryRows<RawRow & { total: string | number }>(
          db,
          historyPageQuery(f, { fromEnd: false, skip: (page - 1) * perPage, limit: perPage }, true),
        );
        // Past the last page the window has no row to carry the total: count it then.
        const total = rows.length ? Number(rows[0]!.total) : page === 1 ? 0 : await count(f);
        return { rows: rows.map(toHistoryRow), total };
      }
      const total = await count(f);
      if (total === 0 || (page - 1) * perPage >= total) return { rows: [], total };
      const rows = await queryRows<RawRow>(db, historyPageQuery(f, pageWindow(total, page, perPage)));
      return { rows: rows.map(toHistoryRow), total };
    },
  };
}
export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
