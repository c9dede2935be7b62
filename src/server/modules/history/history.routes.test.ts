import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeCustomer } from '../../test/factories.js';
import { makeOrder } from '../../test/order-factory.js';
import { makeReturn } from '../../test/return-factory.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { queryRows, type Db } from '../../db/client.js';
import { HISTORY_MSG } from '../../../contract/history.js';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.database.db;
});
afterAll(() => t.close());

const url = (q: Record<string, string | number> = {}) =>
  `/api/returns?${Object.entries(q)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&')}`;

/**
 * Two customers of one operator plus a third the operator cannot see. Customer A: 40 order-based
 * and 5 blind returns; B: 3 blind; C (hidden): 4 order-based. created_at increases with the index.
 */
async function seed() {
  const a = await makeCustomer(db, { canBlind: true });
  const b = await makeCustomer(db, { canBlind: true });
  const c = await makeCustomer(db);
  const op = await operatorSession(t.app, db, [a.id, b.id]);
  const base = Date.now() - 1_000_000;
  let n = 0;
  const stamp = () => new Date(base + ++n * 1000);
  const orderReturns: { id: number; orderNumber: string; deliveryNumber: string; webOrderNumber: string }[] = [];
  for (let i = 0; i < 40; i++) {
    const { order } = await makeOrder(
      db,
      a.id,
      {
        orderNumber: `HORD-${a.id}-${String(i).padStart(3, '0')}`,
        deliveryNumber: `HDEL_${a.id}_${i}`,
        webOrderNumber: `HWEB%${a.id}%${i}`,
      },
      [],
    );
    const r = await makeReturn(db, {
      customerId: a.id,
      userId: op.user.id,
      username: op.user.username,
      orderId: order.id,
      createdAt: stamp(),
      reference1: `R1-${i}`,
    });
    orderReturns.push({
      id: r.id,
      orderNumber: order.orderNumber!,
      deliveryNumber: order.deliveryNumber!,
      webOrderNumber: order.webOrderNumber!,
    });
  }
  const blindA: number[] = [];
  for (let i = 0; i < 5; i++) {
    blindA.push(
      (await makeReturn(db, { customerId: a.id, userId: op.user.id, username: op.user.username, isBlind: true, createdAt: stamp() })).id,
    );
  }
  const blindB: number[] = [];
  for (let i = 0; i < 3; i++) {
    blindB.push(
      (await makeReturn(db, { customerId: b.id, userId: op.user.id, username: op.user.username, isBlind: true, createdAt: stamp() })).id,
    );
  }
  const hidden: number[] = [];
  for (let i = 0; i < 4; i++) {
    const { order } = await makeOrder(db, c.id, { orderNumber: `HORD-${a.id}-${900 + i}` }, []);
    hidden.push(
      (await makeReturn(db, { customerId: c.id, userId: op.user.id, username: op.user.username, orderId: order.id, createdAt: stamp() }))
        .id,
    );
  }
  return { a, b, c, op, orderReturns, blindA, blindB, hidden };
}

let s: Awaited<ReturnType<typeof seed>>;
beforeAll(async () => {
  s = await seed();
});

