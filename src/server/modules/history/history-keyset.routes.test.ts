import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_MSG, parseHistoryCursor } from '../../../contract/history.js';
import type { Db } from '../../db/client.js';
import { makeCustomer } from '../../test/factories.js';
import { operatorSession } from '../../test/sessions.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let db: Db;
let token: string;
let customerId: number;
const TOTAL = 100; // 3 full pages and 10 rows

beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.database.db;
  const customer = await makeCustomer(db, { canBlind: true });
  customerId = customer.id;
  const op = await operatorSession(t.app, db, [customer.id]);
  token = op.token;
  // Three returns share each created_at (ties broken by id), and the times carry microseconds:
  // a cursor that lost them (JavaScript's milliseconds) would skip or repeat rows.
  await db.execute(sql`
    INSERT INTO returns (customer_id, user_id, username, return_date, draft_id, is_blind, reference_1, created_at)
    SELECT ${customer.id}, ${op.user.id}, ${op.user.username}, '2026-11-02', '__key' || g, g % 2 = 0, 'KEY-' || (g % 4),
           timestamptz '2026-11-01 00:00:00.000001+00' + ((g / 3) * interval '1.000007 second')
    FROM generate_series(1, ${TOTAL}) g`);
});
afterAll(() => t.close());

type Page = {
  data: { id: number }[];
  on_page: number;
  per_page: number;
  total_records: number;
  total_pages: number;
  next_cursor: string | null;
};
const get = async (q: string) => {
  const res = await call(t.app, 'GET', `/api/returns?${q}`, { token });
  return res as unknown as { status: number; body: { message: Page & string; errors?: Record<string, string[]> } };
};

describe('GET /api/returns with a cursor (keyset paging, issue 29)', () => {
  it('walking by next_cursor gives exactly the pages that page numbers give, and null after the last', async () => {
    // No filter, a counter-kept filter (blind), and a search (a date range: counted, not from the counters).
    for (const filter of ['', '&filter[is_blind]=1', '&filter[from]=2026-11-01']) {
      const byNumber: number[][] = [];
      const first = await get(`page=1${filter}`);
      for (let page = 1; page <= first.body.message.total_pages; page++)
        byNumber.push((await get(`page=${page}${filter}`)).body.message.data.map((r) => r.id));
      const byCursor: number[][] = [];
      let answer = first.body.message;
      byCursor.push(answer.data.map((r) => r.id));
      while (answer.next_cursor) {
        const next = await get(`page=${answer.on_page + 1}&cursor=${encodeURIComponent(answer.next_cursor)}${filter}`);
        expect(next.status).toBe(200);
        // The SPEC's fields are unchanged: the page number echoed, exact totals.
        expect(next.body.message).toMatchObject({
          on_page: answer.on_page + 1,
          per_page: 30,
          total_records: first.body.message.total_records,
        });
        answer = next.body.message;
        byCursor.push(answer.data.map((r) => r.id));
      }
      expect(byCursor).toEqual(byNumber);
      expect(byCursor.flat()).toHaveLength(first.body.message.total_records);
      expect(new Set(byCursor.flat()).size).toBe(first.body.message.total_records);
    }
  });

  it('a search pages by cursor too', async () => {
    const q = `search[id]=&filter[customer_id]=${customerId}&filter[from]=2026-11-01`;
    const first = await get(`page=1&${q}`);
    const second = await get(`page=2&cursor=${encodeURIComponent(first.body.message.next_cursor!)}&${q}`);
    const byNumber = await get(`page=2&${q}`);
    expect(second.body.message.data).toEqual(byNumber.body.message.data);
  });

  it('the cursor is the last row of the page, to the microsecond', async () => {
    const first = (await get('page=1')).body.message;
    const key = parseHistoryCursor(first.next_cursor!)!;
    expect(key.id).toBe(first.data.at(-1)!.id);
    expect(key.createdAt).toMatch(/^2026-11-01T00:00:\d{2}\.\d{6}Z$/);
    expect((await get('page=4')).body.message.next_cursor).toBeNull();
  });

  it('refuses a cursor that is not one with 422 and a clear message, never 500', async () => {
    for (const bad of [
      'abc',
      '2026-02-31T00:00:00Z_5',
      '2026-11-01T00:00:00Z_0',
      '2026-11-01T00:00:00Z_99999999999',
      '2026-11-01 00:00:00_5',
    ]) {
      const res = await get(`page=2&cursor=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(422);
      expect(res.body.errors?.cursor).toEqual([HISTORY_MSG.cursorInvalid]);
    }
    expect((await get('page=1&cursor=')).status).toBe(200); // empty = none, like the other filters
  });

  it('401 without a session, with a cursor too', async () => {
    const res = await call(t.app, 'GET', '/api/returns?page=2&cursor=2026-11-01T00:00:00.000001Z_5');
    expect(res.status).toBe(401);
  });
});
