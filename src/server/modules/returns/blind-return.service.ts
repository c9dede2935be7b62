import { randomUUID } from 'node:crypto';
import { BLIND_MSG, type BlindReturnBody, type BlindReturnSaved, type BlindSetup, type ProductRow } from '../../../contract/blind.js';
import { LIMITS } from '../../../contract/constants.js';
import { returnViewPath } from '../../../contract/return-view.js';
import { conflict, invalid, validationError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { AuthUser } from '../auth/auth-user.js';
import { toCustomerSummary } from '../customers/customer-access.repository.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import type { ReasonsRepository } from '../customers/reasons.repository.js';
import type { PhotoRules } from '../photos/photo-attach.js';
import type { DispositionsRepository } from '../dispositions/dispositions.repository.js';
import { toNewLedger, type CreateReturn } from './create-return.js';
import { inspectDraft, resolveDispositions, serialsOf } from './line-evidence.js';
import type { InspectionCheckRepository } from '../inspection/inspection-check.repository.js';
import type { ReturnsRepository } from './returns.repository.js';
import type { ParcelForReturn } from '../parcels/parcel-for-return.js';

/** Blind returns (SPEC §2.8, §4): product search and saving a return that has no order. */
export function createBlindReturnService(deps: {
  returns: ReturnsRepository;
  reasons: ReasonsRepository;
  dispositions: DispositionsRepository;
  createReturn: CreateReturn;
  customerAccess: CustomerAccess;
  photoRules: PhotoRules;
  parcelForReturn: ParcelForReturn;
  inspectionCheck: InspectionCheckRepository;
  clock: Clock;
}) {
  const { returns: repo, reasons, dispositions, createReturn, customerAccess, photoRules, parcelForReturn, inspectionCheck, clock } = deps;

  return {
    async setup(user: AuthUser, customerId: number): Promise<BlindSetup> {
      const customer = await customerAccess.require(user, customerId);
      return { customer: toCustomerSummary(customer), reasons: await reasons.list(customer.id) };
    },

    async searchProducts(user: AuthUser, customerId: number, search: string): Promise<ProductRow[]> {
      const customer = await customerAccess.require(user, customerId);
      return repo.searchProducts(customer.id, search, LIMITS.productResultLimit);
    },

    /**
     * Every rule is checked before anything is written. The route screen does not check can_blind
     * (SPEC §6) but the server does: a customer without it gets a 422 naming the reason.
     */
    async save(user: AuthUser, customerId: number, body: BlindReturnBody): Promise<BlindReturnSaved> {
      const customer = await customerAccess.require(user, customerId);
      if (!customer.canBlind) throw invalid('customer_id', BLIND_MSG.blindNotEnabled);
      if (customer.customerStatus !== 'Active') throw invalid('customer_id', BLIND_MSG.customerDisabled);

      // Converting an unknown parcel (issue 11): checked first, closed in the return's transaction.
      const parcel = body.parcel_id
        ? await parcelForReturn(user, { parcelId: body.parcel_id, customerId: customer.id, draftId: body.id, orderReference: null })
        : null;
      if (body.id) {
        const earlier = await repo.findByDraft(user.id, body.id);
        if (earlier) return answerFor(earlier.ret, customer.id);
      }

      const productIds = await repo.productIdsOf(customer.id, [...new Set(body.return_ledgers.map((l) => l.product_id))]);
      const reasonCodes = await reasons.codes(customer.id);
      const errors: Record<string, string[]> = {};
      body.return_ledgers.forEach((l, i) => {
        if (!productIds.has(l.product_id)) errors[`return_ledgers.${i}.product_id`] = [BLIND_MSG.productUnknown];
        if (!reasonCodes.has(l.reason)) errors[`return_ledgers.${i}.reason`] = [BLIND_MSG.reasonUnknown];
      });
      // Issue 27: blind returns use the same rules (no order: no shipped serials; a check of them records a discrepancy).
      const read = await inspectionCheck.read(customer.id, null, [...productIds], serialsOf(body.return_ledgers));
      const context = { ...read, blind: true };
      const { lines, inspected } = inspectDraft(body.return_ledgers, context, errors);
      const evidence = resolveDispositions(await dispositions.list(customer.id), lines, errors);
      if (Object.keys(errors).length) throw validationError(errors);
      await photoRules.checkDraft(user, customer, body);

      const saved = await createReturn(
        {
          // Without a draft id there is nothing to deduplicate on; a unique server key keeps the column filled.
          draftId: body.id ?? `blind-${randomUUID()}`,
          customerId: customer.id,
          orderId: null,
          userId: user.id,
          username: user.username,
          reference1: body.reference_1,
          reference2: body.reference_2 || null,
          returnDate: body.return_date,
          isBlind: true,
          ledgers: body.return_ledgers.map((l, i) => ({ ...toNewLedger(l), ...evidence[i]!, ...inspected[i]! })),
          photoIds: body.photo_ids,
          parcel,
          expectedReturnId: body.expected_return_id ?? null,
        },
        clock.now(),
      );
      return answerFor(saved.ret, customer.id);
    },
  };

  function answerFor(saved: { id: number; customerId: number; isBlind: boolean }, customerId: number): BlindReturnSaved {
    // A draft id names one return: reusing it for another customer or an order-based return is a client bug.
    if (!saved.isBlind || saved.customerId !== customerId) throw conflict('This draft was already saved as another return');
    return { to: returnViewPath({ id: saved.id, order_id: null }), id: saved.id };
  }
}
export type BlindReturnService = ReturnType<typeof createBlindReturnService>;
