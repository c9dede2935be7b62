import {
  API_KEY_LIMITS,
  API_KEY_MSG,
  type PartnerReturn,
  type PartnerReturnsPage,
  type PartnerReturnsQuery,
} from '../../../contract/api-keys.js';
import { invalid, notFound } from '../../http/errors.js';
import type { ApiKeyCaller } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import type { PhotoLinker } from '../photos/photo-links.js';
import type { OutboundDataRepository } from '../tasks/handlers/outbound-return-data.repository.js';
import { returnSnapshot } from '../tasks/handlers/webhook-snapshot.js';
import type { PartnerReturnsRepository } from './partner-returns.repository.js';

const iso = (v: Date | string) => new Date(v).toISOString();

/** The cursor is opaque to the caller: the last row's (last change, id), base64url JSON. */
function encodeCursor(changedAt: string, id: number): string {
  return Buffer.from(JSON.stringify([changedAt, id])).toString('base64url');
}
function decodeCursor(cursor: string): { changedAt: Date; id: number } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    const changedAt = new Date(String(at));
    if (typeof id === 'number' && Number.isInteger(id) && id > 0 && !Number.isNaN(changedAt.getTime())) return { changedAt, id };
  } catch {
    // falls through to the refusal
  }
  throw invalid('cursor', API_KEY_MSG.cursor);
}

/**
 * Returns for a customer's platform (issue 26), through its API key: the list by last change
 * (cursor pages, `updated_since`) and one return as the same snapshot its events carry.
 */
export function createPartnerReturnsService(deps: {
  repo: PartnerReturnsRepository;
  returnData: OutboundDataRepository;
  customerAccess: CustomerAccess;
  photoLinker: PhotoLinker;
}) {
  const { repo, customerAccess } = deps;
  return {
    async list(key: ApiKeyCaller, query: PartnerReturnsQuery): Promise<PartnerReturnsPage> {
      await customerAccess.require(key, key.customerId);
      const limit = query.limit ?? API_KEY_LIMITS.returnsPerPage;
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const since = query.updated_since ? new Date(query.updated_since) : null;
      const rows = await repo.page(key.customerId, after, since, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        returns: page.map((r) => ({
          id: Number(r.id),
          version: Number(r.version),
          order_id: r.order_id === null ? null : Number(r.order_id),
          reference_1: r.reference_1,
          reference_2: r.reference_2,
          return_date: r.return_date,
          is_blind: r.is_blind,
          tracking_number: r.tracking_number,
          has_discrepancies: r.has_discrepancies,
          created_at: iso(r.created_at),
          updated_at: iso(r.changed_at),
        })),
        next_cursor: rows.length > limit && last ? encodeCursor(iso(last.changed_at), Number(last.id)) : null,
      };
    },

    /** Another customer's return is a 404, as an unknown one: a key learns nothing beyond its customer. */
    async read(key: ApiKeyCaller, returnId: number): Promise<PartnerReturn> {
      const found = await repo.find(returnId);
      if (!found) throw notFound(API_KEY_MSG.returnNotFound);
      await customerAccess.require(key, found.customerId).catch(() => {
        throw notFound(API_KEY_MSG.returnNotFound);
      });
      const data = await deps.returnData.returnFile(returnId, found.version);
      if (!data) throw notFound(API_KEY_MSG.returnNotFound);
      return returnSnapshot(data, deps.photoLinker) as PartnerReturn;
    },
  };
}
export type PartnerReturnsService = ReturnType<typeof createPartnerReturnsService>;
