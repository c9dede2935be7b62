import { z } from 'zod';
import { LEDGER_CONDITIONS } from './constants.js';
import { id, text, whenObject } from './common.js';
import {
  GRADES,
  INSPECTION_MSG,
  RULE_LIMITS,
  RULE_MATCHES,
  SERIAL_CAPTURES,
  SERIAL_CHECKS,
  STEP_ANSWERS,
  STEP_KINDS,
} from './inspection-rules.js';

export * from './inspection-rules.js';

const trimmedText = (max: number) =>
  text()
    .trim()
    .max(max, { error: `At most ${max} characters` });

export const inspectionStep = z.object({
  text: trimmedText(RULE_LIMITS.stepText).min(1, { error: INSPECTION_MSG.stepTextRequired }),
  kind: z.enum(STEP_KINDS, { error: `Step kind must be one of ${STEP_KINDS.join(', ')}` }).default('confirm'),
  no_grade: z
    .enum(GRADES, { error: `Grade must be one of ${GRADES.join(', ')}` })
    .nullish()
    .transform((v) => v ?? null),
});

/** A disposition code per grade; a grade left out uses the customer's default of its condition. */
export const gradeDispositions = z.partialRecord(
  z.enum(GRADES, { error: `Grade must be one of ${GRADES.join(', ')}` }),
  trimmedText(50).min(1, { error: INSPECTION_MSG.dispositionUnknown }),
);

/** POST/PUT /api/su/customers/{id}/rules[/{ruleId}] and one row of the import. */
export const ruleBody = z
  .object({
    match: z.enum(RULE_MATCHES, { error: `Match must be one of ${RULE_MATCHES.join(', ')}` }),
    value: trimmedText(RULE_LIMITS.value)
      .nullish()
      .transform((v) => (v ? v : null)),
    steps: z.array(inspectionStep).max(RULE_LIMITS.maxSteps, { error: INSPECTION_MSG.tooManySteps }).default([]),
    grade_dispositions: gradeDispositions.default({}),
    serial: z.enum(SERIAL_CAPTURES, { error: `Serial must be one of ${SERIAL_CAPTURES.join(', ')}` }).default('none'),
    serial_check: z.enum(SERIAL_CHECKS, { error: `Serial check must be one of ${SERIAL_CHECKS.join(', ')}` }).default('any'),
  })
  // Checked even when other fields fail (a form and an import row show every message at once);
  // a field that failed its own check may still be raw here, so each test looks at its type.
  .superRefine(
    (rule, ctx) => {
      const value = typeof rule.value === 'string' ? rule.value.trim() : rule.value;
      if (rule.match === 'default' && value) ctx.addIssue({ code: 'custom', path: ['value'], message: INSPECTION_MSG.valueOnDefault });
      if (typeof rule.match === 'string' && rule.match !== 'default' && !value) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: INSPECTION_MSG.valueRequired });
      }
      if (Array.isArray(rule.steps)) {
        (rule.steps as unknown[]).forEach((step, i) => {
          const s = step as { kind?: unknown; no_grade?: unknown } | null;
          if (s && typeof s === 'object' && s.no_grade && (s.kind ?? 'confirm') !== 'yes_no') {
            ctx.addIssue({ code: 'custom', path: ['steps', i, 'no_grade'], message: INSPECTION_MSG.noGradeOnlyYesNo });
          }
        });
      }
      if ((rule.serial ?? 'none') === 'none' && rule.serial_check && rule.serial_check !== 'any') {
        ctx.addIssue({ code: 'custom', path: ['serial_check'], message: INSPECTION_MSG.serialCheckWithoutSerial });
      }
    },
    { when: whenObject },
  );
export type RuleBody = z.infer<typeof ruleBody>;

export const ruleView = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  match: z.enum(RULE_MATCHES),
  value: z.string().nullable(),
  steps: z.array(z.object({ text: z.string(), kind: z.enum(STEP_KINDS), no_grade: z.enum(GRADES).nullable() })),
  // An object of optional keys rather than a record: the answer's JSON schema names each grade.
  grade_dispositions: z.object(
    Object.fromEntries(GRADES.map((g) => [g, z.string().optional()])) as Record<(typeof GRADES)[number], z.ZodOptional<z.ZodString>>,
  ),
  serial: z.enum(SERIAL_CAPTURES),
  serial_check: z.enum(SERIAL_CHECKS),
  updated_at: z.string(),
});
export type RuleView = z.infer<typeof ruleView>;

export const ruleParams = z.object({ id: id(), ruleId: id() });

/** GET /api/su/customers/{id}/rules: a page of 50, filtered by a part of the value. */
export const RULES_PAGE_SIZE = 50;
export const rulesQuery = z
  .object({
    q: trimmedText(RULE_LIMITS.value).optional(),
    page: z.coerce
      .number({ error: 'Invalid page' })
      .int({ error: 'Invalid page' })
      .min(1, { error: 'Invalid page' })
      .max(100_000)
      .default(1),
  })
  .strict();
