import { CORRECTED_FIELDS, CORRECTION_MSG, type CorrectionLine } from '../../../contract/corrections.js';
import { MSG } from '../../../contract/messages.js';
import { RETURN_MSG } from '../../../contract/returns.js';
import type { StoredLineChange } from '../../db/schema/index.js';
import type { LedgerRow, ReturnRow } from '../returns/return.presenter.js';

/** What the plan needs to know besides the return and its lines (read by the service). */
export interface PlanFacts {
  /** The customer's reason codes. */
  reasons: Set<string>;
  /** Products named by the current and new lines. */
  products: Map<number, { customerId: number; sku: string; name1: string }>;
  /** Order lines named by new lines, with their order. */
  orderLines: Map<number, { orderId: number; productId: number }>;
  /** Received count of each order line the return touches (every return's current ledgers). */
  received: Map<number, number>;
}

export interface LedgerUpdate {
  id: number;
  quantity: number;
  condition: string;
  reason: string;
  comment: string | null;
}

export interface NewCorrectionLedger {
  orderLineId: number | null;
  productId: number;
  quantity: number;
  condition: string;
  reason: string;
  comment: string | null;
}

export type CorrectionPlan =
  | { ok: true; updates: LedgerUpdate[]; removals: number[]; additions: NewCorrectionLedger[]; changes: StoredLineChange[] }
  | { ok: false; errors: Record<string, string[]> };

/** The order lines and products new lines name (for the service's reads). */
export function namedIds(lines: CorrectionLine[], current: LedgerRow[]) {
  const products = new Set(current.map((l) => l.productId));
  const orderLineIds = new Set<number>();
  for (const l of lines) {
    if (l.id === undefined && l.product_id !== undefined) products.add(l.product_id);
    if (l.id === undefined && l.order_line_id) orderLineIds.add(l.order_line_id);
  }
  for (const l of current) if (l.orderLineId !== null) orderLineIds.add(l.orderLineId);
  return { productIds: [...products], orderLineIds: [...orderLineIds] };
}

const valueOf = (l: { quantity: number; condition: string; reason: string; comment: string | null }) => ({
  quantity: l.quantity,
  condition: l.condition,
  reason: l.reason,
  comment: l.comment || null,
});

/**
 * Compares the corrected lines with the return's current ledgers and checks every rule: which
 * ledgers change, go and come, and what each change was (before → after per field). Pure, so the
 * rules are tested without a database; nothing is written when `ok` is false.
 */
