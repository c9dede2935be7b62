import { PARCEL_MSG } from '../../../contract/parcels.js';
import { invalid } from '../../http/errors.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { RequireParcel } from './parcels.service.js';
import { notWaiting } from './parcels.service.js';

/** What a return made from a parcel hands to createReturn. */
export interface ParcelOfReturn {
  id: number;
  trackingNumber: string;
  orderReference: string | null;
}

/**
 * The rules of turning a parcel into a return (match to an order, convert to a blind return), checked
 * before anything is written: the user may see the parcel, it is waiting, and it is this customer's
 * or nobody's yet. A repeat of the very submit that closed it (same user, same draft) passes, so the
 * draft's idempotency answers that return again.
 */
export function createParcelForReturn(deps: {
  requireParcel: RequireParcel;
  findReturnOfDraft: (userId: number, draftId: string) => Promise<{ ret: { id: number } } | undefined>;
}) {
  return async function parcelForReturn(
    user: AuthUser,
    input: { parcelId: number; customerId: number; draftId: string | undefined; orderReference: string | null },
  ): Promise<ParcelOfReturn> {
    const parcel = await deps.requireParcel(user, input.parcelId);
    if (parcel.customerId !== null && parcel.customerId !== input.customerId) throw invalid('parcel_id', PARCEL_MSG.otherCustomer);
    if (parcel.state !== 'Waiting') {
      const earlier = input.draftId ? await deps.findReturnOfDraft(user.id, input.draftId) : undefined;
      if (!earlier || earlier.ret.id !== parcel.returnId) throw notWaiting(parcel.state);
    }
    return { id: parcel.id, trackingNumber: parcel.trackingNumber, orderReference: input.orderReference };
  };
}
export type ParcelForReturn = ReturnType<typeof createParcelForReturn>;
