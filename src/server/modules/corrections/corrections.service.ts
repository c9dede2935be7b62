import { CORRECTION_MSG, type CorrectionBody } from '../../../contract/corrections.js';
import type { ReturnView } from '../../../contract/return-view.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import type { VersionLedger, VersionMissingLine } from '../../db/schema/index.js';
import { conflict, notFound, validationError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import { requireAdmin, type AuthUser } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import { createReasonsRepository } from '../customers/reasons.repository.js';
import { createDispositionsRepository } from '../dispositions/dispositions.repository.js';
import { presentLedger, presentMissing, type LedgerRow, type MissingRow } from '../returns/return.presenter.js';
import type { ReturnViewService } from '../returns/return-view.service.js';
import { createTaskQueueRepository } from '../tasks/task-queue.repository.js';
import { createWebhookEventsRepository } from '../webhooks/webhook-events.repository.js';
import { additionChanges, missingAdditionChanges, namedIds, planCorrection } from './correction-plan.js';
import { createCorrectionsRepository } from './corrections.repository.js';
import { TASK_TEXT } from '../../../contract/timeline-texts.js';

const snapshot = (ledgers: LedgerRow[]): VersionLedger[] => ledgers.map((l) => presentLedger(l) as VersionLedger);
const missingSnapshot = (rows: MissingRow[]): VersionMissingLine[] => rows.map(presentMissing);

/** The repositories a correction writes together: the return's new version, its messages, the audit. */
const correctionRepos = (db: DbOrTx) => ({
  corrections: createCorrectionsRepository(db),
  reasons: createReasonsRepository(db),
  dispositions: createDispositionsRepository(db),
  queue: createTaskQueueRepository(db),
  audit: createAuditRepository(db),
  events: createWebhookEventsRepository(db),
});

/**
 * Corrections after submit (issue 11). A correction is a new version of the return: `return_ledgers`
 * becomes the corrected lines (so every reader shows the corrected figures), `return_versions` keeps
 * each version's lines and what changed, the audit trail records it, and every connection the
 * return was sent to gets a correction message. All in one transaction, after the version check.
 */
export function createCorrectionsService(deps: { db: Db; customerAccess: CustomerAccess; clock: Clock; returnView: ReturnViewService }) {
  const { customerAccess, clock, returnView } = deps;
  const uow = unitOfWork(deps.db, correctionRepos);
  return {
    async correct(user: AuthUser, returnId: number, body: CorrectionBody): Promise<ReturnView> {
      requireAdmin(user);
      const found = await uow.repos.corrections.findReturn(returnId);
      if (!found) throw notFound('Return not found.');
      await customerAccess.require(user, found.customerId);
      if (found.version !== body.version) throw conflict(CORRECTION_MSG.changed);
      const now = clock.now();

      await uow.transaction(async ({ corrections: repo, reasons: reasonsRepo, dispositions: dispositionsRepo, queue, audit, events }) => {
        const ret = await repo.bumpVersion(returnId, body.version, now);
        if (!ret) throw conflict(CORRECTION_MSG.changed);
        const current = await repo.ledgers(returnId);
        const currentMissing = await repo.missingLines(returnId);
        const { productIds, orderLineIds } = namedIds(body, current, currentMissing);
        // One after another: a transaction is one connection (PGlite runs nothing in parallel anyway).
        const reasons = await reasonsRepo.codes(ret.customerId);
        const dispositions = await dispositionsRepo.list(ret.customerId);
        const orderLineRows = await repo.orderLines(orderLineIds);
        const received = await repo.receivedCounts(orderLineIds);
        const productRows = await repo.products([...new Set([...productIds, ...orderLineRows.map((l) => l.productId)])]);
        const products = new Map(productRows.map((p) => [p.id, p]));
        const plan = planCorrection(ret, current, body, {
          reasons,
          products,
          orderLines: new Map(orderLineRows.map((l) => [l.id, l])),
          received,
          dispositions,
          missing: currentMissing,
        });
        if (!plan.ok) throw validationError(plan.errors); // rolls the version back too

        // The submitted version is kept before anything changes (once: the first correction).
        if (!(await repo.hasVersions(returnId))) {
          await repo.insertVersion({
            returnId,
            version: body.version,
            userId: ret.userId,
            username: ret.username,
            comment: null,
            lines: snapshot(current),
            missingLines: missingSnapshot(currentMissing),
            changes: [],
            createdAt: ret.createdAt,
          });
        }
        for (const u of plan.updates) await repo.updateLedger(u.id, u);
        await repo.deleteLedgers(plan.removals);
        const added = await repo.insertLedgers(
          plan.additions.map((a) => ({
            returnId,
            customerId: ret.customerId,
            orderId: ret.orderId,
            orderLineId: a.orderLineId,
            productId: a.productId,
            condition: a.condition,
            quantity: a.quantity,
            reason: a.reason,
            comment: a.comment,
            disposition: a.disposition,
            location: a.location,
            createdAt: now,
          })),
        );
        for (const u of plan.missing.updates) await repo.updateMissingLine(u.id, u.quantity);
        await repo.deleteMissingLines(plan.missing.removals);
        const addedMissing = await repo.insertMissingLines(
          plan.missing.additions.map((m) => ({ returnId, customerId: ret.customerId, orderId: ret.orderId!, ...m, createdAt: now })),
        );
        if (plan.hasDiscrepancies !== ret.hasDiscrepancies) await repo.setHasDiscrepancies(returnId, plan.hasDiscrepancies);
        const changes = [...plan.changes, ...additionChanges(added, products), ...missingAdditionChanges(addedMissing, products)];
        const corrected = await repo.ledgers(returnId);
        const correctedMissing = await repo.missingLines(returnId);
        await repo.insertVersion({
          returnId,
          version: ret.version,
          userId: user.id,
          username: user.username,
          comment: body.comment,
          lines: snapshot(corrected),
          missingLines: missingSnapshot(correctedMissing),
          changes,
          createdAt: now,
        });

        for (const to of await repo.sentTo(returnId)) {
          await queue.enqueue(
            {
              taskType: to.taskType,
              taskStatus: 'Pending',
              message1: TASK_TEXT.returnCorrection(returnId, ret.version),
              payload: { returnId, connectionId: to.connectionId, version: ret.version },
              customerId: ret.customerId,
              orderId: ret.orderId,
              returnId,
            },
            now,
          );
        }
        // Its snapshot is built from this version when first delivered (webhook-delivery.handler.ts).
        await events.emit(
          {
            customerId: ret.customerId,
            eventType: 'return.corrected',
            subject: `return:${returnId}`,
            source: { returnId, version: ret.version },
          },
          now,
        );
        await audit.record(
          {
            actor: user,
            action: 'correct',
            entityType: 'return',
            entityId: returnId,
            before: { version: body.version, lines: snapshot(current), missing_lines: missingSnapshot(currentMissing) },
            after: {
              version: ret.version,
              comment: body.comment,
              lines: snapshot(corrected),
              missing_lines: missingSnapshot(correctedMissing),
              changes,
            },
          },
          now,
        );
      });
      return returnView.read(user, returnId, found.orderId ?? 'blind');
    },
  };
}
export type CorrectionsService = ReturnType<typeof createCorrectionsService>;
