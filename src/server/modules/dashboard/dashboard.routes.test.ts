import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeCustomer, makeReason } from '../../test/factories.js';
import { makeProduct, makeReturn } from '../../test/return-factory.js';
import { makeOrder } from '../../test/order-factory.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { queryRows, type Db } from '../../db/client.js';
import { tasks } from '../../db/schema/index.js';
import { DASHBOARD_MSG, type DashboardAnswer } from '../../../contract/dashboard.js';
import { foldRollups } from './dashboard.service.js';

let t: TestApp;
let db: Db;
const NOW = new Date('2026-11-20T15:30:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.clock.advance(NOW.getTime() - t.clock.now().getTime());
  db = t.deps.database.db;
});
afterAll(() => t.close());

const url = (q: Record<string, string | number> = {}) =>
  `/api/dashboard?${Object.entries(q)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&')}`;
const at = (iso: string) => new Date(iso);

/**
 * Customer A (operator's): today 2 order-based returns at 09:xx by the operator (3 + 2 units) and a
 * blind one at 14:xx by a second user (4 units); 3 days ago one return (1 unit). Customer B
 * (operator's): one blind return today (5 units). Customer C (not the operator's): 2 returns today.
 */
async function seed() {
  const a = await makeCustomer(db, { canBlind: true });
  const b = await makeCustomer(db, { canBlind: true });
  const c = await makeCustomer(db);
  await makeReason(db, a.id, 'DAMAGED', 'Damaged in transit');
  await makeReason(db, a.id, 'WRONG_SIZE', 'Wrong size');
  const op = await operatorSession(t.app, db, [a.id, b.id]);
  const other = await operatorSession(t.app, db, [a.id]);
  const admin = await adminSession(t.app, db);
  const pa = await makeProduct(db, a.id);
  const pb = await makeProduct(db, b.id);
  const pc = await makeProduct(db, c.id);
  const mk = (customerId: number, user: { id: number; username: string }, createdAt: string, isBlind: boolean, lines: object[]) =>
    makeReturn(db, { customerId, userId: user.id, username: user.username, isBlind, createdAt: at(createdAt), lines: lines as never });
  const r1 = await mk(a.id, op.user, '2026-11-20T09:05:00Z', false, [
    { productId: pa.id, quantity: 2, condition: 'Pristine', reason: 'DAMAGED' },
    { productId: pa.id, quantity: 1, condition: 'Scrap', reason: 'WRONG_SIZE' },
  ]);
  await mk(a.id, op.user, '2026-11-20T09:40:00Z', false, [{ productId: pa.id, quantity: 2, condition: 'Pristine', reason: 'DAMAGED' }]);
  await mk(a.id, other.user, '2026-11-20T14:10:00Z', true, [
    { productId: pa.id, quantity: 4, condition: 'Reconditioning', reason: 'DAMAGED' },
  ]);
  await mk(a.id, op.user, '2026-11-17T11:00:00Z', false, [{ productId: pa.id, quantity: 1, condition: 'Pristine', reason: 'WRONG_SIZE' }]);
  await mk(b.id, op.user, '2026-11-20T10:00:00Z', true, [{ productId: pb.id, quantity: 5, condition: 'Scrap', reason: 'DAMAGED' }]);
  await mk(c.id, admin.user, '2026-11-20T10:00:00Z', false, [{ productId: pc.id, quantity: 7, condition: 'Scrap', reason: 'OTHER' }]);
  await mk(c.id, admin.user, '2026-11-20T10:30:00Z', false, [{ productId: pc.id, quantity: 1, condition: 'Scrap', reason: 'OTHER' }]);
  // Tasks: A has a failed outbound file today and one 10 days ago; B a pending one; C a failed web-shop call.
  const task = (v: Partial<typeof tasks.$inferInsert>) =>
    db
      .insert(tasks)
      .values({ taskType: 'SGL Outbound', taskStatus: 'Pending', ...v })
      .returning()
      .then((r) => r[0]!);
  const failedA = await task({
    customerId: a.id,
    returnId: r1.id,
    taskStatus: 'Error',
    message2: 'FTP refused',
    createdAt: at('2026-11-20T09:05:01Z'),
    updatedAt: at('2026-11-20T09:06:00Z'),
  });
  const oldError = await task({
    customerId: a.id,
    taskStatus: 'Error',
    createdAt: at('2026-11-10T08:00:00Z'),
    updatedAt: at('2026-11-10T08:05:00Z'),
  });
  const pendingB = await task({ customerId: b.id, taskType: 'FGL Outbound', createdAt: at('2026-11-19T08:00:00Z') });
  await task({ customerId: c.id, taskType: 'Ecommerce Outbound', taskStatus: 'Error', updatedAt: at('2026-11-20T10:00:00Z') });
  return { a, b, c, op, other, admin, r1, failedA, oldError, pendingB };
}

