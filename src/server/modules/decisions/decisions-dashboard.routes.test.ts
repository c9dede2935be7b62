// The Dashboard's decisions tile (issue 25) through HTTP: what waits for the brands now and how the
// period's decisions were made, for staff and brand users scoped by the access seam, by the injected clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_MSG } from '../../../contract/dashboard.js';
import type { Db } from '../../db/client.js';
import { lineDecisions } from '../../db/schema/index.js';
import { makeCustomer } from '../../test/factories.js';
import { makeProduct, makeReturn } from '../../test/return-factory.js';
import { adminSession, brandSession, loginAs, operatorSession } from '../../test/sessions.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let db: Db;
const NOW = new Date('2026-11-20T15:30:00Z');
const HOUR = 3600;
let s: {
  a: number;
  b: number;
  c: number;
  op: { token: string };
  brand: { token: string; user: { username: string; password: string } };
  admin: { token: string };
};

const url = (q: Record<string, string | number> = {}) =>
  `/api/dashboard/decisions?${Object.entries(q)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&')}`;

type Seed = { created: string; due: string; state?: 'awaiting' | 'decided' | 'defaulted'; decided?: string };

/** One return of the customer with a decision per seed (no ledger: the tile counts decisions only). */
async function decisions(customerId: number, userId: number, username: string, seeds: Seed[]) {
  const product = await makeProduct(db, customerId);
  const ret = await makeReturn(db, { customerId, userId, username, lines: [{ productId: product.id }] });
  for (const d of seeds) {
    await db.insert(lineDecisions).values({
      returnId: ret.id,
      customerId,
      ruleLabel: 'condition:Scrap',
      defaultDisposition: 'SCRAP',
      createdAt: new Date(d.created),
      dueAt: new Date(d.due),
      state: d.state ?? 'awaiting',
      disposition: d.state && d.state !== 'awaiting' ? 'SCRAP' : null,
      decidedBy: d.state === 'decided' ? 'brand' : d.state === 'defaulted' ? 'system' : null,
      decidedAt: d.decided ? new Date(d.decided) : null,
    });
  }
}

/**
 * Customer A (the operator's and the brand user's): one waiting within its deadline, one overdue;
 * decided by the brand in 2 h, 24 h and 30 min in the last 7 days (one of them today), one by
 * default, and one decided on 2 November in 24 h. Customer B (the operator's): one overdue, one
 * decided today in 2 h. Customer C (no one's): one waiting.
 */
beforeAll(async () => {
  t = await createTestApp();
  t.clock.advance(NOW.getTime() - t.clock.now().getTime());
  db = t.deps.database.db;
  const [a, b, c] = [await makeCustomer(db), await makeCustomer(db), await makeCustomer(db)];
  const op = await operatorSession(t.app, db, [a.id, b.id]);
  const brand = await brandSession(t.app, db, [a.id]);
  const admin = await adminSession(t.app, db);
  const u = op.user;
  await decisions(a.id, u.id, u.username, [
    { created: '2026-11-20T10:00:00Z', due: '2026-11-22T10:00:00Z' },
    { created: '2026-11-18T10:00:00Z', due: '2026-11-20T10:00:00Z' },
    { created: '2026-11-19T10:00:00Z', due: '2026-11-21T10:00:00Z', state: 'decided', decided: '2026-11-19T12:00:00Z' },
    { created: '2026-11-19T08:00:00Z', due: '2026-11-21T08:00:00Z', state: 'decided', decided: '2026-11-20T08:00:00Z' },
    { created: '2026-11-18T09:00:00Z', due: '2026-11-20T09:00:00Z', state: 'decided', decided: '2026-11-18T09:30:00Z' },
    { created: '2026-11-17T10:00:00Z', due: '2026-11-19T10:00:00Z', state: 'defaulted', decided: '2026-11-19T10:00:05Z' },
    { created: '2026-11-01T10:00:00Z', due: '2026-11-03T10:00:00Z', state: 'decided', decided: '2026-11-02T10:00:00Z' },
  ]);
  await decisions(b.id, u.id, u.username, [
    { created: '2026-11-15T10:00:00Z', due: '2026-11-17T10:00:00Z' },
    { created: '2026-11-20T09:00:00Z', due: '2026-11-22T09:00:00Z', state: 'decided', decided: '2026-11-20T11:00:00Z' },
  ]);
  await decisions(c.id, admin.user.id, admin.user.username, [{ created: '2026-11-20T12:00:00Z', due: '2026-11-22T12:00:00Z' }]);
  s = { a: a.id, b: b.id, c: c.id, op, brand, admin };
}, 300_000);
afterAll(() => t.close());

