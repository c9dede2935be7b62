import { z } from 'zod';
import { id, MAX_ID, text } from './common.js';

/** The events a customer's endpoint may subscribe to (issue 26; docs/integrations.md "Webhooks"). */
export const WEBHOOK_EVENT_TYPES = [
  'return.received',
  'return.corrected',
  'return.decision_requested',
  'return.decided',
  'parcel.received',
  'parcel.matched',
  'expected_return.overdue',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** What "send a test event" sends; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_STATUSES = ['active', 'paused', 'disabled'] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** Headers of every delivery (docs/integrations.md "Verifying a delivery"). */
export const WEBHOOK_HEADERS = {
  id: 'returns-desk-event-id',
  timestamp: 'returns-desk-timestamp',
  signature: 'returns-desk-signature',
} as const;

export const WEBHOOK_LIMITS = {
  maxEndpointsPerCustomer: 10,
  /** The first bytes of a receiver's answer kept in the attempt log. */
  snippetBytes: 500,
  /** A redelivered range holds at most this many deliveries. */
  maxRedeliver: 500,
  deliveriesPerPage: 50,
} as const;

export const WEBHOOK_MSG = {
  url: 'Enter the full https:// URL of the receiver',
  urlHttps: 'The URL must start with https://',
  urlInternal: 'The URL must name a public host, not localhost or a private, loopback or link-local address',
  urlCredentials: 'Put no user name or password in the URL; the signature authenticates the sender',
  eventTypes: `Choose one or more of: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  description: 'At most 200 characters',
  tooMany: `A customer has at most ${WEBHOOK_LIMITS.maxEndpointsPerCustomer} webhook endpoints`,
  urlTaken: 'This customer has an endpoint with this URL already',
  notFound: 'Webhook endpoint not found.',
  notActive: 'The endpoint is paused or disabled: resume it first, then redeliver.',
  deleted: 'Webhook endpoint deleted',
  range: 'Give the first delivery id (from_id) and optionally the last (to_id), to_id not below from_id',
  rangeTooBig: `Redeliver at most ${WEBHOOK_LIMITS.maxRedeliver} deliveries at a time`,
  nothingToRedeliver: 'No delivery of this endpoint in that range.',
  adminMailSubject: (company: string) => `Returns Desk: webhook endpoint of ${company} paused`,
} as const;

const urlField = text(WEBHOOK_MSG.url)
  .trim()
  .max(2000, { error: WEBHOOK_MSG.url })
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'https:' || u.protocol === 'http:') && !!u.hostname;
      } catch {
        return false;
      }
    },
    { error: WEBHOOK_MSG.url, abort: true },
  )
  .refine((v) => !new URL(v).username && !new URL(v).password, { error: WEBHOOK_MSG.urlCredentials })
  .meta({ format: 'uri' });

/**
 * (https:// is required by the service unless WEBHOOK_ALLOW_HTTP is set, for a receiver on the
 * same machine in development and tests.)
 * POST /api/su/customers/{id}/webhooks and PUT /api/su/webhooks/{id}. `active: false` pauses the
 * endpoint (events are not recorded for it); true resumes it and sends what it held.
 */
export const webhookEndpointBody = z.object({
  url: urlField,
  // Checked on the list, not per element, so an unknown type is reported on the field (not "event_types.0").
  event_types: z
    .array(text(WEBHOOK_MSG.eventTypes), { error: WEBHOOK_MSG.eventTypes })
    .min(1, { error: WEBHOOK_MSG.eventTypes })
    .max(WEBHOOK_EVENT_TYPES.length * 2, { error: WEBHOOK_MSG.eventTypes })
    .refine((list) => list.every((v) => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(v)), { error: WEBHOOK_MSG.eventTypes })
    .transform((list) => [...new Set(list)] as WebhookEventType[])
    .meta({ items: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] } }),
  active: z.boolean().default(true),
  description: text(WEBHOOK_MSG.description).trim().max(200, { error: WEBHOOK_MSG.description }).nullish(),
});
export type WebhookEndpointBody = z.infer<typeof webhookEndpointBody>;

export const webhookEndpointView = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  url: z.string(),
  description: z.string().nullable(),
  event_types: z.array(z.string()),
  status: z.enum(WEBHOOK_STATUSES),
  /** Why it is paused or disabled (an admin, 24 h of failures, the receiver's 410). */
  status_reason: z.string().nullable(),
  /** The first failed attempt since the last success; null while it works. */
  failing_since: z.string().nullable(),
  /** After a roll: until when the previous secret signs too. */
  previous_secret_until: z.string().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpointView>;

/** The create and roll answers: the signing secret, shown this once (it is never sent again). */
export const webhookEndpointWithSecret = webhookEndpointView.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecret>;

export const webhookParams = z.object({ id: id() });

export const webhookAttemptView = z.object({
  attempt: z.number().int(),
  at: z.string(),
  duration_ms: z.number().int(),
  response_status: z.number().int().nullable(),
  response_snippet: z.string().nullable(),
  error: z.string().nullable(),
  outcome: z.string(),
});

export const webhookDeliveryView = z.object({
  id: z.number().int(),
  event_id: z.string(),
  event_type: z.string(),
  subject: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_status: z.number().int().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  /** Every attempt, oldest first. */
  attempt_log: z.array(webhookAttemptView),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>;

/** GET /api/su/webhooks/{id}/deliveries: newest first; `before_id` pages back. */
export const webhookDeliveriesQuery = z.object({ before_id: id().optional() });
export const webhookDeliveriesPage = z.object({
  deliveries: z.array(webhookDeliveryView),
  /** The `before_id` of the next page; null on the last. */
  next_before_id: z.number().int().nullable(),
});
export type WebhookDeliveriesPage = z.infer<typeof webhookDeliveriesPage>;

/** POST /api/su/webhooks/{id}/redeliver: one delivery (from_id) or the range from_id … to_id of this endpoint. */
export const webhookRedeliverBody = z
  .object({
    from_id: z
      .number({ error: WEBHOOK_MSG.range })
      .int({ error: WEBHOOK_MSG.range })
      .min(1, { error: WEBHOOK_MSG.range })
      .max(MAX_ID * 1000),
    to_id: z.number({ error: WEBHOOK_MSG.range }).int({ error: WEBHOOK_MSG.range }).min(1, { error: WEBHOOK_MSG.range }).optional(),
  })
  .refine((v) => v.to_id === undefined || v.to_id >= v.from_id, { error: WEBHOOK_MSG.range, path: ['to_id'] });
export type WebhookRedeliverBody = z.infer<typeof webhookRedeliverBody>;
export const webhookRedeliverAnswer = z.object({ queued: z.number().int() });
