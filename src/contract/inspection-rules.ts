// Zod-free inspection rules (issue 27) shared by the server and the SPA: the grades, what a rule
// matches, and the one matching function. inspection.ts holds the schemas and re-exports these.
// The grade scale lives in grade-scale.ts: the order panel imports it without this file's messages.
import { GRADES, type Grade } from './grade-scale.js';

export { DEFAULT_GRADE_SCALE, GRADES, type Grade, type GradeScaleEntry } from './grade-scale.js';

/** What a rule applies to, most specific first (the order is the precedence). */
export const RULE_MATCHES = ['sku', 'prefix', 'category', 'default'] as const;
export type RuleMatch = (typeof RULE_MATCHES)[number];

export const STEP_KINDS = ['confirm', 'photo', 'yes_no'] as const;
export type StepKind = (typeof STEP_KINDS)[number];
export const STEP_ANSWERS = ['done', 'yes', 'no'] as const;
export type StepAnswer = (typeof STEP_ANSWERS)[number];

export const SERIAL_CAPTURES = ['none', 'optional', 'required'] as const;
export type SerialCapture = (typeof SERIAL_CAPTURES)[number];
/** any: no check; shipped: a serial not shipped on the order is refused; shipped_or_discrepancy: it is recorded as a discrepancy. */
export const SERIAL_CHECKS = ['any', 'shipped', 'shipped_or_discrepancy'] as const;
export type SerialCheck = (typeof SERIAL_CHECKS)[number];

export const RULE_LIMITS = { maxSteps: 8, stepText: 200, value: 100, serial: 100, importRows: 50_000 } as const;

export interface InspectionStep {
  text: string;
  kind: StepKind;
  /** A yes/no step answered "no" sets this grade (null: the operator grades). */
  no_grade: Grade | null;
}

/** The part of a rule the matching reads. `value` is compared case-insensitively. */
export interface RuleMatcher {
  match: RuleMatch;
  value: string | null;
}

/**
 * The rule that applies to a product: an exact SKU beats a SKU prefix (the longest prefix first),
 * which beats the product's category, which beats the customer's default rule. SKUs, prefixes and
 * categories compare case-insensitively (a scan finds a product the same way).
 */
export function matchRule<R extends RuleMatcher>(rules: readonly R[], product: { sku: string; category: string | null }): R | undefined {
  const sku = product.sku.toLowerCase();
  const category = product.category?.toLowerCase() ?? null;
  let best: R | undefined;
  let bestRank: number = RULE_MATCHES.length;
  let bestLength = -1;
  for (const rule of rules) {
    const value = (rule.value ?? '').toLowerCase();
    const rank = RULE_MATCHES.indexOf(rule.match);
    const applies =
      rule.match === 'sku'
        ? value === sku
        : rule.match === 'prefix'
          ? value !== '' && sku.startsWith(value)
          : rule.match === 'category'
            ? category !== null && value === category
            : rule.match === 'default';
    if (!applies || rank > bestRank) continue;
    if (rank === bestRank && value.length <= bestLength) continue;
    best = rule;
    bestRank = rank;
    bestLength = value.length;
  }
  return best;
}

/** The key a rule is unique by within its customer and kind: the value lowered ('' for the default rule). */
export const ruleKey = (value: string | null): string => (value ?? '').trim().toLowerCase();

export const INSPECTION_MSG = {
  valueRequired: 'Give the SKU, prefix or category the rule applies to',
  valueOnDefault: 'The default rule applies to every product: leave the value empty',
  ruleTaken: 'Another rule of this customer applies to the same products',
  tooManySteps: `A rule has at most ${RULE_LIMITS.maxSteps} steps`,
  stepTextRequired: 'Write the step',
  noGradeOnlyYesNo: 'Only a yes/no step can set a grade',
  serialCheckWithoutSerial: 'A serial can only be checked when the rule captures one',
  dispositionUnknown: "Disposition is not one of this customer's dispositions",
  gradesIncomplete: `Give every grade once: ${GRADES.join(', ')}`,
  labelRequired: 'Give the grade a name',
  labelTaken: 'Two grades have the same name',
  ruleNotFound: 'Rule not found.',
  // Submitted lines
  gradeCondition: (grade: string, condition: string) => `Grade ${grade} records the condition ${condition}`,
  stepsNoRule: 'No inspection steps apply to this product',
  stepsCount: (count: string) => `Answer each of the rule's ${count} steps`,
  stepsRequired: 'Answer the inspection steps before grading',
  stepAnswer: (answers: string) => `Answer this step with ${answers}`,
  stepNoGrade: (step: string, grade: string) => `Step ${step} was answered no: the grade is ${grade}`,
  photoStep: (step: string) => `Step ${step} needs a photo of the line`,
  serialRequired: 'Scan the serial number: this product needs one',
  serialNotTaken: 'No serial number is captured for this product',
  serialOneUnit: 'A line with a serial number is one unit',
  serialNotShipped: (serial: string, shipped: string) => `Serial ${serial} was not shipped on this order; shipped: ${shipped}`,
  // The import
  importColumn: (column: string) => `unknown column ${column}`,
  importColumnTwice: (column: string) => `column ${column} appears twice`,
  importMissingColumn: (column: string) => `missing column ${column}`,
  importDuplicate: (line: string) => `the same rule as line ${line}`,
  importEmpty: 'the file holds no rules',
  importTooMany: `a file holds at most ${RULE_LIMITS.importRows} rules`,
  importUnreadable: 'the file cannot be read as a spreadsheet',
} as const;
