import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { orderLines, orders, products } from './orders.js';
import { users } from './users.js';

export const returns = pgTable(
  'returns',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    orderId: integer('order_id').references(() => orders.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    username: text('username').notNull(),
    reference1: text('reference_1'),
    reference2: text('reference_2'),
    returnDate: date('return_date', { mode: 'string' }).notNull(),
    isBlind: boolean('is_blind').notNull().default(false),
    /** The draft's temporary id: the idempotency key of a submit. */
    draftId: text('draft_id').notNull(),
    /** BizTalk message id of the outbound file ('Msg #'), set when the file is built. */
    messageId: text('message_id'),
    /** Photos linked to the return and its lines (issue 16): the history's camera mark, no join needed. */
    photoCount: integer('photo_count').notNull().default(0),
    /** The carrier tracking number the return arrived with (from an unknown parcel, issue 11). */
    trackingNumber: text('tracking_number'),
    /** 1 as submitted; each correction adds one (the version check of a correction compares it). */
    version: integer('version').notNull().default(1),
    /** When the current version was saved by a correction; null while the return is as submitted. */
    correctedAt: timestamp('corrected_at', { withTimezone: true }),
    /** A line is a wrong or extra item, or an order line was missing from the parcel (issue 16). */
    hasDiscrepancies: boolean('has_discrepancies').notNull().default(false),
    /** Lines waiting for the brand's decision (issue 25): History's "awaiting decision" filter and mark. */
    awaitingDecisions: integer('awaiting_decisions').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('returns_user_draft_key').on(t.userId, t.draftId),
    index('returns_created_idx').on(t.createdAt, t.id),
    index('returns_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    index('returns_order_idx').on(t.orderId),
    index('returns_blind_created_idx').on(t.isBlind, t.createdAt, t.id),
    index('returns_tracking_idx').on(sql`upper(${t.trackingNumber})`),
    // The key-scoped API's list (issue 26): a customer's returns by last change (correction or submit), then id.
    index('returns_customer_changed_idx').on(t.customerId, sql`coalesce(${t.correctedAt}, ${t.createdAt})`, t.id),
  ],
);

export const returnLedgers = pgTable(
  'return_ledgers',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    orderId: integer('order_id').references(() => orders.id),
    orderLineId: integer('order_line_id').references(() => orderLines.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    condition: text('condition').notNull(),
    quantity: integer('quantity').notNull(),
    reason: text('reason').notNull(),
    comment: text('comment'),
    /** The customer's disposition code (like `reason`, a code: the text is the customer's). */
    disposition: text('disposition'),
    /** The bin of a disposition that requires a location (Restock). */
    location: text('location'),
    /** WRONG_ITEM or EXTRA_ITEM; null for a line of the order as expected. */
    discrepancy: text('discrepancy'),
    /** A wrong item: the order line it came instead of, when known. */
    replacesOrderLineId: integer('replaces_order_line_id').references(() => orderLines.id),
    /** Issue 27, beside the spec's condition and reason: the grade (A…D or an outcome), the rule's steps as answered, the serial. */
    grade: text('grade'),
    /** [{ text, kind, answer }]: the steps as they read when the line was received. */
    stepAnswers: jsonb('step_answers'),
    serial: text('serial'),
    /** true: shipped on the order; false: not shipped (a discrepancy); null: not checked. */
    serialShipped: boolean('serial_shipped'),
    /** The serial was received before on a return of the customer (or twice in this one). */
    serialRepeated: boolean('serial_repeated').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('return_ledgers_return_idx').on(t.returnId),
    index('return_ledgers_order_idx').on(t.orderId),
    index('return_ledgers_customer_created_idx').on(t.customerId, t.createdAt),
    index('return_ledgers_product_idx').on(t.productId),
    check('return_ledgers_quantity_check', sql`${t.quantity} >= 1`),
    index('return_ledgers_customer_serial_idx')
      .on(t.customerId, t.serial)
      .where(sql`${t.serial} IS NOT NULL`),
  ],
);
