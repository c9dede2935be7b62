import { z } from 'zod';
import { lineDecisionView } from './decisions.js';
import { id } from './common.js';
import { ledgerInspection } from './inspection.js';
import { orderHeader } from './orders.js';
import { photoRef } from './photos.js';
import { taskView } from './tasks.js';
import { returnVersion } from './corrections.js';

/** GET /api/returns/{returnId}/order/{orderId|blind} params: the SPA route's two ids. */
export const returnViewParams = z.object({
  returnId: id(),
  orderId: z.union([z.literal('blind'), id()]),
});

export const returnViewOrder = orderHeader;
export type ReturnViewOrder = z.infer<typeof returnViewOrder>;

export const returnViewLine = z.object({
  id: z.number().int(),
  product: z.object({
    id: z.number().int(),
    sku: z.string(),
    upc: z.string().nullable(),
    name_1: z.string(),
    color: z.string().nullable(),
    size: z.string().nullable(),
  }),
  quantity: z.number().int(),
  condition: z.string(),
  reason: z.string(),
  /** The reason's text among the customer's reasons (what the screens show); null when the code is no longer one. */
  reason_text: z.string().nullable(),
  comment: z.string().nullable(),
  /** Issue 16: the disposition code and its text (null when the code is no longer one), the bin. */
  disposition: z.string().nullable(),
  disposition_text: z.string().nullable(),
  location: z.string().nullable(),
  /** WRONG_ITEM / EXTRA_ITEM, and the line number of the order line a wrong item replaced. */
  discrepancy: z.string().nullable(),
  order_line_number: z.number().int().nullable(),
  replaces_line_number: z.number().int().nullable(),
  /** Issue 27: grade, step answers and serial; null when the line carries none of them. */
  inspection: ledgerInspection.nullable().optional(),
});
export type ReturnViewLine = z.infer<typeof returnViewLine>;

/** An order line confirmed missing from the parcel (issue 16). */
export const returnViewMissingLine = z.object({
  id: z.number().int(),
  /** The order line (a correction lists missing lines by it, issue 11). */
  order_line_id: z.number().int(),
  order_line_number: z.number().int(),
  product: returnViewLine.shape.product,
  quantity: z.number().int(),
});
export type ReturnViewMissingLine = z.infer<typeof returnViewMissingLine>;

/**
 * SPEC §3 Return as the Return View shows it (§2.10): header, order (null for blind returns),
 * lines, and the tasks of its timeline (the return's own tasks plus the order's 'SGL REST Create' log).
 */
export const returnView = z.object({
  id: z.number().int(),
  order_id: z.number().int().nullable(),
  customer_id: z.number().int(),
  company: z.string(),
  order_source: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  reference_1: z.string().nullable(),
  reference_2: z.string().nullable(),
  return_date: z.string(),
  is_blind: z.boolean(),
  /** The carrier tracking number it arrived with (issue 11), if known. */
  tracking_number: z.string().nullable(),
  /** The unknown parcel it was made from: its note and where to see it (issue 11). */
  parcel: z.object({ id: z.number().int(), note: z.string().nullable(), location: z.string() }).nullable(),
  /** 'Msg #': the BizTalk message id of the outbound file, once built. */
  message_id: z.string().nullable(),
  /** 1 as submitted; a correction sends the version it saw (409 when another was saved meanwhile). */
  version: z.number().int(),
  /** When the current version was saved by a correction ('corrected' badge); null as submitted. */
  corrected_at: z.string().nullable(),
  /** Every version with what it changed, oldest first; empty while the return is as submitted. */
  versions: z.array(returnVersion),
  created_at: z.string(),
  order: returnViewOrder.nullable(),
  lines: z.array(returnViewLine),
  has_discrepancies: z.boolean(),
  missing_lines: z.array(returnViewMissingLine),
  tasks: z.array(taskView),
  /** Photos of the return (ledger_id null: the parcel, the label) and of its lines (issue 16). */
  photos: z.array(photoRef),
  /** Lines waiting for the brand's decision (issue 25). */
  awaiting_decisions: z.number().int(),
  /** The decisions of its lines, waiting or made (who, when, what; by default when no answer came). */
  decisions: z.array(lineDecisionView),
});
export type ReturnView = z.infer<typeof returnView>;

/** The SPA route of a return (SPEC §2.1): the order id, or the word 'blind' for a blind return. */
export const returnViewPath = (r: { id: number; order_id: number | null }) => `/orders/${r.order_id ?? 'blind'}/returns/${r.id}`;
