import type { SearchField } from '../../contract/constants.js';
import { partnerJson, partnerUrl, type PartnerAuth } from './partner-http.js';

/**
 * Order reads from partners (docs/integrations.md "REST order API" and "Web shop API"). Both answer
 * orders in the order file's JSON shape ("Order files"), so one import path serves files and partners.
 */
export interface PartnerEndpoint {
  endpoint: string;
  auth: PartnerAuth;
  timeoutMs: number;
}

interface OrdersAnswer {
  orders?: unknown;
}

function ordersOf(body: OrdersAnswer | null): unknown[] {
  if (!body || !Array.isArray(body.orders)) throw new Error('the answer has no "orders" list');
  return body.orders;
}

/** 'Biztalk Rest': GET {endpoint}/orders?orderNo=… | deliveryNo=… | webOrderNumber=… */
export async function searchRestOrders(p: PartnerEndpoint, field: SearchField, value: string): Promise<unknown[]> {
  const { body } = await partnerJson<OrdersAnswer>({
    method: 'GET',
    url: partnerUrl(p.endpoint, 'orders', { [field]: value }),
    auth: p.auth,
    timeoutMs: p.timeoutMs,
  });
  return ordersOf(body);
}

/** 'SGL Ecommerce': GET {endpoint}/orders?search=… (the shop matches order, delivery and web order numbers). */
export async function searchShopOrders(p: PartnerEndpoint, value: string): Promise<unknown[]> {
  const { body } = await partnerJson<OrdersAnswer>({
    method: 'GET',
    url: partnerUrl(p.endpoint, 'orders', { search: value }),
    auth: p.auth,
    timeoutMs: p.timeoutMs,
  });
  return ordersOf(body);
}

/** The return as the web shop receives it (POST {endpoint}/returns). */
export interface ShopReturn {
  return_id: number;
  order_source_id: string | null;
  order_number: string | null;
  web_order_number: string | null;
  return_date: string;
  reference_1: string | null;
  reference_2: string | null;
  blind: boolean;
  received_by: string;
  lines: Array<{
    line_number: number | null;
    sku: string;
    quantity: number;
    condition: string;
    reason: string;
    reason_text: string | null;
    comment: string | null;
    /** Format version 2 on (docs/integrations.md "Format versions"). */
    disposition?: string | null;
    disposition_text?: string | null;
    location?: string | null;
    discrepancy?: string | null;
    replaces_line_number?: number | null;
    photos?: ShopPhoto[];
    /** Format version 3 on (issue 27): the grade and the customer's name for it, the steps as answered, the serial. */
    grade?: string | null;
    grade_name?: string | null;
    step_answers?: { text: string; kind: string; answer: string }[] | null;
    serial?: string | null;
    serial_shipped?: boolean | null;
    serial_repeated?: boolean;
  }>;
  /** Format version 2 on. */
  format_version?: number;
  missing_lines?: Array<{ line_number: number; sku: string; quantity: number }>;
  discrepancies?: { missing: number; wrong_items: number; extra_items: number; total: number };
  /** Photos of the whole return (the parcel, the label). */
  photos?: ShopPhoto[];
}

/** Signed links that work without a login (display size and original); format version 2 on. */
export interface ShopPhoto {
  id: number;
  url: string;
  original_url: string;
}

/**
 * Posts a return with an Idempotency-Key (return-<id>): the shop answers the same return for the
 * same key, so a retry after a lost answer never creates a second one.
 */
export async function postShopReturn(p: PartnerEndpoint, ret: ShopReturn, signal?: AbortSignal) {
  const { status, body } = await partnerJson<{ id?: unknown; status?: unknown } | null>({
    method: 'POST',
    url: partnerUrl(p.endpoint, 'returns'),
    auth: p.auth,
    timeoutMs: p.timeoutMs,
    body: ret,
    headers: { 'idempotency-key': shopIdempotencyKey(ret.return_id) },
    signal,
  });
  return { status, shopReturnId: body && body.id !== undefined ? String(body.id) : null };
}

/** A correction as the web shop receives it: the full corrected return and what it corrects. */
export interface ShopCorrection extends ShopReturn {
  /** The return's version: 2 for the first correction, 3 for the next, … */
  return_version: number;
  /** The Idempotency-Key the return itself was posted with (return-<id>): the post this corrects. */
  original_idempotency_key: string;
  corrected_by: string;
  corrected_at: string;
  comment: string;
}

/** Idempotency keys: return-<id> for the return, return-<id>-v<version> for each correction. */
export const shopIdempotencyKey = (returnId: number, version?: number) =>
  version === undefined ? `return-${returnId}` : `return-${returnId}-v${version}`;

/** POST {endpoint}/returns/{return_id}/corrections with its own Idempotency-Key (return-<id>-v<version>). */
export async function postShopCorrection(p: PartnerEndpoint, correction: ShopCorrection, signal?: AbortSignal) {
  const { status, body } = await partnerJson<{ id?: unknown; status?: unknown } | null>({
    method: 'POST',
    url: partnerUrl(p.endpoint, `returns/${correction.return_id}/corrections`),
    auth: p.auth,
    timeoutMs: p.timeoutMs,
    body: correction,
    headers: { 'idempotency-key': shopIdempotencyKey(correction.return_id, correction.return_version) },
    signal,
  });
  return { status, shopReturnId: body && body.id !== undefined ? String(body.id) : null };
}
