import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeCustomer } from '../../test/factories.js';
import { makeOrder } from '../../test/order-factory.js';
import { makeProduct, makeReturn } from '../../test/return-factory.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import type { Db } from '../../db/client.js';
import { HISTORY_MSG } from '../../../contract/history.js';
import { REPORT_HEADINGS_INVALID } from '../../../contract/reports.js';
import { HISTORY_HEADINGS } from '../../i18n/history-headings.js';
import { DOWNLOAD_BATCH, HISTORY_FILE_COLUMNS } from './history-download.js';

const ENGLISH_HEADINGS = HISTORY_FILE_COLUMNS.map((c) => HISTORY_HEADINGS.en[c.key]);

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.database.db;
});
afterAll(() => t.close());

const qs = (q: Record<string, string | number>) =>
  Object.entries(q)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');

/**
 * Customer A (the operator's): DOWNLOAD_BATCH + 5 order-based returns on 2026-11-10 (so a download
 * needs two batches), 3 blind ones on 2026-11-12 by a second operator, one DAMAGED/Scrap; one return
 * whose reference starts like a formula. Customer C: 2 returns the operator may not see.
 */
async function seed() {
  const a = await makeCustomer(db, { canBlind: true });
  const c = await makeCustomer(db);
  const op = await operatorSession(t.app, db, [a.id]);
  const second = await operatorSession(t.app, db, [a.id]);
  const admin = await adminSession(t.app, db);
  const p = await makeProduct(db, a.id);
  const { order } = await makeOrder(db, a.id, { orderNumber: 'ORD-DL-1' }, []);
  const base = Date.parse('2026-11-10T08:00:00Z');
  // Bulk: one INSERT … SELECT for the many order-based returns (the factory is one round trip per row).
  await db.execute(sql`
    INSERT INTO returns (customer_id, order_id, user_id, username, reference_1, return_date, is_blind, draft_id, created_at)
    SELECT ${a.id}, ${order.id}, ${op.user.id}, ${op.user.username}, 'R-' || g, '2026-11-10', false, '__dl' || g,
           ${new Date(base).toISOString()}::timestamptz + g * interval '1 second'
    FROM generate_series(1, ${DOWNLOAD_BATCH + 5}) g`);
  const formula = await makeReturn(db, {
    customerId: a.id,
    userId: op.user.id,
    username: op.user.username,
    orderId: order.id,
    reference1: '=HYPERLINK("http://evil.example","x")',
    createdAt: new Date('2026-11-11T09:00:00Z'),
    lines: [{ productId: p.id, quantity: 2, condition: 'Pristine', reason: 'WRONG_SIZE' }],
  });
  const blind: number[] = [];
  for (let i = 0; i < 3; i++) {
    const r = await makeReturn(db, {
      customerId: a.id,
      userId: second.user.id,
      username: second.user.username,
      isBlind: true,
      createdAt: new Date(`2026-11-12T1${i}:00:00Z`),
      lines: [{ productId: p.id, quantity: i + 1, condition: i === 0 ? 'Scrap' : 'Pristine', reason: i === 0 ? 'DAMAGED' : 'WRONG_SIZE' }],
    });
    blind.push(r.id);
  }
  const pc = await makeProduct(db, c.id);
  for (let i = 0; i < 2; i++)
    await makeReturn(db, { customerId: c.id, userId: admin.user.id, username: admin.user.username, lines: [{ productId: pc.id }] });
  return { a, c, op, second, admin, formula, blind, total: DOWNLOAD_BATCH + 5 + 1 + 3 };
}

let s: Awaited<ReturnType<typeof seed>>;
beforeAll(async () => {
  s = await seed();
}, 60_000);

