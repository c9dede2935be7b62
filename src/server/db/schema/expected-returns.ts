import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';

/**
 * A return a brand announced before it arrives (pre-advice, issue 26): its RMA, the return label's
 * tracking number (and `tracking_key`, the form a label scan is matched on: carrier-labels.ts), the
 * order it comes from and the items expected.
 */
export const expectedReturns = pgTable(
  'expected_returns',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    rma: text('rma').notNull(),
    trackingNumber: text('tracking_number'),
    trackingKey: text('tracking_key'),
    orderReference: text('order_reference'),
    /** expected | received */
    status: text('status').notNull().default('expected'),
    /** api (an API key) | upload (an admin's file) */
    source: text('source').notNull(),
    apiKeyId: integer('api_key_id'),
    /** The return that received it (submitted against it at the desk), and when. */
    returnId: integer('return_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    /** When it was found overdue (and `expected_return.overdue` sent); once. */
    overdueAt: timestamp('overdue_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('expected_returns_customer_rma_key').on(t.customerId, sql`upper(${t.rma})`),
    index('expected_returns_tracking_idx').on(t.customerId, t.trackingKey),
  ],
);

export const expectedReturnItems = pgTable(
  'expected_return_items',
  {
    id: serial('id').primaryKey(),
    expectedReturnId: integer('expected_return_id')
      .notNull()
      .references(() => expectedReturns.id, { onDelete: 'cascade' }),
    sku: text('sku'),
    upc: text('upc'),
    quantity: integer('quantity').notNull(),
    /** The consumer's reason as the platform sent it (mapped to a reason of the customer at the desk). */
    reason: text('reason'),
  },
  (t) => [index('expected_return_items_return_idx').on(t.expectedReturnId)],
);
