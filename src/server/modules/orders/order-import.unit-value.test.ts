// The order file's per-line unit value (issue 25's "by a unit value above an amount when the order
// file carries one"), through HTTP: stored in minor units from CSV and JSON, bad values refused by
// line and field with nothing written, and a unit_value decision rule holding back only the line above it.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 });
import { ORDER_IMPORT_MSG } from '../../../contract/order-import.js';
import type { Db } from '../../db/client.js';
import { lineDecisions, orderLines, orders, returnLedgers } from '../../db/schema/index.js';
import { FIXTURE_DISPOSITIONS } from '../../test/correction-fixtures.js';
import { makeCustomer, makeReason } from '../../test/factories.js';
import { adminSession } from '../../test/sessions.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let db: Db;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.database.db;
  admin = (await adminSession(t.app, db)).token;
}, 300_000);
afterAll(() => t.close());

const importFile = (customerId: number, format: 'csv' | 'json', content: string) =>
  call(t.app, 'POST', `/api/su/customers/${customerId}/orders/import`, { token: admin, body: { format, content } });

/** The customer's order lines: "source_id/line_number" → unit_value (minor units or null). */
async function unitValues(customerId: number) {
  const rows = await db
    .select({ sourceId: orders.sourceId1, lineNumber: orderLines.lineNumber, unitValue: orderLines.unitValue, id: orderLines.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orders.customerId, customerId))
    .orderBy(asc(orders.sourceId1), asc(orderLines.lineNumber));
  return Object.fromEntries(rows.map((r) => [`${r.sourceId}/${r.lineNumber}`, r.unitValue]));
}

describe('order import: unit_value per line (a decimal amount, stored in minor units)', () => {
  it('CSV: a unit_value column; an empty cell is none', async () => {
    const c = await makeCustomer(db);
    const csv = [
      'source_id,line_number,quantity,sku,unit_value',
      'U-1,1,1,TV-1,499.99',
      'U-1,2,2,CABLE-1,',
      'U-2,1,1,CABLE-1, 12.5 ',
      'U-2,2,1,FREE-1,0',
    ].join('\n');
    const res = await importFile(c.id, 'csv', csv);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await unitValues(c.id)).toEqual({ 'U-1/1': 49999, 'U-1/2': null, 'U-2/1': 1250, 'U-2/2': 0 });
  });

  it('JSON: line.unit_value as a number or a numeric string; null or absent is none', async () => {
    const c = await makeCustomer(db);
    const content = JSON.stringify({
      orders: [
        {
          source_id: 'J-1',
          lines: [
            { line_number: 1, quantity: 1, product: { sku: 'A' }, unit_value: 80 },
            { line_number: 2, quantity: 1, product: { sku: 'B' }, unit_value: '19.90' },
            { line_number: 3, quantity: 1, product: { sku: 'C' }, unit_value: null },
            { line_number: 4, quantity: 1, product: { sku: 'D' } },
            { line_number: 5, quantity: 1, product: { sku: 'E' }, unit_value: 0.07 },
          ],
        },
      ],
    });
    const res = await importFile(c.id, 'json', content);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await unitValues(c.id)).toEqual({ 'J-1/1': 8000, 'J-1/2': 1990, 'J-1/3': null, 'J-1/4': null, 'J-1/5': 7 });
  });

  it('refuses negative, non-numeric, too precise and too large values by line and field, importing nothing', async () => {
    const c = await makeCustomer(db);
    const csv = [
      'source_id,line_number,quantity,sku,unit_value',
      'B-1,1,1,X-1,10.00',
      'B-1,2,1,X-2,-5',
      'B-2,1,1,X-3,12,50',
      'B-3,1,1,X-4,abc',
      'B-4,1,1,X-5,1.999',
      'B-5,1,1,X-6,1000000001',
    ].join('\n');
    const bad = await importFile(c.id, 'csv', csv);
    expect(bad.status).toBe(422);
    expect(bad.body.message).toEqual([
      `Line 3: unit_value ${ORDER_IMPORT_MSG.amountNegative}`,
      'Line 4: the row has 6 fields, the header has 5',
      `Line 5: unit_value ${ORDER_IMPORT_MSG.amount}`,
      `Line 6: unit_value ${ORDER_IMPORT_MSG.amountDecimals}`,
      `Line 7: unit_value ${ORDER_IMPORT_MSG.amountTooLarge}`,
    ]);
    const json = JSON.stringify({
      orders: [
        {
          source_id: 'B-9',
          lines: [
            { line_number: 1, quantity: 1, product: { sku: 'Y-1' }, unit_value: 5 },
            { line_number: 2, quantity: 1, product: { sku: 'Y-2' }, unit_value: -0.5 },
            { line_number: 3, quantity: 1, product: { sku: 'Y-3' }, unit_value: true },
            { line_number: 4, quantity: 1, product: { sku: 'Y-4' }, unit_value: 3.141 },
            { line_number: 5, quantity: 1, product: { sku: 'Y-5' }, unit_value: '12,50' },
          ],
        },
      ],
    });
    const badJson = await importFile(c.id, 'json', json);
    expect(badJson.status).toBe(422);
    expect(badJson.body.message).toEqual([
      `orders[0].lines[1].unit_value: unit_value ${ORDER_IMPORT_MSG.amountNegative}`,
      `orders[0].lines[2].unit_value: unit_value ${ORDER_IMPORT_MSG.amount}`,
      `orders[0].lines[3].unit_value: unit_value ${ORDER_IMPORT_MSG.amountDecimals}`,
      `orders[0].lines[4].unit_value: unit_value ${ORDER_IMPORT_MSG.amount}`,
    ]);
    expect(await unitValues(c.id)).toEqual({});
  });
});