describe('GET /api/dashboard/decisions (issue 25)', () => {
  it('answers 401 without a token', async () => {
    expect((await call(t.app, 'GET', url())).status).toBe(401);
  });

  it("answers 403 for another customer's figures (operator and brand user) and 404 for an unknown customer", async () => {
    expect((await call(t.app, 'GET', url({ customer_id: s.c }), { token: s.op.token })).status).toBe(403);
    expect((await call(t.app, 'GET', url({ customer_id: s.b }), { token: s.brand.token })).status).toBe(403);
    expect((await call(t.app, 'GET', url({ customer_id: 99_999_999 }), { token: s.op.token })).status).toBe(404);
  });

  it('answers 422 with clear messages for a bad period, range and customer', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ period: 'year' }, DASHBOARD_MSG.periodInvalid],
      [{ period: 'range', from: '2026-11-01' }, DASHBOARD_MSG.rangeRequired],
      [{ period: 'range', from: '2026-11-05', to: '2026-11-01' }, DASHBOARD_MSG.rangeOrder],
      [{ customer_id: 'abc' }, DASHBOARD_MSG.customerInvalid],
    ];
    for (const [q, message] of cases) {
      const res = await call(t.app, 'GET', url(q), { token: s.op.token });
      expect(res.status, JSON.stringify(q)).toBe(422);
      expect(res.body.message).toContain(message);
    }
  });

  it("counts one customer's decisions: waiting and overdue now, decided by the brand and by default in the period, the median", async () => {
    const res = await call(t.app, 'GET', url({ customer_id: s.a }), { token: s.op.token });
    expect(res.status).toBe(200);
    // 7 days by default (14–20 November): 2 h, 24 h and 30 min → median 2 h; 2 November is outside.
    expect(res.body.message).toEqual({
      from: '2026-11-14',
      to: '2026-11-20',
      awaiting: 2,
      overdue: 1,
      decided: 3,
      defaulted: 1,
      median_seconds: 2 * HOUR,
    });
    const today = await call(t.app, 'GET', url({ customer_id: s.a, period: 'today' }), { token: s.op.token });
    expect(today.body.message).toMatchObject({ awaiting: 2, overdue: 1, decided: 1, defaulted: 0, median_seconds: 24 * HOUR });
    const early = await call(t.app, 'GET', url({ customer_id: s.a, period: 'range', from: '2026-11-01', to: '2026-11-03' }), {
      token: s.op.token,
    });
    expect(early.body.message).toMatchObject({ awaiting: 2, overdue: 1, decided: 1, defaulted: 0, median_seconds: 24 * HOUR });
    const none = await call(t.app, 'GET', url({ customer_id: s.a, period: 'range', from: '2026-10-01', to: '2026-10-02' }), {
      token: s.op.token,
    });
    expect(none.body.message).toMatchObject({ decided: 0, defaulted: 0, median_seconds: null });
  });

  it("counts all the caller's customers when none is chosen: the operator's two, the brand user's one", async () => {
    const op = await call(t.app, 'GET', url({ customer_id: 'All' }), { token: s.op.token });
    // A and B: 30 min, 2 h, 2 h, 24 h → median 2 h.
    expect(op.body.message).toMatchObject({ awaiting: 3, overdue: 2, decided: 4, defaulted: 1, median_seconds: 2 * HOUR });
    const brand = await call(t.app, 'GET', url(), { token: s.brand.token });
    expect(brand.status).toBe(200);
    expect(brand.body.message).toMatchObject({ awaiting: 2, overdue: 1, decided: 3, defaulted: 1, median_seconds: 2 * HOUR });
    const admin = await call(t.app, 'GET', url({ customer_id: s.c }), { token: s.admin.token });
    expect(admin.body.message).toMatchObject({ awaiting: 1, overdue: 0, decided: 0, defaulted: 0, median_seconds: null });
  });

  it('counts a waiting line overdue once the injected clock passes its deadline', async () => {
    // A session idles out over hours of the clock: the brand user signs in again each time.
    const signIn = () => loginAs(t.app, s.brand.user.username, s.brand.user.password);
    t.clock.advance(18.5 * HOUR * 1000); // 2026-11-21T10:00
    const res = await call(t.app, 'GET', url({ customer_id: s.a }), { token: await signIn() });
    expect(res.body.message).toMatchObject({ awaiting: 2, overdue: 1 });
    t.clock.advance(24 * HOUR * 1000); // 2026-11-22T10:00: A's first line reaches its deadline
    const later = await call(t.app, 'GET', url({ customer_id: s.a }), { token: await signIn() });
    expect(later.body.message).toMatchObject({ from: '2026-11-16', to: '2026-11-22', awaiting: 2, overdue: 2 });
  });
});
