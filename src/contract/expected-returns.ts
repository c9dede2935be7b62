import { z } from 'zod';
import { id, text } from './common.js';

export const EXPECTED_LIMITS = { perRequest: 100, perFile: 10_000, itemsPerReturn: 100, maxQuantity: 9999 } as const;

export const EXPECTED_MSG = {
  list: `Send 1 to ${EXPECTED_LIMITS.perRequest} expected returns in expected_returns`,
  rma: 'The RMA number is required (at most 64 characters)',
  rmaTaken: (rma: string) => `RMA ${rma} was announced already`,
  rmaTwice: (rma: string) => `RMA ${rma} is in this request twice`,
  rmaTwiceInFile: (rma: string) => `RMA ${rma} is in this file twice`,
  fileList: `Give 1 to ${EXPECTED_LIMITS.perFile} expected returns in expected_returns`,
  tracking: 'At most 64 characters',
  orderReference: 'At most 64 characters',
  items: `Give 1 to ${EXPECTED_LIMITS.itemsPerReturn} items`,
  skuOrUpc: 'Give the SKU or the UPC of the item',
  quantity: `Quantity must be a whole number from 1 to ${EXPECTED_LIMITS.maxQuantity}`,
  reason: 'At most 200 characters',
  scan: 'Scan or type the label’s barcode',
  noMatch: 'No expected return matches this label.',
  notFound: 'Expected return not found.',
} as const;

const optional64 = (message: string) => text(message).trim().max(64, { error: message }).nullish();

export const expectedItemBody = z
  .object({
    sku: text(EXPECTED_MSG.skuOrUpc).trim().max(100, { error: EXPECTED_MSG.skuOrUpc }).nullish(),
    upc: text(EXPECTED_MSG.skuOrUpc).trim().max(100, { error: EXPECTED_MSG.skuOrUpc }).nullish(),
    quantity: z
      .number({ error: EXPECTED_MSG.quantity })
      .int({ error: EXPECTED_MSG.quantity })
      .min(1, { error: EXPECTED_MSG.quantity })
      .max(EXPECTED_LIMITS.maxQuantity, { error: EXPECTED_MSG.quantity }),
    reason: text(EXPECTED_MSG.reason).trim().max(200, { error: EXPECTED_MSG.reason }).nullish(),
  })
  .refine((v) => !!(v.sku || v.upc), { error: EXPECTED_MSG.skuOrUpc, path: ['sku'] });

export const expectedReturnBody = z.object({
  rma: text(EXPECTED_MSG.rma).trim().min(1, { error: EXPECTED_MSG.rma }).max(64, { error: EXPECTED_MSG.rma }),
  tracking_number: optional64(EXPECTED_MSG.tracking),
  order_reference: optional64(EXPECTED_MSG.orderReference),
  items: z
    .array(expectedItemBody, { error: EXPECTED_MSG.items })
    .min(1, { error: EXPECTED_MSG.items })
    .max(EXPECTED_LIMITS.itemsPerReturn, { error: EXPECTED_MSG.items }),
});
export type ExpectedReturnBody = z.infer<typeof expectedReturnBody>;

/** POST /api/v1/expected-returns: all or nothing; a refused one is named by its place (expected_returns.3.rma). */
export const expectedReturnsBatch = z.object({
  expected_returns: z
    .array(expectedReturnBody, { error: EXPECTED_MSG.list })
    .min(1, { error: EXPECTED_MSG.list })
    .max(EXPECTED_LIMITS.perRequest, { error: EXPECTED_MSG.list }),
});
export type ExpectedReturnsBatch = z.infer<typeof expectedReturnsBatch>;

export const expectedItemView = z.object({
  sku: z.string().nullable(),
  upc: z.string().nullable(),
  quantity: z.number().int(),
  reason: z.string().nullable(),
});
export const expectedReturnView = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  rma: z.string(),
  tracking_number: z.string().nullable(),
  order_reference: z.string().nullable(),
  status: z.string(),
  source: z.string(),
  created_at: z.string(),
  items: z.array(expectedItemView),
  /** When the desk received it, and the return it became (null while expected). */
  received_at: z.string().nullable().optional(),
  return_id: z.number().int().nullable().optional(),
  /** When it was found overdue (null when it was not). */
  overdue_at: z.string().nullable().optional(),
});
export type ExpectedReturnView = z.infer<typeof expectedReturnView>;
export const expectedReturnsCreated = z.object({ created: z.array(expectedReturnView) });

/** PUT /api/returns/expected/{customerId}: the desk's scan of a return label (tracking barcode or RMA). */
export const expectedScanBody = z.object({
  scan: text(EXPECTED_MSG.scan).trim().min(1, { error: EXPECTED_MSG.scan }).max(200, { error: EXPECTED_MSG.scan }),
});
export const expectedScanParams = z.object({ customerId: id() });

/** POST /api/su/customers/{id}/expected-returns/import: a CSV file as text, or an XLSX file as base64. */
export const expectedImportBody = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx' }),
  content: text('content is required')
    .min(1, { error: 'content is required' })
    .max(10 * 1024 * 1024, { error: 'The file is too large' }),
});
export type ExpectedImportBody = z.infer<typeof expectedImportBody>;
export const expectedImportAnswer = z.object({ created: z.number().int(), rmas: z.array(z.string()) });

/** What the admin list shows: received, or overdue (expected past the customer's days), or still expected. */
export const EXPECTED_LIST_STATUSES = ['expected', 'received', 'overdue'] as const;
export type ExpectedListStatus = (typeof EXPECTED_LIST_STATUSES)[number];
export const EXPECTED_LIST_LIMIT = 200;

/** GET /api/su/customers/{id}/expected-returns: the newest first, optionally of one status. */
export const expectedListQuery = z.object({
  status: z.enum(EXPECTED_LIST_STATUSES, { error: `status must be one of: ${EXPECTED_LIST_STATUSES.join(', ')}` }).optional(),
});
export const expectedListAnswer = z.object({
  overdue_days: z.number().int(),
  counts: z.object({ expected: z.number().int(), received: z.number().int(), overdue: z.number().int() }),
  /** At most EXPECTED_LIST_LIMIT, newest first. */
  expected_returns: z.array(expectedReturnView),
});
export type ExpectedListAnswer = z.infer<typeof expectedListAnswer>;

/** PUT /api/su/customers/{id}/expected-returns/settings */
export const EXPECTED_SETTINGS_MSG = { overdueDays: 'Overdue after must be a whole number of days from 1 to 365' } as const;
export const expectedSettingsBody = z.object({
  overdue_days: z
    .number({ error: EXPECTED_SETTINGS_MSG.overdueDays })
    .int({ error: EXPECTED_SETTINGS_MSG.overdueDays })
    .min(1, { error: EXPECTED_SETTINGS_MSG.overdueDays })
    .max(365, { error: EXPECTED_SETTINGS_MSG.overdueDays }),
});
export const expectedSettings = z.object({ overdue_days: z.number().int() });

/** GET /api/dashboard/expected (the dashboard's query): expected vs arrived for the user's customers or one. */
export const expectedDashboard = z.object({
  from: z.string(),
  to: z.string(),
  /** Announced in the period (created, by the API or an upload). */
  announced: z.number().int(),
  /** Received at the desk in the period. */
  arrived: z.number().int(),
  /** Now: still expected within their days, and overdue. */
  awaiting: z.number().int(),
  overdue: z.number().int(),
});
export type ExpectedDashboard = z.infer<typeof expectedDashboard>;
