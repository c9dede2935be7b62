import { CORRECTED_FIELDS, CORRECTION_MSG, type CorrectionBody, type CorrectionLine } from '../../../contract/corrections.js';
import { defaultDisposition, DISPOSITION_MSG, type DispositionView } from '../../../contract/dispositions.js';
import { MSG } from '../../../contract/messages.js';
import { RETURN_MSG } from '../../../contract/returns.js';
import type { StoredLineChange } from '../../db/schema/index.js';
import type { LedgerRow, MissingRow, ReturnRow } from '../returns/return.presenter.js';

/** What the plan needs to know besides the return and its lines (read by the service). */
export interface PlanFacts {
  /** The customer's reason codes. */
  reasons: Set<string>;
  /** Products named by the current and new lines. */
  products: Map<number, { customerId: number; sku: string; name1: string }>;
  /** Order lines named by new lines and missing lines, with their order and ordered quantity. */
  orderLines: Map<number, { orderId: number; productId: number; quantity: number }>;
  /** Received count of each order line the return touches (every return's current ledgers). */
  received: Map<number, number>;
  /** The customer's dispositions (issue 16). */
  dispositions: DispositionView[];
  /** The return's current missing order lines (issue 16). */
  missing: MissingRow[];
}

/** What a correction sets on a line: the fields of CORRECTED_FIELDS. */
export interface LineValues {
  quantity: number;
  condition: string;
  reason: string;
  comment: string | null;
  disposition: string | null;
  location: string | null;
}

export interface LedgerUpdate extends LineValues {
  id: number;
}

export interface NewCorrectionLedger extends LineValues {
  orderLineId: number | null;
  productId: number;
}

/** The missing order lines' part of a plan (issue 16): matched by order line. */
export interface MissingPlan {
  updates: { id: number; quantity: number }[];
  removals: number[];
  additions: { orderLineId: number; productId: number; quantity: number }[];
}

export type CorrectionPlan =
  | {
      ok: true;
      updates: LedgerUpdate[];
      removals: number[];
      additions: NewCorrectionLedger[];
      missing: MissingPlan;
      /** The return's has_discrepancies after the correction. */
      hasDiscrepancies: boolean;
      changes: StoredLineChange[];
    }
  | { ok: false; errors: Record<string, string[]> };

/** The order lines and products the body and the return name (for the service's reads). */
export function namedIds(body: Pick<CorrectionBody, 'lines' | 'missing_lines'>, current: LedgerRow[], missing: MissingRow[] = []) {
  const products = new Set([...current.map((l) => l.productId), ...missing.map((m) => m.productId)]);
  const orderLineIds = new Set<number>();
  for (const l of body.lines) {
    if (l.id === undefined && l.product_id !== undefined) products.add(l.product_id);
    if (l.id === undefined && l.order_line_id) orderLineIds.add(l.order_line_id);
  }
  for (const m of body.missing_lines ?? []) orderLineIds.add(m.order_line_id);
  for (const l of current) if (l.orderLineId !== null) orderLineIds.add(l.orderLineId);
  return { productIds: [...products], orderLineIds: [...orderLineIds] };
}

const valueOf = (
  l: Omit<LineValues, 'disposition' | 'location'> & { disposition?: string | null; location?: string | null },
): LineValues => ({
  quantity: l.quantity,
  condition: l.condition,
  reason: l.reason,
  comment: l.comment || null,
  disposition: l.disposition ?? null,
  location: l.location || null,
});

/** The base fields always, disposition and bin when set: what an added or removed line shows. */
const shownFields = (v: LineValues) =>
  CORRECTED_FIELDS.filter((f) => f === 'quantity' || f === 'condition' || f === 'reason' || f === 'comment' || v[f] !== null);
const kindOf = (discrepancy: string | null | undefined) => (discrepancy ? { discrepancy } : {});

/**
 * A line's disposition and bin after the correction, checked with receiving's rules (line-evidence.ts):
 * a code of this customer, a bin when it requires one (Restock) and only then. Left out on a kept line,
 * the disposition stays and so does its bin while the disposition takes one; a kept line whose code
 * the customer has since deleted keeps it as long as neither changes.
 */
