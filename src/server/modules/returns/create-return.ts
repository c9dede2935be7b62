import type { StoredStepAnswer } from '../../../contract/inspection.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { linkReturnPhotos } from '../photos/photo-attach.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { EXPECTED_MSG } from '../../../contract/expected-returns.js';
import { PARCEL_MSG } from '../../../contract/parcels.js';
import { createParcelsRepository } from '../parcels/parcels.repository.js';
import { createPhotosRepository } from '../photos/photos.repository.js';
import { outboundTasks, type OutboundConnection } from './outbound-tasks.js';
import type { LedgerRow, MissingRow, ReturnRow } from './return.presenter.js';
import { createReturnsRepository, type ReturnToSave } from './returns.repository.js';
import { createDecisionsRepository } from '../decisions/decisions.repository.js';
import { createTaskWakeupNotifier } from '../tasks/task-wakeup-notifier.js';
import { decisionRequestedData } from '../webhooks/decision-events.js';
import { createWebhookEventsRepository } from '../webhooks/webhook-events.repository.js';
import { PARCEL_EVENT_TEXT } from '../../../contract/timeline-texts.js';

/** A return to write, checked already by the caller's rules (order-based submit, blind return, …). */
export interface NewReturn {
  /** The idempotency key: unique per user. */
  draftId: string;
  customerId: number;
  /** null for a return without an order (blind). */
  orderId: number | null;
  userId: number;
  username: string;
  reference1: string | null;
  reference2: string | null;
  returnDate: string;
  isBlind: boolean;
  ledgers: NewLedger[];
  /** Photos of the whole return (checked by the caller with checkPhotoUse). */
  photoIds?: number[];
  /**
   * The unknown parcel this return was made from (issue 11): it is closed in the same transaction
   * (Matched, or Converted for a blind return) and the return keeps its tracking number. If the
   * parcel stopped waiting meanwhile, nothing is written (409).
   */
  parcel?: { id: number; trackingNumber: string; orderReference: string | null } | null;
  /** Order lines confirmed missing from the parcel (issue 16). */
  missingLines?: NewMissingLine[];
  /**
   * The expected return (pre-advice, issue 26) the desk received with this return: checked here for
   * every kind of return (404 unknown, 403 another customer's) and marked received in the return's
   * own statement. One received already stays with its first return.
   */
  expectedReturnId?: number | null;
  /**
   * Whether the customer has decision rules (issue 25): then the lines matching one start waiting for
   * the brand's decision, in the return's transaction. Left out: looked up (a blind return).
   */
  decisionRules?: boolean;
  /** The customer's connections (their outbound tasks), when the caller has read them; read here otherwise. */
  connections?: OutboundConnection[];
}

export interface NewMissingLine {
  orderLineId: number;
  productId: number;
  quantity: number;
}

export interface NewLedger {
  orderLineId: number | null;
  productId: number;
  quantity: number;
  condition: string;
  reason: string;
  comment: string;
  /** Photos of this line (checked by the caller with checkPhotoUse / createPhotoRules). */
  photoIds?: number[];
  /** Issue 16: disposition code, bin, WRONG_ITEM / EXTRA_ITEM, the order line a wrong item replaced. */
  disposition?: string | null;
  location?: string | null;
  discrepancy?: string | null;
  replacesOrderLineId?: number | null;
  /** Issue 27 (checked by the caller against the product's rule, inspection/line-inspection.ts). */
  grade?: string | null;
  stepAnswers?: StoredStepAnswer[] | null;
  serial?: string | null;
  serialShipped?: boolean | null;
  serialRepeated?: boolean;
}

/** The one mapping of a submitted ledger (contract field names) to what createReturn writes. */
export const toNewLedger = (l: {
  order_line_id?: number;
  product_id: number;
  quantity: number;
  condition: string;
  reason: string;
  comment: string;
  photo_ids?: number[];
  disposition?: string | null;
  location?: string;
  discrepancy?: string | null;
  replaces_order_line_id?: number | null;
}): NewLedger => ({
  orderLineId: l.order_line_id ?? null,
  productId: l.product_id,
  quantity: l.quantity,
  condition: l.condition,
  reason: l.reason,
  comment: l.comment,
  photoIds: l.photo_ids ?? [],
  disposition: l.disposition ?? null,
  location: l.location || null,
  discrepancy: l.discrepancy ?? null,
  replacesOrderLineId: l.replaces_order_line_id ?? null,
});

export interface SavedReturn {
  /** false when another save of the same draft had written it first. */
  created: boolean;
  ret: ReturnRow;
  ledgers: LedgerRow[];
  missing: MissingRow[];
}

/**
 * The one command that writes a return, for every kind of return. The return, its ledgers, missing
 * lines, the order's status and the outbound tasks are one statement (returns.repository save), so a
 * failure anywhere leaves nothing behind; the links of its photos and the parcel it closes, when
 * there are any, join it in one transaction. The unique (user_id, draft_id) key turns a repeated or
 * concurrent save of one draft into a read of the first: ON CONFLICT waits for that one to commit,
 * then it is read back.
 */
