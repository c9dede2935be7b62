import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_HEADERS } from '../../../contract/webhooks.js';

/** A new signing secret: 256 random bits, prefixed so a leaked one is recognisable in a scan. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** base64 HMAC-SHA256 of `${timestamp}.${body}` with the secret's UTF-8 bytes as the key. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('base64');
}

/**
 * The headers of one attempt. Each secret valid now signs (after a roll: the new one, then the
 * previous one for 24 h), as `v1=<base64>` entries separated by a space, so a receiver that still
 * holds the old secret keeps accepting while it is updated (docs/integrations.md "Webhooks").
 */
export function deliveryHeaders(eventId: string, timestamp: number, body: string, secrets: string[]): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'ReturnsDesk-Webhooks/1',
    [WEBHOOK_HEADERS.id]: eventId,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: secrets.map((s) => `v1=${signWebhook(s, timestamp, body)}`).join(' '),
  };
}
