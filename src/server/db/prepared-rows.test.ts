import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind, type TestDatabase } from '../test/test-database.js';
import { preparedRows, queryRows, type DbOrTx } from './client.js';

// preparedRows (issue 13: the hot statements parsed and planned once per connection) reaches
// node-postgres through our own pooled connection class, on the pool and in a transaction alike.
describe(`prepared statements (${testDbKind})`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.close());

  const namesOn = async (db: DbOrTx) =>
    (await queryRows<{ name: string }>(db, sql`SELECT name FROM pg_prepared_statements WHERE name LIKE 'probe_label_%'`)).map(
      (r) => r.name,
    );

  it('answers the rows of the statement, named on PostgreSQL in a transaction, unnamed on PGlite', async () => {
    const names = await t.database.db.transaction(async (tx) => {
      const rows = await preparedRows<{ n: number; s: string }>(tx, 'probe_label', sql`SELECT ${41}::int + 1 AS n, ${'x'}::text AS s`);
      expect(rows).toEqual([{ n: 42, s: 'x' }]);
      // The same text again: the connection reuses its statement instead of failing on the name.
      expect(await preparedRows(tx, 'probe_label', sql`SELECT ${1}::int + 1 AS n, ${'y'}::text AS s`)).toEqual([{ n: 2, s: 'y' }]);
      return namesOn(tx);
    });
    expect(names).toHaveLength(testDbKind === 'postgres' ? 1 : 0);
  });

  it('refuses a label that is not a word (it goes into the statement text)', () => {
    expect(() => preparedRows(t.database.db, 'x*/ DROP', sql`SELECT 1`)).toThrow(/label/);
  });
});
