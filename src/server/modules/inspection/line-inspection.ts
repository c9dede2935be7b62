import {
  INSPECTION_MSG,
  matchRule,
  type Grade,
  type GradeScaleEntry,
  type RuleView,
  type StepAnswer,
  type StoredStepAnswer,
} from '../../../contract/inspection.js';

type Errors = Record<string, string[]>;
const add = (errors: Errors, field: string, message: string) => (errors[field] ??= []).push(message);

/** A submitted line as the check reads it (contract field names). */
export interface LineToInspect {
  product_id: number;
  quantity: number;
  condition: string;
  disposition?: string | null;
  photo_ids?: number[];
  grade?: Grade | null;
  step_answers?: StepAnswer[] | null;
  serial?: string | null;
}

/** What the check reads besides the lines (inspection-check.repository.ts). */
export interface InspectionContext {
  products: Map<number, { sku: string; category: string | null }>;
  /** The customer's rules that may apply to the draft's products (the matching picks one per product). */
  rules: RuleView[];
  scale: GradeScaleEntry[];
  /** The serials shipped on the order, per product; empty for a blind return or an order file without serials. */
  shipped: Map<number, string[]>;
  /** Serials of the draft already received on a return of the customer. */
  received: Set<string>;
  /** A blind return: nothing was shipped, so a rule's shipped-serial check cannot be met. */
  blind?: boolean;
}

/** What a line records beside the spec's condition and reason. */
export interface LineInspection {
  grade: Grade | null;
  stepAnswers: StoredStepAnswer[] | null;
  serial: string | null;
  serialShipped: boolean | null;
  serialRepeated: boolean;
  /** The rule's disposition for the grade, when the line left its disposition out. */
  disposition?: string;
}

const EXPECTED = { confirm: ['done'], photo: ['done'], yes_no: ['yes', 'no'] } as const;

/**
 * Issue 27's rules for submitted lines, for every path that records a return (order-based and
 * blind). The product's rule (matchRule) decides: a grade records its condition; the answers follow
 * the rule's steps one for one (a photo step needs a photo of the line; a "no" that sets a grade sets
 * it); a serial is one unit, required when the rule says so, refused when it captures none, checked
 * against the serials shipped on the order when the rule asks (refused listing them, or recorded as
 * a discrepancy; on a blind return always recorded as not shipped); a serial received before on a return of the customer, or twice in this draft, is flagged.
 */
export function inspectLines(lines: LineToInspect[], ctx: InspectionContext, errors: Errors): LineInspection[] {
  const labels = new Map(ctx.scale.map((g) => [g.grade, g]));
  const inDraft = new Set<string>();
  return lines.map((line, i) => {
    const at = (field: string) => `return_ledgers.${i}.${field}`;
    const product = ctx.products.get(line.product_id);
    const rule = product ? matchRule(ctx.rules, product) : undefined;
    const grade = line.grade ?? null;
    const serial = line.serial?.trim() || null;
    const out: LineInspection = { grade, stepAnswers: null, serial, serialShipped: null, serialRepeated: false };

    if (grade) {
      const entry = labels.get(grade)!;
      if (entry.condition !== line.condition) add(errors, at('condition'), INSPECTION_MSG.gradeCondition(entry.label, entry.condition));
      const code = rule?.grade_dispositions[grade];
      if (code && line.disposition === undefined) out.disposition = code;
    }

    const steps = rule?.steps ?? [];
    const answers = line.step_answers ?? null;
    if (answers) {
      if (!steps.length) add(errors, at('step_answers'), INSPECTION_MSG.stepsNoRule);
      else if (answers.length !== steps.length) add(errors, at('step_answers'), INSPECTION_MSG.stepsCount(String(steps.length)));
      else {
        out.stepAnswers = steps.map((step, n) => ({ text: step.text, kind: step.kind, answer: answers[n]! }));
        steps.forEach((step, n) => {
          const allowed: readonly string[] = EXPECTED[step.kind];
          if (!allowed.includes(answers[n]!)) add(errors, at(`step_answers.${n}`), INSPECTION_MSG.stepAnswer(allowed.join(' or ')));
          else if (step.kind === 'photo' && !line.photo_ids?.length)
            add(errors, at(`step_answers.${n}`), INSPECTION_MSG.photoStep(String(n + 1)));
        });
        const setting = steps.findIndex((step, n) => step.kind === 'yes_no' && answers[n] === 'no' && step.no_grade);
        if (setting >= 0) {
          const wanted = steps[setting]!.no_grade!;
          if (grade !== wanted) add(errors, at('grade'), INSPECTION_MSG.stepNoGrade(String(setting + 1), labels.get(wanted)!.label));
        }
      }
    } else if (grade && steps.length && grade !== 'MISSING') {
      add(errors, at('step_answers'), INSPECTION_MSG.stepsRequired);
    }

    const capture = rule?.serial ?? 'none';
    if (serial) {
      if (capture === 'none') add(errors, at('serial'), INSPECTION_MSG.serialNotTaken);
      else if (line.quantity !== 1) add(errors, at('serial'), INSPECTION_MSG.serialOneUnit);
      else {
        const shipped = ctx.shipped.get(line.product_id) ?? [];
        // A blind return has no shipped serials: recorded as not shipped (a discrepancy), never refused,
        // whichever check the rule asks (the unit is in the hands of the desk; docs/decisions.md).
        if (rule!.serial_check !== 'any' && ctx.blind) out.serialShipped = false;
        else if (rule!.serial_check !== 'any' && shipped.length) {
          out.serialShipped = shipped.includes(serial);
          if (!out.serialShipped && rule!.serial_check === 'shipped') {
            add(errors, at('serial'), INSPECTION_MSG.serialNotShipped(serial, shipped.join(', ')));
          }
        }
        out.serialRepeated = ctx.received.has(serial) || inDraft.has(serial);
        inDraft.add(serial);
      }
    } else if (capture === 'required' && grade !== 'MISSING') {
      add(errors, at('serial'), INSPECTION_MSG.serialRequired);
    }
    return out;
  });
}

/** Whether a draft asks anything of the rules: without rules and without these fields nothing is read. */
export const draftNamesInspection = (lines: LineToInspect[]) => lines.some((l) => l.grade || l.step_answers || l.serial?.trim());
