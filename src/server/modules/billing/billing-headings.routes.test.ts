// The billing statement download in the asker's language (issue 24), through HTTP, one rule with the
// report and the History download: the account's language, else the browser's; English for machines
// (`headings=en`) and for an English asker, word for word as before; anything else in `headings` is 422.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import { REPORT_HEADINGS_INVALID } from '../../../contract/reports.js';
import { BILLING_HEADINGS } from '../../i18n/billing-headings.js';
import { parseCsv, useBillingTestApp } from '../../test/billing-fixtures.js';
import { makeCustomer } from '../../test/factories.js';
import { brandSession } from '../../test/sessions.js';
import { call } from '../../test/test-app.js';
import { BILLING_COLUMNS } from './billing.files.js';

// A shared machine under load takes more than a minute to migrate a fresh database.
vi.setConfig({ hookTimeout: 240_000, testTimeout: 120_000 });
const { t, db, admin } = useBillingTestApp();

const ENGLISH = ['Event', 'Occurred At (UTC)', 'Return ID', 'Reference', 'Operator', 'Quantity', 'Rate', 'Amount', 'Currency'];

async function get(url: string, token: string, headers: Record<string, string> = {}) {
  return t().app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });
}
const headingsOf = (body: string) => parseCsv(body)[0]!;

describe('billing downloads in the asker’s language (issue 24)', () => {
  it('admin: the browser’s language, else English; the account’s language first; English with headings=en', async () => {
    const customer = await makeCustomer(db(), { currency: 'EUR' });
    const a = await admin();
    const url = (extra = '') => `/api/su/billing/export?customer_id=${customer.id}&month=2026-10&format=csv${extra}`;

    // An English asker (no account language, an English or no browser language): the headings as before.
    expect(BILLING_COLUMNS).toEqual(ENGLISH);
    expect(headingsOf((await get(url(), a.token)).body)).toEqual(ENGLISH);
    expect(headingsOf((await get(url(), a.token, { 'accept-language': 'en-GB,en;q=0.9' })).body)).toEqual(ENGLISH);

    // No language on the account: the browser's.
    const german = await get(url(), a.token, { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' });
    expect(german.statusCode).toBe(200);
    expect(headingsOf(german.body)).toEqual([
      'Ereignis',
      'Zeitpunkt (UTC)',
      'Retouren-ID',
      'Referenz',
      'Bearbeiter',
      'Menge',
      'Tarif',
      'Betrag',
      'Währung',
    ]);
    // English for a machine, whatever the browser says; 'user' is the default.
    expect(headingsOf((await get(url('&headings=en'), a.token, { 'accept-language': 'de' })).body)).toEqual(ENGLISH);
    expect(headingsOf((await get(url('&headings=user'), a.token, { 'accept-language': 'de' })).body)[0]).toBe('Ereignis');

    // The account's language before the browser's; the XLSX's sheet, headings and total row too.
    await db().execute(sql`update users set language = 'pl' where id = ${a.user.id}`);
    expect(headingsOf((await get(url(), a.token, { 'accept-language': 'de' })).body)).toEqual(Object.values(BILLING_HEADINGS.pl));
    const xlsx = await get(`/api/su/billing/export?customer_id=${customer.id}&month=2026-10&format=xlsx`, a.token);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows = book.getWorksheet('Rozliczenie')!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]!.slice(1)).toEqual(Object.values(BILLING_HEADINGS.pl));
    expect(rows.at(-1)!.slice(1)).toEqual(['Suma', '', '', '', '', '', '', 0, 'EUR']);
    const machine = await get(`/api/su/billing/export?customer_id=${customer.id}&month=2026-10&format=xlsx&headings=en`, a.token);
    const english = new ExcelJS.Workbook();
    await english.xlsx.load(machine.rawPayload as unknown as ArrayBuffer);
    expect((english.getWorksheet('Billing')!.getSheetValues().filter(Boolean) as unknown[][])[0]!.slice(1)).toEqual(ENGLISH);

    // Another choice is 422 with the report's message.
    const bad = await call(t().app, 'GET', url('&headings=de'), { token: a.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ headings: [REPORT_HEADINGS_INVALID] });
  });

  it('brand: its statement in Dutch from the browser, English with headings=en', async () => {
    const customer = await makeCustomer(db(), { currency: 'EUR' });
    const a = await admin();
    const closed = await call(t().app, 'POST', '/api/su/billing/close', {
      token: a.token,
      body: { customer_id: customer.id, month: '2026-10' },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const brand = await brandSession(t().app, db(), [customer.id]);
    const url = `/api/portal/billing/statement/export?customer_id=${customer.id}&month=2026-10&format=csv`;
    const dutch = await get(url, brand.token, { 'accept-language': 'nl-NL,nl;q=0.9' });
    expect(dutch.statusCode).toBe(200);
    expect(headingsOf(dutch.body)).toEqual(Object.values(BILLING_HEADINGS.nl));
    expect(headingsOf((await get(`${url}&headings=en`, brand.token, { 'accept-language': 'nl' })).body)).toEqual(ENGLISH);
  });
});
