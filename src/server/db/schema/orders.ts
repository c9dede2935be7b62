import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    upc: text('upc'),
    name1: text('name_1').notNull().default(''),
    color: text('color'),
    size: text('size'),
    /** The product's category from the order file (issue 27): inspection rules may apply by it. */
    category: text('category'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_customer_sku_key').on(t.customerId, t.sku),
    index('products_customer_upc_idx').on(t.customerId, t.upc),
    index('products_search_trgm_idx').using(
      'gin',
      sql`(lower(${t.sku} || ' ' || coalesce(${t.upc}, '') || ' ' || ${t.name1})) gin_trgm_ops`,
    ),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    deliveryNumber: text('delivery_number'),
    orderNumber: text('order_number'),
    webOrderNumber: text('web_order_number'),
    buyerReference: text('buyer_reference'),
    orderType: text('order_type'),
    source: text('source').notNull(),
    /** The order's id in its source system; with customer_id it makes imports idempotent. */
    sourceId1: text('source_id_1').notNull(),
    orderStatus: text('order_status').notNull().default('New'),
    deliveryName1: text('delivery_name_1'),
    deliveryName2: text('delivery_name_2'),
    deliveryAddress1: text('delivery_address_1'),
    deliveryAddress2: text('delivery_address_2'),
    deliveryAddress3: text('delivery_address_3'),
    deliveryCity: text('delivery_city'),
    deliveryState: text('delivery_state'),
    deliveryZipcode: text('delivery_zipcode'),
    deliveryCountry: text('delivery_country'),
    deliveryContact: text('delivery_contact'),
    deliveryPhone: text('delivery_phone'),
    deliveryEmail: text('delivery_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_customer_source_id_key').on(t.customerId, t.sourceId1),
    index('orders_customer_created_idx').on(t.customerId, t.createdAt),
    // One trigram index over the four references serves the substring order search. The customer
    // is in it (btree_gin, migration 0004): a 3-character search of one customer reads that
    // customer's matches only instead of every customer's. A GIN index on several columns also
    // serves a condition on the references alone (History's search over all customers).
    index('orders_customer_reference_trgm_idx').using(
      'gin',
      t.customerId,
      sql`(lower(coalesce(${t.deliveryNumber}, '') || ' ' || coalesce(${t.orderNumber}, '') || ' ' || coalesce(${t.webOrderNumber}, '') || ' ' || coalesce(${t.buyerReference}, ''))) gin_trgm_ops`,
    ),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    lineNumber: integer('line_number').notNull(),
    quantity: integer('quantity').notNull(),
    /** The unit's value in the customer's minor units, when the order file carries one (issue 25's decision rules). */
    unitValue: bigint('unit_value', { mode: 'number' }),
  },
  (t) => [uniqueIndex('order_lines_order_line_key').on(t.orderId, t.lineNumber), index('order_lines_product_idx').on(t.productId)],
);
