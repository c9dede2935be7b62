// Issue 24: each kind of mail reaches a real SMTP server (the test sink) in its recipient's language,
// the user's stored one: a password reset in Polish, a requested report in German (its workbook's
// sheet and headings too), a scheduled report in Dutch (the language of the person who set the
// schedule up) and the decisions digest in Spanish. The worker sends them as it does in production.
import ExcelJS from 'exceljs';
import { simpleParser, type ParsedMail } from 'mailparser';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../integrations/mailer.js';
import { createAccessRepository } from '../modules/access/access.repository.js';
import { createCustomerAccess } from '../modules/customers/customer-access.service.js';
import { createDecisionsService } from '../modules/decisions/decisions.service.js';
import { createSchedulesService } from '../modules/schedules/schedules.service.js';
import { FIXTURE_DISPOSITIONS, submittedReturnCustomer } from '../test/correction-fixtures.js';
import { makeCustomer, makeUser } from '../test/factories.js';
import { startTestWorker } from '../test/integration-fixtures.js';
import { startSmtpSink, waitFor, type SmtpSink } from '../test/integration-servers.js';
import { makeProduct, makeReturn } from '../test/return-factory.js';
import { adminSession, loginAs } from '../test/sessions.js';
import { call, createTestApp, type TestApp } from '../test/test-app.js';
import { reportHeadings } from '../modules/reports/return-report.files.js';

let sink: SmtpSink;
let t: TestApp;
let worker: ReturnType<typeof startTestWorker>;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({}, { mailer: createSmtpMailer(`${sink.url}?ignoreTLS=true`, 'Returns Desk <desk@example.com>') });
  worker = startTestWorker(t.deps);
});
afterAll(async () => {
  await worker.stop();
  await t.close();
  await sink.close();
});

const db = () => t.deps.database.db;
const speaks = (id: number, language: string) => db().execute(sql`update users set language = ${language} where id = ${id}`);

/** A mail's text without its links (a link's path is English: /auth/password/…). */
const words = (mail: ParsedMail) => (mail.text ?? '').replace(/https?:\/\/\S+/g, '');

/** The mail the SMTP server received for `to`, parsed (subject and text decoded). */
async function mailTo(to: string): Promise<ParsedMail> {
  const raw = await waitFor(async () => {
    worker.poke();
    return sink.mails.find((m) => m.to.includes(to))?.raw;
  });
  return simpleParser(raw);
}

describe('mails in the recipient’s language over SMTP', () => {
  it('a password reset in Polish', async () => {
    const user = await makeUser(db());
    await speaks(user.id, 'pl');
    const res = await call(t.app, 'POST', '/api/auth/forget-password', {
      body: { username: user.username, email: user.email },
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(200);
    const mail = await mailTo(user.email);
    expect(mail.subject).toBe('Returns Desk: zresetuj hasło');
    expect(mail.text).toContain(user.username);
    expect(words(mail)).not.toMatch(/\b(Hello|password|minutes|ignore)\b/);
  });

  it('a requested report in German: the mail, the sheet and its headings', async () => {
    const customer = await makeCustomer(db());
    const op = await makeUser(db(), { customerIds: [customer.id], password: 'Op-pass-123' });
    await speaks(op.id, 'de');
    const product = await makeProduct(db(), customer.id);
    await makeReturn(db(), {
      customerId: customer.id,
      userId: op.id,
      username: op.username,
      returnDate: '2026-10-05',
      lines: [{ productId: product.id }],
    });
    const token = await loginAs(t.app, op.username, 'Op-pass-123');
    const body = { customer_id: customer.id, date_from: '2026-10-01', date_to: '2026-10-31', email: 'report-de@example.com' };
    expect((await call(t.app, 'POST', '/api/reports', { token, body, headers: { 'accept-language': 'en' } })).status).toBe(200);
    const mail = await mailTo('report-de@example.com');
    expect(mail.subject).toMatch(new RegExp(`^Retourenbericht .+: ${customer.company} 2026-10-01 bis 2026-10-31$`));
    expect(mail.text).toContain('1 Zeile(n) aus 1 Retoure(n), als Excel-Arbeitsmappe und als CSV');
    const xlsx = mail.attachments.find((a) => a.filename?.endsWith('.xlsx'))!;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.content as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Retouren');
    expect(book.title).toBe(`${customer.company}: Retouren 2026-10-01 bis 2026-10-31`);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(reportHeadings('de'));
  });

  it('a scheduled report in Dutch, the language of the admin who set the schedule up', async () => {
    const admin = await adminSession(t.app, db());
    await speaks(admin.user.id, 'nl');
    const customer = await makeCustomer(db());
    const res = await call(t.app, 'POST', `/api/su/customers/${customer.id}/report-schedules`, {
      token: admin.token,
      body: { frequency: 'Daily', time_of_day: '06:00', time_zone: 'UTC', recipients: ['schedule-nl@example.com'], formats: ['CSV'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const due = new Date(res.body.message.next_due_at as string);
    t.clock.advance(due.getTime() - t.clock.now().getTime());
    const schedules = createSchedulesService({
      db: db(),
      clock: t.clock,
      customerAccess: createCustomerAccess(createAccessRepository(db())),
    });
    expect(await schedules.runDue(t.clock.now())).toBe(1);
    const mail = await mailTo('schedule-nl@example.com');
    expect(mail.subject).toMatch(/^Retourrapport /);
    expect(mail.text).toContain(`rapportschema #${res.body.message.id as number}`);
    expect(words(mail)).not.toMatch(/\b(Hello|attached|requested|line\(s\))\b/);
  });

  it('the decisions digest in Spanish', async () => {
    const admin = await adminSession(t.app, db());
    const c = await submittedReturnCustomer(db());
    for (const body of FIXTURE_DISPOSITIONS) {
      expect((await call(t.app, 'POST', `/api/su/customers/${c.customer.id}/dispositions`, { token: admin.token, body })).status).toBe(200);
    }
    const rule = await call(t.app, 'POST', `/api/su/customers/${c.customer.id}/decision-rules`, {
      token: admin.token,
      body: { kind: 'condition', value: 'Scrap', default_disposition: 'SCRAP' },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    const brand = await makeUser(db(), { isBrand: true, customerIds: [c.customer.id] });
    await speaks(brand.id, 'es');
    const [l1] = c.made.lines;
    const saved = await call(t.app, 'POST', '/api/returns', {
      token: admin.token,
      body: {
        id: '__sweeps',
        customer_id: c.customer.id,
        order_id: c.made.order.id,
        reference_1: 'RMA-ES',
        return_date: '2026-11-20',
        return_ledgers: [{ order_line_id: l1!.id, product_id: l1!.productId, quantity: 1, condition: 'Scrap', reason: 'DAMAGED' }],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const decisions = createDecisionsService({
      db: db(),
      clock: t.clock,
      customerAccess: createCustomerAccess(createAccessRepository(db())),
      mail: { secretBox: t.deps.secretBox, linkBase: 'https://desk.example/' },
    });
    await decisions.sendDigests(t.clock.now());
    const mail = await mailTo(brand.email);
    expect(mail.subject).toMatch(new RegExp(`^Returns Desk: 1 .+ ${c.customer.company}`));
    expect(mail.subject).not.toContain('wait for your decision');
    expect(mail.text).toContain(`https://desk.example/decisions?customer_id=${c.customer.id}`);
    expect(words(mail)).not.toMatch(/\b(Hello|returned item|deadline|decide here)\b/);
  });
});
