import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORRECTION_MSG } from '../../../contract/corrections.js';
import { queryRows } from '../../db/client.js';
import { correctionState, discrepancyReturn, submittedReturn } from '../../test/correction-fixtures.js';
import { adminSession } from '../../test/sessions.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { foldRollups } from '../dashboard/dashboard.service.js';

// PGlite is one connection and runs transactions one after another, so only PostgreSQL shows two
// corrections racing on the row lock. CI runs the suite on both; this file counts on PostgreSQL.
describe('two admins correcting the same return at once', () => {
  let t: TestApp;
  const db = () => t.deps.database.db;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('saves exactly one; every other one is told the return changed and writes nothing', async () => {
    const admins = await Promise.all([adminSession(t.app, db()), adminSession(t.app, db()), adminSession(t.app, db())]);
    for (let round = 0; round < 4; round++) {
      const f = await submittedReturn(t.app, db(), admins[0]!.token);
      const [a, b] = f.ledgers;
      const bodies = admins.map((admin, i) => ({
        token: admin.token,
        body: {
          version: 1,
          comment: `admin ${i}`,
          lines: [
            { id: a!.id, quantity: 1 + i, condition: 'Pristine', reason: 'DAMAGED', comment: '' },
            { id: b!.id, quantity: 1, condition: 'Scrap', reason: 'WRONG', comment: '' },
          ],
        },
      }));
      const answers = await Promise.all(bodies.map((o) => call(t.app, 'POST', `/api/su/returns/${f.returnId}/corrections`, o)));
      const statuses = answers.map((x) => x.status).sort();
      expect(statuses).toEqual([200, 409, 409]);
      for (const x of answers.filter((y) => y.status === 409)) expect(x.body.message).toBe(CORRECTION_MSG.changed);
      const winner = answers.findIndex((x) => x.status === 200);
      const state = await correctionState(db(), f.returnId);
      expect(state.versions).toBe(2);
      expect(state.tasks).toBe(4); // two first messages, one correction each
      expect((state.ledgers as { quantity: number }[]).map((l) => l.quantity)).toEqual([1 + winner, 1]);
      expect(answers[winner]!.body.message.versions[1].comment).toBe(`admin ${winner}`);
    }
  });

  it('racing corrections of bins, dispositions and missing lines: one wins whole, the others write nothing', async () => {
    const admins = await Promise.all([adminSession(t.app, db()), adminSession(t.app, db()), adminSession(t.app, db())]);
    for (let round = 0; round < 3; round++) {
      const f = await discrepancyReturn(t.app, db(), admins[0]!.token);
      const [a, b, w] = f.ledgers.map((l) => ({ id: l.id, quantity: l.quantity, condition: l.condition, reason: l.reason }));
      const l3 = f.made.lines[2]!.id;
      const bodies = [
        { lines: [{ ...a!, location: 'RACE-0' }, b!, w!] },
        { lines: [a!, { ...b!, disposition: 'RESTOCK', location: 'RACE-1' }, w!], missing_lines: [] },
        { lines: [a!, b!], missing_lines: [{ order_line_id: l3, quantity: 1 }] },
      ];
      const answers = await Promise.all(
        admins.map((admin, i) =>
          call(t.app, 'POST', `/api/su/returns/${f.returnId}/corrections`, {
            token: admin.token,
            body: { version: 1, comment: `admin ${i}`, ...bodies[i] },
          }),
        ),
      );
      expect(answers.map((x) => x.status).sort()).toEqual([200, 409, 409]);
      const winner = answers.findIndex((x) => x.status === 200);
      const state = await correctionState(db(), f.returnId);
      const ledgers = state.ledgers as { location: string | null; disposition: string | null }[];
      const missing = state.missing as unknown[];
      expect(state.versions).toBe(2);
      expect(state.tasks).toBe(4);
      if (winner === 0) expect(ledgers.map((l) => l.location)).toEqual(['RACE-0', null, null]);
      if (winner === 1) {
        expect(ledgers.map((l) => [l.disposition, l.location])).toEqual([
          ['RESTOCK', 'A-01'],
          ['RESTOCK', 'RACE-1'],
          ['SCRAP', null],
        ]);
        expect(missing).toEqual([]);
      }
      if (winner === 2) {
        expect(ledgers).toHaveLength(2);
        expect(missing).toHaveLength(1);
      }
      // Every body keeps a discrepancy: 0 and 2 a missing line, 1 the wrong item it leaves in place.
      expect(state.has_discrepancies).toBe(true);
    }
  });

  it('keeps the dashboard roll-ups equal to a recount after corrections', async () => {
    const admin = await adminSession(t.app, db());
    const f = await submittedReturn(t.app, db(), admin.token);
    const [a, b] = f.ledgers;
    const res = await call(t.app, 'POST', `/api/su/returns/${f.returnId}/corrections`, {
      token: admin.token,
      body: {
        version: 1,
        comment: 'roll-ups',
        lines: [
          { id: a!.id, quantity: 4, condition: 'Reconditioning', reason: 'WRONG' },
          { order_line_id: f.made.lines[2]!.id, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(b).toBeDefined();
    const figures = async () =>
      queryRows<{ metric: string; key: string; n: number; units: number }>(
        db(),
        sql`SELECT metric, key, sum(n)::int AS n, sum(units)::int AS units FROM (
              SELECT metric, key, n, units FROM dashboard_daily WHERE customer_id = ${f.customer.id}
              UNION ALL SELECT metric, key, n, units FROM dashboard_deltas WHERE customer_id = ${f.customer.id}) x
            WHERE metric IN ('kind', 'condition', 'reason') GROUP BY 1, 2 HAVING sum(n) <> 0 OR sum(units) <> 0 ORDER BY 1, 2`,
      );
    const recount = await queryRows<{ metric: string; key: string; n: number; units: number }>(
      db(),
      sql`SELECT metric, key, sum(n)::int AS n, sum(units)::int AS units FROM (
            SELECT 'kind' AS metric, 'order' AS key, 1 AS n, 0 AS units FROM returns WHERE customer_id = ${f.customer.id}
            UNION ALL SELECT 'kind', 'order', 0, quantity FROM return_ledgers WHERE customer_id = ${f.customer.id}
            UNION ALL SELECT 'condition', condition, 1, quantity FROM return_ledgers WHERE customer_id = ${f.customer.id}
            UNION ALL SELECT 'reason', reason, 1, quantity FROM return_ledgers WHERE customer_id = ${f.customer.id}) x
          GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(await figures()).toEqual(recount);
    expect(recount).toContainEqual({ metric: 'kind', key: 'order', n: 1, units: 5 });
    await foldRollups(db());
    expect(await figures()).toEqual(recount);
  });
});
