import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { returns } from './returns.js';

/** One ledger line as a version keeps it: the API's ledger fields (return.presenter.ts presentLedger). */
export type VersionLedger = Record<string, unknown> & {
  id: number;
  order_line_id: number | null;
  product_id: number;
  quantity: number;
  condition: string;
  reason: string;
  comment: string | null;
  /** Issue 16 (absent in versions saved before dispositions landed). */
  disposition?: string | null;
  location?: string | null;
  discrepancy?: string | null;
  replaces_order_line_id?: number | null;
};

/** An order line missing from the parcel as a version keeps it (return.presenter.ts presentMissing). */
export interface VersionMissingLine {
  id: number;
  order_line_id: number;
  product_id: number;
  quantity: number;
}

/** What one version changed on one line (contract/corrections.ts versionLineChange). */
export interface StoredLineChange {
  kind: 'added' | 'removed' | 'changed';
  ledger_id: number;
  sku: string;
  name_1: string;
  /** WRONG_ITEM / EXTRA_ITEM / MISSING (then ledger_id is the missing line's id); null for a line as expected. */
  discrepancy?: string | null;
  fields: { field: string; before: string | number | null; after: string | number | null }[];
}

/**
 * Every version of a corrected return, never changed once written. `return_ledgers` always holds
 * the current version (so history, the report, the order's received counts and the outbound files
 * read the corrected figures with no filter); this table keeps each version's lines (and missing
 * order lines) as they were,
 * version 1 being the submitted return (written by the first correction), and what each changed.
 */
export const returnVersions = pgTable(
  'return_versions',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    userId: integer('user_id'),
    username: text('username').notNull(),
    comment: text('comment'),
    lines: jsonb('lines').$type<VersionLedger[]>().notNull(),
    /** The order lines missing from the parcel in this version (issue 16). */
    missingLines: jsonb('missing_lines').$type<VersionMissingLine[]>().notNull().default([]),
    changes: jsonb('changes').$type<StoredLineChange[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('return_versions_return_version_key').on(t.returnId, t.version)],
);
