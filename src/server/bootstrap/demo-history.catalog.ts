import type { LedgerCondition } from '../../contract/constants.js';
import type { OrderImportInput } from '../../contract/order-import.js';
import { DEMO_CUSTOMERS, DEMO_SEED, demoProducts, ORDER_TYPES, PEOPLE, seededRandom, type DemoCustomer } from './demo-data.catalog.js';

/**
 * The demo set's history (issue 28): returns over the 60 days before the load, so History and the
 * Dashboard show something on the first start. Every history return has an order of its own
 * (references `RH-…`, `7002…`, `H2…`), so the demo orders that docs/demo-data.md and the e2e specs
 * open (`SO-…`, `8001…`, `W1…`) stay unreceived. Fixed seed: the same plan on every install; only
 * the dates move with the load's `now`.
 */

export const HISTORY_DAYS = 60;
/**
 * One a day, 20 a customer: each of the 60 days before the load has a return. Each return is the
 * app's one save statement (about 50 ms on PGlite), so the count is what the first start pays.
 */
export const HISTORY_RETURN_COUNT = 60;
const HISTORY_SEED = DEMO_SEED + 28;
const DAY_MS = 86_400_000;

/** The i-th history order's references; no demo order reference contains them or is contained in them. */
export const historyReferences = (i: number) => ({
  source_id: `DEMO-H${20001 + i}`,
  delivery_number: String(70020001 + i),
  order_number: `RH-${20001 + i}`,
  web_order_number: `H${200001 + i}`,
});

/** Every ninth return has a photo on its first line (7 in all: small, but History's photo column shows them). */
export const historyHasPhoto = (i: number) => i % 9 === 4;
/** The return an admin corrects a day later (a recent Northwind one): the Return View shows its versions. */
export const HISTORY_CORRECTED = 57;
export const HISTORY_CORRECTION_COMMENT = 'Damage found when repacking: the first line goes to recycling.';

export interface HistoryLine {
  /** Index into the order's lines (in line order). */
  line: number;
  quantity: number;
  condition: LedgerCondition;
  reason: string;
  comment: string;
  disposition: string;
  location: string | null;
}

export interface HistoryReturn {
  index: number;
  customer: DemoCustomer['key'];
  sourceId: string;
  at: Date;
  lines: HistoryLine[];
  /** Order lines (indexes) not in the parcel: the return records them missing. */
  missing: number[];
  photo: boolean;
}

const COMMENTS = ['', '', '', '', 'Box dented', 'Tags removed', 'Worn once', 'Stain on the front', 'Original packaging missing'];
const PRISTINE_DISPOSITIONS = ['RESTOCK', 'RESTOCK', 'RESTOCK', 'QUARANTINE', 'DONATE', 'RETURN_TO_BRAND'];

const conditionOf = (x: number): LedgerCondition => (x < 0.5 ? 'Pristine' : x < 0.8 ? 'Reconditioning' : 'Scrap');

/** The history's orders (by customer) and, for each, the return made of it. */
export function demoHistory(now: Date): { orders: Map<DemoCustomer['key'], OrderImportInput[]>; returns: HistoryReturn[] } {
  const rnd = seededRandom(HISTORY_SEED);
  const catalogs = DEMO_CUSTOMERS.map((c, i) => demoProducts(c, i));
  const orders = new Map<DemoCustomer['key'], OrderImportInput[]>(DEMO_CUSTOMERS.map((c) => [c.key, []]));
  const returns: HistoryReturn[] = [];
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  for (let i = 0; i < HISTORY_RETURN_COUNT; i++) {
    const ci = i % DEMO_CUSTOMERS.length;
    const customer = DEMO_CUSTOMERS[ci]!;
    const catalog = catalogs[ci]!;
    // Day 60 before today down to yesterday, at working hours: every return is in the past.
    const daysAgo = HISTORY_DAYS - Math.floor((i * HISTORY_DAYS) / HISTORY_RETURN_COUNT);
    const at = new Date(today - daysAgo * DAY_MS + rnd.int(8 * 60, 17 * 60) * 60_000);
    const [name, street, city, state, zip, country, phone] = rnd.pick(PEOPLE);
    const chosen = new Set<number>();
    const lineCount = rnd.int(1, 4);
    while (chosen.size < lineCount) chosen.add(rnd.int(0, catalog.length - 1));
    const refs = historyReferences(i);
    const orderLines = [...chosen].map((p, n) => ({ line_number: n + 1, quantity: rnd.next() < 0.7 ? 1 : 2, product: catalog[p]! }));
    orders.get(customer.key)!.push({
      ...refs,
      order_type: rnd.pick(ORDER_TYPES),
      order_status: 'New',
      created_at: new Date(at.getTime() - rnd.int(3, 14) * DAY_MS).toISOString(),
      delivery_name_1: name,
      delivery_address_1: street,
      delivery_city: city,
      delivery_state: state || undefined,
      delivery_zipcode: zip,
      delivery_country: country,
      delivery_contact: name,
      delivery_phone: phone,
      delivery_email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
      lines: orderLines,
    });
    // Most returns are the whole order; some only part of it, and now and then a line is missing from the parcel.
    const returned = orderLines.length > 1 && rnd.next() < 0.3 ? orderLines.length - 1 : orderLines.length;
    const lines: HistoryLine[] = orderLines.slice(0, returned).map((l, n) => {
      const condition = conditionOf(rnd.next());
      const disposition =
        condition === 'Reconditioning' ? 'REFURBISH' : condition === 'Scrap' ? 'RECYCLE' : rnd.pick(PRISTINE_DISPOSITIONS);
      return {
        line: n,
        quantity: rnd.int(1, l.quantity),
        condition,
        reason: rnd.pick(customer.reasons)[0],
        comment: rnd.pick(COMMENTS),
        disposition,
        location:
          disposition === 'RESTOCK' ? `A-${String(rnd.int(1, 6)).padStart(2, '0')}-${String(rnd.int(1, 20)).padStart(2, '0')}` : null,
      };
    });
    const missing = returned < orderLines.length && i % 4 === 1 ? [returned] : [];
    returns.push({ index: i, customer: customer.key, sourceId: refs.source_id, at, lines, missing, photo: historyHasPhoto(i) });
  }
  // The corrected return was first booked as good stock, so the correction has something to change.
  const corrected = returns[HISTORY_CORRECTED]!.lines[0]!;
  Object.assign(corrected, { condition: 'Pristine', disposition: 'RESTOCK', location: 'A-02-07' });
  return { orders, returns };
}
