import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { returns } from './returns.js';
import { users } from './users.js';

/**
 * Photo evidence (issue 16). A photo is uploaded first (while a draft is open, or by another feature
 * such as unknown parcels) and is *kept* once something attaches it (`attached_at`); a photo nobody
 * attached within a day is removed by the worker. `return_id` / `ledger_id` say which return (and
 * which line of it) the photo belongs to; other features keep their own link tables and only set
 * `attached_at` through the photos service.
 */
export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    /** The folder of the three stored images (original, display, thumb) in the photo store. */
    storageKey: text('storage_key').notNull(),
    /** null while the photo belongs to no customer yet (an unknown parcel). */
    customerId: integer('customer_id').references(() => customers.id),
    uploadedBy: integer('uploaded_by')
      .notNull()
      .references(() => users.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    /** SHA-256 (hex) of the bytes as uploaded. */
    sha256: text('sha256').notNull(),
    /** jpeg, png or webp: what the content is, found from its bytes. */
    format: text('format').notNull(),
    uploadedBytes: integer('uploaded_bytes').notNull(),
    /** Sizes as stored: the original (orientation applied, metadata removed), display and thumbnail. */
    originalBytes: integer('original_bytes').notNull(),
    displayBytes: integer('display_bytes').notNull(),
    thumbBytes: integer('thumb_bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Set once a return (or another feature) keeps the photo; never-attached photos expire. */
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    returnId: integer('return_id').references(() => returns.id, { onDelete: 'cascade' }),
    /**
     * The line the photo shows; null for a photo of the whole return (the parcel, the label). No
     * foreign key on purpose: a correction that removes a line deletes its return_ledgers row, but the
     * line lives on in return_versions under the same id, and so do its photos — evidence of what an
     * earlier version (and the message that carried its links) said. The photo goes with its return.
     */
    ledgerId: integer('ledger_id'),
  },
  (t) => [
    uniqueIndex('photos_storage_key_key').on(t.storageKey),
    index('photos_return_idx').on(t.returnId),
    index('photos_unattached_idx')
      .on(t.uploadedAt)
      .where(sql`${t.attachedAt} IS NULL`),
    check('photos_format_check', sql`${t.format} IN ('jpeg', 'png', 'webp')`),
  ],
);
