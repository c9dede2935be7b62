import { internalHostOf } from './webhook-url-guard.js';
import { randomUUID } from 'node:crypto';
import { RESERVED_COMPANY } from '../../../contract/constants.js';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_MSG,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveriesPage,
  type WebhookDeliveryView,
  type WebhookEndpointBody,
  type WebhookEndpointView,
  type WebhookEndpointWithSecret,
  type WebhookRedeliverBody,
  type WebhookStatus,
} from '../../../contract/webhooks.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { AppError, conflict, invalid, notFound, validationError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/crypto.js';
import { changedKeys, createAuditRepository } from '../audit/audit.repository.js';
import { requireBrandOrAdmin, type AuthUser } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import { createTaskQueueRepository, type TaskQueueRepository } from '../tasks/task-queue.repository.js';
import { DELIVERY_WINDOW_MS } from './webhook-events.repository.js';
import { newWebhookSecret } from './webhook-signature.js';
import { createWebhooksRepository, type DeliveryWithLog, type EndpointRow } from './webhooks.repository.js';
import { TASK_TEXT } from '../../../contract/timeline-texts.js';

const repos = (db: DbOrTx) => ({
  webhooks: createWebhooksRepository(db),
  audit: createAuditRepository(db),
  queue: createTaskQueueRepository(db),
});

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function presentEndpoint(row: EndpointRow, now: Date): WebhookEndpointView {
  const previousValid = row.previousSecretUntil && row.previousSecretUntil > now ? row.previousSecretUntil : null;
  return {
    id: row.id,
    customer_id: row.customerId,
    url: row.url,
    description: row.description,
    event_types: row.eventTypes,
    status: row.status as WebhookStatus,
    status_reason: row.statusReason,
    failing_since: iso(row.failingSince),
    previous_secret_until: iso(previousValid),
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentDelivery(d: DeliveryWithLog): WebhookDeliveryView {
  return {
    id: d.id,
    event_id: d.eventId,
    event_type: d.eventType,
    subject: d.subject,
    status: d.status as WebhookDeliveryView['status'],
    attempts: d.attempts,
    next_attempt_at: d.status === 'pending' ? iso(d.nextAttemptAt) : null,
    last_status: d.lastStatus,
    delivered_at: iso(d.deliveredAt),
    created_at: d.createdAt.toISOString(),
    attempt_log: d.attemptLog.map((a) => ({
      attempt: a.attempt,
      at: a.at.toISOString(),
      duration_ms: a.durationMs,
      response_status: a.responseStatus,
      response_snippet: a.responseSnippet,
      error: a.error,
      outcome: a.outcome,
    })),
  };
}

/** What the audit trail keeps of an endpoint: never its secrets. */
const auditView = (v: WebhookEndpointView) => {
  const { updated_at: _u, failing_since: _f, ...rest } = v;
  return rest;
};

/**
 * Webhook endpoints of a customer (issue 26), for admins and for the customer's brand users in the
 * portal (issue 25); operators never (integrations are the admin's in the warehouse). The signing
 * secret is made here, sealed (it must be read back to sign), answered once by create and roll, and
 * never again.
 */
export function createWebhooksService(deps: {
  db: Db;
  clock: Clock;
  secretBox: SecretBox;
  allowHttp: boolean;
  customerAccess: CustomerAccess;
}) {
  const { clock, secretBox } = deps;
  const uow = unitOfWork(deps.db, repos);

  /**
   * Who may manage the customer's endpoints: an admin any customer, a brand user its own (the access
   * seam's 403 for another's, 404 for none). Checked before any transaction: on PGlite a read
   * outside a transaction waits for it.
   */
  async function mayManage(actor: AuthUser, customerId: number): Promise<void> {
    requireBrandOrAdmin(actor);
    if (actor.isBrand) await deps.customerAccess.require(actor, customerId);
  }

  /** The same for an endpoint by id: its customer decides (unknown id: 404 to anyone allowed at all). */
  async function mayManageEndpoint(actor: AuthUser, id: number): Promise<void> {
    requireBrandOrAdmin(actor);
    const row = await uow.repos.webhooks.find(id);
    if (!row) throw notFound(WEBHOOK_MSG.notFound);
    await mayManage(actor, row.customerId);
  }

  function checkUrl(url: string): void {
    if (new URL(url).protocol !== 'https:' && !deps.allowHttp) throw invalid('url', WEBHOOK_MSG.urlHttps);
    // No posts into the server's own network (SSRF); the delivery checks what the name resolves to as well.
    if (!deps.allowHttp && internalHostOf(url)) throw invalid('url', WEBHOOK_MSG.urlInternal);
  }

  async function requireCustomer(tx: ReturnType<typeof repos>, customerId: number) {
    const customer = await tx.webhooks.customer(customerId);
    if (!customer) throw notFound('Customer not found.');
    if (customer.company === RESERVED_COMPANY) throw new AppError(403, 'The system reserved customer cannot be changed.');
    return customer;
  }

  async function requireEndpoint(tx: ReturnType<typeof repos>, id: number): Promise<EndpointRow> {
    const row = await tx.webhooks.findForUpdate(id);
    if (!row) throw notFound(WEBHOOK_MSG.notFound);
    return row;
  }

  /** One task per delivery, in order: the handler keeps the order per subject on top. */
  async function queueDeliveries(queue: TaskQueueRepository, endpoint: EndpointRow, ids: number[], now: Date) {
    for (const deliveryId of ids) {
      await queue.enqueue(
        {
          taskType: 'Webhook Delivery',
          message1: TASK_TEXT.redelivery(endpoint.id),
          customerId: endpoint.customerId,
          payload: { deliveryId },
        },
        now,
      );
    }
  }

  return {
    async list(actor: AuthUser, customerId: number): Promise<WebhookEndpointView[]> {
      await mayManage(actor, customerId);
      await requireCustomer(uow.repos, customerId);
      const now = clock.now();
      return (await uow.repos.webhooks.listFor(customerId)).map((r) => presentEndpoint(r, now));
    },

    async create(actor: AuthUser, customerId: number, body: WebhookEndpointBody): Promise<WebhookEndpointWithSecret> {
      await mayManage(actor, customerId);
      checkUrl(body.url);
      const now = clock.now();
      const secret = newWebhookSecret();
      return uow.transaction(async (tx) => {
        await requireCustomer(tx, customerId);
        if ((await tx.webhooks.countFor(customerId)) >= WEBHOOK_LIMITS.maxEndpointsPerCustomer) {
          throw validationError({ url: [WEBHOOK_MSG.tooMany] });
        }
        if (await tx.webhooks.urlTaken(customerId, body.url)) throw invalid('url', WEBHOOK_MSG.urlTaken);
        const row = await tx.webhooks.insert({
          customerId,
          url: body.url,
          description: body.description ?? null,
          eventTypes: body.event_types,
          status: body.active ? 'active' : 'paused',
          statusReason: body.active ? null : `Paused by ${actor.username}`,
          secretSealed: secretBox.seal(secret),
          createdBy: actor.username,
          createdAt: now,
          updatedAt: now,
        });
        const view = presentEndpoint(row, now);
        await tx.audit.record({ actor, action: 'create', entityType: 'webhook_endpoint', entityId: row.id, after: auditView(view) }, now);
        return { ...view, secret };
      });
    },

    /**
     * Changes the URL and the events; `active` pauses it (new events are not recorded for it, the
     * deliveries under way wait) or resumes it (what waited is sent, in order).
     */
    async update(actor: AuthUser, id: number, body: WebhookEndpointBody): Promise<WebhookEndpointView> {
      await mayManageEndpoint(actor, id);
      checkUrl(body.url);
      const now = clock.now();
      return uow.transaction(async (tx) => {
        const row = await requireEndpoint(tx, id);
        await requireCustomer(tx, row.customerId);
        if (await tx.webhooks.urlTaken(row.customerId, body.url, id)) throw invalid('url', WEBHOOK_MSG.urlTaken);
        const resuming = body.active && row.status !== 'active';
        const pausing = !body.active && row.status === 'active';
        const updated = await tx.webhooks.update(
          id,
          {
            url: body.url,
            description: body.description === undefined ? row.description : body.description,
            eventTypes: body.event_types,
            ...(resuming ? { status: 'active', statusReason: null, failingSince: null } : {}),
            ...(pausing ? { status: 'paused', statusReason: `Paused by ${actor.username}` } : {}),
          },
          now,
        );
        if (resuming) {
          const held = await tx.webhooks.held(id);
          await tx.webhooks.requeue(held, now, new Date(now.getTime() + DELIVERY_WINDOW_MS));
          await queueDeliveries(tx.queue, updated, held, now);
        }
        const before = auditView(presentEndpoint(row, now));
        const after = auditView(presentEndpoint(updated, now));
        if (changedKeys(before, after).length) {
          await tx.audit.record({ actor, action: 'update', entityType: 'webhook_endpoint', entityId: id, before, after }, now);
        }
        return presentEndpoint(updated, now);
      });
    },

    async remove(actor: AuthUser, id: number): Promise<void> {
      await mayManageEndpoint(actor, id);
      const now = clock.now();
      await uow.transaction(async (tx) => {
        const row = await requireEndpoint(tx, id);
        await requireCustomer(tx, row.customerId);
        await tx.webhooks.remove(id);
        const before = auditView(presentEndpoint(row, now));
        await tx.audit.record({ actor, action: 'delete', entityType: 'webhook_endpoint', entityId: id, before }, now);
      });
    },

    /** A new secret; the current one keeps signing for 24 h beside it, so receivers can switch. */
    async rollSecret(actor: AuthUser, id: number): Promise<WebhookEndpointWithSecret> {
      await mayManageEndpoint(actor, id);
      const now = clock.now();
      const secret = newWebhookSecret();
      return uow.transaction(async (tx) => {
        const row = await requireEndpoint(tx, id);
        await requireCustomer(tx, row.customerId);
        const updated = await tx.webhooks.update(
          id,
          {
            secretSealed: secretBox.seal(secret),
            previousSecretSealed: row.secretSealed,
            previousSecretUntil: new Date(now.getTime() + DELIVERY_WINDOW_MS),
          },
          now,
        );
        const view = presentEndpoint(updated, now);
        await tx.audit.record(
          {
            actor,
            action: 'update',
            entityType: 'webhook_endpoint',
            entityId: id,
            after: { secret_rolled: true, previous_secret_until: view.previous_secret_until },
          },
          now,
        );
        return { ...view, secret };
      });
    },

    async deliveries(actor: AuthUser, id: number, beforeId: number | undefined): Promise<WebhookDeliveriesPage> {
      await mayManageEndpoint(actor, id);
      const row = await uow.repos.webhooks.find(id);
      if (!row) throw notFound(WEBHOOK_MSG.notFound);
      const limit = WEBHOOK_LIMITS.deliveriesPerPage;
      const rows = await uow.repos.webhooks.deliveriesPage(id, beforeId, limit + 1);
      const page = rows.slice(0, limit);
      return { deliveries: page.map(presentDelivery), next_before_id: rows.length > limit ? page[page.length - 1]!.id : null };
    },

    /** Sends one delivery (from_id) or a range again, with the same event id (receivers deduplicate by it). */
    async redeliver(actor: AuthUser, id: number, body: WebhookRedeliverBody): Promise<{ queued: number }> {
      await mayManageEndpoint(actor, id);
      const now = clock.now();
      return uow.transaction(async (tx) => {
        const row = await requireEndpoint(tx, id);
        if (row.status !== 'active') throw conflict(WEBHOOK_MSG.notActive);
        const ids = await tx.webhooks.redeliverable(id, body.from_id, body.to_id ?? body.from_id, WEBHOOK_LIMITS.maxRedeliver);
        if (ids.length > WEBHOOK_LIMITS.maxRedeliver) throw validationError({ to_id: [WEBHOOK_MSG.rangeTooBig] });
        if (!ids.length) throw notFound(WEBHOOK_MSG.nothingToRedeliver);
        await tx.webhooks.requeue(ids, now, new Date(now.getTime() + DELIVERY_WINDOW_MS));
        await queueDeliveries(tx.queue, row, ids, now);
        return { queued: ids.length };
      });
    },

    /** A `webhook.test` event to this endpoint only, sent even while it is paused (to try it before resuming). */
    async sendTest(actor: AuthUser, id: number): Promise<WebhookDeliveryView> {
      await mayManageEndpoint(actor, id);
      const now = clock.now();
      const deliveryId = await uow.transaction(async (tx) => {
        const row = await requireEndpoint(tx, id);
        const data = { message: 'A test event from Returns Desk', endpoint_id: row.id, requested_by: actor.username };
        const did = await tx.webhooks.insertTestDelivery(
          row,
          { id: randomUUID(), eventType: WEBHOOK_TEST_EVENT, data },
          now,
          new Date(now.getTime() + DELIVERY_WINDOW_MS),
        );
        await queueDeliveries(tx.queue, row, [did], now);
        return did;
      });
      return presentDelivery((await uow.repos.webhooks.delivery(deliveryId))!);
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
