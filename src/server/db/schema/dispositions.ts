import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { orderLines, orders, products } from './orders.js';
import { returns } from './returns.js';

/**
 * A customer's dispositions (issue 16): what happens to a returned unit (Restock, Refurbish, …).
 * `requires_location`: the disposition puts the unit on a shelf, so a line needs a bin (Restock).
 * `default_for`: the conditions for which it is the default; one disposition per condition at most
 * (the service keeps that).
 */
export const dispositions = pgTable(
  'dispositions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    requiresLocation: boolean('requires_location').notNull().default(false),
    defaultFor: text('default_for')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dispositions_customer_code_key').on(t.customerId, t.code)],
);

/** An order line the operator confirmed missing from the parcel (a discrepancy; no unit was received). */
export const returnMissingLines = pgTable(
  'return_missing_lines',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('return_missing_lines_return_idx').on(t.returnId), check('return_missing_lines_quantity_check', sql`${t.quantity} >= 1`)],
);