export function createReturnCommand(db: Db) {
  const wakeup = createTaskWakeupNotifier(db);
  const uow = unitOfWork(db, returnRepos);
  const { returns } = uow.repos;
  return async function createReturn(input: NewReturn, now: Date): Promise<SavedReturn> {
    if (input.expectedReturnId) await requireExpected(returns, input.customerId, input.expectedReturnId);
    const connections = input.connections ?? (await returns.connectionsOf(input.customerId));
    const toSave: ReturnToSave = {
      row: {
        customerId: input.customerId,
        orderId: input.orderId,
        userId: input.userId,
        username: input.username,
        reference1: input.reference1,
        reference2: input.reference2,
        returnDate: input.returnDate,
        isBlind: input.isBlind,
        draftId: input.draftId,
        trackingNumber: input.parcel?.trackingNumber ?? null,
        hasDiscrepancies: input.ledgers.some((l) => !!l.discrepancy || l.serialShipped === false) || (input.missingLines?.length ?? 0) > 0,
      },
      ledgers: input.ledgers.map((l) => ({
        orderLineId: l.orderLineId,
        productId: l.productId,
        condition: l.condition,
        quantity: l.quantity,
        reason: l.reason,
        comment: l.comment || null,
        disposition: l.disposition ?? null,
        location: l.location || null,
        discrepancy: l.discrepancy ?? null,
        replacesOrderLineId: l.replacesOrderLineId ?? null,
        grade: l.grade ?? null,
        stepAnswers: l.stepAnswers ?? null,
        serial: l.serial ?? null,
        serialShipped: l.serialShipped ?? null,
        serialRepeated: l.serialRepeated ?? false,
      })),
      missing: input.orderId === null ? [] : (input.missingLines ?? []),
      tasks: outboundTasks(connections),
      expectedReturnId: input.expectedReturnId ?? null,
      now,
    };
    const hasPhotos = !!input.photoIds?.length || input.ledgers.some((l) => l.photoIds?.length);
    const decisionRules = input.decisionRules ?? (await returns.hasDecisionRules(input.customerId));
    // Photos, a parcel and decisions are more statements that must commit with the return; without them the one statement is the transaction.
    const written =
      hasPhotos || input.parcel || decisionRules
        ? await uow.transaction(async (tx) => {
            const saved = await saveWithPhotosAndParcel(tx, input, toSave, now);
            if (saved && decisionRules) {
              const opened = await tx.decisions.openFor(saved.ret.id, now);
              if (opened) {
                saved.ret = { ...saved.ret, awaitingDecisions: opened };
                // Told after return.received (the same subject, so in that order): which lines wait.
                const waiting = (await tx.decisions.ofReturn(saved.ret.id)).filter((d) => d.state === 'awaiting');
                saved.tasksQueued += await tx.webhookEvents.emit(
                  {
                    customerId: input.customerId,
                    eventType: 'return.decision_requested',
                    subject: `return:${saved.ret.id}`,
                    data: decisionRequestedData(waiting),
                  },
                  now,
                );
              }
            }
            return saved;
          })
        : await returns.save(toSave);
    if (written) {
      const { tasksQueued, ...saved } = written;
      if (tasksQueued) wakeup.afterCommit();
      return { created: true, ...saved };
    }
    const existing = await returns.findByDraft(input.userId, input.draftId);
    if (!existing) throw new Error(`draft ${input.draftId} conflicted but no return was found`);
    return { created: false, ...existing };
  };
}
export type CreateReturn = ReturnType<typeof createReturnCommand>;

async function requireExpected(returns: ReturnType<typeof createReturnsRepository>, customerId: number, id: number) {
  const owner = await returns.expectedReturnCustomer(id);
  if (owner === undefined) throw notFound(EXPECTED_MSG.notFound);
  if (owner !== customerId) throw forbidden();
}

/** What a return's write uses: the return itself, the parcel it closes, the photos it links. */
const returnRepos = (db: DbOrTx) => ({
  returns: createReturnsRepository(db),
  parcels: createParcelsRepository(db),
  photos: createPhotosRepository(db),
  webhookEvents: createWebhookEventsRepository(db),
  decisions: createDecisionsRepository(db),
});

async function saveWithPhotosAndParcel(tx: ReturnType<typeof returnRepos>, input: NewReturn, toSave: ReturnToSave, now: Date) {
  const saved = await tx.returns.save(toSave);
  if (!saved) return undefined;
  const { ret, ledgers } = saved;
  // The parcel's photos come along to the return (issue 11), as photos of the whole return.
  let parcelPhotoIds: number[] = [];
  if (input.parcel) {
    const { parcels } = tx;
    parcelPhotoIds = (await parcels.photos(input.parcel.id)).map((p) => p.id);
    const state = input.isBlind ? 'Converted' : 'Matched';
    const closed = await parcels.finish(input.parcel.id, { state, returnId: ret.id, customerId: input.customerId }, now);
    if (!closed) throw conflict(PARCEL_MSG.notWaiting);
    const actor = { userId: input.userId, username: input.username };
    const text = input.isBlind
      ? PARCEL_EVENT_TEXT.converted(ret.id)
      : PARCEL_EVENT_TEXT.matched(input.parcel.orderReference ?? `#${input.orderId}`, ret.id);
    await parcels.addEvent(input.parcel.id, actor, state, { text, return_id: ret.id, order_id: input.orderId }, now);
    const matched = {
      parcel_id: input.parcel.id,
      tracking_number: input.parcel.trackingNumber,
      state,
      return_id: ret.id,
      order_id: input.orderId,
      order_reference: input.parcel.orderReference,
    };
    // Told after the return's own event (its id comes later): the parcel is the subject here.
    const queued = await tx.webhookEvents.emit(
      { customerId: input.customerId, eventType: 'parcel.matched', subject: `parcel:${input.parcel.id}`, data: matched },
      now,
    );
    saved.tasksQueued += queued;
  }
  // Ledgers come back in the order they were given (saveReturnQuery).
  const photoCount = await linkReturnPhotos(
    tx.photos,
    {
      returnId: ret.id,
      customerId: input.customerId,
      photoIds: [...(input.photoIds ?? []), ...parcelPhotoIds],
      ledgers: input.ledgers.map((l, i) => ({ ledgerId: ledgers[i]!.id, photoIds: l.photoIds ?? [] })),
    },
    now,
  );
  return { ...saved, ret: { ...ret, photoCount } };
}
