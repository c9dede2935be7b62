import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeCustomer } from '../../test/factories.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { EXPECTED_MSG } from '../../../contract/expected-returns.js';
import { MSG } from '../../../contract/messages.js';
import { expectedReturnItems, expectedReturns } from '../../db/schema/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app, t.deps.database.db);
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const upload = (customerId: number, body: unknown, token = admin.token) =>
  call(t.app, 'POST', `/api/su/customers/${customerId}/expected-returns/import`, { token, body });
const returnsOf = (customerId: number) =>
  db().select().from(expectedReturns).where(eq(expectedReturns.customerId, customerId)).orderBy(expectedReturns.id);

const GOOD_CSV = [
  'RMA,Tracking Number,Order Reference,SKU,UPC,Quantity,Reason',
  'RMA-10,9400111899223197428497,SO-1,SHOE-42,,1,Too small',
  'RMA-10,,,,0123456789012,2,Changed mind',
  'RMA-11,1Z999AA10123456784,SO-2,BAG-1,,1,',
].join('\n');

async function xlsx(rows: (string | number)[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Expected');
  rows.forEach((r) => sheet.addRow(r));
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

describe('POST /api/su/customers/{id}/expected-returns/import', () => {
  it('answers 401 without a token, 403 to an operator, 422 for a bad format', async () => {
    const c = await makeCustomer(db());
    const op = await operatorSession(t.app, db(), [c.id]);
    expect(
      (await call(t.app, 'POST', `/api/su/customers/${c.id}/expected-returns/import`, { body: { format: 'csv', content: GOOD_CSV } }))
        .status,
    ).toBe(401);
    expect((await upload(c.id, { format: 'csv', content: GOOD_CSV }, op.token)).body).toMatchObject({ code: 403, message: MSG.forbidden });
    expect((await upload(c.id, { format: 'pdf', content: 'x' })).body.errors).toEqual({ format: ['format must be csv or xlsx'] });
    expect(await returnsOf(c.id)).toEqual([]);
  });

  it('imports a CSV: rows of one RMA make one expected return with its items', async () => {
    const c = await makeCustomer(db());
    const res = await upload(c.id, { format: 'csv', content: GOOD_CSV });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toEqual({ created: 2, rmas: ['RMA-10', 'RMA-11'] });
    const rows = await returnsOf(c.id);
    expect(rows.map((r) => [r.rma, r.trackingNumber, r.orderReference, r.source])).toEqual([
      ['RMA-10', '9400111899223197428497', 'SO-1', 'upload'],
      ['RMA-11', '1Z999AA10123456784', 'SO-2', 'upload'],
    ]);
    const items = await db().select().from(expectedReturnItems).where(eq(expectedReturnItems.expectedReturnId, rows[0]!.id));
    expect(items.map((i) => [i.sku, i.upc, i.quantity, i.reason])).toEqual([
      ['SHOE-42', null, 1, 'Too small'],
      [null, '0123456789012', 2, 'Changed mind'],
    ]);
    // The same file again: every RMA is named where it is, nothing written.
    const again = await upload(c.id, { format: 'csv', content: GOOD_CSV });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({
      content: [`Line 2, column A (rma): ${EXPECTED_MSG.rmaTaken('RMA-10')}`, `Line 4, column A (rma): ${EXPECTED_MSG.rmaTaken('RMA-11')}`],
    });
    expect(await returnsOf(c.id)).toHaveLength(2);
  });

  it('refuses a CSV with bad rows by line and column, writing nothing', async () => {
    const c = await makeCustomer(db());
    const content = [
      'rma,tracking_number,order_reference,sku,upc,quantity,reason',
      'RMA-20,T1,SO-1,SKU-1,,1,',
      ',T2,SO-2,SKU-2,,1,',
      'RMA-21,T3,SO-3,,,0,',
      'RMA-20,T9,,SKU-3,,2,',
    ].join('\r\n');
    const res = await upload(c.id, { format: 'csv', content });
    expect(res.status).toBe(422);
    expect(res.body.errors!.content).toEqual([
      `Line 3, column A (rma): ${EXPECTED_MSG.rma}`,
      `Line 4, column F (quantity): ${EXPECTED_MSG.quantity}`,
      `Line 4, column D (sku): ${EXPECTED_MSG.skuOrUpc}`,
      'Line 5, column B (tracking_number): differs from line 2 of RMA RMA-20',
    ]);
    const missing = await upload(c.id, { format: 'csv', content: 'rma,sku\nR1,S1' });
    expect(missing.body.errors!.content).toEqual([
      'Line 1: the column "quantity" is missing (columns: rma, tracking_number, order_reference, sku, upc, quantity, reason)',
    ]);
    expect(await returnsOf(c.id)).toEqual([]);
  });

  it('imports an XLSX file, and refuses a bad cell in one by line and column', async () => {
    const c = await makeCustomer(db());
    const header = ['RMA', 'Tracking number', 'Order reference', 'SKU', 'UPC', 'Quantity', 'Reason'];
    const bad = await upload(c.id, { format: 'xlsx', content: await xlsx([header, ['RMA-30', 'T1', 'SO', 'SKU', '', 'two', '']]) });
    expect(bad.body.errors).toEqual({ content: [`Line 2, column F (quantity): ${EXPECTED_MSG.quantity}`] });
    const notBook = await upload(c.id, { format: 'xlsx', content: Buffer.from('hello').toString('base64') });
    expect(notBook.body.errors).toEqual({ content: ['The file is not an XLSX workbook'] });
    expect(await returnsOf(c.id)).toEqual([]);
    const good = await upload(c.id, { format: 'xlsx', content: await xlsx([header, ['RMA-30', 'T1', 'SO', 'SKU', '', 3, 'Broken']]) });
    expect(good.body.message).toEqual({ created: 1, rmas: ['RMA-30'] });
  });
});
