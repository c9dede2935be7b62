// Pure rules of the Receiving screen (SPEC §2.7, §7): counts, colours, summary, image URL, scan match.
import { BLOCKED_CONDITIONS } from '../../../contract/constants';
import type { LedgerEntry, OrderLine } from '../../../contract/orders';

export type CountTone = 'below' | 'equal' | 'above';

/** Received so far for one line: saved (previous) plus this return's new entries. */
export function receivedCounts(lineId: number, previous: LedgerEntry[], fresh: LedgerEntry[]) {
  const sum = (list: LedgerEntry[]) => list.filter((l) => l.order_line_id === lineId).reduce((n, l) => n + l.quantity, 0);
  const prev = sum(previous);
  const now = sum(fresh);
  return { previous: prev, fresh: now, total: prev + now };
}

/** Below the ordered quantity grey bold, equal green, above red. */
export function countTone(received: number, ordered: number): CountTone {
  if (received < ordered) return 'below';
  return received === ordered ? 'equal' : 'above';
}

export interface SummaryRow {
  lineId: number;
  sku: string;
  upc: string | null;
  name: string;
  ordered: number;
  previous: number;
  newPristine: number;
  newBlocked: number;
  /** Previous plus new differs from ordered: the row is shown red. */
  mismatch: boolean;
  /** Previous plus new. */
  received: number;
  /** More received than ordered: the summary asks for an explicit confirmation (issue 28). */
  over: boolean;
  /** Issue 27: the new units by grade, where a rule graded them (empty: no grades). */
  grades: { grade: string; quantity: number }[];
}

const BLOCKED: readonly string[] = BLOCKED_CONDITIONS;
const extra = (entries: LedgerEntry[]) => entries.reduce((n, l) => n + (l.discrepancy === 'EXTRA_ITEM' ? l.quantity : 0), 0);

/** The 'Return Processing Summary' table: one row per order line. */
export function summaryRows(lines: OrderLine[], previous: LedgerEntry[], fresh: LedgerEntry[]): SummaryRow[] {
  return lines.map((line) => {
    const mine = fresh.filter((l) => l.order_line_id === line.id);
    const newPristine = mine.filter((l) => l.condition === 'Pristine').reduce((n, l) => n + l.quantity, 0);
    const newBlocked = mine.filter((l) => BLOCKED.includes(l.condition)).reduce((n, l) => n + l.quantity, 0);
    const prev = receivedCounts(line.id, previous, []).previous;
    const newTotal = mine.reduce((n, l) => n + l.quantity, 0);
    return {
      lineId: line.id,
      sku: line.product.sku,
      upc: line.product.upc,
      name: line.product.name_1,
      ordered: line.quantity,
      previous: prev,
      newPristine,
      newBlocked,
      mismatch: prev + newTotal !== line.quantity,
      received: prev + newTotal,
      // Units recorded as an extra item were declared more than ordered already; the rest must not exceed it.
      over: newTotal > 0 && prev + newTotal - extra(mine) > line.quantity,
      grades: gradeCounts(mine),
    };
  });
}

/** Units per grade, in the order first graded. */
function gradeCounts(entries: LedgerEntry[]): { grade: string; quantity: number }[] {
  const out = new Map<string, number>();
  for (const l of entries) if (l.grade) out.set(l.grade, (out.get(l.grade) ?? 0) + l.quantity);
  return [...out].map(([grade, quantity]) => ({ grade, quantity }));
}

/** Substring filter on sku, upc or name_1, case-insensitive; empty text keeps every line. */
export function filterLines(lines: OrderLine[], text: string): OrderLine[] {
  const q = text.trim().toLowerCase();
  if (!q) return lines;
  return lines.filter((l) => [l.product.sku, l.product.upc ?? '', l.product.name_1].some((v) => v.toLowerCase().includes(q)));
}

/** A scanned code names a line when it equals the product's UPC or SKU exactly (case-insensitive). */
export function lineForCode(lines: OrderLine[], code: string): OrderLine | undefined {
  const q = code.trim().toLowerCase();
  if (!q) return undefined;
  return lines.find((l) => (l.product.upc ?? '').toLowerCase() === q) ?? lines.find((l) => l.product.sku.toLowerCase() === q);
}

/** 'ABC-123-XL' → 'ABC-123-a.jpg'; a sku without a dash has no image. */
export function imageFileName(sku: string): string | null {
  const cut = sku.lastIndexOf('-');
  if (cut <= 0) return null;
  return `${sku.slice(0, cut)}-a.jpg`;
}

const joinUrl = (base: string, file: string) => `${base.replace(/\/+$/, '')}/${encodeURIComponent(file)}`;

/**
 * Candidate image URLs of a product, best first (docs/decisions.md, Receiving): the customer's
 * cdn_url_1, then cdn_url_2 as the fallback; none when neither is set or the sku has no dash.
 */
export function productImageUrls(customer: { cdn_url_1: string | null; cdn_url_2: string | null } | undefined, sku: string): string[] {
  const file = imageFileName(sku);
  if (!customer || !file) return [];
  return [customer.cdn_url_1, customer.cdn_url_2]
    .filter((u): u is string => !!u && /^https?:\/\//i.test(u.trim()))
    .map((u) => joinUrl(u.trim(), file));
}

/** The search-result fields in the order the hover card names them: Del #, Order #, Web Order #, Buyer Ref. */
const REFERENCE_FIELDS = ['reference_1', 'reference_2', 'reference_3', 'reference_4'] as const;
type ReferenceFields = Partial<Record<(typeof REFERENCE_FIELDS)[number], string | null>>;

/**
 * The title of a search result: the reference the search matched (an order number search lists the
 * order under its order number), exact matches before partial ones; else the first reference present.
 */
export function matchedReference(result: ReferenceFields, search: string | null): string | null {
  const refs = REFERENCE_FIELDS.map((k) => result[k]).filter((v): v is string => !!v);
  const q = (search ?? '').trim().toLowerCase();
  if (q) {
    const exact = refs.find((r) => r.toLowerCase() === q);
    if (exact) return exact;
    const partial = refs.find((r) => r.toLowerCase().includes(q));
    if (partial) return partial;
  }
  return refs[0] ?? null;
}

/** Units per discrepancy of the draft (issue 16), for the summary. */
export function discrepancyTotals(fresh: LedgerEntry[], missing: { quantity: number }[]) {
  const units = (kind: string) => fresh.reduce((n, l) => n + (l.discrepancy === kind ? l.quantity : 0), 0);
  const totals = { MISSING: missing.reduce((n, m) => n + m.quantity, 0), WRONG_ITEM: units('WRONG_ITEM'), EXTRA_ITEM: units('EXTRA_ITEM') };
  return { ...totals, total: totals.MISSING + totals.WRONG_ITEM + totals.EXTRA_ITEM };
}
export type DiscrepancyTotals = ReturnType<typeof discrepancyTotals>;
