import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, bigint, uniqueIndex } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';
import { returnLedgers, returns } from './returns.js';

/**
 * A customer's decision rules (issue 25, decisions on exceptions): which submitted lines wait for the
 * brand's decision. `kind` condition (value: Pristine / Reconditioning / Scrap), discrepancy (value:
 * WRONG_ITEM / EXTRA_ITEM) or unit_value (min_value: a line whose order line carries a unit value
 * above it, in minor units). Each rule has a deadline in hours and the disposition applied when it passes.
 */
export const decisionRules = pgTable(
  'decision_rules',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    value: text('value'),
    minValue: bigint('min_value', { mode: 'number' }),
    deadlineHours: integer('deadline_hours').notNull().default(48),
    defaultDisposition: text('default_disposition').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('decision_rules_customer_idx').on(t.customerId),
    check('decision_rules_kind_check', sql`${t.kind} IN ('condition', 'discrepancy', 'unit_value')`),
    check('decision_rules_deadline_check', sql`${t.deadlineHours} >= 0`),
  ],
);

/**
 * A submitted line waiting for (or given) the brand's decision. `state` awaiting → decided (by a
 * brand user) or defaulted (the deadline passed: the rule's default, "by default, no answer"). The
 * rule's default and deadline are copied at submit, so changing a rule never moves a waiting line.
 */
export const lineDecisions = pgTable(
  'line_decisions',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    ledgerId: integer('ledger_id').references(() => returnLedgers.id, { onDelete: 'set null' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    ruleId: integer('rule_id'),
    /** Why it waits: the rule's kind and value as they were ('condition:Scrap', 'discrepancy:WRONG_ITEM', 'unit_value:5000'). */
    ruleLabel: text('rule_label').notNull(),
    defaultDisposition: text('default_disposition').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    state: text('state').notNull().default('awaiting'),
    disposition: text('disposition'),
    dispositionBefore: text('disposition_before'),
    comment: text('comment'),
    decidedByUserId: integer('decided_by_user_id'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The return's version the decision made. */
    version: integer('version'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('line_decisions_ledger_key').on(t.ledgerId),
    index('line_decisions_return_idx').on(t.returnId),
    index('line_decisions_customer_state_idx').on(t.customerId, t.state, t.createdAt, t.id),
    index('line_decisions_due_idx')
      .on(t.dueAt)
      .where(sql`${t.state} = 'awaiting'`),
    check('line_decisions_state_check', sql`${t.state} IN ('awaiting', 'decided', 'defaulted')`),
  ],
);

/** When a brand's users were last mailed the digest of waiting decisions (at most one an hour). */
export const decisionDigests = pgTable('decision_digests', {
  customerId: integer('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
  /** The newest decision id the last digest covered: a new one after it is news. */
  lastDecisionId: integer('last_decision_id').notNull().default(0),
});
