import { z } from 'zod';
import { id, requiredText, text } from './common.js';

/** What a customer's API key may do (issue 26); `expected_returns:write` serves pre-advice. */
export const API_KEY_SCOPES = ['returns:read', 'expected_returns:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** Every API key starts with this, so a key sent to a staff route is told apart (and refused) at once. */
export const API_KEY_PREFIX = 'rdk_';

export const API_KEY_LIMITS = { perCustomer: 20, returnsPerPage: 50, maxReturnsPerPage: 200 } as const;

export const API_KEY_MSG = {
  name: 'Give the key a name (at most 100 characters)',
  scopes: `Choose one or more of: ${API_KEY_SCOPES.join(', ')}`,
  tooMany: `A customer has at most ${API_KEY_LIMITS.perCustomer} active API keys`,
  notFound: 'API key not found.',
  revoked: 'API key revoked',
  cursor: 'The cursor is not one this API gave',
  updatedSince: 'updated_since must be a date-time such as 2026-11-27T08:00:00Z',
  limit: `limit must be a whole number from 1 to ${API_KEY_LIMITS.maxReturnsPerPage}`,
  returnNotFound: 'Return not found.',
} as const;

/** POST /api/su/customers/{id}/api-keys */
export const apiKeyBody = z.object({
  name: requiredText(API_KEY_MSG.name, 100),
  // Checked on the list, so an unknown scope is reported on the field.
  scopes: z
    .array(text(API_KEY_MSG.scopes), { error: API_KEY_MSG.scopes })
    .min(1, { error: API_KEY_MSG.scopes })
    .max(API_KEY_SCOPES.length * 2, { error: API_KEY_MSG.scopes })
    .refine((list) => list.every((v) => (API_KEY_SCOPES as readonly string[]).includes(v)), { error: API_KEY_MSG.scopes })
    .transform((list) => [...new Set(list)] as ApiKeyScope[])
    .meta({ items: { type: 'string', enum: [...API_KEY_SCOPES] } }),
});
export type ApiKeyBody = z.infer<typeof apiKeyBody>;

export const apiKeyView = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.string()),
  created_by: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyView>;
/** The create answer: the key itself, shown this once (only its hash is kept). */
export const apiKeyCreated = apiKeyView.extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>;
export const apiKeyParams = z.object({ id: id() });

/** GET /api/v1/returns: the key's customer's returns by last change (submit or correction), oldest first. */
export const partnerReturnsQuery = z.object({
  cursor: text(API_KEY_MSG.cursor).max(200, { error: API_KEY_MSG.cursor }).optional(),
  updated_since: text(API_KEY_MSG.updatedSince)
    .refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), { error: API_KEY_MSG.updatedSince })
    .optional()
    .meta({ format: 'date-time' }),
  limit: z.coerce
    .number({ error: API_KEY_MSG.limit })
    .int({ error: API_KEY_MSG.limit })
    .min(1, { error: API_KEY_MSG.limit })
    .max(API_KEY_LIMITS.maxReturnsPerPage, { error: API_KEY_MSG.limit })
    .optional(),
});
export type PartnerReturnsQuery = z.infer<typeof partnerReturnsQuery>;

export const partnerReturnSummary = z.object({
  id: z.number().int(),
  version: z.number().int(),
  order_id: z.number().int().nullable(),
  reference_1: z.string().nullable(),
  reference_2: z.string().nullable(),
  return_date: z.string(),
  is_blind: z.boolean(),
  tracking_number: z.string().nullable(),
  has_discrepancies: z.boolean(),
  created_at: z.string(),
  /** The submit, or the last correction. */
  updated_at: z.string(),
});
export const partnerReturnsPage = z.object({
  returns: z.array(partnerReturnSummary),
  /** Pass as `cursor` for the next page; null when this page reached the end (keep the last `updated_at` to poll later). */
  next_cursor: z.string().nullable(),
});
export type PartnerReturnsPage = z.infer<typeof partnerReturnsPage>;

const photoLink = z.object({ id: z.number().int(), url: z.string(), original_url: z.string() });

/** GET /api/v1/returns/{returnId}: the same snapshot a return.received / return.corrected event carries. */
export const partnerReturn = z.object({
  return: z.object({
    id: z.number().int(),
    version: z.number().int(),
    customer_id: z.number().int(),
    company: z.string(),
    return_date: z.string(),
    is_blind: z.boolean(),
    reference_1: z.string().nullable(),
    reference_2: z.string().nullable(),
    tracking_number: z.string().nullable(),
    received_by: z.string(),
    created_at: z.string(),
    has_discrepancies: z.boolean(),
  }),
  order: z
    .object({
      id: z.number().int(),
      order_number: z.string().nullable(),
      delivery_number: z.string().nullable(),
      web_order_number: z.string().nullable(),
    })
    .nullable(),
  correction: z.object({ version: z.number().int(), corrected_by: z.string(), corrected_at: z.string(), comment: z.string() }).nullable(),
  lines: z.array(
    z.object({
      line_id: z.number().int(),
      order_line_number: z.number().int().nullable(),
      sku: z.string(),
      upc: z.string().nullable(),
      name: z.string(),
      color: z.string().nullable(),
      size: z.string().nullable(),
      quantity: z.number().int(),
      condition: z.string(),
      reason: z.string(),
      reason_text: z.string().nullable(),
      comment: z.string().nullable(),
      disposition: z.string().nullable(),
      disposition_text: z.string().nullable(),
      bin: z.string().nullable(),
      discrepancy: z.string().nullable(),
      replaces_order_line_number: z.number().int().nullable(),
      photos: z.array(photoLink),
    }),
  ),
  missing_lines: z.array(
    z.object({
      order_line_number: z.number().int(),
      sku: z.string(),
      upc: z.string().nullable(),
      name: z.string(),
      quantity: z.number().int(),
    }),
  ),
  photos: z.array(photoLink),
});
export type PartnerReturn = z.infer<typeof partnerReturn>;
export const partnerReturnParams = z.object({ returnId: id() });