function dispositionOf(
  line: CorrectionLine,
  kept: LedgerRow | undefined,
  list: DispositionView[],
  fail: (field: string, message: string) => void,
): { disposition: string | null; location: string | null } {
  const code = line.disposition !== undefined ? line.disposition : kept ? kept.disposition : defaultDisposition(list, line.condition);
  const found = code === null ? undefined : list.find((d) => d.code === code);
  const location = line.location !== undefined ? line.location : kept && found?.requires_location ? kept.location : null;
  if (kept && code === kept.disposition && location === kept.location) return { disposition: code, location };
  if (code !== null && !found && code !== kept?.disposition) fail('disposition', DISPOSITION_MSG.unknown);
  else if (found?.requires_location && !location) fail('location', DISPOSITION_MSG.locationRequired);
  else if (location && !found?.requires_location) fail('location', DISPOSITION_MSG.locationNotTaken);
  return { disposition: code, location };
}

/**
 * Compares the corrected lines (and missing order lines) with the return's current ones and checks
 * every rule: which ledgers change, go and come, and what each change was (before → after per
 * field). Pure, so the rules are tested without a database; nothing is written when `ok` is false.
 */
export function planCorrection(
  ret: ReturnRow,
  current: LedgerRow[],
  body: Pick<CorrectionBody, 'lines' | 'missing_lines'>,
  facts: PlanFacts,
): CorrectionPlan {
  const { lines } = body;
  const errors: Record<string, string[]> = {};
  const failAt = (key: string, message: string) => {
    if (!errors[key]) errors[key] = [message];
  };
  const fail = (i: number, field: string, message: string) => failAt(`lines.${i}.${field}`, message);
  const byId = new Map(current.map((l) => [l.id, l]));
  const seen = new Set<number>();
  /** Each listed line with the ledger it keeps (undefined for a new one), its order line and its values. */
  const resolved: { line: CorrectionLine; kept?: LedgerRow; orderLineId: number | null; productId?: number; values: LineValues }[] = [];
  const resolve = (i: number, line: CorrectionLine, kept: LedgerRow | undefined, orderLineId: number | null, productId: number) => {
    const evidence = dispositionOf(line, kept, facts.dispositions, (field, message) => fail(i, field, message));
    resolved.push({ line, kept, orderLineId, productId, values: valueOf({ ...line, ...evidence }) });
  };

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
      return resolve(i, line, kept, kept.orderLineId, kept.productId);
    }
    if (!facts.reasons.has(line.reason)) fail(i, 'reason', RETURN_MSG.reasonUnknown);
    if (ret.orderId === null) {
      if (line.product_id === undefined) return fail(i, 'product_id', CORRECTION_MSG.productRequired);
      if (line.order_line_id) return fail(i, 'order_line_id', RETURN_MSG.lineNotInOrder);
      const product = facts.products.get(line.product_id);
      if (!product || product.customerId !== ret.customerId) return fail(i, 'product_id', CORRECTION_MSG.productUnknown);
      return resolve(i, line, undefined, null, line.product_id);
    }
    if (!line.order_line_id) return fail(i, 'order_line_id', CORRECTION_MSG.orderLineRequired);
    const orderLine = facts.orderLines.get(line.order_line_id);
    if (!orderLine || orderLine.orderId !== ret.orderId) return fail(i, 'order_line_id', RETURN_MSG.lineNotInOrder);
    if (line.product_id !== undefined && line.product_id !== orderLine.productId) return fail(i, 'product_id', RETURN_MSG.productNotOnLine);
    resolve(i, line, undefined, line.order_line_id, orderLine.productId);
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
  const missing = planMissing(ret, body.missing_lines, facts, failAt);
  if (Object.keys(errors).length) return { ok: false, errors };

  const describe = (productId: number) => {
    const p = facts.products.get(productId);
    return { sku: p?.sku ?? '', name_1: p?.name1 ?? '' };
  };
  const updates: LedgerUpdate[] = [];
  const additions: NewCorrectionLedger[] = [];
  const changes: StoredLineChange[] = [];
  for (const r of resolved) {
    const after = r.values;
    if (r.kept) {
      const before = valueOf(r.kept);
      const fields = CORRECTED_FIELDS.filter((f) => before[f] !== after[f]).map((f) => ({ field: f, before: before[f], after: after[f] }));
      if (!fields.length) continue;
      updates.push({ id: r.kept.id, ...after });
      changes.push({ kind: 'changed', ledger_id: r.kept.id, ...describe(r.kept.productId), ...kindOf(r.kept.discrepancy), fields });
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
      ...kindOf(l.discrepancy),
      fields: shownFields(before).map((f) => ({ field: f, before: before[f], after: null })),
    });
  }
  const missingChanges = missingLineChanges(missing.plan, facts);
  changes.push(...missingChanges);
  if (!updates.length && !additions.length && !removals.length && !missingChanges.length && !missing.plan.additions.length) {
    return { ok: false, errors: { lines: [CORRECTION_MSG.nothingChanged] } };
  }
  const hasDiscrepancies = current.some((l) => seen.has(l.id) && !!l.discrepancy) || missing.count > 0;
  return { ok: true, updates, removals: removals.map((l) => l.id), additions, missing: missing.plan, hasDiscrepancies, changes };
}