describe('a unit_value decision rule on an imported order (end to end)', () => {
  it('holds back only the line whose unit value is above the amount', async () => {
    const c = await makeCustomer(db);
    await makeReason(db, c.id, 'DAMAGED', 'Damaged');
    for (const body of FIXTURE_DISPOSITIONS) {
      const res = await call(t.app, 'POST', `/api/su/customers/${c.id}/dispositions`, { token: admin, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    // The admin form types 50.00 and sends minor units.
    const rule = await call(t.app, 'POST', `/api/su/customers/${c.id}/decision-rules`, {
      token: admin,
      body: { kind: 'unit_value', min_value: 5000, default_disposition: 'REFURB' },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    const csv = ['source_id,line_number,quantity,sku,unit_value', 'E-1,1,1,WATCH-1,120.00', 'E-1,2,1,STRAP-1,49.99', 'E-1,3,1,BOX-1,'].join(
      '\n',
    );
    expect((await importFile(c.id, 'csv', csv)).status).toBe(200);
    const [order] = await db.select().from(orders).where(eq(orders.customerId, c.id));
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order!.id)).orderBy(asc(orderLines.lineNumber));
    // Receiving's order load shows each line's unit value (minor units; null without one).
    const loaded = await call(t.app, 'PUT', `/api/returns/order/${order!.source}/${order!.id}`, { token: admin, body: {} });
    expect(loaded.status, JSON.stringify(loaded.body)).toBe(200);
    expect(loaded.body.message.order_lines.map((l: { id: number; unit_value: number | null }) => [l.id, l.unit_value])).toEqual(
      lines.map((l, i) => [l.id, [12000, 4999, null][i]]),
    );
    const res = await call(t.app, 'POST', '/api/returns', {
      token: admin,
      body: {
        id: `__${Math.random().toString(36).slice(2, 8).padEnd(6, 'x')}`,
        customer_id: c.id,
        order_id: order!.id,
        reference_1: 'RMA-UV',
        return_date: '2026-11-20',
        return_ledgers: lines.map((l) => ({
          order_line_id: l.id,
          product_id: l.productId,
          quantity: 1,
          condition: 'Pristine',
          reason: 'DAMAGED',
          location: 'A-01',
        })),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const returnId = res.body.message.id as number;
    const waiting = await db.select().from(lineDecisions).where(eq(lineDecisions.returnId, returnId));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ state: 'awaiting', ruleLabel: 'unit_value:5000', defaultDisposition: 'REFURB' });
    const view = await call(t.app, 'GET', `/api/returns/${returnId}/order/${order!.id}`, { token: admin });
    expect(view.status).toBe(200);
    expect(view.body.message.awaiting_decisions).toBe(1);
    const ledgers = view.body.message.decisions as { ledger_id: number }[];
    expect(ledgers.map((d) => d.ledger_id)).toEqual([waiting[0]!.ledgerId]);
    // The line that waits is line 1 (120.00), not line 2 (49.99) nor line 3 (no value).
    const [ledger] = await db.select().from(returnLedgers).where(eq(returnLedgers.id, waiting[0]!.ledgerId!));
    expect(ledger!.orderLineId).toBe(lines[0]!.id);
  });
});
