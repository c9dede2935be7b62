import { bigint, boolean, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';

/**
 * Exact return counts per customer and blind flag, kept by a statement-level trigger on `returns`
 * (migration history_counts_trigger). The History page answers its exact total from here in O(customers)
 * instead of counting millions of rows; searches narrow the set and count the rows themselves.
 *
 * Each key has up to 16 rows (`slot`, chosen by the writing connection: pg_backend_pid() % 16) and
 * the count is their sum. With one row per key, every submit of a customer waited for the previous
 * one's transaction to commit (the trigger's upsert holds that row's lock); now connections of a
 * pool write to different rows and submit in parallel (migration 0006).
 */
export const returnCounts = pgTable(
  'return_counts',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    isBlind: boolean('is_blind').notNull(),
    slot: smallint('slot').notNull().default(0),
    returnsCount: bigint('returns_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.isBlind, t.slot] })],
);
