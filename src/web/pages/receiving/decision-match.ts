// Which new lines of a draft will wait for the brand's decision (issue 25), so the summary can say so
// before the submit. Mirrors the server's match at submit (decisions.repository.ts openFor): a rule of
// kind condition matches the line's condition, discrepancy its WRONG_ITEM / EXTRA_ITEM, unit_value an
// order line whose unit value is above the rule's amount. The server decides; this only forewarns.
import type { DeskDecisionRule } from '../../../contract/decisions';
import type { LedgerEntry, OrderLine } from '../../../contract/orders';

type Entry = Pick<LedgerEntry, 'condition' | 'discrepancy' | 'order_line_id'>;

/** Whether one rule holds this line back; `unitValue` is its order line's (undefined without one). */
export function ruleMatches(rule: DeskDecisionRule, entry: Entry, unitValue: number | undefined): boolean {
  if (rule.kind === 'condition') return rule.value !== null && rule.value === entry.condition;
  if (rule.kind === 'discrepancy') return rule.value !== null && rule.value === entry.discrepancy;
  return rule.min_value !== null && unitValue !== undefined && unitValue > rule.min_value;
}

/** The new entries that will wait: any of the customer's rules matches them. */
export function entriesThatWait<T extends Entry>(entries: T[], rules: DeskDecisionRule[] | undefined, lines: OrderLine[]): T[] {
  if (!rules?.length) return [];
  const unitValue = new Map(lines.map((l) => [l.id, l.unit_value ?? undefined]));
  return entries.filter((e) => {
    const value = e.order_line_id === null ? undefined : unitValue.get(e.order_line_id);
    return rules.some((r) => ruleMatches(r, e, value));
  });
}
