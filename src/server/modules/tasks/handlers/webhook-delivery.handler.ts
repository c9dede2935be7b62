import { performance } from 'node:perf_hooks';
import { WEBHOOK_LIMITS, WEBHOOK_MSG, WEBHOOK_TEST_EVENT } from '../../../../contract/webhooks.js';
import type { Db, DbOrTx } from '../../../db/client.js';
import { unitOfWork } from '../../../db/unit-of-work.js';
import type { Clock } from '../../../lib/clock.js';
import type { SecretBox } from '../../../lib/crypto.js';
import { sealMail } from '../../../integrations/mail-message.js';
import type { PhotoLinker } from '../../photos/photo-links.js';
import { deliveryHeaders } from '../../webhooks/webhook-signature.js';
import { internalAddressReason } from '../../webhooks/webhook-url-guard.js';
import { DELIVERY_WINDOW_MS } from '../../webhooks/webhook-events.repository.js';
import { createTaskQueueRepository } from '../task-queue.repository.js';
import { handlerFor, type TaskHandler } from '../task-worker.js';
import { PermanentTaskError, RetryAtError } from '../task-outcome.js';
import { createOutboundDataRepository } from './outbound-return-data.repository.js';
import { createWebhookDeliveryRepository, type EndpointRow, type EventRow } from './webhook-delivery.repository.js';
import { returnSnapshot } from './webhook-snapshot.js';
import { TASK_TEXT } from '../../../../contract/timeline-texts.js';

/** Delay after failed attempt n: 30 s doubling to at most 2 h, times a jitter of 50–100 %, so failing receivers are not hit in waves. */
export function webhookRetryDelayMs(attempt: number, random: () => number): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 2 * 3600_000);
  return Math.round(base * (0.5 + 0.5 * random()));
}

/** Whether the task should wait for an earlier delivery of the same subject: that one's next attempt, at least a second away. */
const WAIT_FOR_EARLIER_MS = 1000;

interface Answer {
  status: number | null;
  snippet: string | null;
  error: string | null;
  durationMs: number;
}

/** Reads at most `limit` bytes of the answer, then lets the rest go (a receiver may answer a lot). */
async function firstBytes(res: Response, limit: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

async function post(url: string, headers: Record<string, string>, body: string, timeoutMs: number, signal: AbortSignal): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers,
      body,
      // A redirect is not followed (it would re-post the signed body elsewhere): it counts as a failure.
      redirect: 'manual',
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
    });
    const snippet = await firstBytes(res, WEBHOOK_LIMITS.snippetBytes);
    return { status: res.status, snippet, error: null, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    const e = error as Error & { cause?: { code?: string } };
    const text = e.name === 'TimeoutError' ? `No answer within ${timeoutMs} ms` : (e.cause?.code ?? e.message);
    return { status: null, snippet: null, error: text, durationMs: Math.round(performance.now() - started) };
  }
}

export interface WebhookDeliveryDeps {
  db: Db;
  clock: Clock;
  secretBox: SecretBox;
  photoLinker: PhotoLinker;
  timeoutMs: number;
  /** Development and tests (WEBHOOK_ALLOW_HTTP): receivers on loopback or private addresses are allowed. */
  allowInternal?: boolean;
  /** The jitter's source (tests pass a fixed one). */
  random?: () => number;
}

/**
 * 'Webhook Delivery' (issue 26): one attempt of one event to one endpoint. At least once: a 2xx is
 * success; 410 disables the endpoint; anything else (other 4xx, 5xx, no answer in time) is tried
 * again with backoff until 24 h after the delivery was made. Deliveries of one subject (a return,
 * a parcel) to one endpoint go out in the order they were made: a later one waits for the earlier.
 * An endpoint that has failed for 24 h is paused and the admins are mailed.
 */
