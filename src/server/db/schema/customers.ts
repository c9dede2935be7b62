import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    company: text('company').notNull(),
    canBlind: boolean('can_blind').notNull().default(false),
    customerStatus: text('customer_status').notNull().default('Active'),
    orderSource: text('order_source').notNull().default('Biztalk'),
    cdnUrl1: text('cdn_url_1'),
    cdnUrl2: text('cdn_url_2'),
    /** Conditions whose lines need at least one photo before a return can be submitted (issue 16). */
    photoRequiredConditions: jsonb('photo_required_conditions').$type<string[]>().notNull().default([]),
    /** Unknown parcels of this customer turn amber, then red, after this many days waiting (issue 11). */
    parcelAmberDays: integer('parcel_amber_days').notNull().default(2),
    parcelRedDays: integer('parcel_red_days').notNull().default(5),
    /** An expected return not received this many days after it was announced is overdue (issue 26). */
    expectedOverdueDays: integer('expected_overdue_days').notNull().default(14),
    /** ISO 4217 code of the customer's billing currency (issue 12). */
    currency: text('currency').notNull().default('EUR'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customers_company_key').on(sql`lower(${t.company})`)],
);

export const options = pgTable(
  'options',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    optionType: text('option_type').notNull().default('Reason'),
    optionCode: text('option_code').notNull(),
    optionValue: text('option_value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('options_customer_type_code_key').on(t.customerId, t.optionType, t.optionCode)],
);

/** Secrets (short = password, long = API token) are stored AES-256-GCM encrypted, never returned. */
export const connections = pgTable(
  'connections',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    connectionType: text('connection_type').notNull(),
    biztalkSchema: text('biztalk_schema').notNull().default('Default'),
    biztalkSender: text('biztalk_sender'),
    biztalkReceiver: text('biztalk_receiver'),
    endpoint: text('endpoint'),
    username: text('username'),
    secureShortTokenEnc: text('secure_short_token_enc'),
    secureLongTokenEnc: text('secure_long_token_enc'),
    connectionMeta: jsonb('connection_meta').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('connections_customer_idx').on(t.customerId),
    index('connections_sender_receiver_idx').on(t.biztalkSender, t.biztalkReceiver),
  ],
);
/** A connections row as read: the one row type of a customer's connection. */
export type ConnectionRow = typeof connections.$inferSelect;

export const settings = pgTable('settings', {
  settingKey: text('setting_key').primaryKey(),
  settingValue: text('setting_value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
