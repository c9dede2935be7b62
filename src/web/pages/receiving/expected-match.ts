// Pre-advice at the desk (issue 26): which order line each expected item is, how much of it the draft
// received, and which of the customer's reasons the consumer's reason stands for. Pure, unit-tested.
import type { ExpectedReturnView } from '../../../contract/expected-returns';
import type { OrderDetail, OrderLine, ReasonOption } from '../../../contract/orders';

export type ExpectedItemStatus = 'expected' | 'received' | 'missing';

export interface ExpectedItemState {
  item: ExpectedReturnView['items'][number];
  /** The order line of this SKU or UPC; null when the order has none. */
  line: OrderLine | null;
  received: number;
  status: ExpectedItemStatus;
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toUpperCase() === b.trim().toUpperCase();

export function lineOfItem(order: Pick<OrderDetail, 'order_lines'>, item: { sku: string | null; upc: string | null }): OrderLine | null {
  return order.order_lines.find((l) => same(l.product.sku, item.sku) || same(l.product.upc, item.upc)) ?? null;
}

/** Each expected item against the draft: received (the draft holds its quantity), missing (confirmed so), or still expected. */
export function expectedItemStates(
  expected: Pick<ExpectedReturnView, 'items'>,
  order: Pick<OrderDetail, 'order_lines'>,
  draft: { return_ledgers: { product_id: number; quantity: number }[]; missing_lines?: { order_line_id: number }[] } | null,
): ExpectedItemState[] {
  return expected.items.map((item) => {
    const line = lineOfItem(order, item);
    const received = line
      ? (draft?.return_ledgers ?? []).filter((l) => l.product_id === line.product_id).reduce((n, l) => n + l.quantity, 0)
      : 0;
    const missing = !!line && (draft?.missing_lines ?? []).some((m) => m.order_line_id === line.id);
    const status: ExpectedItemStatus = received >= item.quantity ? 'received' : missing ? 'missing' : 'expected';
    return { item, line, received, status };
  });
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The customer's reason a consumer's reason stands for: the same code or wording (any case), else the
 * one whose wording contains it or is contained in it; undefined when none does.
 */
export function reasonFor(consumerReason: string | null | undefined, reasons: ReasonOption[]): string | undefined {
  if (!consumerReason?.trim()) return undefined;
  const wanted = norm(consumerReason);
  const exact = reasons.find((r) => norm(r.option_code) === wanted || norm(r.option_value) === wanted);
  if (exact) return exact.option_code;
  return reasons.find((r) => norm(r.option_value).includes(wanted) || wanted.includes(norm(r.option_value)))?.option_code;
}

/** The reason to pre-select on an order line: the consumer's, when an expected item names this line and it maps. */
export function expectedReasonOfLine(
  expected: Pick<ExpectedReturnView, 'items'> | null,
  order: Pick<OrderDetail, 'order_lines' | 'reasons'>,
  lineId: number,
) {
  if (!expected) return undefined;
  const item = expected.items.find((i) => lineOfItem(order, i)?.id === lineId);
  return item ? reasonFor(item.reason, order.reasons) : undefined;
}
