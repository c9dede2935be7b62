import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { call } from '../../test/test-app.js';
import { parseCsv, useBillingTestApp } from '../../test/billing-fixtures.js';
import { makeCustomer } from '../../test/factories.js';
import { makeOrder } from '../../test/order-factory.js';
import { makeProduct, makeReturn } from '../../test/return-factory.js';
import { operatorSession } from '../../test/sessions.js';
import { billingClosedMonths, billingRates, customers } from '../../db/schema/index.js';
import { BILLING_MSG } from '../../../contract/billing.js';
import { CURRENCY_INVALID } from '../../../contract/money.js';
import { CUSTOMER_MSG } from '../../../contract/customers.js';
import { BILLING_COLUMNS } from './billing.files.js';

const { t, db, admin, addRate, download } = useBillingTestApp();

describe('billing routes: 401, 403, 422', () => {
  it('401 without a token, 403 for an operator on every route, nothing written', async () => {
    const customer = await makeCustomer(db());
    const op = await operatorSession(t().app, db(), [customer.id]);
    const { token } = await admin();
    const rate = await addRate(token, customer.id, 'return_received', 100, '2026-01-01');
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/su/customers/${customer.id}/billing-rates`],
      [
        'POST',
        `/api/su/customers/${customer.id}/billing-rates`,
        { event_type: 'return_received', amount_minor: 1, starts_on: '2026-02-01' },
      ],
      ['DELETE', `/api/su/billing-rates/${rate.id}`],
      ['GET', `/api/su/billing?customer_id=${customer.id}&month=2026-10`],
      ['POST', '/api/su/billing/close', { customer_id: customer.id, month: '2026-10' }],
      ['GET', `/api/su/billing/export?customer_id=${customer.id}&month=2026-10&format=csv`],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(t().app, method as 'GET', url, { body })).status, `${method} ${url}`).toBe(401);
      expect((await call(t().app, method as 'GET', url, { token: op.token, body })).status, `${method} ${url}`).toBe(403);
    }
    expect(await db().select().from(billingRates).where(eq(billingRates.customerId, customer.id))).toHaveLength(1);
    expect(await db().select().from(billingClosedMonths).where(eq(billingClosedMonths.customerId, customer.id))).toEqual([]);
  });

  it('422 with clear messages and nothing changed', async () => {
    const customer = await makeCustomer(db());
    const { token } = await admin();
    const url = `/api/su/customers/${customer.id}/billing-rates`;
    const bad = await call(t().app, 'POST', url, { token, body: { event_type: 'coffee', amount_minor: 1.5, starts_on: '2026-02-30' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      event_type: [BILLING_MSG.event],
      amount_minor: [BILLING_MSG.amount],
      starts_on: [BILLING_MSG.startsOn],
    });
    expect(
      (await call(t().app, 'POST', url, { token, body: { event_type: 'correction', amount_minor: -1, starts_on: '2026-02-01' } })).body
        .errors,
    ).toEqual({
      amount_minor: [BILLING_MSG.amount],
    });
    await addRate(token, customer.id, 'correction', 5, '2026-02-01');
    const taken = await call(t().app, 'POST', url, { token, body: { event_type: 'correction', amount_minor: 7, starts_on: '2026-02-01' } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ starts_on: [BILLING_MSG.rateTaken] });
    expect(await db().select().from(billingRates).where(eq(billingRates.customerId, customer.id))).toHaveLength(1);

    const month = await call(t().app, 'GET', `/api/su/billing?customer_id=${customer.id}&month=2026-13`, { token });
    expect(month.status).toBe(422);
    expect(month.body.errors).toEqual({ month: [BILLING_MSG.month] });
    const format = await call(t().app, 'GET', `/api/su/billing/export?customer_id=${customer.id}&month=2026-10&format=pdf`, { token });
    expect(format.body.errors).toEqual({ format: [BILLING_MSG.format] });
    const notEnded = await call(t().app, 'POST', '/api/su/billing/close', { token, body: { customer_id: customer.id, month: '2026-11' } });
    expect(notEnded.status).toBe(422);
    expect(notEnded.body.errors).toEqual({ month: [BILLING_MSG.notEnded] });
    expect(await db().select().from(billingClosedMonths).where(eq(billingClosedMonths.customerId, customer.id))).toEqual([]);
    expect((await call(t().app, 'GET', `/api/su/billing?customer_id=999999&month=2026-10`, { token })).status).toBe(404);
    expect((await call(t().app, 'DELETE', `/api/su/billing-rates/999999`, { token })).status).toBe(404);

    // The customer's currency: an ISO 4217 code, locked while rates exist.
    const put = (currency: string) =>
      call(t().app, 'PUT', `/api/su/customers/${customer.id}`, {
        token,
        body: { company: customer.company, order_source: 'Biztalk', currency },
      });
    expect((await put('XYZ')).body.errors).toEqual({ currency: [CURRENCY_INVALID] });
    expect((await put('usd')).body.errors).toEqual({ currency: [CUSTOMER_MSG.currencyLocked] });
    expect((await db().select().from(customers).where(eq(customers.id, customer.id)))[0]!.currency).toBe('EUR');
  });
});

describe('billing month', () => {
  it('counts and prices per event type with a rate change mid-month; a closed month is frozen', async () => {
    const { token, user } = await admin();
    const customer = await makeCustomer(db());
    const created = await call(t().app, 'PUT', `/api/su/customers/${customer.id}`, {
      token,
      body: { company: customer.company, order_source: 'Biztalk', currency: 'usd' },
    });
    expect(created.body.message.currency).toBe('USD');
    const op = await operatorSession(t().app, db(), [customer.id]);
    const product = await makeProduct(db(), customer.id, { sku: '=SKU-1' });
    const made = await makeOrder(db(), customer.id, {}, [3]);
    const ret = (createdAt: string, quantities: number[], orderId: number | null = null) =>
      makeReturn(db(), {
        customerId: customer.id,
        userId: op.user.id,
        username: op.user.username,
        orderId,
        createdAt: new Date(createdAt),
        lines: quantities.map((quantity) => ({ productId: product.id, quantity })),
      });
    await ret('2026-09-30T23:59:59Z', [9]); // September
    const a = await ret('2026-10-10T08:00:00Z', [2, 1], made.order.id);
    const b = await ret('2026-10-20T09:30:00Z', [5]);
    await ret('2026-11-01T00:00:00Z', [4]); // November

    await addRate(token, customer.id, 'return_received', 150, '2026-01-01'); // 1.50 USD
    await addRate(token, customer.id, 'unit_received', 25, '2026-01-01');
    await addRate(token, customer.id, 'unit_received', 40, '2026-10-15'); // from mid-October
    await addRate(token, customer.id, 'photo_taken', 10, '2026-01-01');

    const get = async (month: string) =>
      (await call(t().app, 'GET', `/api/su/billing?customer_id=${customer.id}&month=${month}`, { token })).body.message;
    const october = await get('2026-10');
    expect(october).toMatchObject({
      currency: 'USD',
      minor_digits: 2,
      closed: null,
      can_close: true,
      total_minor: 2 * 150 + 3 * 25 + 5 * 40,
    });
    const line = (m: typeof october, type: string) => m.lines.find((l: { event_type: string }) => l.event_type === type);
    expect(line(october, 'return_received')).toMatchObject({
      quantity: 2,
      amount_minor: 300,
      rates: [{ rate_minor: 150, quantity: 2, amount_minor: 300 }],
    });
    expect(line(october, 'unit_received')).toMatchObject({
      quantity: 8,
      amount_minor: 275,
      rates: [
        { rate_minor: 25, quantity: 3, amount_minor: 75 },
        { rate_minor: 40, quantity: 5, amount_minor: 200 },
      ],
    });
    expect(line(october, 'photo_taken')).toMatchObject({ quantity: 0, amount_minor: 0, rates: [] });
    expect(october.lines.map((l: { event_type: string }) => l.event_type)).toEqual([
      'return_received',
      'unit_received',
      'photo_taken',
      'discrepancy_recorded',
      'parcel_handled',
      'correction',
    ]);

    // The download: one row per billable event (2 returns, 3 ledger lines), oldest first.
    const csv = parseCsv((await download(token, customer.id, '2026-10', 'csv')).body);
    expect(csv[0]).toEqual([...BILLING_COLUMNS]);
    expect(csv.slice(1)).toEqual([
      ['Return received', '2026-10-10 08:00:00', String(a.id), made.order.orderNumber, op.user.username, '1', '1.50', '1.50', 'USD'],
      ['Unit received', '2026-10-10 08:00:00', String(a.id), "'=SKU-1", op.user.username, '2', '0.25', '0.50', 'USD'],
      ['Unit received', '2026-10-10 08:00:00', String(a.id), "'=SKU-1", op.user.username, '1', '0.25', '0.25', 'USD'],
      ['Return received', '2026-10-20 09:30:00', String(b.id), '', op.user.username, '1', '1.50', '1.50', 'USD'],
      ['Unit received', '2026-10-20 09:30:00', String(b.id), "'=SKU-1", op.user.username, '5', '0.40', '2.00', 'USD'],
    ]);

    // Close October; later changes (a new rate from Oct 1, a return back-dated into October) leave it as it was.
    const closed = await call(t().app, 'POST', '/api/su/billing/close', { token, body: { customer_id: customer.id, month: '2026-10' } });
    expect(closed.status).toBe(200);
    expect(closed.body.message).toMatchObject({ total_minor: 575, closed: { closed_by: user.username }, can_close: false });
    const again = await call(t().app, 'POST', '/api/su/billing/close', { token, body: { customer_id: customer.id, month: '2026-10' } });
    expect(again.body.errors).toEqual({ month: [BILLING_MSG.closed] });
    await addRate(token, customer.id, 'return_received', 999, '2026-10-01');
    await ret('2026-10-25T10:00:00Z', [7]);
    const frozen = await get('2026-10');
    expect(frozen.total_minor).toBe(575);
    expect(frozen.lines).toEqual(october.lines);
    const frozenCsv = parseCsv((await download(token, customer.id, '2026-10', 'csv')).body);
    expect(frozenCsv).toEqual(csv);
    // The rate change shows in an open month.
    const november = await get('2026-11');
    expect(november).toMatchObject({ total_minor: 999 + 4 * 40, can_close: false });

    // XLSX of the closed month: the same rows, amounts as numbers, a total row.
    const xlsx = await download(token, customer.id, '2026-10', 'xlsx');
    expect(xlsx.headers['content-disposition']).toMatch(/attachment; filename="billing_.*_2026-10\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.getWorksheet('Billing')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([...BILLING_COLUMNS]);
    expect(rows).toHaveLength(7);
    expect(rows[5]).toEqual(['Unit received', '2026-10-20 09:30:00', b.id, '=SKU-1', op.user.username, 5, 0.4, 2, 'USD']);
    expect(rows[6]).toEqual(['Total', '', '', '', '', '', '', 5.75, 'USD']);

    // Deleting a rate re-prices open months only.
    const rates = (await call(t().app, 'GET', `/api/su/customers/${customer.id}/billing-rates`, { token })).body.message;
    expect(rates.currency).toBe('USD');
    const late = rates.rates.find((r: { amount_minor: number }) => r.amount_minor === 999);
    expect((await call(t().app, 'DELETE', `/api/su/billing-rates/${late.id}`, { token })).status).toBe(200);
    expect((await get('2026-11')).total_minor).toBe(150 + 4 * 40);
    expect((await get('2026-10')).total_minor).toBe(575);
  });
});
