import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';

/**
 * A customer's API key (issue 26): a 256-bit random token shown once, stored only as its SHA-256
 * (as session tokens are), scoped to the customer and to what it may do. `prefix` is the key's first
 * characters, so an admin can tell keys apart without the key. Revoked keys stay for the record.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: text('revoked_by'),
  },
  (t) => [uniqueIndex('api_keys_token_hash_key').on(t.tokenHash), index('api_keys_customer_idx').on(t.customerId)],
);
