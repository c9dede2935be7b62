import { bigint, boolean, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';

/**
 * Exact return counts per customer and blind flag, kept by a statement-level trigger on `returns`
 * (migration history_counts_trigger). The History page answers its exact total from here in O(customers)
 * instead of counting millions of rows; searches narrow the set and count the rows themselves.
 */
export const returnCounts = pgTable(
  'return_counts',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    isBlind: boolean('is_blind').notNull(),
    returnsCount: bigint('returns_count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.isBlind] })],
);
