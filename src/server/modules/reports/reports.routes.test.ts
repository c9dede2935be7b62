import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeCustomer, makeReason } from '../../test/factories.js';
import { makeOrder } from '../../test/order-factory.js';
import { makeProduct, makeReturn } from '../../test/return-factory.js';
import { operatorSession } from '../../test/sessions.js';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { tasks } from '../../db/schema/index.js';
import { MSG } from '../../../contract/messages.js';
import { DEFAULT_REPORT_NAME, REPORT_DATE_ORDER } from '../../../contract/reports.js';
import { createTaskHandlers } from '../tasks/handlers/task-handlers.js';
import type { TaskContext } from '../tasks/task-worker.js';
import { reportHeadings } from './return-report.files.js';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.database.db;
});
afterAll(() => t.close());

/** The report handler uses no worker services; a bare context is enough to run it directly. */
const runReport = (task: typeof tasks.$inferSelect) => {
  const signal = new AbortController().signal;
  const ctx = { signal, claim: {}, progress: async () => undefined } as unknown as TaskContext;
  return createTaskHandlers(t.deps)['Return Report']!(task, signal, ctx);
};

const reportTasks = (customerId: number) => db.select().from(tasks).where(eq(tasks.customerId, customerId));

describe('POST /api/reports', () => {
  it('answers 401 without a token', async () => {
    expect((await call(t.app, 'POST', '/api/reports', { body: {} })).status).toBe(401);
  });

  it('answers 422 with the §5 messages and queues nothing', async () => {
    const customer = await makeCustomer(db);
    const op = await operatorSession(t.app, db, [customer.id]);
    const res = await call(t.app, 'POST', '/api/reports', {
      token: op.token,
      body: { customer_id: null, date_from: '2026-13-01', date_to: '', email: 'not-an-email' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      customer_id: [MSG.customerRequired],
      date_from: [MSG.invalidDate],
      date_to: [MSG.invalidDate],
      email: [MSG.emailInvalid],
    });
    const reversed = await call(t.app, 'POST', '/api/reports', {
      token: op.token,
      body: { customer_id: customer.id, date_from: '2026-11-10', date_to: '2026-11-01', email: 'a@example.com' },
    });
    expect(reversed.status).toBe(422);
    // Issue 28: the wrong order has its own message; an impossible day is not rolled over into another.
    expect(reversed.body.errors).toEqual({ date_to: [REPORT_DATE_ORDER] });
    for (const [from, to, errors] of [
      ['2026-13-45', '2026-11-30', { date_from: [MSG.invalidDate] }],
      ['2026-02-29', '2026-11-30', { date_from: [MSG.invalidDate] }],
      ['2026-11-01', '2026-11-31', { date_to: [MSG.invalidDate] }],
      ['2026-11-01', '2026-13-45', { date_to: [MSG.invalidDate] }],
    ] as const) {
      const res = await call(t.app, 'POST', '/api/reports', {
        token: op.token,
        body: { customer_id: customer.id, date_from: from, date_to: to, email: 'a@example.com' },
      });
      expect(res.status, `${from}..${to}`).toBe(422);
      expect(res.body.errors, `${from}..${to}`).toEqual(errors);
    }
    expect(await reportTasks(customer.id)).toEqual([]);
  });

  it('answers 403 for a customer not linked to the operator', async () => {
    const customer = await makeCustomer(db);
    const op = await operatorSession(t.app, db, []);
    const res = await call(t.app, 'POST', '/api/reports', {
      token: op.token,
      body: { customer_id: customer.id, date_from: '2026-11-01', date_to: '2026-11-30', email: 'a@example.com' },
    });
    expect(res.status).toBe(403);
    expect(await reportTasks(customer.id)).toEqual([]);
  });

  it('queues a Return Report task whose handler mails the XLSX and CSV of the range, one row per ledger line', async () => {
    const customer = await makeCustomer(db, { canBlind: true });
    await makeReason(db, customer.id, 'DAMAGED', 'Damaged in transit');
    const op = await operatorSession(t.app, db, [customer.id]);
    const made = await makeOrder(db, customer.id, {}, [2, 1]);
    const [l1, l2] = made.lines;
    const inRange = await makeReturn(db, {
      customerId: customer.id,
      userId: op.user.id,
      username: op.user.username,
      orderId: made.order.id,
      returnDate: '2026-11-05',
      reference1: '=HYPERLINK("x")',
      lines: [
        {
          productId: l1!.productId,
          orderLineId: l1!.id,
          quantity: 2,
          condition: 'Pristine',
          reason: 'DAMAGED',
          comment: 'a, "quoted" comment',
        },
        { productId: l2!.productId, orderLineId: l2!.id, quantity: 1, condition: 'Scrap', reason: 'DAMAGED' },
      ],
    });
    const blindProduct = await makeProduct(db, customer.id, { sku: 'BLIND-SKU', upc: '555', name1: 'Loose item' });
    const blind = await makeReturn(db, {
      customerId: customer.id,
      userId: op.user.id,
      username: op.user.username,
      isBlind: true,
      returnDate: '2026-11-30',
      reference1: 'RMA-7',
      lines: [{ productId: blindProduct.id, quantity: 4, condition: 'Reconditioning', reason: 'DAMAGED' }],
    });
    // Outside the range, and another customer's return inside it: neither is reported.
    await makeReturn(db, {
      customerId: customer.id,
      userId: op.user.id,
      username: op.user.username,
      returnDate: '2026-12-01',
      lines: [{ productId: blindProduct.id }],
    });
    const other = await makeCustomer(db);
    await makeReturn(db, {
      customerId: other.id,
      userId: op.user.id,
      username: op.user.username,
      returnDate: '2026-11-05',
      lines: [{ productId: (await makeProduct(db, other.id)).id }],
    });

    const res = await call(t.app, 'POST', '/api/reports', {
      token: op.token,
      body: { customer_id: String(customer.id), date_from: '2026-11-01', date_to: '2026-11-30', email: 'manager@example.com' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, message: MSG.reportQueued });
    const [task] = await reportTasks(customer.id);
    expect(task).toMatchObject({ taskType: 'Return Report', taskStatus: 'Pending', customerId: customer.id });
    expect(task!.payload).toEqual({
      reportName: DEFAULT_REPORT_NAME,
      customerId: customer.id,
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
      email: 'manager@example.com',
      requestedBy: op.user.username,
    });

    const result = await runReport(task!);
    expect(result).toMatchObject({ details: { to: 'manager@example.com', lines: 3, returns: 2, truncated: false } });

    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toBe('manager@example.com');
    expect(mail.subject).toContain(customer.company);
    expect(mail.attachments!.map((a) => a.filename)).toEqual([`${DEFAULT_REPORT_NAME}.xlsx`, `${DEFAULT_REPORT_NAME}.csv`]);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(mail.attachments![0]!.content, 'base64') as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Returns')!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(reportHeadings());
    expect(rows).toHaveLength(4);
    const byHeader = (row: unknown[]) => Object.fromEntries(reportHeadings().map((h, i) => [h, row[i] ?? '']));
    expect(byHeader(rows[1]!)).toMatchObject({
      'Return ID': inRange.id,
      'Return Date': '2026-11-05',
      'Order #': made.order.orderNumber,
      'Delivery #': made.order.deliveryNumber,
      'Web Order #': made.order.webOrderNumber,
      'Reference 1': '=HYPERLINK("x")',
      SKU: l1!.product.sku,
      UPC: l1!.product.upc,
      Name: l1!.product.name1,
      Quantity: 2,
      Condition: 'Pristine',
      Reason: 'DAMAGED',
      'Reason Text': 'Damaged in transit',
      Comment: 'a, "quoted" comment',
      Operator: op.user.username,
      Blind: 'N',
      Corrected: 'N',
    });
    // Written as text, never as a formula.
    expect(sheet.getRow(2).getCell(7).type).toBe(ExcelJS.ValueType.String);
    expect(byHeader(rows[2]!)).toMatchObject({ 'Return ID': inRange.id, SKU: l2!.product.sku, Quantity: 1, Condition: 'Scrap' });
    expect(byHeader(rows[3]!)).toMatchObject({
      'Return ID': blind.id,
      'Return Date': '2026-11-30',
      'Order #': '',
      'Reference 1': 'RMA-7',
      SKU: 'BLIND-SKU',
      Quantity: 4,
      Blind: 'Y',
    });

    const csv = Buffer.from(mail.attachments![1]!.content, 'base64').toString('utf8');
    const csvLines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(csvLines).toHaveLength(4);
    expect(csvLines[0]).toBe(reportHeadings().join(','));
    expect(csvLines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csvLines[1]).toContain('"a, ""quoted"" comment"');
    // The blind line, with issue 16's columns after Blind (no disposition, location or discrepancy here), then Corrected, then no
    // photos, then issue 27's Grade and Serial (no rule applied).
    expect(csvLines[3]!.endsWith(',Y,,,,N,,,,')).toBe(true);
  });

  it('mails an empty report with headers only when the range has no returns', async () => {
    const customer = await makeCustomer(db);
    const op = await operatorSession(t.app, db, [customer.id]);
    await call(t.app, 'POST', '/api/reports', {
      token: op.token,
      body: { report_name: 'nov_empty', customer_id: customer.id, date_from: '2026-11-01', date_to: '2026-11-30', email: 'x@example.com' },
    });
    const [task] = await reportTasks(customer.id);
    await runReport(task!);
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.attachments!.map((a) => a.filename)).toEqual(['nov_empty.xlsx', 'nov_empty.csv']);
    expect(mail.text).toContain('0 line(s) of 0 return(s)');
  });
});

describe('the report in the requester’s language (issue 24)', () => {
  it('mails in the account’s language with headings in it, or English headings for machines; the values stay codes', async () => {
    const customer = await makeCustomer(db);
    const op = await operatorSession(t.app, db, [customer.id]);
    await db.execute(sql`update users set language = 'de' where id = ${op.user.id}`);
    const product = await makeProduct(db, customer.id);
    await makeReturn(db, {
      customerId: customer.id,
      userId: op.user.id,
      username: op.user.username,
      returnDate: '2026-10-05',
      lines: [{ productId: product.id, condition: 'Scrap', reason: 'DAMAGED' }],
    });
    const ask = async (extra: Record<string, unknown>) => {
      const body = { customer_id: customer.id, date_from: '2026-10-01', date_to: '2026-10-31', email: 'de@example.com', ...extra };
      expect((await call(t.app, 'POST', '/api/reports', { token: op.token, body })).status).toBe(200);
      const queued = await reportTasks(customer.id);
      await runReport(queued.at(-1)!);
      const mail = t.mailer.sent.at(-1)!;
      const csv = Buffer.from(mail.attachments!.find((a) => a.filename.endsWith('.csv'))!.content, 'base64').toString('utf8');
      return { mail, csv: csv.replace(/^\uFEFF/, '').split('\r\n') };
    };
    const german = await ask({});
    expect(german.mail.subject).toBe(`Retourenbericht ${DEFAULT_REPORT_NAME}: ${customer.company} 2026-10-01 bis 2026-10-31`);
    expect(german.mail.text).toContain('1 Zeile(n) aus 1 Retoure(n), als Excel-Arbeitsmappe und als CSV');
    expect(german.csv[0]).toBe(reportHeadings('de').join(','));
    expect(german.csv[0]!.startsWith('Retouren-ID,Retourendatum,')).toBe(true);
    expect(german.csv[1]).toContain(',Scrap,DAMAGED,');

    const machine = await ask({ headings: 'en' });
    expect(machine.mail.subject.startsWith('Retourenbericht')).toBe(true);
    expect(machine.csv[0]).toBe(reportHeadings('en').join(','));

    const bad = await call(t.app, 'POST', '/api/reports', {
      token: op.token,
      body: { customer_id: customer.id, date_from: '2026-10-01', date_to: '2026-10-31', email: 'x@example.com', headings: 'de' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error_codes).toEqual({ headings: [{ code: 'misc.reportHeadingsInvalid' }] });
  });
});
