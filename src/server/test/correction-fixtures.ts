import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Db } from '../db/client.js';
import { returnLedgers, returnMissingLines } from '../db/schema/index.js';
import { makeCustomer, makeReason } from './factories.js';
import { makeConnection, makeOrder } from './order-factory.js';
import { makeProduct } from './return-factory.js';
import { call } from './test-app.js';

/**
 * A customer with two reasons, an XML (format version 2) and a flat (version 1) outbound connection (and a web shop when
 * `shopEndpoint` is given), a 3-line order (quantities 3, 2, 1) and a return of its first two lines
 * submitted through the API by `token`: line 1 × 2 Pristine DAMAGED, line 2 × 1 Scrap WRONG.
 */
export async function submittedReturn(app: FastifyInstance, db: Db, token: string, options: { shopEndpoint?: string } = {}) {
  const { customer, made, connections } = await submittedReturnCustomer(db, options);
  const [l1, l2] = made.lines;
  const res = await call(app, 'POST', '/api/returns', {
    token,
    body: {
      id: `__${Math.random().toString(36).slice(2, 8).padEnd(6, 'x')}`,
      customer_id: customer.id,
      order_id: made.order.id,
      reference_1: 'RMA-9',
      return_date: '2026-11-20',
      return_ledgers: [
        { order_line_id: l1!.id, product_id: l1!.productId, quantity: 2, condition: 'Pristine', reason: 'DAMAGED', comment: 'box dented' },
        { order_line_id: l2!.id, product_id: l2!.productId, quantity: 1, condition: 'Scrap', reason: 'WRONG' },
      ],
    },
  });
  if (res.status !== 200) throw new Error(`submit failed: ${JSON.stringify(res.body)}`);
  const returnId = res.body.message.id as number;
  const ledgers = await db.select().from(returnLedgers).where(eq(returnLedgers.returnId, returnId)).orderBy(asc(returnLedgers.id));
  return { customer, made, returnId, ledgers, connections };
}

/** Everything a correction writes about a return: equal before and after a refused one. */
export async function correctionState(db: Db, returnId: number) {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT (SELECT row_to_json(r) FROM (SELECT version, corrected_at FROM returns WHERE id = ${returnId}) r) AS ret,
               (SELECT coalesce(json_agg(l ORDER BY l.id), '[]') FROM return_ledgers l WHERE l.return_id = ${returnId}) AS ledgers,
               (SELECT count(*)::int FROM return_ledgers) AS all_ledgers,
               (SELECT coalesce(json_agg(m ORDER BY m.id), '[]') FROM return_missing_lines m WHERE m.return_id = ${returnId}) AS missing,
               (SELECT has_discrepancies FROM returns WHERE id = ${returnId}) AS has_discrepancies,
               (SELECT count(*)::int FROM return_versions WHERE return_id = ${returnId}) AS versions,
               (SELECT count(*)::int FROM tasks WHERE return_id = ${returnId}) AS tasks,
               (SELECT count(*)::int FROM audit_log WHERE entity_type = 'return') AS audits,
               (SELECT coalesce(sum(returns_count), 0)::int FROM return_counts) AS counted`,
  );
  return row!;
}

/** The dispositions `discrepancyReturn` gives its customer: Restock takes a bin and is Pristine's default. */
export const FIXTURE_DISPOSITIONS = [
  { code: 'RESTOCK', name: 'Restock', requires_location: true, default_for: ['Pristine'] },
  { code: 'REFURB', name: 'Refurbish', requires_location: false, default_for: ['Reconditioning'] },
  { code: 'SCRAP', name: 'Scrap it', requires_location: false, default_for: ['Scrap'] },
] as const;

/**
 * Issue 16's evidence on a submitted return: a customer with FIXTURE_DISPOSITIONS and the two
 * connections of `submittedReturn` (XML format version 2, flat version 1), a 3-line order
 * (quantities 3, 2, 1) and a return of: line 1 × 1 Pristine RESTOCK in bin A-01; line 2 × 1
 * Reconditioning (REFURB, its default); a wrong item (a product not on the order) × 1 Scrap in place
 * of line 2; line 3 × 1 confirmed missing.
 */
export async function discrepancyReturn(app: FastifyInstance, db: Db, token: string) {
  const f = await submittedReturnCustomer(db);
  for (const body of FIXTURE_DISPOSITIONS) {
    const res = await call(app, 'POST', `/api/su/customers/${f.customer.id}/dispositions`, { token, body });
    if (res.status !== 200) throw new Error(`disposition failed: ${JSON.stringify(res.body)}`);
  }
  const wrong = await makeProduct(db, f.customer.id);
  const [l1, l2, l3] = f.made.lines;
  const res = await call(app, 'POST', '/api/returns', {
    token,
    body: {
      id: `__${Math.random().toString(36).slice(2, 8).padEnd(6, 'x')}`,
      customer_id: f.customer.id,
      order_id: f.made.order.id,
      reference_1: 'RMA-16',
      return_date: '2026-11-20',
      return_ledgers: [
        { order_line_id: l1!.id, product_id: l1!.productId, quantity: 1, condition: 'Pristine', reason: 'DAMAGED', location: 'A-01' },
        { order_line_id: l2!.id, product_id: l2!.productId, quantity: 1, condition: 'Reconditioning', reason: 'WRONG' },
        {
          product_id: wrong.id,
          quantity: 1,
          condition: 'Scrap',
          reason: 'WRONG',
          discrepancy: 'WRONG_ITEM',
          replaces_order_line_id: l2!.id,
        },
      ],
      missing_lines: [{ order_line_id: l3!.id, quantity: 1 }],
    },
  });
  if (res.status !== 200) throw new Error(`submit failed: ${JSON.stringify(res.body)}`);
  const returnId = res.body.message.id as number;
  const ledgers = await db.select().from(returnLedgers).where(eq(returnLedgers.returnId, returnId)).orderBy(asc(returnLedgers.id));
  const missing = await db.select().from(returnMissingLines).where(eq(returnMissingLines.returnId, returnId));
  return { ...f, wrong, returnId, ledgers, missing };
}

/** The customer, reasons, connections and order of `submittedReturn`, without the return. */
export async function submittedReturnCustomer(db: Db, options: { shopEndpoint?: string } = {}) {
  const customer = await makeCustomer(db, options.shopEndpoint ? { orderSource: 'SGL Ecommerce' } : {});
  await makeReason(db, customer.id, 'DAMAGED', 'Damaged');
  await makeReason(db, customer.id, 'WRONG', 'Wrong size');
  const xml = await makeConnection(db, customer.id, {
    biztalkSender: 'SGL',
    biztalkReceiver: 'ACME-BT',
    connectionMeta: { format_version: 2 },
  });
  const flat = await makeConnection(db, customer.id, {
    biztalkSender: 'SGL',
    biztalkReceiver: 'ACME-FLAT',
    connectionMeta: { format: 'FLAT' },
  });
  const shop = options.shopEndpoint
    ? await makeConnection(db, customer.id, {
        connectionType: 'SGL Ecom',
        endpoint: options.shopEndpoint,
        biztalkSender: null,
        biztalkReceiver: null,
      })
    : undefined;
  const made = await makeOrder(db, customer.id, {}, [3, 2, 1]);
  return { customer, made, connections: { xml, flat, shop } };
}
