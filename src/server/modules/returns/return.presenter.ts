import type { LedgerEntry } from '../../../contract/orders.js';
import type { CreatedReturn } from '../../../contract/returns.js';
import type { returnLedgers, returnMissingLines, returns } from '../../db/schema/index.js';

export type ReturnRow = typeof returns.$inferSelect;
export type LedgerRow = typeof returnLedgers.$inferSelect;
export type MissingRow = typeof returnMissingLines.$inferSelect;

/** The one mapping of a ledger row to the API's ledger (SPEC §3 Return Ledger). */
export const presentLedger = (l: LedgerRow): LedgerEntry => ({
  id: l.id,
  customer_id: l.customerId,
  order_id: l.orderId,
  order_line_id: l.orderLineId,
  product_id: l.productId,
  return_id: l.returnId,
  condition: l.condition,
  quantity: l.quantity,
  reason: l.reason,
  comment: l.comment,
  disposition: l.disposition,
  location: l.location,
  discrepancy: l.discrepancy,
  replaces_order_line_id: l.replacesOrderLineId,
  grade: l.grade as LedgerEntry['grade'],
  serial: l.serial,
  serial_shipped: l.serialShipped,
  serial_repeated: l.serialRepeated,
});

/** An order line confirmed missing from the parcel. */
export const presentMissing = (m: MissingRow) => ({
  id: m.id,
  order_line_id: m.orderLineId,
  product_id: m.productId,
  quantity: m.quantity,
});

/** The one mapping of a return row to the fields every return answer shares (SPEC §3 Return). */
export const presentReturn = (r: ReturnRow) => ({
  id: r.id,
  order_id: r.orderId,
  customer_id: r.customerId,
  user_id: r.userId,
  username: r.username,
  reference_1: r.reference1,
  reference_2: r.reference2,
  return_date: r.returnDate,
  is_blind: r.isBlind,
  created_at: r.createdAt.toISOString(),
});

/** The submit's answer: the return with its ledgers. */
export const presentCreatedReturn = (r: ReturnRow, ledgers: LedgerRow[], missing: MissingRow[] = []): CreatedReturn => ({
  ...presentReturn(r),
  has_discrepancies: r.hasDiscrepancies,
  ledgers: ledgers.map(presentLedger),
  missing_lines: missing.map(presentMissing),
});