export function createWebhookDeliveryHandler(deps: WebhookDeliveryDeps): TaskHandler {
  const { clock, secretBox } = deps;
  const random = deps.random ?? Math.random;
  const repos = (db: DbOrTx) => ({
    deliveries: createWebhookDeliveryRepository(db),
    queue: createTaskQueueRepository(db),
  });
  const uow = unitOfWork(deps.db, repos);

  async function dataOf(event: EventRow): Promise<Record<string, unknown>> {
    if (event.data) return event.data;
    const { returnId, version } = event.source as { returnId?: number; version?: number };
    if (typeof returnId !== 'number') throw new PermanentTaskError('The event has neither data nor a return to build it from');
    const raw = await createOutboundDataRepository(deps.db).returnFile(returnId, version ?? 1);
    if (!raw) throw new PermanentTaskError(`Return #${returnId} version ${version ?? 1} no longer exists`);
    return uow.repos.deliveries.freezeData(event.id, returnSnapshot(raw, deps.photoLinker));
  }

  function secretsOf(endpoint: EndpointRow, now: Date): string[] {
    const secrets = [secretBox.open(endpoint.secretSealed)];
    if (endpoint.previousSecretSealed && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now) {
      secrets.push(secretBox.open(endpoint.previousSecretSealed));
    }
    return secrets;
  }

  async function mailAdmins(tx: ReturnType<typeof repos>, endpoint: EndpointRow, company: string, reason: string, now: Date) {
    for (const to of await tx.deliveries.adminEmails()) {
      await tx.queue.enqueue(
        {
          taskType: 'Mail',
          message1: TASK_TEXT.endpointPaused(endpoint.id),
          customerId: endpoint.customerId,
          payload: sealMail(secretBox, {
            to,
            subject: WEBHOOK_MSG.adminMailSubject(company),
            text: `Hello,\n\nThe webhook endpoint ${endpoint.url} of ${company} (#${endpoint.id}) has been paused: ${reason}.\nEvents are no longer recorded for it. Check the receiver, then resume the endpoint in the customer's webhooks; the deliveries it holds are sent then.\n`,
          }),
        },
        now,
      );
    }
  }

  return handlerFor('Webhook Delivery', async (_task, payload, signal) => {
    const loaded = await uow.repos.deliveries.load(payload.deliveryId);
    if (!loaded) return { details: { skipped: 'the delivery is gone (its endpoint was deleted)' } };
    const { delivery, endpoint, event } = loaded;
    if (delivery.status !== 'pending') return { details: { skipped: `the delivery is ${delivery.status} already` } };
    const now = clock.now();
    const isTest = event.eventType === WEBHOOK_TEST_EVENT;
    if (endpoint.status !== 'active' && !isTest) {
      await uow.repos.deliveries.hold(delivery.id, now);
      return { details: { held: `the endpoint is ${endpoint.status}; sent when it is resumed` } };
    }
    const earlier = await uow.repos.deliveries.earlierPending(delivery);
    if (earlier) {
      const at = Math.max(earlier.nextAttemptAt?.getTime() ?? 0, now.getTime() + WAIT_FOR_EARLIER_MS);
      throw new RetryAtError(`Waits for delivery #${earlier.id} of ${delivery.subject}`, new Date(at), { waiting_for: earlier.id });
    }

    const body = JSON.stringify({
      id: event.id,
      type: event.eventType,
      created_at: event.createdAt.toISOString(),
      data: await dataOf(event),
    });
    const timestamp = Math.floor(now.getTime() / 1000);
    const blocked = deps.allowInternal ? null : await internalAddressReason(endpoint.url);
    const answer: Answer = blocked
      ? { status: null, snippet: null, error: blocked, durationMs: 0 }
      : await post(endpoint.url, deliveryHeaders(event.id, timestamp, body, secretsOf(endpoint, now)), body, deps.timeoutMs, signal);
    const attempt = delivery.attempts + 1;
    const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
    const gone = answer.status === 410;
    const nextAt = new Date(now.getTime() + webhookRetryDelayMs(attempt, random));
    const retry = !ok && !gone && nextAt < delivery.giveUpAt;
    const outcome = ok ? 'delivered' : gone ? 'disabled' : retry ? 'retry' : 'failed';
    const failure = answer.error ?? `HTTP ${answer.status}`;

    await uow.transaction(async (tx) => {
      await tx.deliveries.recordAttempt({
        deliveryId: delivery.id,
        attempt,
        at: now,
        durationMs: answer.durationMs,
        responseStatus: answer.status,
        responseSnippet: answer.snippet,
        error: answer.error,
        outcome,
      });
      await tx.deliveries.updateDelivery(delivery.id, {
        attempts: attempt,
        status: ok ? 'delivered' : retry ? 'pending' : 'failed',
        nextAttemptAt: retry ? nextAt : null,
        lastStatus: answer.status,
        lastError: ok ? null : failure,
        deliveredAt: ok ? now : null,
        updatedAt: now,
      });
      if (ok) {
        if (endpoint.failingSince) await tx.deliveries.updateEndpoint(endpoint.id, { failingSince: null }, now);
      } else if (gone) {
        const reason = 'the receiver answered 410 Gone';
        await tx.deliveries.updateEndpoint(endpoint.id, { status: 'disabled', statusReason: reason }, now);
        await mailAdmins(tx, endpoint, await tx.deliveries.company(endpoint.customerId), reason, now);
      } else {
        const since = endpoint.failingSince ?? now;
        const failedADay = now.getTime() - since.getTime() >= DELIVERY_WINDOW_MS && endpoint.status === 'active';
        const reason = 'its deliveries have failed for 24 hours';
        await tx.deliveries.updateEndpoint(
          endpoint.id,
          { failingSince: since, ...(failedADay ? { status: 'paused', statusReason: `Paused: ${reason}` } : {}) },
          now,
        );
        if (failedADay) {
          await mailAdmins(tx, endpoint, await tx.deliveries.company(endpoint.customerId), reason, now);
        }
      }
      // This one is settled: the next of its subject need not wait for its retry time.
      if (!retry) await tx.deliveries.wakeNext(delivery, now);
    });

    const details = { endpoint_id: endpoint.id, event_id: event.id, attempt, status: answer.status, duration_ms: answer.durationMs };
    if (ok) return { details };
    if (retry) throw new RetryAtError(`${failure}; next attempt at ${nextAt.toISOString()}`, nextAt, details);
    throw new PermanentTaskError(gone ? `${failure}: the endpoint is disabled` : `${failure}; given up after 24 hours`, details);
  });
}
