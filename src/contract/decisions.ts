import { z } from 'zod';
import { LEDGER_CONDITIONS } from './constants.js';
import { id, text } from './common.js';
import { LINE_DISCREPANCIES } from './disposition-rules.js';

/** Issue 25, decisions on exceptions: which submitted lines wait for the brand's decision. */
export const DECISION_RULE_KINDS = ['condition', 'discrepancy', 'unit_value'] as const;
export type DecisionRuleKind = (typeof DECISION_RULE_KINDS)[number];
export const DECISION_DEFAULT_HOURS = 48;
/** At most a month and a bit: a deadline further away is a mistyped number. */
export const DECISION_MAX_HOURS = 24 * 40;
/** The version comment and the mark of a default applied at the deadline. */
export const DECISION_BY_DEFAULT = 'By default, no answer';
/** Who a default is applied by (the version's and the message's "corrected by"). */
export const DECISION_SYSTEM_USER = 'system';
export const DECISION_STATES = ['awaiting', 'decided', 'defaulted'] as const;
export type DecisionState = (typeof DECISION_STATES)[number];

export const DECISION_MSG = {
  kindInvalid: `Kind must be one of ${DECISION_RULE_KINDS.join(', ')}`,
  conditionInvalid: `Condition must be one of ${LEDGER_CONDITIONS.join(', ')}`,
  discrepancyInvalid: `Discrepancy must be one of ${LINE_DISCREPANCIES.join(', ')}`,
  amountRequired: 'An amount (in minor units, above 0) is required',
  hoursInvalid: `Hours must be a whole number from 0 to ${DECISION_MAX_HOURS}`,
  dispositionRequired: 'A default disposition is required',
  dispositionUnknown: "The disposition is not one of this customer's dispositions",
  dispositionNeedsBin: 'This disposition needs a bin: only the warehouse can choose it',
  ruleNotFound: 'Decision rule not found.',
  decisionNotFound: 'Decision not found.',
  alreadyDecided: 'This line was decided already (by another user or by its deadline). Reload the queue.',
  linesRequired: 'Choose at least one line',
  lineTwice: 'This line is listed twice',
} as const;

/** A rule as the customer drawer shows it. */
export const decisionRuleView = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  kind: z.enum(DECISION_RULE_KINDS),
  /** The condition or the discrepancy; null for a unit-value rule. */
  value: z.string().nullable(),
  /** A unit-value rule's amount in minor units (the line waits when its unit value is above it). */
  min_value: z.number().int().nullable(),
  deadline_hours: z.number().int(),
  default_disposition: z.string(),
});
export type DecisionRuleView = z.infer<typeof decisionRuleView>;

/** A rule as the receiving desk reads it with the order (which new lines will wait): the match only. */
export const deskDecisionRule = decisionRuleView.pick({ kind: true, value: true, min_value: true });
export type DeskDecisionRule = z.infer<typeof deskDecisionRule>;

/** POST/PUT /api/su/customers/{id}/decision-rules[/{ruleId}]. */
export const decisionRuleBody = z
  .object({
    kind: z.enum(DECISION_RULE_KINDS, { error: DECISION_MSG.kindInvalid }),
    value: text().trim().max(50).nullish(),
    min_value: z
      .number({ error: DECISION_MSG.amountRequired })
      .int({ error: DECISION_MSG.amountRequired })
      .min(1, { error: DECISION_MSG.amountRequired })
      .max(1e12, { error: DECISION_MSG.amountRequired })
      .nullish(),
    deadline_hours: z
      .number({ error: DECISION_MSG.hoursInvalid })
      .int({ error: DECISION_MSG.hoursInvalid })
      .min(0, { error: DECISION_MSG.hoursInvalid })
      .max(DECISION_MAX_HOURS, { error: DECISION_MSG.hoursInvalid })
      .default(DECISION_DEFAULT_HOURS),
    default_disposition: text(DECISION_MSG.dispositionRequired).trim().min(1, { error: DECISION_MSG.dispositionRequired }).max(50),
  })
  .superRefine((b, ctx) => {
    if (b.kind === 'condition' && !(LEDGER_CONDITIONS as readonly string[]).includes(b.value ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: DECISION_MSG.conditionInvalid });
    }
    if (b.kind === 'discrepancy' && !(LINE_DISCREPANCIES as readonly string[]).includes(b.value ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: DECISION_MSG.discrepancyInvalid });
    }
    if (b.kind === 'unit_value' && !b.min_value)
      ctx.addIssue({ code: 'custom', path: ['min_value'], message: DECISION_MSG.amountRequired });
  })
  .transform((b) => ({
    kind: b.kind,
    value: b.kind === 'unit_value' ? null : (b.value ?? null),
    min_value: b.kind === 'unit_value' ? (b.min_value ?? null) : null,
    deadline_hours: b.deadline_hours,
    default_disposition: b.default_disposition,
  }));
