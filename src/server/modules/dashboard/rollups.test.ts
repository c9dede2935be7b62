// Roll-ups equal a recount of the ledger after any sequence of writes: submits through the one
// return writer, ledger edits and deletes, return moves and deletes, folds in between.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { makeCustomer, makeUser } from '../../test/factories.js';
import { makeProduct } from '../../test/return-factory.js';
import { makeOrder } from '../../test/order-factory.js';
import { createReturnCommand } from '../returns/create-return.js';
import { foldRollups } from './dashboard.service.js';

let testDb: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
});
afterAll(() => testDb.close());

const CONDITIONS = ['Pristine', 'Reconditioning', 'Scrap'];
const REASONS = ['DAMAGED', 'WRONG_SIZE', 'LATE'];
const DAY0 = Date.parse('2026-11-01T00:00:00Z');

const DISPOSITIONS = [null, 'RESTOCK', 'SCRAP'];
const DISCREPANCIES = [null, null, 'WRONG_ITEM', 'EXTRA_ITEM'];

const line = fc.record({
  quantity: fc.integer({ min: 1, max: 9 }),
  condition: fc.constantFrom(...CONDITIONS),
  reason: fc.constantFrom(...REASONS),
  disposition: fc.constantFrom(...DISPOSITIONS),
  discrepancy: fc.constantFrom(...DISCREPANCIES),
});
const op = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('submit' as const),
      customer: fc.nat(1),
      user: fc.nat(1),
      blind: fc.boolean(),
      hours: fc.integer({ min: 0, max: 4 * 24 - 1 }),
      lines: fc.array(line, { minLength: 1, maxLength: 4 }),
    }),
    weight: 5,
  },
  { arbitrary: fc.record({ kind: fc.constant('editLine' as const), pick: fc.nat(), change: line }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('deleteLine' as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('addLine' as const), pick: fc.nat(), add: line }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('moveReturn' as const),
      pick: fc.nat(),
      hours: fc.integer({ min: 0, max: 4 * 24 - 1 }),
      user: fc.nat(1),
      blind: fc.boolean(),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('deleteReturn' as const), pick: fc.nat() }), weight: 1 },
  // Photos added to (or, by a cleanup, taken from) a saved return.
  { arbitrary: fc.record({ kind: fc.constant('photos' as const), pick: fc.nat(), add: fc.integer({ min: -2, max: 3 }) }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('missing' as const), pick: fc.nat(), quantity: fc.integer({ min: 1, max: 3 }) }),
    weight: 1,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('editMissing' as const), pick: fc.nat(), quantity: fc.integer({ min: 0, max: 3 }) }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('fold' as const) }), weight: 1 },
);

type Figure = Record<string, [number, number]>;

/** What the roll-ups say: folded + unfolded, per customer, day, metric and key. */
async function rolledUp(customerIds: number[]): Promise<Figure> {
  const rows = await queryRows<{ k: string; n: string; units: string }>(
    db,
    sql`SELECT customer_id || '|' || to_char(day, 'YYYY-MM-DD') || '|' || metric || '|' || key AS k, sum(n) AS n, sum(units) AS units FROM (
          SELECT customer_id, day, metric, key, n, units FROM dashboard_daily UNION ALL
          SELECT customer_id, day, metric, key, n, units FROM dashboard_deltas) x
        WHERE customer_id = ANY(${`{${customerIds.join(',')}}`}::int[])
        GROUP BY 1 HAVING sum(n) <> 0 OR sum(units) <> 0`,
  );
  return Object.fromEntries(rows.map((r) => [r.k, [Number(r.n), Number(r.units)]]));
}

/** The same figures counted in TypeScript from the rows themselves. */
async function recount(customerIds: number[]): Promise<Figure> {
  const rets = await queryRows<{
    id: number;
    customer_id: number;
    user_id: number;
    is_blind: boolean;
    created_at: string | Date;
    photo_count: number;
  }>(
    db,
    sql`SELECT id, customer_id, user_id, is_blind, created_at, photo_count FROM returns WHERE customer_id = ANY(${`{${customerIds.join(',')}}`}::int[])`,
  );
  const lines = await queryRows<{
    return_id: number;
    quantity: number;
    condition: string;
    reason: string;
    disposition: string | null;
    discrepancy: string | null;
  }>(
    db,
    sql`SELECT return_id, quantity, condition, reason, disposition, discrepancy FROM return_ledgers WHERE customer_id = ANY(${`{${customerIds.join(',')}}`}::int[])`,
  );
  const missing = await queryRows<{ return_id: number; quantity: number }>(
    db,
    sql`SELECT return_id, quantity FROM return_missing_lines WHERE customer_id = ANY(${`{${customerIds.join(',')}}`}::int[])`,
  );
  const out: Figure = {};
  const add = (k: string, n: number, units: number) => {
    const f = (out[k] ??= [0, 0]);
    f[0] += n;
    f[1] += units;
  };
  const byId = new Map(rets.map((r) => [Number(r.id), r]));
  for (const r of rets) {
    const day = new Date(r.created_at).toISOString().slice(0, 10);
    add(`${r.customer_id}|${day}|kind|${r.is_blind ? 'blind' : 'order'}`, 1, 0);
    add(`${r.customer_id}|${day}|photos|${r.photo_count > 0 ? 'with' : 'without'}`, 1, 0);
  }
  for (const l of lines) {
    const r = byId.get(Number(l.return_id))!;
    const when = new Date(r.created_at);
    const day = when.toISOString().slice(0, 10);
    const base = `${r.customer_id}|${day}|`;
    add(`${base}kind|${r.is_blind ? 'blind' : 'order'}`, 0, l.quantity);
    add(`${base}condition|${l.condition}`, 1, l.quantity);
    add(`${base}reason|${l.reason}`, 1, l.quantity);
    add(`${base}operator_hour|${r.user_id}:${when.getUTCHours()}`, 1, l.quantity);
    add(`${base}disposition|${l.disposition ?? ''}`, 1, l.quantity);
    if (l.discrepancy) add(`${base}discrepancy|${l.discrepancy}`, 1, l.quantity);
  }
  for (const m of missing) {
    const r = byId.get(Number(m.return_id))!;
    add(`${r.customer_id}|${new Date(r.created_at).toISOString().slice(0, 10)}|discrepancy|MISSING`, 1, m.quantity);
  }
  for (const [k, [n, u]] of Object.entries(out)) if (n === 0 && u === 0) delete out[k];
  return out;
}

