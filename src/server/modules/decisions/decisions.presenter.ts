import type { DecisionState, LineDecisionView } from '../../../contract/decisions.js';
import type { DecisionLineRow } from './decisions.repository.js';

const isoOf = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

/** A decision row as the queue, the decide answer and the return view show it. */
export function presentDecision(r: DecisionLineRow, now: Date): LineDecisionView {
  const due = new Date(r.due_at);
  return {
    id: Number(r.id),
    return_id: Number(r.return_id),
    order_id: r.order_id === null ? null : Number(r.order_id),
    ledger_id: r.ledger_id === null ? null : Number(r.ledger_id),
    customer_id: Number(r.customer_id),
    rule: r.rule_label,
    state: r.state as DecisionState,
    created_at: isoOf(r.created_at)!,
    due_at: due.toISOString(),
    seconds_left: r.state === 'awaiting' ? Math.round((due.getTime() - now.getTime()) / 1000) : 0,
    default_disposition: r.default_disposition,
    disposition: r.disposition,
    disposition_before: r.disposition_before,
    comment: r.comment,
    decided_by: r.decided_by,
    decided_at: isoOf(r.decided_at),
    by_default: r.state === 'defaulted',
    sku: r.sku ?? '',
    name_1: r.name_1 ?? '',
    quantity: Number(r.quantity ?? 0),
    condition: r.condition ?? '',
    reason: r.reason ?? '',
    line_comment: r.line_comment,
    discrepancy: r.discrepancy,
    photo_ids: (r.photo_ids ?? []).map(Number),
  };
}
