import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { orderLines } from './orders.js';

/**
 * A customer's inspection rules (issue 27). `match` says what the rule applies to (an exact SKU, a
 * SKU prefix, a product category, or every product: the default); `match_key` is the value lowered
 * ('' for the default), so a customer has one rule per kind and key and one default rule.
 * `steps`: [{ text, kind, no_grade }]; `grade_dispositions`: { grade: disposition code }.
 */
export const inspectionRules = pgTable(
  'inspection_rules',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    match: text('match').notNull(),
    value: text('value'),
    matchKey: text('match_key').notNull(),
    steps: jsonb('steps')
      .notNull()
      .default(sql`'[]'::jsonb`),
    gradeDispositions: jsonb('grade_dispositions')
      .notNull()
      .default(sql`'{}'::jsonb`),
    serialCapture: text('serial_capture').notNull().default('none'),
    serialCheck: text('serial_check').notNull().default('any'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inspection_rules_customer_match_key').on(t.customerId, t.match, t.matchKey),
    check('inspection_rules_match_check', sql`${t.match} IN ('sku', 'prefix', 'category', 'default')`),
  ],
);

/** A customer's names of the grades and the condition each records; a grade without a row has issue 27's default. */
export const gradeScales = pgTable(
  'grade_scales',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    grade: text('grade').notNull(),
    label: text('label').notNull(),
    condition: text('condition').notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.grade] })],
);

/** The serial numbers shipped on an order line, when the order file carries them (issue 27). */
export const orderLineSerials = pgTable(
  'order_line_serials',
  {
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    serial: text('serial').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderLineId, t.serial] }), index('order_line_serials_serial_idx').on(t.serial)],
);