describe('dashboard roll-ups', () => {
  it('equal a recount after random writes and folds', async () => {
    const createReturn = createReturnCommand(db);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        run++;
        const customers = [await makeCustomer(db), await makeCustomer(db)];
        const users = [await makeUser(db), await makeUser(db)];
        const products = [await makeProduct(db, customers[0]!.id), await makeProduct(db, customers[1]!.id)];
        // Missing lines need an order line; one order per customer serves every return of it.
        const orders = [await makeOrder(db, customers[0]!.id), await makeOrder(db, customers[1]!.id)];
        const ids = customers.map((c) => c.id);
        const returnIds: number[] = [];
        const pickReturn = (n: number) => (returnIds.length ? returnIds[n % returnIds.length] : undefined);
        let drafts = 0;
        for (const o of ops) {
          if (o.kind === 'submit') {
            const user = users[o.user]!;
            const saved = await createReturn(
              {
                draftId: `__fc${run}_${drafts++}`,
                customerId: ids[o.customer]!,
                orderId: null,
                userId: user.id,
                username: user.username,
                reference1: null,
                reference2: null,
                returnDate: '2026-11-01',
                isBlind: o.blind,
                ledgers: o.lines.map((l) => ({ orderLineId: null, productId: products[o.customer]!.id, comment: '', ...l })),
              },
              new Date(DAY0 + o.hours * 3_600_000 + 60_000),
            );
            returnIds.push(saved.ret.id);
          } else if (o.kind === 'fold') {
            await foldRollups(db, 7);
          } else if (o.kind === 'editLine' || o.kind === 'deleteLine') {
            const [l] = await queryRows<{ id: number }>(
              db,
              sql`SELECT id FROM return_ledgers WHERE customer_id = ANY(${`{${ids.join(',')}}`}::int[]) ORDER BY id OFFSET ${o.pick % 50} LIMIT 1`,
            );
            if (!l) continue;
            if (o.kind === 'deleteLine') await db.execute(sql`DELETE FROM return_ledgers WHERE id = ${l.id}`);
            else
              await db.execute(
                sql`UPDATE return_ledgers SET quantity = ${o.change.quantity}, condition = ${o.change.condition}, reason = ${o.change.reason},
                    disposition = ${o.change.disposition}, discrepancy = ${o.change.discrepancy} WHERE id = ${l.id}`,
              );
          } else {
            const id = pickReturn(o.pick);
            if (id === undefined) continue;
            if (o.kind === 'addLine') {
              await db.execute(
                sql`INSERT INTO return_ledgers (return_id, customer_id, product_id, quantity, condition, reason, disposition, discrepancy)
                    SELECT id, customer_id, ${products[0]!.id}, ${o.add.quantity}, ${o.add.condition}, ${o.add.reason},
                      ${o.add.disposition}, ${o.add.discrepancy} FROM returns WHERE id = ${id}`,
              );
            } else if (o.kind === 'photos') {
              await db.execute(sql`UPDATE returns SET photo_count = greatest(photo_count + ${o.add}, 0) WHERE id = ${id}`);
            } else if (o.kind === 'missing') {
              const [ret] = await queryRows<{ customer_id: number }>(db, sql`SELECT customer_id FROM returns WHERE id = ${id}`);
              const order = orders[ids.indexOf(Number(ret!.customer_id))]!;
              const orderLine = order.lines[o.pick % order.lines.length]!;
              await db.execute(
                sql`INSERT INTO return_missing_lines (return_id, customer_id, order_id, order_line_id, product_id, quantity)
                    VALUES (${id}, ${ret!.customer_id}, ${order.order.id}, ${orderLine.id}, ${orderLine.productId}, ${o.quantity})`,
              );
            } else if (o.kind === 'editMissing') {
              // 0 deletes the missing lines of the return; more sets their quantity.
              if (o.quantity === 0) await db.execute(sql`DELETE FROM return_missing_lines WHERE return_id = ${id}`);
              else await db.execute(sql`UPDATE return_missing_lines SET quantity = ${o.quantity} WHERE return_id = ${id}`);
            } else if (o.kind === 'moveReturn') {
              await db.execute(
                sql`UPDATE returns SET created_at = ${new Date(DAY0 + o.hours * 3_600_000).toISOString()}::timestamptz,
                    user_id = ${users[o.user]!.id}, is_blind = ${o.blind} WHERE id = ${id}`,
              );
            } else {
              await db.execute(sql`DELETE FROM tasks WHERE return_id = ${id}`);
              await db.execute(sql`DELETE FROM returns WHERE id = ${id}`);
              returnIds.splice(returnIds.indexOf(id), 1);
            }
          }
        }
        expect(await rolledUp(ids)).toEqual(await recount(ids));
        await foldRollups(db);
        expect(await rolledUp(ids)).toEqual(await recount(ids));
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
