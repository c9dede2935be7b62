import { decidedData } from '../webhooks/decision-events.js';
import {
  DECISION_BY_DEFAULT,
  DECISION_MSG,
  DECISION_SYSTEM_USER,
  type DecideBody,
  type DecisionState,
  type DecisionsDashboard,
  type LineDecisionView,
} from '../../../contract/decisions.js';
import type { DashboardQuery } from '../../../contract/dashboard.js';
import type { DispositionView } from '../../../contract/dispositions.js';
import { TASK_TEXT } from '../../../contract/timeline-texts.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { VersionLedger } from '../../db/schema/index.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { conflict, forbidden, notFound, validationError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/crypto.js';
import { sealMail } from '../../integrations/mail-message.js';
import { MAIL_TEXTS } from '../../i18n/mail-texts.js';
import { toLocale } from '../../../contract/locales.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import { isBrandUser, type AuthUser } from '../auth/auth-user.js';
import { createCorrectionsRepository } from '../corrections/corrections.repository.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import { createDispositionsRepository } from '../dispositions/dispositions.repository.js';
import { presentLedger, type LedgerRow } from '../returns/return.presenter.js';
import { createTaskQueueRepository } from '../tasks/task-queue.repository.js';
import { createWebhookEventsRepository } from '../webhooks/webhook-events.repository.js';
import { periodDays } from '../dashboard/dashboard.service.js';
import { presentDecision } from './decisions.presenter.js';
import { createDecisionsRepository } from './decisions.repository.js';

const decisionRepos = (db: DbOrTx) => ({
  decisions: createDecisionsRepository(db),
  corrections: createCorrectionsRepository(db),
  dispositions: createDispositionsRepository(db),
  queue: createTaskQueueRepository(db),
  audit: createAuditRepository(db),
  events: createWebhookEventsRepository(db),
});
type Repos = ReturnType<typeof decisionRepos>;

/** A decision to apply: the waiting line, the disposition and who. */
interface Outcome {
  decisionId: number;
  disposition: string;
  comment: string | null;
}
interface Decider {
  state: 'decided' | 'defaulted';
  userId: number | null;
  username: string;
}

/**
 * Decisions on exceptions (issue 25). Per customer, admins set which submitted lines wait for the
 * brand's decision (decision-rules.service.ts). A brand user decides waiting lines of its customers (one or
 * several at once); the worker applies the rule's default when the deadline passes. Either way the
 * decision is a new version of the return, as a correction is (who, when, before → after), and goes
 * outbound to every connection the return went to, as a correction message.
 */
export function createDecisionsService(deps: {
  db: Db;
  clock: Clock;
  customerAccess: CustomerAccess;
  /** The digest mails (the worker role): the sealing box and the origin of the queue's link. */
  mail?: { secretBox: SecretBox; linkBase: string };
}) {
  const { clock, customerAccess } = deps;
  const uow = unitOfWork(deps.db, decisionRepos);

  /**
   * Applies decisions to the lines of one return in the caller's transaction: each waiting decision
   * is taken (a decision taken meanwhile → 409, nothing of this call stays), the lines get their
   * dispositions, the return a new version (version 1 kept first, as corrections do) and every
   * connection the return went to a correction message of that version.
   */
  async function applyToReturn(tx: Repos, returnId: number, outcomes: Outcome[], by: Decider, now: Date): Promise<number> {
    const taken = [];
    for (const o of outcomes) {
      const row = await tx.decisions.take(
        o.decisionId,
        { state: by.state, disposition: o.disposition, comment: o.comment, userId: by.userId, by: by.username },
        now,
      );
      if (!row) throw conflict(DECISION_MSG.alreadyDecided);
      taken.push({ row, outcome: o });
    }
    const current = await tx.corrections.ledgers(returnId);
    const ret = await tx.decisions.bumpVersion(returnId, taken.length, now);
    if (!ret) throw notFound('Return not found.');
    const snapshot = (ledgers: LedgerRow[]): VersionLedger[] => ledgers.map((l) => presentLedger(l) as VersionLedger);
    if (!(await tx.corrections.hasVersions(returnId))) {
      await tx.corrections.insertVersion({
        returnId,
        version: ret.version - 1,
        userId: ret.userId,
        username: ret.username,
        comment: null,
        lines: snapshot(current),
        missingLines: (await tx.corrections.missingLines(returnId)).map((m) => ({
          id: m.id,
          order_line_id: m.orderLineId,
          product_id: m.productId,
          quantity: m.quantity,
        })),
        changes: [],
        createdAt: ret.createdAt,
      });
    }
    const dispositions = await tx.dispositions.list(ret.customerId);
    const products = new Map((await tx.corrections.products([...new Set(current.map((l) => l.productId))])).map((p) => [p.id, p]));
    const changes = [];
    const words: string[] = [];
    for (const { row, outcome } of taken) {
      const line = current.find((l) => l.id === row.ledgerId);
      const found = dispositions.find((d) => d.code === outcome.disposition);
      const location = found?.requires_location ? (line?.location ?? null) : null;
      const product = line ? products.get(line.productId) : undefined;
      if (line) await tx.decisions.setLedgerDisposition(line.id, outcome.disposition, location);
      await tx.decisions.setOutcome(row.id, { dispositionBefore: line?.disposition ?? null, version: ret.version });
      changes.push({
        kind: 'changed' as const,
        ledger_id: row.ledgerId ?? 0,
        sku: product?.sku ?? '',
        name_1: product?.name1 ?? '',
        ...(line?.discrepancy ? { discrepancy: line.discrepancy } : {}),
        fields: [{ field: 'disposition', before: line?.disposition ?? null, after: outcome.disposition }],
      });
      words.push(`${product?.sku ?? `line ${row.ledgerId}`} → ${outcome.disposition}${outcome.comment ? ` (${outcome.comment})` : ''}`);
    }
    const comment = `${by.state === 'defaulted' ? DECISION_BY_DEFAULT : 'Decision'}: ${words.join('; ')}`;
    const after = await tx.corrections.ledgers(returnId);
    await tx.corrections.insertVersion({
      returnId,
      version: ret.version,
      userId: by.userId,
      username: by.username,
      comment,
      lines: snapshot(after),
      missingLines: (await tx.corrections.missingLines(returnId)).map((m) => ({
        id: m.id,
        order_line_id: m.orderLineId,
        product_id: m.productId,
        quantity: m.quantity,
      })),
      changes,
      createdAt: now,
    });
    let queued = 0;
    for (const to of await tx.corrections.sentTo(returnId)) {
      await tx.queue.enqueue(
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
      queued++;
    }
    queued += await tx.events.emit(
      {
        customerId: ret.customerId,
        eventType: 'return.corrected',
        subject: `return:${returnId}`,
        source: { returnId, version: ret.version },
      },
      now,
    );
    const decided = await tx.decisions.byIds(taken.map((x) => Number(x.row.id)));
    queued += await tx.events.emit(
      { customerId: ret.customerId, eventType: 'return.decided', subject: `return:${returnId}`, data: decidedData(decided, ret.version) },
      now,
    );
    if (by.userId !== null) {
      await tx.audit.record(
        {
          actor: { id: by.userId, username: by.username },
          action: 'decide',
          entityType: 'return',
          entityId: returnId,
          before: { version: ret.version - 1, lines: snapshot(current) },
          after: { version: ret.version, comment, changes },
        },
        now,
      );
    }
    return queued;
  }

  return {
    /** The queue: decisions of the caller's customers (or of one of them) in one state, the oldest first. */
    async list(caller: AuthUser, query: { customer_id?: number | undefined; state: DecisionState }): Promise<{ data: LineDecisionView[] }> {
      const ids = query.customer_id
        ? [(await customerAccess.require(caller, query.customer_id)).id]
        : (await customerAccess.listVisible(caller)).map((c) => c.id);
      const now = clock.now();
      return { data: (await uow.repos.decisions.list(ids, query.state)).map((r) => presentDecision(r, now)) };
    },

    /** The decisions of one return (the return view); the caller has passed the return's access check. */
    async ofReturn(returnId: number): Promise<LineDecisionView[]> {
      const now = clock.now();
      return (await uow.repos.decisions.ofReturn(returnId)).map((r) => presentDecision(r, now));
    },

    /**
     * A brand user decides one line or several: each a waiting line of one of its customers, with
     * one of that customer's dispositions (not one that needs a bin). All or nothing: a line decided
     * meanwhile (by another user or its deadline) answers 409 and none of the call is kept.
     */
    async decide(user: AuthUser, body: DecideBody): Promise<{ data: LineDecisionView[] }> {
      if (!isBrandUser(user)) throw forbidden();
      const now = clock.now();
      const ids = body.decisions.map((d) => d.id);
      const rows = new Map((await uow.repos.decisions.byIds(ids)).map((r) => [Number(r.id), r]));
      const errors: Record<string, string[]> = {};
      const seen = new Set<number>();
      const listsByCustomer = new Map<number, DispositionView[]>();
      for (const [i, d] of body.decisions.entries()) {
        const row = rows.get(d.id);
        if (!row) throw notFound(DECISION_MSG.decisionNotFound);
        const customerId = Number(row.customer_id);
        await customerAccess.require(user, customerId);
        if (seen.has(d.id)) errors[`decisions.${i}.id`] = [DECISION_MSG.lineTwice];
        seen.add(d.id);
        if (!listsByCustomer.has(customerId)) listsByCustomer.set(customerId, await uow.repos.dispositions.list(customerId));
        const found = listsByCustomer.get(customerId)!.find((x) => x.code === d.disposition);
        if (!found) errors[`decisions.${i}.disposition`] = [DECISION_MSG.dispositionUnknown];
        else if (found.requires_location) errors[`decisions.${i}.disposition`] = [DECISION_MSG.dispositionNeedsBin];
      }
      if (Object.keys(errors).length) throw validationError(errors);
      for (const d of body.decisions) if (rows.get(d.id)!.state !== 'awaiting') throw conflict(DECISION_MSG.alreadyDecided);
      const byReturn = new Map<number, Outcome[]>();
      for (const d of body.decisions) {
        const returnId = Number(rows.get(d.id)!.return_id);
        byReturn.set(returnId, [...(byReturn.get(returnId) ?? []), { decisionId: d.id, disposition: d.disposition, comment: d.comment }]);
      }
      await uow.transaction(async (tx) => {
        for (const [returnId, outcomes] of byReturn) {
          await applyToReturn(tx, returnId, outcomes, { state: 'decided', userId: user.id, username: user.username }, now);
        }
      });
      return { data: (await uow.repos.decisions.byIds(ids)).map((r) => presentDecision(r, now)) };
    },

    /**
     * The worker's tick: the waiting decisions past their deadline get their default, marked "by
     * default, no answer". Each is taken by one worker (FOR UPDATE SKIP LOCKED in the transaction),
     * so several workers apply a default once. Answers how many.
     */
    async applyDue(now: Date, limit = 100): Promise<number> {
      return uow.transaction(async (tx) => {
        const ids = await tx.decisions.dueIds(now, limit);
        if (!ids.length) return 0;
        const rows = await tx.decisions.byIds(ids);
        const byReturn = new Map<number, Outcome[]>();
        for (const r of rows) {
          const returnId = Number(r.return_id);
          byReturn.set(returnId, [
            ...(byReturn.get(returnId) ?? []),
            { decisionId: Number(r.id), disposition: r.default_disposition, comment: null },
          ]);
        }
        for (const [returnId, outcomes] of byReturn) {
          await applyToReturn(tx, returnId, outcomes, { state: 'defaulted', userId: null, username: DECISION_SYSTEM_USER }, now);
        }
        return ids.length;
      });
    },

    /**
     * The worker's digest (at most one an hour per brand): for each customer with decisions newer
     * than its last digest, one sealed `Mail` task per active brand user of it, in the user's
     * language, with the count and a link to the Decisions queue. The digest row is claimed in the
     * same statement, so several workers send it once. Answers the number of mails queued.
     */
    async sendDigests(now: Date): Promise<number> {
      const mail = deps.mail;
      if (!mail) return 0;
      return uow.transaction(async (tx) => {
        let queued = 0;
        for (const { customerId, waiting } of await tx.decisions.claimDigests(now)) {
          for (const u of await tx.decisions.brandRecipients(customerId)) {
            const texts = MAIL_TEXTS[toLocale(u.language) ?? 'en'].decisions;
            const link = `${mail.linkBase.replace(/\/$/, '')}/decisions?customer_id=${customerId}`;
            await tx.queue.enqueue(
              {
                taskType: 'Mail',
                message1: `Decisions digest for ${u.username}`,
                customerId,
                payload: sealMail(mail.secretBox, {
                  to: u.email,
                  subject: texts.subject({ company: u.company, count: waiting }),
                  text: texts.text({ name: u.name, company: u.company, count: waiting, link }),
                }),
              },
              now,
            );
            queued++;
          }
        }
        return queued;
      });
    },

    /**
     * The Dashboard tile for the caller's customers or the one asked for (the dashboard's filter and
     * period): the seam answers 404 for an unknown customer and 403 for one not the caller's.
     */
    async figures(caller: AuthUser, q: DashboardQuery): Promise<DecisionsDashboard> {
      const now = clock.now();
      const { from, to } = periodDays(q, now);
      const ids =
        q.customer_id !== undefined
          ? [(await customerAccess.require(caller, q.customer_id)).id]
          : (await customerAccess.listVisible(caller)).map((c) => c.id);
      const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000);
      return { from, to, ...(await uow.repos.decisions.figures(ids, now, new Date(`${from}T00:00:00Z`), end)) };
    },
  };
}
export type DecisionsService = ReturnType<typeof createDecisionsService>;
