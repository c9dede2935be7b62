import { EXPECTED_MSG, type ExpectedReturnsBatch, type ExpectedReturnView } from '../../../contract/expected-returns.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { notFound, validationError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { ApiKeyCaller, Caller } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import { trackingCandidates, trackingKey } from './carrier-labels.js';
import { createExpectedReturnsRepository, type ExpectedItemRow, type ExpectedReturnRow } from './expected-returns.repository.js';

const repos = (db: DbOrTx) => ({ expected: createExpectedReturnsRepository(db) });

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
    items: r.items.map((i) => ({ sku: i.sku, upc: i.upc, quantity: i.quantity, reason: i.reason })),
  };
}

/**
 * Pre-advice (issue 26): a brand's platform announces returns with its API key, all or nothing
 * (a refused one is named by its place and field); the desk finds one by scanning its label.
 */
export function createExpectedReturnsService(deps: { db: Db; clock: Clock; customerAccess: CustomerAccess }) {
  const uow = unitOfWork(deps.db, repos);
  return {
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
        const saved = await tx.expected.insert(
          list.map((e) => ({
            customerId: key.customerId,
            rma: e.rma,
            trackingNumber: e.tracking_number || null,
            trackingKey: e.tracking_number ? trackingKey(e.tracking_number) : null,
            orderReference: e.order_reference || null,
            source: 'api',
            apiKeyId: key.keyId,
            createdBy: `API key #${key.keyId}`,
            createdAt: now,
            updatedAt: now,
            items: e.items.map((i) => ({ sku: i.sku || null, upc: i.upc || null, quantity: i.quantity, reason: i.reason || null })),
          })),
        );
        return { created: saved.map(present) };
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
