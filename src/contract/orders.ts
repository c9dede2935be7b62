import { z } from 'zod';
import { GRADES } from './inspection-rules.js';
import { deskDecisionRule } from './decisions.js';
import { deskInspection } from './inspection.js';
import { LIMITS, SEARCH_FIELDS } from './constants.js';
import { id, storableJson, text } from './common.js';

export const SEARCH_TOO_SHORT = `Enter at least ${LIMITS.searchMinLength} characters`;

/** PUT /api/returns/search/{customerId}: `field` only narrows the search for 'Biztalk Rest' customers. */
export const orderSearchBody = z.object({
  search: text(SEARCH_TOO_SHORT)
    .trim()
    .min(LIMITS.searchMinLength, { error: SEARCH_TOO_SHORT })
    .max(100, { error: 'At most 100 characters' }),
  field: z.enum(SEARCH_FIELDS, { error: 'Search field must be orderNo, deliveryNo or webOrderNumber' }).nullish(),
});
export type OrderSearchBody = z.infer<typeof orderSearchBody>;

export const customerIdParam = z.object({
  customerId: id(),
});

/**
 * SPEC §3 "Order search result". `id` is null for a result a live source found that is not
 * imported yet; the client then loads it as `new` and sends `data` back.
 */
export const orderSearchResult = z.object({
  id: z.number().int().nullable(),
  source: z.string(),
  order_status: z.string(),
  delivery_name_1: z.string().nullable(),
  delivery_name_2: z.string().nullable(),
  delivery_contact: z.string().nullable(),
  reference_1: z.string().nullable(),
  reference_2: z.string().nullable(),
  reference_3: z.string().nullable(),
  reference_4: z.string().nullable(),
  created_at: z.string().nullable(),
  data: z.unknown().optional(),
});
export type OrderSearchResult = z.infer<typeof orderSearchResult>;

export const orderLoadParams = z.object({
  source: text().trim().min(1).max(50),
  id: z.union([z.literal('new'), id()]),
});

/** `customer_id` and `data` are needed only to load a `new` (not yet imported) order. */
export const orderLoadBody = z
  .object({
    customer_id: id().optional(),
    data: storableJson.optional(),
  })
  .nullish();
export type OrderLoadBody = z.infer<typeof orderLoadBody>;

export const product = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  sku: z.string(),
  upc: z.string().nullable(),
  name_1: z.string(),
  color: z.string().nullable(),
  size: z.string().nullable(),
});
export type Product = z.infer<typeof product>;

export const orderLine = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  product_id: z.number().int(),
  quantity: z.number().int(),
  /** Issue 25: one unit's value in the customer's minor units when the order file carried one (a "by unit value" decision rule reads it). */
  unit_value: z.number().int().nullable().optional(),
  product,
});
export type OrderLine = z.infer<typeof orderLine>;

/** SPEC §3 "Return ledger entry"; `id` is a temporary '__xxxxxx' string while the entry is new. */
export const ledgerEntry = z.object({
  id: z.union([z.number().int(), z.string()]),
  customer_id: z.number().int(),
  order_id: z.number().int().nullable(),
  order_line_id: z.number().int().nullable(),
  product_id: z.number().int(),
  return_id: z.number().int().nullable(),
  condition: z.string(),
  quantity: z.number().int(),
  reason: z.string(),
  comment: z.string().nullable(),
  /** Issue 16: the disposition code, the bin, WRONG_ITEM / EXTRA_ITEM and the order line a wrong item replaced. */
  disposition: z.string().nullable(),
  location: z.string().nullable(),
  discrepancy: z.string().nullable(),
  replaces_order_line_id: z.number().int().nullable(),
  /** Issue 27: the grade, the serial, whether it was shipped on the order (null: not checked) and whether it came back before. */
  grade: z.enum(GRADES).nullable().optional(),
  serial: z.string().nullable().optional(),
  serial_shipped: z.boolean().nullable().optional(),
  serial_repeated: z.boolean().optional(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

export const reasonOption = z.object({ id: z.number().int(), option_code: z.string(), option_value: z.string() });
export type ReasonOption = z.infer<typeof reasonOption>;

/** SPEC §3 "Order": the header and delivery fields every order screen shows. */
export const orderHeader = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  delivery_number: z.string().nullable(),
  order_number: z.string().nullable(),
  web_order_number: z.string().nullable(),
  buyer_reference: z.string().nullable(),
  order_type: z.string().nullable(),
  source: z.string(),
  order_status: z.string(),
  created_at: z.string(),
  delivery_name_1: z.string().nullable(),
  delivery_name_2: z.string().nullable(),
  delivery_address_1: z.string().nullable(),
  delivery_address_2: z.string().nullable(),
  delivery_address_3: z.string().nullable(),
  delivery_city: z.string().nullable(),
  delivery_state: z.string().nullable(),
  delivery_zipcode: z.string().nullable(),
  delivery_country: z.string().nullable(),
  delivery_contact: z.string().nullable(),
  delivery_phone: z.string().nullable(),
  delivery_email: z.string().nullable(),
});

/** The order as the order panel needs it, plus the customer's reason choices. */
export const orderDetail = orderHeader.extend({
  source_id_1: z.string(),
  order_lines: z.array(orderLine),
  returns: z.array(z.object({ id: z.number().int(), created_at: z.string(), username: z.string() })),
  ledgers: z.array(ledgerEntry),
  reasons: z.array(reasonOption),
  /** Issue 27: the grade scale and the rule of each product of the order that has one (absent in a draft stored before). */
  inspection: deskInspection.optional(),
  /** Issue 25: the customer's decision rules, so the summary can say which lines will wait for the brand (absent in a draft stored before). */
  decision_rules: z.array(deskDecisionRule).optional(),
});
export type OrderDetail = z.infer<typeof orderDetail>;