let s: Awaited<ReturnType<typeof seed>>;
beforeAll(async () => {
  s = await seed();
});

const read = async (token: string, q: Record<string, string | number>) => {
  const res = await call(t.app, 'GET', url(q), { token });
  expect(res.status).toBe(200);
  return res.body.message as DashboardAnswer;
};

describe('GET /api/dashboard', () => {
  it('answers 401 without a token', async () => {
    expect((await call(t.app, 'GET', url())).status).toBe(401);
  });

  it("answers 403 for another customer's figures and 404 for an unknown customer", async () => {
    const res = await call(t.app, 'GET', url({ customer_id: s.c.id }), { token: s.op.token });
    expect(res.status).toBe(403);
    expect((await call(t.app, 'GET', url({ customer_id: 99_999_999 }), { token: s.op.token })).status).toBe(404);
  });

  it('answers 422 with clear messages for a bad period, dates, range and customer', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ period: 'year' }, DASHBOARD_MSG.periodInvalid],
      [{ period: 'range', from: '2026-11-01' }, DASHBOARD_MSG.rangeRequired],
      [{ period: 'range', from: '2026-13-01', to: '2026-11-02' }, DASHBOARD_MSG.dateInvalid],
      [{ period: 'range', from: '2026-11-05', to: '2026-11-01' }, DASHBOARD_MSG.rangeOrder],
      [{ period: 'range', from: '2024-01-01', to: '2026-11-01' }, DASHBOARD_MSG.rangeTooLong],
      [{ customer_id: 'abc' }, DASHBOARD_MSG.customerInvalid],
    ];
    for (const [q, message] of cases) {
      const res = await call(t.app, 'GET', url(q), { token: s.op.token });
      expect(res.status, JSON.stringify(q)).toBe(422);
      expect(res.body.message).toContain(message);
    }
    expect((await call(t.app, 'GET', url({ since: 'x' }), { token: s.op.token })).status).toBe(422);
  });

  it("shows an operator today's figures of their customers only", async () => {
    const d = await read(s.op.token, { period: 'today' });
    expect([d.from, d.to, d.customer_id]).toEqual(['2026-11-20', '2026-11-20', null]);
    expect(d.totals).toEqual({ returns: 4, units: 14, lines: 5 });
    expect(d.days).toEqual([{ day: '2026-11-20', returns: 4, units: 14 }]);
    expect(d.kinds).toEqual({ blind: { returns: 2, units: 9 }, order: { returns: 2, units: 5 } });
    expect(d.reasons).toEqual([
      { key: 'DAMAGED', label: 'Damaged in transit', lines: 4, units: 13 },
      { key: 'WRONG_SIZE', label: 'Wrong size', lines: 1, units: 1 },
    ]);
    expect(d.conditions).toEqual([
      { key: 'Scrap', label: 'Scrap', lines: 2, units: 6 },
      { key: 'Pristine', label: 'Pristine', lines: 2, units: 4 },
      { key: 'Reconditioning', label: 'Reconditioning', lines: 1, units: 4 },
    ]);
    // The operator: 5 units at 09:xx and 5 at 10:xx = 10 units over 2 hours; the other user 4 in one hour.
    expect(d.operators).toEqual([
      { user_id: s.op.user.id, username: s.op.user.username, units: 10, lines: 4, active_hours: 2, units_per_hour: 5 },
      { user_id: s.other.user.id, username: s.other.user.username, units: 4, lines: 1, active_hours: 1, units_per_hour: 4 },
    ]);
    expect(d.backlog).toMatchObject({
      pending: 1,
      error: 2,
      oldest: { id: s.oldError.id, task_status: 'Error', created_at: '2026-11-10T08:00:00.000Z' },
    });
    expect(d.failed_deliveries).toEqual({
      total: 1,
      items: [
        {
          task_id: s.failedA.id,
          task_type: 'SGL Outbound',
          company: s.a.company,
          return_id: s.r1.id,
          order_id: null,
          failed_at: '2026-11-20T09:06:00.000Z',
          message: 'FTP refused',
        },
      ],
    });
  });

  it('narrows to one customer and widens with the period', async () => {
    const d = await read(s.op.token, { period: '7d', customer_id: s.a.id });
    expect([d.from, d.to, d.customer_id]).toEqual(['2026-11-14', '2026-11-20', s.a.id]);
    expect(d.days).toHaveLength(7);
    expect(d.days.find((x) => x.day === '2026-11-17')).toEqual({ day: '2026-11-17', returns: 1, units: 1 });
    expect(d.totals).toEqual({ returns: 4, units: 10, lines: 5 });
    expect(d.backlog).toMatchObject({ pending: 0, error: 2 });
    const range = await read(s.op.token, { period: 'range', from: '2026-11-01', to: '2026-11-18', customer_id: s.a.id });
    expect(range.totals).toEqual({ returns: 1, units: 1, lines: 1 });
    expect(range.failed_deliveries.total).toBe(1);
  });

  it('shows an admin every customer, and tasks of no customer in the backlog', async () => {
    const d = await read(s.admin.token, { period: 'today' });
    // Other test files' data never shares this database; every return of it is counted.
    const [all] = await queryRows<{ n: string }>(
      db,
      sql`SELECT count(*) AS n FROM returns WHERE created_at >= '2026-11-20T00:00:00Z' AND created_at < '2026-11-21T00:00:00Z'`,
    );
    expect(d.totals.returns).toBe(Number(all!.n));
    expect(d.totals.returns).toBe(6);
    expect(d.reasons.find((r) => r.key === 'OTHER')).toEqual({ key: 'OTHER', label: 'OTHER', lines: 2, units: 8 });
    expect(d.failed_deliveries.total).toBe(2);
    await db.insert(tasks).values({ taskType: 'Mail', taskStatus: 'Error', updatedAt: at('2026-11-20T11:00:00Z') });
    expect((await read(s.admin.token, { period: 'today' })).backlog.error).toBe(4);
    expect((await read(s.op.token, { period: 'today' })).backlog.error).toBe(2);
    const c = await read(s.admin.token, { period: 'today', customer_id: s.c.id });
    expect(c.totals).toEqual({ returns: 2, units: 8, lines: 2 });
  });

  it('answers the same figures after the deltas are folded, and keeps counting new returns', async () => {
    const before = await read(s.op.token, { period: '30d' });
    expect(await foldRollups(db)).toBeGreaterThan(0);
    const [left] = await queryRows<{ n: string }>(db, sql`SELECT count(*) AS n FROM dashboard_deltas`);
    expect(Number(left!.n)).toBe(0);
    expect(await read(s.op.token, { period: '30d' })).toEqual(before);
    const p = await makeProduct(db, s.b.id);
    await makeReturn(db, {
      customerId: s.b.id,
      userId: s.op.user.id,
      username: s.op.user.username,
      isBlind: true,
      createdAt: at('2026-11-20T15:00:00Z'),
      lines: [{ productId: p.id, quantity: 3 }],
    });
    const after = await read(s.op.token, { period: '30d' });
    expect(after.totals).toEqual({ returns: before.totals.returns + 1, units: before.totals.units + 3, lines: before.totals.lines + 1 });
  });
});

