import { DISPOSITION_MSG } from '../../../contract/dispositions.js';
import { RETURN_MSG, type CreatedReturn, type SubmitReturnBody } from '../../../contract/returns.js';
import { conflict, forbidden, notFound, unauthorized, validationError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { sha256 } from '../../lib/crypto.js';
import type { PhotoRules } from '../photos/photo-attach.js';
import type { ParcelForReturn } from '../parcels/parcel-for-return.js';
import { toNewLedger, type CreateReturn, type NewLedger, type NewMissingLine } from './create-return.js';
import { addError, inspectDraft, resolveDispositions, serialsOf } from './line-evidence.js';
import type { InspectionCheckRepository } from '../inspection/inspection-check.repository.js';
import { draftNamesInspection, type InspectionContext } from '../inspection/line-inspection.js';
import { presentCreatedReturn } from './return.presenter.js';
import type { SubmitCheck, SubmitCheckRepository } from './submit-check.repository.js';

/** POST /api/returns: checks every rule before anything is written, then saves in one statement (or transaction). */
export function createSubmitReturnService(deps: {
  checks: SubmitCheckRepository;
  createReturn: CreateReturn;
  photoRules: PhotoRules;
  parcelForReturn: ParcelForReturn;
  inspectionCheck: InspectionCheckRepository;
  clock: Clock;
}) {
  const { checks, createReturn, photoRules, parcelForReturn, inspectionCheck, clock } = deps;

  /**
   * Every line of the draft, its discrepancy (issue 16) and its disposition, and the missing order
   * lines: 404 for an unknown line, 403 for another customer's, 422 with per-field messages for the rest.
   */
  function checkDraft(
    customerId: number,
    orderId: number,
    body: SubmitReturnBody,
    read: SubmitCheck,
    inspection: InspectionContext | null,
  ): { ledgers: NewLedger[]; missing: NewMissingLine[] } {
    const lines = new Map(read.lines.map((l) => [l.id, l]));
    const { reasons, customerProducts, orderProducts } = read;
    const lineOf = (lineId: number) => {
      const line = lines.get(lineId);
      if (!line) throw notFound('Order line not found.');
      if (line.customerId !== customerId) throw forbidden();
      return line;
    };
    const errors: Record<string, string[]> = {};
    body.return_ledgers.forEach((ledger, i) => {
      const at = (field: string) => `return_ledgers.${i}.${field}`;
      const kind = ledger.discrepancy ?? null;
      if (ledger.order_line_id !== undefined) {
        const line = lineOf(ledger.order_line_id);
        if (kind === 'WRONG_ITEM') addError(errors, at('order_line_id'), DISPOSITION_MSG.wrongItemHasLine);
        else if (line.orderId !== orderId) addError(errors, at('order_line_id'), RETURN_MSG.lineNotInOrder);
        else if (line.productId !== ledger.product_id) addError(errors, at('product_id'), RETURN_MSG.productNotOnLine);
      } else if (kind === null) {
        addError(errors, at('order_line_id'), DISPOSITION_MSG.lineRequired);
      } else if (!customerProducts.has(ledger.product_id)) {
        addError(errors, at('product_id'), DISPOSITION_MSG.productUnknown);
      } else if (kind === 'WRONG_ITEM' && orderProducts.has(ledger.product_id)) {
        addError(errors, at('product_id'), DISPOSITION_MSG.wrongItemOnOrder);
      }
      if (ledger.replaces_order_line_id != null) {
        const replaced = lineOf(ledger.replaces_order_line_id);
        if (kind !== 'WRONG_ITEM') addError(errors, at('replaces_order_line_id'), DISPOSITION_MSG.replacesOnlyWrong);
        else if (replaced.orderId !== orderId) addError(errors, at('replaces_order_line_id'), RETURN_MSG.lineNotInOrder);
      }
      if (!reasons.has(ledger.reason)) addError(errors, at('reason'), RETURN_MSG.reasonUnknown);
    });
    const seen = new Set<number>();
    const missing = body.missing_lines.map((m, i) => {
      const line = lineOf(m.order_line_id);
      if (line.orderId !== orderId) addError(errors, `missing_lines.${i}.order_line_id`, RETURN_MSG.lineNotInOrder);
      else if (seen.has(m.order_line_id)) addError(errors, `missing_lines.${i}.order_line_id`, DISPOSITION_MSG.missingTwice);
      else if (m.quantity > line.quantity) addError(errors, `missing_lines.${i}.quantity`, DISPOSITION_MSG.missingTooMany);
      seen.add(m.order_line_id);
      return { orderLineId: m.order_line_id, productId: line.productId, quantity: m.quantity };
    });
    const { lines: graded, inspected } = inspectDraft(body.return_ledgers, inspection, errors);
    const evidence = resolveDispositions(read.dispositions, graded, errors);
    if (Object.keys(errors).length) throw validationError(errors);
    return { ledgers: body.return_ledgers.map((l, i) => ({ ...toNewLedger(l), ...evidence[i]!, ...inspected[i]! })), missing };
  }

  return {
    /**
     * The submit for a bearer token: one statement reads the session and everything the rules need
     * (submit-check.repository), then 401 for a dead session, 404/403 for the customer (unknown / not
     * the user's), 404/403 for the order, then the lines' rules, in that order.
     */
    async submit(token: string, body: SubmitReturnBody): Promise<CreatedReturn> {
      const now = clock.now();
      const named = body.return_ledgers
        .flatMap((l) => [l.order_line_id, l.replaces_order_line_id])
        .concat(body.missing_lines.map((m) => m.order_line_id));
      const read = await checks.read({
        tokenHash: sha256(token),
        now,
        customerId: body.customer_id,
        orderId: body.order_id,
        lineIds: [...new Set(named.filter((v): v is number => typeof v === 'number'))],
        freeProductIds: [...new Set(body.return_ledgers.filter((l) => l.order_line_id === undefined).map((l) => l.product_id))],
        draftId: body.id,
      });
      const user = read.user;
      if (!user) throw unauthorized();
      // A brand user never books a return, whichever customer it names (issue 25).
      if (user.isBrand) throw forbidden();
      if (!read.known) throw notFound('Customer not found.');
      if (!read.allowed) throw forbidden();
      const customer = { id: body.customer_id, photoRequiredConditions: read.photoRequiredConditions };
      const order = read.order;
      if (!order) throw notFound('Order not found.');
      if (order.customerId !== customer.id) throw forbidden();
      // Issue 27: the lines are checked against the customer's inspection rules when it has any or the draft names a grade, steps or a serial.
      const inspection =
        read.hasRules || draftNamesInspection(body.return_ledgers)
          ? await inspectionCheck.read(
              customer.id,
              order.id,
              [...new Set(body.return_ledgers.map((l) => l.product_id))],
              serialsOf(body.return_ledgers),
            )
          : null;
      const { ledgers, missing } = checkDraft(customer.id, order.id, body, read, inspection);
      // A repeated submit of a saved draft answers that return (createReturn reads it back); its photos are linked already.
      if (!read.draftSaved) await photoRules.checkDraft(user, customer, body);
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
          ledgers,
          missingLines: missing,
          photoIds: body.photo_ids,
          parcel,
          expectedReturnId: body.expected_return_id ?? null,
          connections: read.connections,
          decisionRules: read.hasDecisionRules,
        },
        now,
      );
      // A draft id is one return: reusing it for another order is a client bug, not a retry.
      if (saved.ret.orderId !== order.id) throw conflict(RETURN_MSG.draftReused);
      return presentCreatedReturn(saved.ret, saved.ledgers, saved.missing);
    },
  };
}
export type SubmitReturnService = ReturnType<typeof createSubmitReturnService>;
