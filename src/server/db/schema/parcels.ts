import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { photos } from './photos.js';
import { customers } from './customers.js';
import { returns } from './returns.js';
import { users } from './users.js';

/**
 * Unknown parcels (issue 11): a parcel that arrived and matched nothing, parked on a shelf until it
 * is matched to an order, converted to a blind return or closed without a return.
 * `state`: Waiting → Matched | Converted | Closed (never back).
 */
export const parcels = pgTable(
  'parcels',
  {
    id: serial('id').primaryKey(),
    trackingNumber: text('tracking_number').notNull(),
    /** null while nobody knows whose parcel it is. */
    customerId: integer('customer_id').references(() => customers.id),
    senderName: text('sender_name'),
    senderAddress: text('sender_address'),
    note: text('note'),
    location: text('location').notNull(),
    state: text('state').notNull().default('Waiting'),
    closeReason: text('close_reason'),
    returnId: integer('return_id').references(() => returns.id),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    receivedBy: integer('received_by')
      .notNull()
      .references(() => users.id),
    receivedByName: text('received_by_name').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    // The queue: oldest first within a state (and within a customer's parcels of a state).
    index('parcels_state_received_idx').on(t.state, t.receivedAt, t.id),
    index('parcels_customer_state_received_idx').on(t.customerId, t.state, t.receivedAt, t.id),
    // The queue's exact total of waiting parcels (admin: all; operator: their customers' and none):
    // an index-only count over this small partial index (B-tree deduplication keeps one entry per
    // customer value mostly) instead of a scan of the table; 2–3× cheaper at 100,000 waiting.
    index('parcels_waiting_customer_idx')
      .on(t.customerId)
      .where(sql`${t.state} = 'Waiting'`),
    // Receiving's search by tracking number (scanned, so exact, any case).
    index('parcels_return_idx').on(t.returnId),
    index('parcels_tracking_idx').on(sql`upper(${t.trackingNumber})`),
    // One waiting parcel per tracking number: a second scan of the same parcel is refused.
    uniqueIndex('parcels_waiting_tracking_key')
      .on(sql`upper(${t.trackingNumber})`)
      .where(sql`${t.state} = 'Waiting'`),
  ],
);

/** The parcel's own timeline: who did what when. */
export const parcelEvents = pgTable(
  'parcel_events',
  {
    id: serial('id').primaryKey(),
    parcelId: integer('parcel_id')
      .notNull()
      .references(() => parcels.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    username: text('username').notNull(),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('parcel_events_parcel_idx').on(t.parcelId, t.createdAt, t.id)],
);

/**
 * Photos of a parcel (issue 11): the photo evidence store (issue 16) keeps the images, this table says
 * which parcel each belongs to. Matching or converting the parcel links them to the return as well.
 */
export const parcelPhotos = pgTable(
  'parcel_photos',
  {
    parcelId: integer('parcel_id')
      .notNull()
      .references(() => parcels.id, { onDelete: 'cascade' }),
    photoId: integer('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.parcelId, t.photoId] }), uniqueIndex('parcel_photos_photo_key').on(t.photoId)],
);
