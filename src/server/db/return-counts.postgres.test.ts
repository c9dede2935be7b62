import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { makeCustomer, makeUser } from '../test/factories.js';
import { makeReturn } from '../test/return-factory.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { queryRows, type Db } from './client.js';
import * as schema from './schema/index.js';

// Two connections taking returns of one customer at once: before migration 0006 the second waited
// on the first's counter row until it committed. Needs a real server (PGlite is one connection).
describe('return counters (PostgreSQL)', () => {
  let t: TestDatabase;
  const clients: pg.Client[] = [];
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    for (const c of clients) await c.end().catch(() => undefined);
    await t.close();
  });

  /** Two connections whose counter slots differ (pg_backend_pid() % 16), as most of a pool's are. */
  async function twoConnections(): Promise<[pg.Client, pg.Client]> {
    const bySlot = new Map<number, pg.Client>();
    while (bySlot.size < 2) {
      const c = new pg.Client({ connectionString: t.url });
      await c.connect();
      clients.push(c);
      const { rows } = await c.query<{ slot: number }>('SELECT return_counts_slot() AS slot');
      bySlot.set(rows[0]!.slot, c);
    }
    return [...bySlot.values()] as [pg.Client, pg.Client];
  }

  async function totals(db: Db, customerId: number) {
    const [counted] = await queryRows<{ n: string }>(
      db,
      sql`SELECT coalesce(sum(returns_count), 0) AS n FROM return_counts WHERE customer_id = ${customerId}`,
    );
    const [actual] = await queryRows<{ n: string }>(db, sql`SELECT count(*) AS n FROM returns WHERE customer_id = ${customerId}`);
    return { counted: Number(counted!.n), actual: Number(actual!.n) };
  }

  it('lets two transactions take returns of one customer without waiting for each other, and the total stays exact', async () => {
    const db = t.database.db;
    const customer = await makeCustomer(db);
    const user = await makeUser(db, { customerIds: [customer.id] });
    const [a, b] = await twoConnections();
    const dbA = drizzle(a, { schema }) as unknown as Db;
    const dbB = drizzle(b, { schema }) as unknown as Db;
    const input = { customerId: customer.id, userId: user.id, username: user.username };

    await a.query('BEGIN');
    await makeReturn(dbA, input);
    // A still holds its transaction open. B must not wait for it: with one counter row it would,
    // and the lock timeout turns that wait into an error.
    await b.query("SET lock_timeout = '2s'");
    await b.query('BEGIN');
    await makeReturn(dbB, input);
    await makeReturn(dbB, input);
    await b.query('COMMIT');
    await a.query('COMMIT');
    expect(await totals(db, customer.id)).toEqual({ counted: 3, actual: 3 });

    // Deletes count down in the deleting connection's own slot; the sum stays exact.
    await b.query('DELETE FROM returns WHERE id = (SELECT min(id) FROM returns WHERE customer_id = $1)', [customer.id]);
    expect(await totals(db, customer.id)).toEqual({ counted: 2, actual: 2 });
  });

  it('leaves no counter behind once a customer and its returns are deleted', async () => {
    const db = t.database.db;
    const customer = await makeCustomer(db);
    const user = await makeUser(db, { customerIds: [customer.id] });
    await makeReturn(db, { customerId: customer.id, userId: user.id, username: user.username });
    await db.execute(sql`DELETE FROM returns WHERE customer_id = ${customer.id}`);
    await db.execute(sql`DELETE FROM customers WHERE id = ${customer.id}`);
    const [left] = await queryRows<{ n: string }>(db, sql`SELECT count(*) AS n FROM return_counts WHERE customer_id = ${customer.id}`);
    expect(Number(left!.n)).toBe(0);
    expect(await totals(db, customer.id)).toEqual({ counted: 0, actual: 0 });
  });
});