describe('GET /api/dashboard: photos, dispositions, discrepancies, waiting parcels', () => {
  /**
   * Customer D (its own operator): on 2026-11-18 two returns, one with 2 photos; lines RESTOCK (2
   * units, an extra item), SCRAP (1 unit, a wrong item) and one without a disposition (3 units); one
   * order line missing (2 units). Parcels: D fresh, amber and red, one of D matched, one of no customer
   * (red), one of C (red).
   */
  async function seedD() {
    const d = await makeCustomer(db, { parcelAmberDays: 2, parcelRedDays: 5 });
    await db.execute(sql`INSERT INTO dispositions (customer_id, code, name) VALUES (${d.id}, 'RESTOCK', 'Back to stock')`);
    const op = await operatorSession(t.app, db, [d.id]);
    const made = await makeOrder(db, d.id);
    const p = await makeProduct(db, d.id);
    const mk = (lines: object[]) =>
      makeReturn(db, {
        customerId: d.id,
        userId: op.user.id,
        username: op.user.username,
        orderId: made.order.id,
        createdAt: at('2026-11-18T10:00:00Z'),
        lines: lines as never,
      });
    const withPhotos = await mk([
      { productId: p.id, quantity: 2 },
      { productId: p.id, quantity: 1 },
    ]);
    const plain = await mk([{ productId: p.id, quantity: 3 }]);
    await db.execute(sql`UPDATE returns SET photo_count = 2 WHERE id = ${withPhotos.id}`);
    await db.execute(
      sql`UPDATE return_ledgers SET disposition = CASE WHEN quantity = 2 THEN 'RESTOCK' ELSE 'SCRAP' END,
            discrepancy = CASE WHEN quantity = 2 THEN 'EXTRA_ITEM' ELSE 'WRONG_ITEM' END
          WHERE return_id = ${withPhotos.id}`,
    );
    await db.execute(
      sql`INSERT INTO return_missing_lines (return_id, customer_id, order_id, order_line_id, product_id, quantity)
          VALUES (${plain.id}, ${d.id}, ${made.order.id}, ${made.lines[0]!.id}, ${made.lines[0]!.productId}, 2)`,
    );
    const parcel = (customerId: number | null, daysAgo: number, state = 'Waiting') =>
      db.execute(
        sql`INSERT INTO parcels (tracking_number, customer_id, location, state, received_at, received_by, received_by_name)
            VALUES (${`TRK${Math.random().toString(36).slice(2, 10)}`}, ${customerId}, 'A1', ${state},
                    ${new Date(NOW.getTime() - daysAgo * 86_400_000).toISOString()}::timestamptz, ${op.user.id}, ${op.user.username})`,
      );
    await parcel(d.id, 1);
    await parcel(d.id, 3);
    await parcel(d.id, 6);
    await parcel(d.id, 9, 'Matched');
    await parcel(null, 10);
    await parcel(s.c.id, 8);
    return { d, op };
  }

  it('counts them per customer, exactly before and after a fold, and only what the operator sees', async () => {
    const { d, op } = await seedD();
    const q = { period: 'range', from: '2026-11-18', to: '2026-11-18', customer_id: d.id };
    const one = await read(op.token, q);
    expect(one.photos).toEqual({ with: 1, without: 1 });
    expect(one.dispositions).toEqual([
      { key: '', label: 'None', lines: 1, units: 3 },
      { key: 'RESTOCK', label: 'Back to stock', lines: 1, units: 2 },
      { key: 'SCRAP', label: 'SCRAP', lines: 1, units: 1 },
    ]);
    expect(one.discrepancies).toEqual([
      { key: 'EXTRA_ITEM', label: 'Extra item', lines: 1, units: 2 },
      { key: 'MISSING', label: 'Missing', lines: 1, units: 2 },
      { key: 'WRONG_ITEM', label: 'Wrong item', lines: 1, units: 1 },
    ]);
    const oldest = new Date(NOW.getTime() - 6 * 86_400_000).toISOString();
    expect(one.parcels).toEqual({ waiting: 3, fresh: 1, amber: 1, red: 1, oldest_received_at: oldest });
    await foldRollups(db);
    expect(await read(op.token, q)).toEqual(one);
    // All of the operator's customers: parcels of no customer too (the queue shows them), never C's.
    const all = await read(op.token, { ...q, customer_id: 'All' });
    expect(all.parcels).toEqual({
      waiting: 4,
      fresh: 1,
      amber: 1,
      red: 2,
      oldest_received_at: new Date(NOW.getTime() - 10 * 86_400_000).toISOString(),
    });
    // Photos taken later move a return from "without" to "with" at once.
    await db.execute(sql`UPDATE returns SET photo_count = 1 WHERE customer_id = ${d.id} AND photo_count = 0`);
    expect((await read(op.token, q)).photos).toEqual({ with: 2, without: 0 });
  });
});