const download = (token: string | undefined, q: Record<string, string | number>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/api/returns/download?${qs(q)}`,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

describe('History filters from the dashboard', () => {
  const ids = async (q: Record<string, string | number>, token = s.op.token) => {
    const res = await call(t.app, 'GET', `/api/returns?${qs(q)}`, { token });
    expect(res.status).toBe(200);
    return res.body.message as { total_records: number; data: { id: number }[] };
  };

  it('filters by the UTC day saved, reason, condition and operator', async () => {
    expect((await ids({ 'filter[from]': '2026-11-12', 'filter[to]': '2026-11-12' })).total_records).toBe(3);
    expect((await ids({ 'filter[from]': '2026-11-11' })).total_records).toBe(4);
    expect((await ids({ 'filter[to]': '2026-11-10' })).total_records).toBe(DOWNLOAD_BATCH + 5);
    const damaged = await ids({ 'filter[reason]': 'DAMAGED' });
    expect(damaged.data.map((r) => r.id)).toEqual([s.blind[0]]);
    expect((await ids({ 'filter[condition]': 'Pristine' })).total_records).toBe(3);
    expect((await ids({ 'filter[reason]': 'WRONG_SIZE', 'filter[condition]': 'Scrap' })).total_records).toBe(0);
    const bySecond = await ids({ 'filter[user_id]': s.second.user.id, 'filter[is_blind]': '1' });
    expect(bySecond.data.map((r) => r.id)).toEqual([...s.blind].reverse());
  });

  it('filters by photos, a disposition of a line and a kind of discrepancy', async () => {
    // A customer of its own: A's returns stay as the download tests count them.
    const b = await makeCustomer(db);
    const made = await makeOrder(db, b.id);
    const p = await makeProduct(db, b.id);
    const mk = () =>
      makeReturn(db, {
        customerId: b.id,
        userId: s.admin.user.id,
        username: s.admin.user.username,
        orderId: made.order.id,
        lines: [{ productId: p.id }],
      });
    const [photos, restock, extra, missing] = [await mk(), await mk(), await mk(), await mk()];
    await db.execute(sql`UPDATE returns SET photo_count = 2 WHERE id = ${photos.id}`);
    await db.execute(sql`UPDATE return_ledgers SET disposition = 'RESTOCK' WHERE return_id = ${restock.id}`);
    await db.execute(sql`UPDATE return_ledgers SET discrepancy = 'EXTRA_ITEM' WHERE return_id = ${extra.id}`);
    await db.execute(sql`UPDATE returns SET has_discrepancies = true WHERE id IN (${extra.id}, ${missing.id})`);
    await db.execute(
      sql`INSERT INTO return_missing_lines (return_id, customer_id, order_id, order_line_id, product_id, quantity)
          VALUES (${missing.id}, ${b.id}, ${made.order.id}, ${made.lines[0]!.id}, ${made.lines[0]!.productId}, 1)`,
    );
    const of = async (q: Record<string, string>) =>
      (await ids({ 'filter[customer_id]': String(b.id), ...q }, s.admin.token)).data.map((r) => r.id).sort((x, y) => x - y);
    expect(await of({ 'filter[has_photos]': '1' })).toEqual([photos.id]);
    expect(await of({ 'filter[has_photos]': '0' })).toEqual([restock.id, extra.id, missing.id]);
    expect(await of({ 'filter[disposition]': 'RESTOCK' })).toEqual([restock.id]);
    expect(await of({ 'filter[discrepancy]': 'EXTRA_ITEM' })).toEqual([extra.id]);
    expect(await of({ 'filter[discrepancy]': 'MISSING' })).toEqual([missing.id]);
    expect(await of({ 'filter[discrepancy]': 'WRONG_ITEM' })).toEqual([]);
    const bad = await call(t.app, 'GET', `/api/returns?${qs({ 'filter[has_photos]': 'yes', 'filter[discrepancy]': 'LOST' })}`, {
      token: s.op.token,
    });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toEqual(expect.arrayContaining([HISTORY_MSG.photosInvalid, HISTORY_MSG.discrepancyKindInvalid]));
  });

  it('answers 422 for a bad day, condition, operator or a reversed range', async () => {
    const res = await call(
      t.app,
      'GET',
      `/api/returns?${qs({ 'filter[from]': '2026-02-30', 'filter[condition]': 'Broken', 'filter[user_id]': 'x' })}`,
      { token: s.op.token },
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toEqual(
      expect.arrayContaining([HISTORY_MSG.dateInvalid, HISTORY_MSG.conditionInvalid, HISTORY_MSG.userInvalid]),
    );
    const reversed = await call(t.app, 'GET', `/api/returns?${qs({ 'filter[from]': '2026-11-12', 'filter[to]': '2026-11-01' })}`, {
      token: s.op.token,
    });
    expect(reversed.status).toBe(422);
    expect(reversed.body.message).toContain(HISTORY_MSG.rangeOrder);
  });
});

describe('GET /api/returns/download', () => {
  it('answers 401 without a token, 403 for another customer, 422 for a bad format or filter', async () => {
    expect((await download(undefined, { format: 'csv' })).statusCode).toBe(401);
    expect((await download(s.op.token, { format: 'csv', 'filter[customer_id]': s.c.id })).statusCode).toBe(403);
    const bad = await download(s.op.token, { format: 'pdf', 'search[order_number]': 'ab', headings: 'de' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toEqual(
      expect.arrayContaining([HISTORY_MSG.formatInvalid, HISTORY_MSG.referenceTooShort, REPORT_HEADINGS_INVALID]),
    );
    expect((await download(s.op.token, { format: 'csv', page: 1 })).statusCode).toBe(422);
  });

  it("streams every row of the operator's filter as CSV, newest first, formulas neutralised", async () => {
    const res = await download(s.op.token, { format: 'csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="return_history_\d{8}-\d{4}\.csv"$/);
    expect(res.headers['x-total-rows']).toBe(String(s.total));
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(res.body.slice(1), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(s.total);
    expect(Object.keys(rows[0]!)).toEqual(ENGLISH_HEADINGS);
    expect(rows.slice(0, 4).map((r) => Number(r['Return ID']))).toEqual([...[...s.blind].reverse(), s.formula.id]);
    expect(rows[0]).toMatchObject({ Blind: 'Y', Operator: s.second.user.username, Units: '3', 'Created At (UTC)': '2026-11-12 12:00:00' });
    expect(rows[3]!['Ref 1']).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(rows[3]).toMatchObject({ 'Order #': 'ORD-DL-1', Units: '2', Account: s.a.company });
    // Keyset batches: no row twice, none missing across the batch boundary.
    expect(new Set(rows.map((r) => r['Return ID'])).size).toBe(s.total);
    expect(rows.every((r, i) => i === 0 || r['Created At (UTC)']! <= rows[i - 1]!['Created At (UTC)']!)).toBe(true);
  });

  it('streams the filtered rows as XLSX that reads back, values as plain text', async () => {
    const res = await download(s.op.token, { format: 'xlsx', 'filter[is_blind]': '1', 'filter[reason]': 'WRONG_SIZE' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['x-total-rows']).toBe('2');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Returns')!;
    const values = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(values[0]!.slice(1)).toEqual(ENGLISH_HEADINGS);
    expect(values.slice(1).map((v) => v[1])).toEqual([s.blind[2], s.blind[1]]);
    expect(values[1]!.slice(9, 15)).toEqual(['Y', undefined, s.second.user.username, '2026-11-12 12:00:00', 3, 0]);

    const all = await download(s.op.token, { format: 'xlsx', 'filter[from]': '2026-11-11', 'filter[to]': '2026-11-11' });
    const book2 = new ExcelJS.Workbook();
    await book2.xlsx.load(all.rawPayload as unknown as ArrayBuffer);
    const cell = book2.getWorksheet('Returns')!.getRow(2).getCell(6);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('=HYPERLINK("http://evil.example","x")');
  });

  it('gives an admin every customer and an operator without customers an empty file', async () => {
    const admin = await download(s.admin.token, { format: 'csv', 'filter[customer_id]': s.c.id });
    expect(parse(admin.body.slice(1), { columns: true })).toHaveLength(2);
    const none = await operatorSession(t.app, db, []);
    const empty = await download(none.token, { format: 'csv' });
    expect(empty.headers['x-total-rows']).toBe('0');
    expect(parse(empty.body.slice(1), { columns: true })).toHaveLength(0);
  });
});

describe('the download in the asker’s language (issue 24)', () => {
  const headingsOf = (body: string) => body.slice(1).split('\r\n')[0]!.split(',');

  it('heads the columns in the account’s language, else the browser’s; English for machines; the cells stay data', async () => {
    const pl = await operatorSession(t.app, db, [s.a.id]);
    await db.execute(sql`update users set language = 'pl' where id = ${pl.user.id}`);
    const polish = await download(pl.token, { format: 'csv', 'filter[is_blind]': '1' }, { 'accept-language': 'de' });
    expect(polish.statusCode).toBe(200);
    expect(headingsOf(polish.body)).toEqual(HISTORY_FILE_COLUMNS.map((c) => HISTORY_HEADINGS.pl[c.key]));
    const row = (parse(polish.body.slice(1), { columns: true }) as Record<string, string>[])[0]!;
    expect(row).toMatchObject({ 'Bez zamówienia': 'Y', Poprawiony: 'N' });

    // No language on the account: the browser's.
    const german = await download(s.op.token, { format: 'csv' }, { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' });
    expect(headingsOf(german.body)[0]).toBe('Retouren-ID');

    // English for a machine, whatever the account's or the browser's language.
    const machine = await download(pl.token, { format: 'xlsx', headings: 'en', 'filter[is_blind]': '1' }, { 'accept-language': 'de' });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(machine.rawPayload as unknown as ArrayBuffer);
    expect((book.getWorksheet('Returns')!.getSheetValues().filter(Boolean) as unknown[][])[0]!.slice(1)).toEqual(ENGLISH_HEADINGS);
    expect(headingsOf((await download(pl.token, { format: 'csv', headings: 'user' })).body)[0]).toBe('ID zwrotu');
  });
});
