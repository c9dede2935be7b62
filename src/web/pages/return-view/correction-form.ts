// The Correct dialog's values (issue 11): the return's lines and missing order lines as the admin
// edits them, and the request they make. Kept apart from the dialog so the mapping is tested alone.
import type { CorrectionRequest } from '../../../contract/corrections';
import { defaultDisposition } from '../../../contract/disposition-rules';
import type { DispositionView } from '../../../contract/dispositions';
import type { ReturnView } from '../../../contract/return-view';
import type { EntryValues } from '../receiving/LedgerEntryForm';

/** A line as the dialog edits it: receiving's entry values (quantity … bin) and what it corrects. */
export interface CorrectionLineValues extends EntryValues {
  key: string;
  /** The ledger this line keeps; undefined for a new line. */
  id?: number;
  /** A new line of an order-based return: the order line it returns. */
  order_line_id?: number;
  /** A new line of a blind return: the product. */
  product_id?: number;
  sku: string;
  name: string;
  /** WRONG_ITEM / EXTRA_ITEM of a kept line (shown, never changed). */
  discrepancy: string | null;
}

export interface MissingLineValues {
  key: string;
  order_line_id: number;
  sku: string;
  name: string;
  /** The ordered quantity: at most this many can be missing. */
  ordered: number | null;
  quantity: number | string;
}

export interface CorrectionValues {
  comment: string;
  lines: CorrectionLineValues[];
  missing_lines: MissingLineValues[];
}

export function initialCorrection(r: ReturnView): CorrectionValues {
  return {
    comment: '',
    lines: r.lines.map((l) => ({
      key: `l${l.id}`,
      id: l.id,
      sku: l.product.sku,
      name: l.product.name_1,
      discrepancy: l.discrepancy,
      quantity: l.quantity,
      condition: l.condition,
      reason: l.reason,
      comment: l.comment ?? '',
      disposition: l.disposition ?? '',
      location: l.location ?? '',
    })),
    missing_lines: r.missing_lines.map((m) => ({
      key: `m${m.id}`,
      order_line_id: m.order_line_id,
      sku: m.product.sku,
      name: m.product.name_1,
      ordered: null,
      quantity: m.quantity,
    })),
  };
}

/** A new line with receiving's defaults: the condition's default disposition, no bin. */
export function newCorrectionLine(
  what: { order_line_id?: number; product_id?: number; sku: string; name: string },
  condition: string,
  reason: string,
  dispositions: DispositionView[],
): CorrectionLineValues {
  return {
    key: `n${Date.now()}${Math.random().toString(36).slice(2, 6)}`,
    ...what,
    discrepancy: null,
    quantity: 1,
    condition,
    reason,
    comment: '',
    disposition: defaultDisposition(dispositions, condition) ?? '',
    location: '',
  };
}

/** A bin goes with a disposition that needs one, and stays with a code the customer has since deleted. */
export const binRule = (list: DispositionView[]) => (code: string) => list.find((d) => d.code === code)?.requires_location ?? !!code;

const asNumber = (v: number | string) => (typeof v === 'number' ? v : Number(v || NaN));

/**
 * The request: every line with its disposition and bin as shown (a bin only where the disposition
 * takes one), and for an order-based return the whole list of missing order lines.
 */
export function correctionRequest(
  version: number,
  v: CorrectionValues,
  options: { orderBased: boolean; needsBin: (code: string) => boolean },
): CorrectionRequest {
  return {
    version,
    comment: v.comment,
    lines: v.lines.map((l) => ({
      ...(l.id !== undefined
        ? { id: l.id }
        : l.order_line_id !== undefined
          ? { order_line_id: l.order_line_id }
          : { product_id: l.product_id }),
      quantity: asNumber(l.quantity),
      condition: l.condition as CorrectionRequest['lines'][number]['condition'],
      reason: l.reason,
      comment: l.comment,
      disposition: l.disposition || null,
      location: l.disposition && options.needsBin(l.disposition) ? l.location.trim() || null : null,
    })),
    ...(options.orderBased
      ? { missing_lines: v.missing_lines.map((m) => ({ order_line_id: m.order_line_id, quantity: asNumber(m.quantity) })) }
      : {}),
  };
}