export const rulesPage = z.object({
  rules: z.array(ruleView),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

/** GET/PUT /api/su/customers/{id}/grades: the customer's names of the grades and the conditions they record. */
export const gradeEntry = z.object({
  grade: z.enum(GRADES, { error: `Grade must be one of ${GRADES.join(', ')}` }),
  label: trimmedText(40).min(1, { error: INSPECTION_MSG.labelRequired }),
  condition: z.enum(LEDGER_CONDITIONS, { error: `Condition must be one of ${LEDGER_CONDITIONS.join(', ')}` }),
});
export const gradeScale = z.array(gradeEntry);
export const gradeScaleBody = z
  .object({ grades: z.array(gradeEntry, { error: INSPECTION_MSG.gradesIncomplete }) })
  .superRefine((body, ctx) => {
    const codes = body.grades.map((g) => g.grade);
    if (codes.length !== GRADES.length || new Set(codes).size !== GRADES.length) {
      ctx.addIssue({ code: 'custom', path: ['grades'], message: INSPECTION_MSG.gradesIncomplete });
    }
    const seen = new Map<string, number>();
    body.grades.forEach((g, i) => {
      const key = g.label.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['grades', i, 'label'], message: INSPECTION_MSG.labelTaken });
      seen.set(key, i);
    });
  });
export type GradeScaleBody = z.infer<typeof gradeScaleBody>;

/** POST /api/su/customers/{id}/rules/import: CSV text or XLSX as base64; rules of the file are added or replace the same rule. */
export const rulesImportBody = z.object({
  format: z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx' }),
  content: text('content is required')
    .min(1, { error: 'content is required' })
    .max(20 * 1024 * 1024, { error: 'The file is too large' }),
});
export type RulesImportBody = z.infer<typeof rulesImportBody>;
export const rulesImportAnswer = z.object({ created: z.number().int(), updated: z.number().int() });
export const rulesExportQuery = z.object({ format: z.enum(['csv', 'xlsx'], { error: 'format must be csv or xlsx' }) }).strict();

/** What a submitted line may carry beside the spec's condition and reason (issue 27). */
export const inspectionLineFields = {
  grade: z.enum(GRADES, { error: `Grade must be one of ${GRADES.join(', ')}` }).nullish(),
  step_answers: z
    .array(z.enum(STEP_ANSWERS, { error: `Answer with ${STEP_ANSWERS.join(', ')}` }))
    .max(RULE_LIMITS.maxSteps, { error: INSPECTION_MSG.tooManySteps })
    .nullish(),
  /** '' and null: no serial. */
  serial: trimmedText(RULE_LIMITS.serial).nullish(),
};

/** A step as a received line keeps it: the rule's words at the time, and the answer. */
export interface StoredStepAnswer {
  text: string;
  kind: (typeof STEP_KINDS)[number];
  answer: (typeof STEP_ANSWERS)[number];
}

/** A ledger line's inspection as the return view shows it. */
export const ledgerInspection = z.object({
  grade: z.enum(GRADES).nullable(),
  grade_label: z.string().nullable(),
  step_answers: z.array(z.object({ text: z.string(), kind: z.enum(STEP_KINDS), answer: z.enum(STEP_ANSWERS) })).nullable(),
  serial: z.string().nullable(),
  /** true: shipped on the order; false: not shipped (a discrepancy); null: not checked. */
  serial_shipped: z.boolean().nullable(),
  /** The serial was received before on a return of the customer (or twice in this one). */
  serial_repeated: z.boolean(),
});
export type LedgerInspection = z.infer<typeof ledgerInspection>;

/**
 * What the receiving desk needs of a product's rule (issue 27): its steps, serial capture and check,
 * the disposition per grade, and the serials shipped on the order for the product (empty: none known).
 */
export const deskRule = z.object({
  product_id: z.number().int(),
  steps: ruleView.shape.steps,
  serial: z.enum(SERIAL_CAPTURES),
  serial_check: z.enum(SERIAL_CHECKS),
  grade_dispositions: ruleView.shape.grade_dispositions,
  shipped_serials: z.array(z.string()),
});
export type DeskRule = z.infer<typeof deskRule>;

/** The order load's inspection part: the customer's grade scale and the rule of each product of the order that has one. */
export const deskInspection = z.object({
  grades: gradeScale,
  rules: z.array(deskRule),
});
export type DeskInspection = z.infer<typeof deskInspection>;

/** GET /api/returns/rules/{customerId}?product_id=: the rule of a product picked off the order or in a blind return. */
export const ruleMatchQuery = z
  .object({
    product_id: z.coerce
      .number({ error: 'product_id is required' })
      .int({ error: 'Invalid product_id' })
      .min(1, { error: 'Invalid product_id' })
      .max(2_147_483_647, { error: 'Invalid product_id' }),
  })
  .strict();
export const ruleMatchAnswer = z.object({ grades: gradeScale, rule: deskRule.nullable() });
export type RuleMatchAnswer = z.infer<typeof ruleMatchAnswer>;