describe('GET /api/returns', () => {
  it('answers 401 without a token', async () => {
    const res = await call(t.app, 'GET', url());
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 401, message: 'Unauthorized.' });
  });

  it('answers 403 when an operator filters on a customer not linked to them, 404 for an unknown one', async () => {
    expect((await call(t.app, 'GET', url({ 'filter[customer_id]': s.c.id }), { token: s.op.token })).status).toBe(403);
    expect((await call(t.app, 'GET', url({ 'filter[customer_id]': 99_999_999 }), { token: s.op.token })).status).toBe(404);
  });

  it('answers 422 with field messages for bad filters and too short reference searches', async () => {
    const res = await call(t.app, 'GET', url({ 'search[id]': 'abc', 'search[order_number]': 'ab', 'filter[is_blind]': 'maybe', page: 0 }), {
      token: s.op.token,
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toEqual(
      expect.arrayContaining([HISTORY_MSG.idInvalid, HISTORY_MSG.referenceTooShort, HISTORY_MSG.blindInvalid, HISTORY_MSG.pageInvalid]),
    );
    expect(Object.keys(res.body.errors!)).toEqual(
      expect.arrayContaining(['search[id]', 'search[order_number]', 'filter[is_blind]', 'page']),
    );
  });

  it("shows an operator only their customers' returns, newest first, 30 a page with exact totals", async () => {
    const res = await call(t.app, 'GET', url({ page: 1, 'filter[customer_id]': 'All', 'filter[is_blind]': 'All', 'search[id]': '' }), {
      token: s.op.token,
    });
    expect(res.status).toBe(200);
    const page = res.body.message;
    expect(page).toMatchObject({ on_page: 1, per_page: 30, total_records: 48, total_pages: 2 });
    expect(page.data).toHaveLength(30);
    const ids = page.data.map((r: { id: number }) => r.id);
    expect(ids[0]).toBe(s.blindB[2]);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(ids.some((id: number) => s.hidden.includes(id))).toBe(false);
    const second = (await call(t.app, 'GET', url({ page: 2 }), { token: s.op.token })).body.message;
    expect(second.data).toHaveLength(18);
    expect(second.data.at(-1).id).toBe(s.orderReturns[0]!.id);
    expect(new Set([...ids, ...second.data.map((r: { id: number }) => r.id)]).size).toBe(48);
    const beyond = (await call(t.app, 'GET', url({ page: 3 }), { token: s.op.token })).body.message;
    expect(beyond).toMatchObject({ data: [], on_page: 3, total_records: 48, total_pages: 2 });
  });

  it('answers every History column, with order references for order-based and blind rows', async () => {
    const res = await call(t.app, 'GET', url({ 'search[id]': s.orderReturns[7]!.id }), { token: s.op.token });
    expect(res.body.message.data).toEqual([
      {
        id: s.orderReturns[7]!.id,
        customer_id: s.a.id,
        company: s.a.company,
        order_id: expect.any(Number),
        delivery_number: s.orderReturns[7]!.deliveryNumber,
        order_number: s.orderReturns[7]!.orderNumber,
        web_order_number: s.orderReturns[7]!.webOrderNumber,
        reference_1: 'R1-7',
        reference_2: null,
        return_date: '2026-11-02',
        is_blind: false,
        tracking_number: null,
        has_discrepancies: false,
        username: s.op.user.username,
        created_at: expect.any(String),
        photo_count: 0,
        version: 1,
        awaiting_decisions: 0,
        grades: [],
      },
    ]);
    const blind = await call(t.app, 'GET', url({ 'search[id]': `#${s.blindA[0]}` }), { token: s.op.token });
    expect(blind.body.message.data[0]).toMatchObject({ id: s.blindA[0], is_blind: true, order_id: null, delivery_number: null });
    expect(blind.body.message.total_records).toBe(1);
  });

  it('filters by customer and by blind flag, alone and together', async () => {
    const get = async (q: Record<string, string | number>) => (await call(t.app, 'GET', url(q), { token: s.op.token })).body.message;
    expect((await get({ 'filter[customer_id]': s.a.id })).total_records).toBe(45);
    expect((await get({ 'filter[customer_id]': s.b.id })).total_records).toBe(3);
    expect((await get({ 'filter[is_blind]': '1' })).total_records).toBe(8);
    expect((await get({ 'filter[is_blind]': '0' })).total_records).toBe(40);
    const blindA = await get({ 'filter[customer_id]': s.a.id, 'filter[is_blind]': '1' });
    expect(blindA.total_records).toBe(5);
    expect(blindA.data.map((r: { id: number }) => r.id)).toEqual([...s.blindA].reverse());
  });

  it('searches order, delivery and web order numbers as case-insensitive substrings, with % and _ taken literally', async () => {
    const get = async (q: Record<string, string | number>) => (await call(t.app, 'GET', url(q), { token: s.op.token })).body.message;
    const byOrder = await get({ 'search[order_number]': `hord-${s.a.id}-01` });
    expect(byOrder.total_records).toBe(10); // 010 … 019; the hidden customer's 900-series is not visible
    const pastEnd = await get({ 'search[order_number]': `hord-${s.a.id}-01`, page: 2 });
    expect(pastEnd).toMatchObject({ data: [], total_records: 10, total_pages: 1, on_page: 2 });
    const paged = await get({ 'search[order_number]': `HORD-${s.a.id}-0` });
    expect([paged.total_records, paged.data.length]).toEqual([40, 30]);
    expect((await get({ 'search[order_number]': `HORD-${s.a.id}-0`, page: 2 })).data).toHaveLength(10);
    const byDelivery = await get({ 'search[delivery_number]': `_${s.a.id}_3` });
    expect(byDelivery.data.map((r: { id: number }) => r.id).sort()).toEqual(
      s.orderReturns
        .filter((r) => r.deliveryNumber.includes(`_${s.a.id}_3`))
        .map((r) => r.id)
        .sort(),
    );
    expect((await get({ 'search[delivery_number]': `HDEL%${s.a.id}` })).total_records).toBe(0);
    expect((await get({ 'search[web_order_number]': `%${s.a.id}%2` })).total_records).toBe(
      s.orderReturns.filter((r) => r.webOrderNumber.includes(`%${s.a.id}%2`)).length,
    );
    const combined = await get({ 'search[order_number]': `HORD-${s.a.id}-03`, 'filter[is_blind]': '1' });
    expect(combined.total_records).toBe(0);
  });

  it('lets an admin see every customer, and find the hidden customer by order number', async () => {
    const admin = await adminSession(t.app, db);
    const all = await call(t.app, 'GET', url(), { token: admin.token });
    expect(all.body.message.total_records).toBeGreaterThanOrEqual(52);
    const hidden = await call(t.app, 'GET', url({ 'search[order_number]': `HORD-${s.a.id}-90`, 'filter[customer_id]': s.c.id }), {
      token: admin.token,
    });
    expect(hidden.body.message.data.map((r: { id: number }) => r.id)).toEqual([...s.hidden].reverse());
  });

  it('serves the last pages from the far end of the index with the same rows', async () => {
    const many = await makeCustomer(db);
    const op = await operatorSession(t.app, db, [many.id]);
    const ids: number[] = [];
    for (let i = 0; i < 75; i++) {
      ids.push(
        (
          await makeReturn(db, {
            customerId: many.id,
            userId: op.user.id,
            username: op.user.username,
            createdAt: new Date(Date.now() + i * 1000),
          })
        ).id,
      );
    }
    const pages = [];
    for (const page of [1, 2, 3]) pages.push((await call(t.app, 'GET', url({ page }), { token: op.token })).body.message);
    expect(pages.map((p) => p.data.length)).toEqual([30, 30, 15]);
    expect(pages.flatMap((p) => p.data.map((r: { id: number }) => r.id))).toEqual([...ids].reverse());
  });

  it('keeps the per-customer counters equal to the rows', async () => {
    const counted = await queryRows<{ customer_id: number; is_blind: boolean; n: string }>(
      db,
      sql`SELECT customer_id, is_blind, sum(returns_count) AS n FROM return_counts GROUP BY 1, 2 HAVING sum(returns_count) <> 0 ORDER BY 1, 2`,
    );
    const actual = await queryRows<{ customer_id: number; is_blind: boolean; n: string }>(
      db,
      sql`SELECT customer_id, is_blind, count(*) AS n FROM returns GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(counted.map((r) => [r.customer_id, r.is_blind, Number(r.n)])).toEqual(
      actual.map((r) => [r.customer_id, r.is_blind, Number(r.n)]),
    );
  });

  it('answers an empty page to an operator without customers', async () => {
    const op = await operatorSession(t.app, db, []);
    const res = await call(t.app, 'GET', url(), { token: op.token });
    expect(res.body.message).toEqual({ data: [], on_page: 1, per_page: 30, total_records: 0, total_pages: 0, next_cursor: null });
  });

  describe('one round trip: the page statement checks the session itself', () => {
    const page = (token: string, q: Record<string, string | number> = {}) => call(t.app, 'GET', url(q), { token });

    it('refuses a logged-out session and a disabled user at once, though they were just served', async () => {
      const a = await operatorSession(t.app, db, [s.a.id]);
      expect((await page(a.token)).status).toBe(200);
      expect((await call(t.app, 'POST', '/api/account/logout', { token: a.token })).status).toBe(200);
      expect((await page(a.token)).status).toBe(401);

      const b = await operatorSession(t.app, db, [s.a.id]);
      expect((await page(b.token)).status).toBe(200);
      await db.execute(sql`UPDATE users SET user_status = 'Disabled' WHERE id = ${b.user.id}`);
      expect((await page(b.token)).body).toMatchObject({ code: 401, message: 'Unauthorized.' });
      await db.execute(sql`UPDATE users SET user_status = 'Active' WHERE id = ${b.user.id}`);
      expect((await page(b.token)).status).toBe(200);

      const c = await operatorSession(t.app, db, [s.a.id]);
      expect((await page(c.token)).status).toBe(200);
      await db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = ${c.user.id}`);
      expect((await page(c.token)).status).toBe(401);
      expect((await page('not-a-token')).status).toBe(401);
    });

    it('answers 401 before 422: bad input with a dead token learns nothing of the rules', async () => {
      const bad = { 'filter[customer_id]': 'x', page: -1 };
      expect((await page('not-a-token', bad)).body).toMatchObject({ code: 401, message: 'Unauthorized.' });
      const a = await operatorSession(t.app, db, [s.a.id]);
      const invalid = await page(a.token, bad);
      expect(invalid.status).toBe(422);
      expect(JSON.stringify(invalid.body)).toContain('filter[customer_id]');
      expect((await call(t.app, 'POST', '/api/account/logout', { token: a.token })).status).toBe(200);
      expect((await page(a.token, bad)).status).toBe(401);
    });

    it('follows a change of links and of the admin flag on the next request', async () => {
      const o = await operatorSession(t.app, db, [s.b.id]);
      expect((await page(o.token)).body.message.total_records).toBe(3);
      await db.execute(sql`INSERT INTO user_customers (user_id, customer_id) VALUES (${o.user.id}, ${s.a.id})`);
      expect((await page(o.token)).body.message.total_records).toBe(48);
      expect((await page(o.token, { 'filter[customer_id]': s.a.id })).body.message.total_records).toBe(45);
      await db.execute(sql`DELETE FROM user_customers WHERE user_id = ${o.user.id} AND customer_id = ${s.a.id}`);
      expect((await page(o.token, { 'filter[customer_id]': s.a.id })).status).toBe(403);
      expect((await page(o.token)).body.message.total_records).toBe(3);
      await db.execute(sql`UPDATE users SET is_su = true WHERE id = ${o.user.id}`);
      const all = (await page(o.token)).body.message.total_records;
      expect(all).toBeGreaterThanOrEqual(52);
      expect((await page(o.token, { 'filter[customer_id]': s.c.id })).body.message.total_records).toBe(4);
      expect((await page(o.token, { 'filter[customer_id]': 99_999_999 })).status).toBe(404);
      await db.execute(sql`UPDATE users SET is_su = false WHERE id = ${o.user.id}`);
      expect((await page(o.token)).body.message.total_records).toBe(3);
    });
  });
});
