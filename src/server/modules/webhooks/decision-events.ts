// The data of the decision events (issue 26 with issue 25's decisions): `return.decision_requested`
// when submitted lines wait for the brand's decision, `return.decided` when they are decided, by the
// brand or by default at the deadline. Built from the decisions' own rows, inside the transaction
// that opens or takes them, so the event exists exactly when the change does.
import type { DecisionLineRow } from '../decisions/decisions.repository.js';

const returnOf = (rows: DecisionLineRow[]) => ({ id: rows[0]!.return_id, order_id: rows[0]!.order_id, customer_id: rows[0]!.customer_id });

const lineOf = (r: DecisionLineRow) => ({
  decision_id: Number(r.id),
  ledger_id: r.ledger_id,
  sku: r.sku,
  name_1: r.name_1,
  quantity: r.quantity,
  condition: r.condition,
  reason: r.reason,
  discrepancy: r.discrepancy,
  rule: r.rule_label,
});

/** The lines that now wait, with their deadline and what they get without an answer. */
export function decisionRequestedData(rows: DecisionLineRow[]) {
  return {
    return: returnOf(rows),
    lines: rows.map((r) => ({ ...lineOf(r), default_disposition: r.default_disposition, due_at: new Date(r.due_at).toISOString() })),
  };
}

/** The lines just decided: by the brand (`by: "brand"`, who) or by default at the deadline (`by: "default"`). */
export function decidedData(rows: DecisionLineRow[], version: number) {
  return {
    return: { ...returnOf(rows), version },
    lines: rows.map((r) => ({
      ...lineOf(r),
      by: r.state === 'defaulted' ? 'default' : 'brand',
      decided_by: r.decided_by,
      decided_at: r.decided_at ? new Date(r.decided_at).toISOString() : null,
      disposition_before: r.disposition_before,
      disposition: r.disposition,
      comment: r.comment,
    })),
  };
}
