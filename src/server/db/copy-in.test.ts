import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind, type TestDatabase } from '../test/test-database.js';
import { makeCustomer } from '../test/factories.js';
import { makeOrder } from '../test/order-factory.js';
import { createOrderImportRepository } from '../modules/orders/order-import.repository.js';
import { copyIn, queryRows, transactionConnection } from './client.js';

// COPY (issue 13: order lines of an import) needs the transaction's own connection: PostgreSQL
// only; PGlite and a pool outside a transaction keep the INSERT path.
describe(`COPY into a table (${testDbKind})`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.close());

  it('finds the connection of a transaction on PostgreSQL only, never of a pool', async () => {
    expect(await transactionConnection(t.database.db)).toBeUndefined();
    const inTx = await t.database.db.transaction(async (tx) => !!(await transactionConnection(tx)));
    expect(inTx).toBe(testDbKind === 'postgres');
  });

  it('stores order lines in chunks and answers the count; a failing row rolls back the transaction with it', async () => {
    const customer = await makeCustomer(t.database.db);
    const made = await makeOrder(t.database.db, customer.id, {}, []);
    const [product] = await queryRows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO products (customer_id, sku, name_1) VALUES (${customer.id}, 'COPY-1', 'Copied') RETURNING id`,
    );
    const rows = Array.from({ length: 4_500 }, (_, i) => ({
      orderId: made.order.id,
      productId: Number(product!.id),
      lineNumber: i + 1,
      quantity: (i % 3) + 1,
    }));
    const stored = await t.database.db.transaction((tx) => createOrderImportRepository(tx).insertLines(rows));
    expect(stored).toBe(4_500);
    const [sum] = await queryRows<{ n: string | number; q: string | number }>(
      t.database.db,
      sql`SELECT count(*) AS n, sum(quantity) AS q FROM order_lines WHERE order_id = ${made.order.id}`,
    );
    expect(Number(sum!.n)).toBe(4_500);
    expect(Number(sum!.q)).toBe(rows.reduce((n, r) => n + r.quantity, 0));

    // Line 1 exists already. COPY fails whole and nothing of it stays; the INSERT path (PGlite)
    // skips the existing line, and the import's count check refuses the file for the difference.
    const again = [{ ...rows[0]!, lineNumber: 9_001 }, rows[0]!];
    const write = t.database.db.transaction((tx) => createOrderImportRepository(tx).insertLines(again));
    if (testDbKind === 'postgres') await expect(write).rejects.toThrow(/duplicate key/);
    else expect(await write).toBe(1);
    const [after] = await queryRows<{ n: string | number }>(
      t.database.db,
      sql`SELECT count(*) AS n FROM order_lines WHERE order_id = ${made.order.id}`,
    );
    expect(Number(after!.n)).toBe(testDbKind === 'postgres' ? 4_500 : 4_501);
  });

  it('refuses a value that is not an integer; an empty COPY stores nothing', async () => {
    await expect(
      t.database.db.transaction((tx) =>
        createOrderImportRepository(tx).insertLines([{ orderId: 1, productId: 1, lineNumber: 1.5, quantity: 1 }]),
      ),
    ).rejects.toThrow(testDbKind === 'postgres' ? /not an integer/ : /insert into order_lines/);
    const empty = await t.database.db.transaction(async (tx) => {
      const connection = await transactionConnection(tx);
      return connection ? copyIn(connection, 'COPY order_lines (order_id, product_id, line_number, quantity) FROM STDIN', []) : 0;
    });
    expect(empty).toBe(0);
  });
});
