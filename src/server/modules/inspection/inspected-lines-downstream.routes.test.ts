// Issue 27 "everywhere the line goes": History filters and marks returns by grade, a correction keeps
// a line's grade and serial, the web-shop post (version 3) and the webhook snapshot carry them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_MSG } from '../../../contract/history.js';
import { orderLines, orders, products, returnLedgers } from '../../db/schema/index.js';
import { makeCustomer, makeReason } from '../../test/factories.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { toShopReturn } from '../tasks/handlers/ecommerce-outbound.handler.js';
import { createOutboundDataRepository } from '../tasks/handlers/outbound-return-data.repository.js';
import { returnSnapshot } from '../tasks/handlers/webhook-snapshot.js';
import { createReportsRepository } from '../reports/reports.repository.js';
import { REPORT_COLUMNS } from '../reports/return-report.files.js';

let t: TestApp;
const db = () => t.deps.database.db;
let admin: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app, db());
  // The migrations of a fresh database take long on a shared machine.
}, 240_000);
afterAll(() => t.close());

let drafts = 0;
const draftId = () => `__down${String(++drafts).padStart(2, '0')}`;

/** A customer whose Tablets category takes an optional serial checked against the order, and a cable without a rule but a default rule. */
async function setup() {
  const c = await makeCustomer(db());
  await makeReason(db(), c.id, 'DAMAGED', 'Damaged');
  const asAdmin = (method: 'POST' | 'PUT', url: string, body: unknown) => call(t.app, method, url, { token: admin.token, body });
  expect((await asAdmin('POST', `/api/su/customers/${c.id}/dispositions`, { code: 'REFURB', name: 'Refurbish' })).status).toBe(200);
  const rule = await asAdmin('POST', `/api/su/customers/${c.id}/rules`, {
    match: 'category',
    value: 'Tablets',
    serial: 'optional',
    serial_check: 'shipped_or_discrepancy',
    grade_dispositions: { B: 'REFURB' },
  });
  expect(rule.status, JSON.stringify(rule.body)).toBe(200);
  const file = {
    orders: [
      {
        source_id: `DOWN-${c.id}`,
        order_number: `SO-DOWN-${c.id}`,
        lines: [
          { line_number: 1, quantity: 2, product: { sku: 'TAB-1', category: 'Tablets' }, serials: ['SN-1', 'SN-2'] },
          { line_number: 2, quantity: 1, product: { sku: 'CABLE-1' } },
        ],
      },
    ],
  };
  const imported = await asAdmin('POST', `/api/su/customers/${c.id}/orders/import`, { format: 'json', content: JSON.stringify(file) });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  const [order] = await db().select().from(orders).where(eq(orders.customerId, c.id));
  const lines = await db()
    .select({ id: orderLines.id, productId: orderLines.productId, sku: products.sku })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, order!.id));
  const line = (sku: string) => lines.find((l) => l.sku === sku)!;
  const op = await operatorSession(t.app, db(), [c.id]);
  const ledger = (sku: string, fields: Record<string, unknown> = {}) => ({
    order_line_id: line(sku).id,
    product_id: line(sku).productId,
    quantity: 1,
    condition: 'Pristine',
    reason: 'DAMAGED',
    comment: '',
    ...fields,
  });
  const submit = async (ledgers: unknown[]) => {
    const res = await call(t.app, 'POST', '/api/returns', {
      token: op.token,
      body: {
        id: draftId(),
        customer_id: c.id,
        order_id: order!.id,
        reference_1: 'RMA',
        return_date: '2026-11-27',
        return_ledgers: ledgers,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.message as { id: number; ledgers: { id: number }[] };
  };
  return { c, order: order!, ledger, submit, op };
}

describe('graded lines downstream (issue 27)', () => {
  it('History filters by grade and marks each row with its grades; a bad grade is 422', async () => {
    const s = await setup();
    const graded = await s.submit([
      s.ledger('TAB-1', { grade: 'B', condition: 'Reconditioning', serial: 'SN-1' }),
      s.ledger('TAB-1', { grade: 'A', serial: 'SN-2' }),
    ]);
    const plain = await s.submit([s.ledger('CABLE-1')]);
    const list = (query: Record<string, string>) =>
      call(t.app, 'GET', `/api/returns?${new URLSearchParams({ 'filter[customer_id]': String(s.c.id), ...query })}`, { token: s.op.token });
    const all = await list({});
    expect(all.status).toBe(200);
    expect(all.body.message.data.map((r: { id: number; grades: string[] }) => [r.id, r.grades])).toEqual([
      [plain.id, []],
      [graded.id, ['A', 'B']],
    ]);
    const byB = await list({ 'filter[grade]': 'B' });
    expect(byB.body.message.data.map((r: { id: number }) => r.id)).toEqual([graded.id]);
    expect(byB.body.message.total_records).toBe(1);
    expect((await list({ 'filter[grade]': 'D' })).body.message.data).toEqual([]);
    expect((await list({ 'filter[grade]': 'All' })).body.message.total_records).toBe(2);
    const bad = await list({ 'filter[grade]': 'E' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ 'filter[grade]': [HISTORY_MSG.gradeInvalid] });
    // The download takes the same filter.
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/returns/download?${new URLSearchParams({ 'filter[customer_id]': String(s.c.id), 'filter[grade]': 'B', format: 'csv' })}`,
      headers: { authorization: `Bearer ${s.op.token}` },
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(String(graded.id));
    expect(file.body).not.toContain(`\n${plain.id},`);
  });

  it('a correction keeps the grade, the step answers and the serial of the lines it changes', async () => {
    const s = await setup();
    const saved = await s.submit([s.ledger('TAB-1', { grade: 'B', condition: 'Reconditioning', serial: 'SN-1' }), s.ledger('CABLE-1')]);
    const [tab, cable] = saved.ledgers;
    const corrected = await call(t.app, 'POST', `/api/su/returns/${saved.id}/corrections`, {
      token: admin.token,
      body: {
        version: 1,
        comment: 'reason was wrong',
        lines: [
          { id: tab!.id, quantity: 1, condition: 'Reconditioning', reason: 'DAMAGED', comment: 'scratched' },
          { id: cable!.id, quantity: 1, condition: 'Scrap', reason: 'DAMAGED', comment: '' },
        ],
      },
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    const [row] = await db().select().from(returnLedgers).where(eq(returnLedgers.id, tab!.id));
    expect(row).toMatchObject({ grade: 'B', serial: 'SN-1', serialShipped: true, comment: 'scratched', disposition: 'REFURB' });
    const view = await call(t.app, 'GET', `/api/returns/${saved.id}/order/${s.order.id}`, { token: s.op.token });
    expect(view.body.message.version).toBe(2);
    expect(view.body.message.lines.map((l: { inspection: unknown }) => l.inspection)).toEqual([
      { grade: 'B', grade_label: 'B', step_answers: null, serial: 'SN-1', serial_shipped: true, serial_repeated: false },
      null,
    ]);
    const history = await call(t.app, 'GET', `/api/returns?filter%5Bgrade%5D=B&filter%5Bcustomer_id%5D=${s.c.id}`, { token: s.op.token });
    expect(history.body.message.data.map((r: { id: number; version: number }) => [r.id, r.version])).toEqual([[saved.id, 2]]);
  });

  it('the web-shop post of version 3 and the webhook snapshot carry grade and serial; version 2 and ungraded lines do not', async () => {
    const s = await setup();
    const saved = await s.submit([s.ledger('TAB-1', { grade: 'B', condition: 'Reconditioning', serial: 'SN-9' }), s.ledger('CABLE-1')]);
    const data = (await createOutboundDataRepository(db()).returnFile(saved.id))!;
    const v3 = toShopReturn(data, 3);
    expect(v3.lines.map((l) => [l.grade, l.grade_name, l.serial, l.serial_shipped, l.serial_repeated, l.step_answers])).toEqual([
      ['B', 'B', 'SN-9', false, false, null],
      [null, null, null, null, false, null],
    ]);
    const v2 = toShopReturn(data, 2);
    expect(v2.lines.every((l) => !('grade' in l) && !('serial' in l))).toBe(true);
    const snapshot = returnSnapshot(data, (id, size) => `https://photos.example/${id}/${size}`) as { lines: Record<string, unknown>[] };
    expect(snapshot.lines[0]).toMatchObject({ grade: 'B', grade_name: 'B', serial: 'SN-9', serial_shipped: false, serial_repeated: false });
    expect(snapshot.lines[1]).not.toHaveProperty('grade');
    expect(snapshot.lines[1]).not.toHaveProperty('serial');
  });

  it("the dashboard counts lines and units by grade, named by the customer's scale, in the scale's order", async () => {
    const s = await setup();
    await s.submit([
      s.ledger('TAB-1', { grade: 'B', condition: 'Reconditioning', serial: 'SN-1' }),
      s.ledger('TAB-1', { grade: 'A', serial: 'SN-2' }),
      s.ledger('CABLE-1'),
    ]);
    const scale = (await call(t.app, 'GET', `/api/su/customers/${s.c.id}/grades`, { token: admin.token })).body.message;
    const renamed = await call(t.app, 'PUT', `/api/su/customers/${s.c.id}/grades`, {
      token: admin.token,
      body: { grades: scale.map((g: { grade: string }) => (g.grade === 'B' ? { ...g, label: 'Like new' } : g)) },
    });
    expect(renamed.status).toBe(200);
    const dash = await call(t.app, 'GET', `/api/dashboard?period=today&customer_id=${s.c.id}`, { token: s.op.token });
    expect(dash.status, JSON.stringify(dash.body)).toBe(200);
    expect(dash.body.message.grades).toEqual([
      { key: 'A', label: 'A', lines: 1, units: 1 },
      { key: 'B', label: 'Like new', lines: 1, units: 1 },
    ]);
    expect(dash.body.message.totals.lines).toBe(3);
  });

  it("the report appends the grade (the customer's name) and the serial after its last column", async () => {
    const s = await setup();
    await s.submit([s.ledger('TAB-1', { grade: 'WRONG_ITEM', condition: 'Reconditioning', serial: 'SN-2' }), s.ledger('CABLE-1')]);
    const lines = await createReportsRepository(db()).lines(s.c.id, '2026-11-27', '2026-11-27', 100);
    const tail = (key: string) => REPORT_COLUMNS.find((c) => c.key === key)!;
    expect(REPORT_COLUMNS.slice(-2).map((c) => c.key)).toEqual(['grade', 'serial']);
    expect(lines.map((l) => [l.sku, tail('grade').value(l), tail('serial').value(l)])).toEqual([
      ['TAB-1', 'Wrong item', 'SN-2'],
      ['CABLE-1', '', ''],
    ]);
  });
});