/**
 * The missing order lines as the body lists them (issue 16), matched to the current ones by order
 * line, with submit's rules: a line of this order, once, at most its ordered quantity.
 */
function planMissing(
  ret: ReturnRow,
  listed: CorrectionBody['missing_lines'],
  facts: PlanFacts,
  failAt: (key: string, message: string) => void,
): { plan: MissingPlan; count: number } {
  const plan: MissingPlan = { updates: [], removals: [], additions: [] };
  if (listed === undefined) return { plan, count: facts.missing.length };
  const byLine = new Map(facts.missing.map((m) => [m.orderLineId, m]));
  const seen = new Set<number>();
  listed.forEach((m, i) => {
    const at = (field: string) => `missing_lines.${i}.${field}`;
    if (ret.orderId === null) return failAt(at('order_line_id'), CORRECTION_MSG.missingOnBlind);
    const line = facts.orderLines.get(m.order_line_id);
    if (!line || line.orderId !== ret.orderId) return failAt(at('order_line_id'), RETURN_MSG.lineNotInOrder);
    if (seen.has(m.order_line_id)) return failAt(at('order_line_id'), DISPOSITION_MSG.missingTwice);
    seen.add(m.order_line_id);
    if (m.quantity > line.quantity) return failAt(at('quantity'), DISPOSITION_MSG.missingTooMany);
    const now = byLine.get(m.order_line_id);
    if (!now) plan.additions.push({ orderLineId: m.order_line_id, productId: line.productId, quantity: m.quantity });
    else if (now.quantity !== m.quantity) plan.updates.push({ id: now.id, quantity: m.quantity });
  });
  plan.removals = facts.missing.filter((m) => !seen.has(m.orderLineId)).map((m) => m.id);
  return { plan, count: seen.size };
}

/** The version list's entries of the missing lines that changed or went (the added ones once they have ids). */
function missingLineChanges(plan: MissingPlan, facts: PlanFacts): StoredLineChange[] {
  const byId = new Map(facts.missing.map((m) => [m.id, m]));
  const entry = (m: MissingRow, kind: 'changed' | 'removed', after: number | null): StoredLineChange => {
    const p = facts.products.get(m.productId);
    return {
      kind,
      ledger_id: m.id,
      sku: p?.sku ?? '',
      name_1: p?.name1 ?? '',
      discrepancy: 'MISSING',
      fields: [{ field: 'quantity', before: m.quantity, after }],
    };
  };
  return [
    ...plan.updates.map((u) => entry(byId.get(u.id)!, 'changed', u.quantity)),
    ...plan.removals.map((id) => entry(byId.get(id)!, 'removed', null)),
  ];
}

/** The 'added' entries, once the new ledgers have their ids (in the order they were listed). */
export function additionChanges(added: LedgerRow[], products: PlanFacts['products']): StoredLineChange[] {
  return added.map((l) => {
    const after = valueOf(l);
    const p = products.get(l.productId);
    return {
      kind: 'added',
      ledger_id: l.id,
      sku: p?.sku ?? '',
      name_1: p?.name1 ?? '',
      ...kindOf(l.discrepancy),
      fields: shownFields(after).map((f) => ({ field: f, before: null, after: after[f] })),
    };
  });
}

/** The 'added' entries of missing order lines, once they have their ids. */
export function missingAdditionChanges(added: MissingRow[], products: PlanFacts['products']): StoredLineChange[] {
  return added.map((m) => ({
    kind: 'added',
    ledger_id: m.id,
    sku: products.get(m.productId)?.sku ?? '',
    name_1: products.get(m.productId)?.name1 ?? '',
    discrepancy: 'MISSING',
    fields: [{ field: 'quantity', before: null, after: m.quantity }],
  }));
}
