import { bigint, bigserial, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Dashboard roll-ups (issue 12). Triggers on `returns` and `return_ledgers` append one signed delta
 * row per (day, customer, metric, key) a write touches (migration dashboard_rollup_triggers); the
 * worker folds them into `dashboard_daily` (delete the folded deltas and upsert their sums in one
 * transaction). A figure is daily + unfolded deltas, read in one statement, so it is exact.
 *
 * A delta is a plain INSERT: no row shared by two submits is locked (unlike an upsert of a per-day
 * counter, which would make every submit of a customer wait for the previous one's commit).
 *
 * Metrics (day = the return's created_at in UTC):
 * - `kind`, key `blind` | `order`: n = returns, units = units of their lines;
 * - `condition`, key the condition; `reason`, key the reason code: n = lines, units;
 * - `operator_hour`, key `<user id>:<hour 0-23>`: n = lines, units received by that user in that hour;
 * - `photos`, key `with` | `without`: n = returns with at least one photo / none (units 0);
 * - `disposition`, key the disposition code ('' = none): n = lines, units;
 * - `discrepancy`, key `WRONG_ITEM` | `EXTRA_ITEM` (ledger lines) | `MISSING` (return_missing_lines): n = lines, units.
 * - `grade`, key the grade code of a line an inspection rule graded (issue 27): n = lines, units.
 * (Migrations dashboard_rollup_photos_dispositions and dashboard_grades; return_missing_lines has the same triggers.)
 */
export const dashboardDeltas = pgTable(
  'dashboard_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    customerId: integer('customer_id').notNull(),
    metric: text('metric').notNull(),
    key: text('key').notNull(),
    n: integer('n').notNull(),
    units: integer('units').notNull(),
  },
  // No index beyond the key: every index is a write on each submit, and the fold keeps this table small.
);

export const dashboardDaily = pgTable(
  'dashboard_daily',
  {
    customerId: integer('customer_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    key: text('key').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    units: bigint('units', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.day, t.metric, t.key] })],
);
