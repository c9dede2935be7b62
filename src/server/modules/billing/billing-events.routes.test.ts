// The billable events other features record: photos on returns, closed unknown parcels,
// corrections and discrepancies, counted per month and frozen once the month is closed. Split from
// billing.routes.test.ts (the routes' 401/403/422 and the month itself).
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { call } from '../../test/test-app.js';
import { parseCsv, useBillingTestApp } from '../../test/billing-fixtures.js';
import { makeCustomer } from '../../test/factories.js';
import { makeOrder } from '../../test/order-factory.js';
import { makeProduct, makeReturn } from '../../test/return-factory.js';
import { operatorSession } from '../../test/sessions.js';
import { parcels, photos, returnLedgers, returnMissingLines, returnVersions } from '../../db/schema/index.js';

const { t, db, admin, addRate, download } = useBillingTestApp();

describe('billing events of the other features', () => {
  it('counts photos on returns, closed unknown parcels and corrections (each version after the first)', async () => {
    const { token } = await admin();
    const customer = await makeCustomer(db());
    const op = await operatorSession(t().app, db(), [customer.id]);
    const product = await makeProduct(db(), customer.id, { sku: 'PH-1' });
    const ret = await makeReturn(db(), {
      customerId: customer.id,
      userId: op.user.id,
      username: op.user.username,
      createdAt: new Date('2026-10-05T10:00:00Z'),
      lines: [{ productId: product.id, quantity: 1 }],
    });
    const [ledger] = await db().select().from(returnLedgers).where(eq(returnLedgers.returnId, ret.id));
    const photo = (uploadedAt: string, returnId: number | null) => ({
      storageKey: `k-${Math.random()}`,
      customerId: customer.id,
      uploadedBy: op.user.id,
      uploadedAt: new Date(uploadedAt),
      sha256: 'x',
      format: 'jpeg',
      uploadedBytes: 1,
      originalBytes: 1,
      displayBytes: 1,
      thumbBytes: 1,
      width: 1,
      height: 1,
      returnId,
      ledgerId: returnId ? ledger!.id : null,
      attachedAt: returnId ? new Date(uploadedAt) : null,
    });
    await db()
      .insert(photos)
      .values([photo('2026-10-05T09:59:00Z', ret.id), photo('2026-10-05T09:59:30Z', ret.id), photo('2026-10-05T09:00:00Z', null)]);
    const parcel = (state: string, closedAt: string | null) => ({
      trackingNumber: `TRK${Math.floor(Math.random() * 1e9)}`,
      customerId: customer.id,
      location: 'A1',
      state,
      receivedBy: op.user.id,
      receivedByName: op.user.username,
      receivedAt: new Date('2026-09-28T08:00:00Z'),
      closedAt: closedAt ? new Date(closedAt) : null,
      returnId: state === 'Matched' ? ret.id : null,
    });
    await db()
      .insert(parcels)
      .values([parcel('Matched', '2026-10-05T09:58:00Z'), parcel('Closed', '2026-10-20T12:00:00Z'), parcel('Waiting', null)]);
    const version = (v: number, at: string) => ({
      returnId: ret.id,
      version: v,
      userId: op.user.id,
      username: op.user.username,
      lines: [],
      createdAt: new Date(at),
    });
    await db()
      .insert(returnVersions)
      .values([version(1, '2026-10-06T10:00:00Z'), version(2, '2026-10-06T10:00:00Z'), version(3, '2026-11-02T10:00:00Z')]);
    await addRate(token, customer.id, 'photo_taken', 5, '2026-01-01');
    await addRate(token, customer.id, 'parcel_handled', 200, '2026-01-01');
    await addRate(token, customer.id, 'correction', 300, '2026-01-01');

    const october = (await call(t().app, 'GET', `/api/su/billing?customer_id=${customer.id}&month=2026-10`, { token })).body.message;
    const byType = Object.fromEntries(
      october.lines.map((l: { event_type: string; quantity: number; amount_minor: number }) => [
        l.event_type,
        [l.quantity, l.amount_minor],
      ]),
    );
    expect(byType).toMatchObject({
      return_received: [1, 0],
      unit_received: [1, 0],
      photo_taken: [2, 10],
      parcel_handled: [2, 400],
      correction: [1, 300],
    });
    expect(october.total_minor).toBe(710);
    const csv = parseCsv((await download(token, customer.id, '2026-10', 'csv')).body);
    expect(csv.slice(1).map((r) => `${r[0]}|${r[3]}`)).toEqual([
      `Unknown parcel handled|${csv[1]![3]}`,
      'Photo taken|PH-1',
      'Photo taken|PH-1',
      `Return received|`,
      'Unit received|PH-1',
      'Correction|version 2',
      `Unknown parcel handled|${csv[7]![3]}`,
    ]);
    expect(csv[1]![3]).toMatch(/^TRK/);
  });

  it('counts each discrepancy recorded (wrong item, extra item, missing order line); a closed month stays frozen', async () => {
    const { token } = await admin();
    const customer = await makeCustomer(db());
    const op = await operatorSession(t().app, db(), [customer.id]);
    const made = await makeOrder(db(), customer.id, {}, [2, 1]);
    const product = await makeProduct(db(), customer.id, { sku: 'DS-1' });
    const submit = (createdAt: string) =>
      makeReturn(db(), {
        customerId: customer.id,
        userId: op.user.id,
        username: op.user.username,
        orderId: made.order.id,
        createdAt: new Date(createdAt),
        lines: [
          { productId: product.id, quantity: 2 },
          { productId: product.id, quantity: 1 },
          { productId: product.id, quantity: 1 },
        ],
      });
    const october = await submit('2026-10-10T10:00:00Z');
    const discrepancies = async (returnId: number) => {
      const lines = await db().select().from(returnLedgers).where(eq(returnLedgers.returnId, returnId));
      await db().update(returnLedgers).set({ discrepancy: 'WRONG_ITEM' }).where(eq(returnLedgers.id, lines[0]!.id));
      await db().update(returnLedgers).set({ discrepancy: 'EXTRA_ITEM' }).where(eq(returnLedgers.id, lines[1]!.id));
      await db().insert(returnMissingLines).values({
        returnId,
        customerId: customer.id,
        orderId: made.order.id,
        orderLineId: made.lines[0]!.id,
        productId: made.lines[0]!.productId,
        quantity: 2,
      });
    };
    await discrepancies(october.id);
    await addRate(token, customer.id, 'discrepancy_recorded', 150, '2026-01-01');
    const read = async (month: string) =>
      (await call(t().app, 'GET', `/api/su/billing?customer_id=${customer.id}&month=${month}`, { token })).body.message as {
        total_minor: number;
        lines: { event_type: string; quantity: number; amount_minor: number }[];
      };
    const line = (m: Awaited<ReturnType<typeof read>>) => m.lines.find((l) => l.event_type === 'discrepancy_recorded');
    expect(line(await read('2026-10'))).toMatchObject({ quantity: 3, amount_minor: 450 });
    const csv = parseCsv((await download(token, customer.id, '2026-10', 'csv')).body);
    const rows = csv.filter((r) => r[0] === 'Discrepancy recorded');
    expect(rows.map((r) => r[3]).sort()).toEqual(['Extra item DS-1', `Missing ${made.lines[0]!.product.sku}`, 'Wrong item DS-1']);
    expect(rows.every((r) => r[2] === String(october.id) && r[4] === op.user.username)).toBe(true);
    const xlsx = new ExcelJS.Workbook();
    await xlsx.xlsx.load((await download(token, customer.id, '2026-10', 'xlsx')).rawPayload as never);
    const xlsxEvents: string[] = [];
    xlsx.worksheets[0]!.eachRow((r) => xlsxEvents.push(String(r.getCell(1).value)));
    expect(xlsxEvents.filter((e) => e === 'Discrepancy recorded')).toHaveLength(3);

    // Close October; a back-dated return with discrepancies and a new rate change nothing in it.
    expect(
      (await call(t().app, 'POST', '/api/su/billing/close', { token, body: { customer_id: customer.id, month: '2026-10' } })).status,
    ).toBe(200);
    const closed = await read('2026-10');
    await discrepancies((await submit('2026-10-20T10:00:00Z')).id);
    await addRate(token, customer.id, 'discrepancy_recorded', 999, '2026-10-01');
    expect(await read('2026-10')).toEqual(closed);
    expect(line(closed)).toMatchObject({ quantity: 3, amount_minor: 450 });
    // November (open) counts at the new rate.
    await discrepancies((await submit('2026-11-03T10:00:00Z')).id);
    expect(line(await read('2026-11'))).toMatchObject({ quantity: 3, amount_minor: 2997 });
  });
});
