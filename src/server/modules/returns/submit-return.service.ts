import { RETURN_MSG, type CreatedReturn, type SubmitReturnBody } from '../../../contract/returns.js';
import { conflict, forbidden, notFound, validationError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import type { ReasonsRepository } from '../customers/reasons.repository.js';
import type { OrderDetailRepository } from '../orders/order-detail.repository.js';
import type { PhotoRules } from '../photos/photo-attach.js';
import type { ParcelForReturn } from '../parcels/parcel-for-return.js';
import { toNewLedger, type CreateReturn } from './create-return.js';
import { presentCreatedReturn } from './return.presenter.js';
import type { ReturnsRepository } from './returns.repository.js';

/** POST /api/returns: checks every rule before anything is written, then saves in one transaction. */
export function createSubmitReturnService(deps: {
  customerAccess: CustomerAccess;
  orders: OrderDetailRepository;
  returns: ReturnsRepository;
  reasons: ReasonsRepository;
  createReturn: CreateReturn;
  photoRules: PhotoRules;
  parcelForReturn: ParcelForReturn;
  clock: Clock;
}) {
  const { customerAccess, orders, returns, reasons: reasonsRepo, createReturn, photoRules, parcelForReturn, clock } = deps;

  async function checkLedgers(customerId: number, orderId: number, body: SubmitReturnBody): Promise<void> {
    const lines = new Map(
      (await returns.findOrderLines([...new Set(body.return_ledgers.map((l) => l.order_line_id))])).map((l) => [l.id, l]),
    );
    const reasons = await reasonsRepo.codes(customerId);
    const errors: Record<string, string[]> = {};
    body.return_ledgers.forEach((ledger, i) => {
      const line = lines.get(ledger.order_line_id);
      if (!line) throw notFound('Order line not found.');
      if (line.customerId !== customerId) throw forbidden();
      if (line.orderId !== orderId) errors[`return_ledgers.${i}.order_line_id`] = [RETURN_MSG.lineNotInOrder];
      else if (line.productId !== ledger.product_id) errors[`return_ledgers.${i}.product_id`] = [RETURN_MSG.productNotOnLine];
      if (!reasons.has(ledger.reason)) errors[`return_ledgers.${i}.reason`] = [RETURN_MSG.reasonUnknown];
    });
    if (Object.keys(errors).length) throw validationError(errors);
  }

  return {
    async submit(user: AuthUser, body: SubmitReturnBody): Promise<CreatedReturn> {
      const customer = await customerAccess.require(user, body.customer_id);
      const order = await orders.findOrder(body.order_id);
      if (!order) throw notFound('Order not found.');
      if (order.customerId !== customer.id) throw forbidden();
      await checkLedgers(customer.id, order.id, body);
      // A repeated submit of a saved draft answers that return (createReturn reads it back); its photos are linked already.
      if (!(await returns.findByDraft(user.id, body.id))) await photoRules.checkDraft(user, customer, body);
      // Matching an unknown parcel to this order (issue 11): the submit closes it in the same transaction.
      const parcel = body.parcel_id
        ? await parcelForReturn(user, {
            parcelId: body.parcel_id,
            customerId: customer.id,
            draftId: body.id,
            orderReference: order.orderNumber ?? order.deliveryNumber,
          })
        : null;
      const saved = await createReturn(
        {
          draftId: body.id,
          customerId: customer.id,
          orderId: order.id,
          userId: user.id,
          username: user.username,
          reference1: body.reference_1,
          reference2: body.reference_2,
          returnDate: body.return_date,
          isBlind: false,
          ledgers: body.return_ledgers.map(toNewLedger),
          photoIds: body.photo_ids,
          parcel,
        },
        clock.now(),
      );
      // A draft id is one return: reusing it for another order is a client bug, not a retry.
      if (saved.ret.orderId !== order.id) throw conflict(RETURN_MSG.draftReused);
      return presentCreatedReturn(saved.ret, saved.ledgers);
    },
  };
}
export type SubmitReturnService = ReturnType<typeof createSubmitReturnService>;