export function planCorrection(ret: ReturnRow, current: LedgerRow[], lines: CorrectionLine[], facts: PlanFacts): CorrectionPlan {
  const errors: Record<string, string[]> = {};
  const fail = (i: number, field: string, message: string) => {
    const key = `lines.${i}.${field}`;
    if (!errors[key]) errors[key] = [message];
  };
  const byId = new Map(current.map((l) => [l.id, l]));
  const seen = new Set<number>();
  /** Each listed line with the ledger it keeps (undefined for a new one) and its order line. */
  const resolved: { line: CorrectionLine; kept?: LedgerRow; orderLineId: number | null; productId?: number }[] = [];

  lines.forEach((line, i) => {
    if (line.id !== undefined) {
      const kept = byId.get(line.id);
      if (!kept) return fail(i, 'id', CORRECTION_MSG.lineUnknown);
      if (seen.has(line.id)) return fail(i, 'id', CORRECTION_MSG.lineTwice);
      seen.add(line.id);
      if (
        (line.product_id !== undefined && line.product_id !== kept.productId) ||
        (line.order_line_id && line.order_line_id !== kept.orderLineId)
      ) {
        return fail(i, 'product_id', CORRECTION_MSG.productFixed);
      }
      if (line.reason !== kept.reason && !facts.reasons.has(line.reason)) fail(i, 'reason', RETURN_MSG.reasonUnknown);
      resolved.push({ line, kept, orderLineId: kept.orderLineId, productId: kept.productId });
      return;
    }
    if (!facts.reasons.has(line.reason)) fail(i, 'reason', RETURN_MSG.reasonUnknown);
    if (ret.orderId === null) {
      if (line.product_id === undefined) return fail(i, 'product_id', CORRECTION_MSG.productRequired);
      if (line.order_line_id) return fail(i, 'order_line_id', RETURN_MSG.lineNotInOrder);
      const product = facts.products.get(line.product_id);
      if (!product || product.customerId !== ret.customerId) return fail(i, 'product_id', CORRECTION_MSG.productUnknown);
      resolved.push({ line, orderLineId: null, productId: line.product_id });
      return;
    }
    if (!line.order_line_id) return fail(i, 'order_line_id', CORRECTION_MSG.orderLineRequired);
    const orderLine = facts.orderLines.get(line.order_line_id);
    if (!orderLine || orderLine.orderId !== ret.orderId) return fail(i, 'order_line_id', RETURN_MSG.lineNotInOrder);
    if (line.product_id !== undefined && line.product_id !== orderLine.productId) return fail(i, 'product_id', RETURN_MSG.productNotOnLine);
    resolved.push({ line, orderLineId: line.order_line_id, productId: orderLine.productId });
  });

  // Received counts: every return's ledgers on an order line, with this return's taken out and the
  // corrected lines put in. A count below zero names the line that would break it.
  const counts = new Map(facts.received);
  for (const l of current) if (l.orderLineId !== null) counts.set(l.orderLineId, (counts.get(l.orderLineId) ?? 0) - l.quantity);
  for (const r of resolved) if (r.orderLineId !== null) counts.set(r.orderLineId, (counts.get(r.orderLineId) ?? 0) + r.line.quantity);
  resolved.forEach((r) => {
    const i = lines.indexOf(r.line);
    const count = r.orderLineId === null ? undefined : counts.get(r.orderLineId);
    const sku = facts.products.get(r.productId ?? 0)?.sku ?? '';
    if (count !== undefined && count < 0) fail(i, 'quantity', CORRECTION_MSG.negative(sku, count));
    else if (r.line.quantity < 1) fail(i, 'quantity', MSG.quantityRequired);
  });
  if (Object.keys(errors).length) return { ok: false, errors };

  const describe = (productId: number) => {
    const p = facts.products.get(productId);
    return { sku: p?.sku ?? '', name_1: p?.name1 ?? '' };
  };
  const updates: LedgerUpdate[] = [];
  const additions: NewCorrectionLedger[] = [];
  const changes: StoredLineChange[] = [];
  for (const r of resolved) {
    const after = valueOf(r.line);
    if (r.kept) {
      const before = valueOf(r.kept);
      const fields = CORRECTED_FIELDS.filter((f) => before[f] !== after[f]).map((f) => ({ field: f, before: before[f], after: after[f] }));
      if (!fields.length) continue;
      updates.push({ id: r.kept.id, ...after });
      changes.push({ kind: 'changed', ledger_id: r.kept.id, ...describe(r.kept.productId), fields });
    } else {
      additions.push({ orderLineId: r.orderLineId, productId: r.productId!, ...after });
    }
  }
  const removals = current.filter((l) => !seen.has(l.id));
  for (const l of removals) {
    const before = valueOf(l);
    changes.push({
      kind: 'removed',
      ledger_id: l.id,
      ...describe(l.productId),
      fields: CORRECTED_FIELDS.map((f) => ({ field: f, before: before[f], after: null })),
    });
  }
  if (!updates.length && !additions.length && !removals.length) return { ok: false, errors: { lines: [CORRECTION_MSG.nothingChanged] } };
  return { ok: true, updates, removals: removals.map((l) => l.id), additions, changes };
}

/** The 'added' entries, once the new ledgers have their ids (in the order they were listed). */
export function additionChanges(
  added: { id: number; productId: number; quantity: number; condition: string; reason: string; comment: string | null }[],
  products: PlanFacts['products'],
): StoredLineChange[] {
  return added.map((l) => {
    const after = valueOf(l);
    const p = products.get(l.productId);
    return {
      kind: 'added',
      ledger_id: l.id,
      sku: p?.sku ?? '',
      name_1: p?.name1 ?? '',
      fields: CORRECTED_FIELDS.map((f) => ({ field: f, before: null, after: after[f] })),
    };
  });
}