export type DecisionRuleBody = z.infer<typeof decisionRuleBody>;

export const decisionRuleParams = z.object({ id: id(), ruleId: id() });

/** One line's decision, waiting or made, as the queue and the return view show it. */
export const lineDecisionView = z.object({
  id: z.number().int(),
  return_id: z.number().int(),
  order_id: z.number().int().nullable(),
  ledger_id: z.number().int().nullable(),
  customer_id: z.number().int(),
  /** Why it waits: 'condition:Scrap', 'discrepancy:WRONG_ITEM', 'unit_value:5000'. */
  rule: z.string(),
  state: z.enum(DECISION_STATES),
  created_at: z.string(),
  due_at: z.string(),
  /** Seconds until the deadline (negative when overdue); 0 once decided. */
  seconds_left: z.number().int(),
  default_disposition: z.string(),
  /** The disposition decided (or the default applied) and the line's before it. */
  disposition: z.string().nullable(),
  disposition_before: z.string().nullable(),
  comment: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  by_default: z.boolean(),
  /** The line as it is: product, quantity, condition, reason, discrepancy, photos. */
  sku: z.string(),
  name_1: z.string(),
  quantity: z.number().int(),
  condition: z.string(),
  reason: z.string(),
  line_comment: z.string().nullable(),
  discrepancy: z.string().nullable(),
  photo_ids: z.array(z.number().int()),
});
export type LineDecisionView = z.infer<typeof lineDecisionView>;

/** GET /api/decisions: the brand's (or the warehouse's) queue. */
export const decisionQueueQuery = z.object({
  customer_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  state: z.enum(DECISION_STATES).default('awaiting'),
});
export const decisionQueue = z.object({ data: z.array(lineDecisionView) });

/** POST /api/decisions: one line or several, each with a disposition and an optional comment. */
export const decideBody = z.object({
  decisions: z
    .array(
      z.object({
        id: id(),
        disposition: text(DECISION_MSG.dispositionRequired).trim().min(1, { error: DECISION_MSG.dispositionRequired }).max(50),
        comment: text()
          .trim()
          .max(500, { error: 'At most 500 characters' })
          .nullish()
          .transform((v) => v || null),
      }),
      { error: DECISION_MSG.linesRequired },
    )
    .min(1, { error: DECISION_MSG.linesRequired })
    .max(100, { error: 'At most 100 lines at once' }),
});
export type DecideBody = z.infer<typeof decideBody>;
export const decideAnswer = z.object({ data: z.array(lineDecisionView) });

/**
 * GET /api/dashboard/decisions (the dashboard's query): what waits for the brands now, and how the
 * decisions of the period were made. Waiting and overdue are counted now (by the clock); decided
 * (by a brand user) and defaulted (the deadline's default) count the decisions made in the period's days.
 */
export const decisionsDashboard = z.object({
  from: z.string(),
  to: z.string(),
  awaiting: z.number().int(),
  /** Waiting past their deadline (the worker applies the default on its next round). */
  overdue: z.number().int(),
  decided: z.number().int(),
  defaulted: z.number().int(),
  /** The median time from submit to a brand user's decision in the period, in seconds; null without one. */
  median_seconds: z.number().int().nullable(),
});
export type DecisionsDashboard = z.infer<typeof decisionsDashboard>;
