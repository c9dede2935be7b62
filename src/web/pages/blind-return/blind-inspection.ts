// Issue 27 on a blind return's lines: what a finished inspection writes onto its line, what a changed
// condition does to a graded line, and what the save sends. Pure, shared with the unit test.
import { defaultDisposition } from '../../../contract/disposition-rules';
import type { DispositionView } from '../../../contract/dispositions';
import type { DeskRule } from '../../../contract/inspection';
import type { Grade, GradeScaleEntry, StepAnswer } from '../../../contract/inspection-rules';
import type { LedgerCondition } from '../../../contract/constants';
import { gradeOfCondition, inspectedFields, type Inspection } from '../receiving/inspection/inspection-state';

/** A blind line's inspection (all null on a product whose rule asks nothing). */
export interface BlindInspected {
  grade: Grade | null;
  stepAnswers: StepAnswer[] | null;
  serial: string | null;
  /** false: the rule checks shipped serials, which a blind return has none of (a discrepancy). */
  serialShipped: boolean | null;
  serialRepeated: boolean;
}

export const NOT_INSPECTED: BlindInspected = { grade: null, stepAnswers: null, serial: null, serialShipped: null, serialRepeated: false };

interface LineParts extends BlindInspected {
  condition: LedgerCondition;
  disposition: string;
  location: string;
}

const binOf = (dispositions: DispositionView[], code: string, location: string) =>
  dispositions.find((d) => d.code === code)?.requires_location ? location : '';

/**
 * The line after its inspection: the grade's condition, the rule's disposition of the grade (else the
 * condition's default when the condition changed), the answers and the serial. Without a grade key
 * the line's own condition gives the grade, as the desk takes the next scans' condition.
 */
export function inspectedLine<L extends LineParts>(
  line: L,
  done: Inspection,
  scale: readonly GradeScaleEntry[],
  dispositions: DispositionView[],
): L {
  const f = inspectedFields(done, scale, line.condition);
  const condition = f.condition ?? line.condition;
  const disposition =
    f.disposition ?? (condition !== line.condition ? (defaultDisposition(dispositions, condition) ?? '') : line.disposition);
  return {
    ...line,
    condition,
    disposition,
    location: binOf(dispositions, disposition, line.location),
    grade: f.grade,
    stepAnswers: f.step_answers,
    serial: f.serial,
    serialShipped: f.serial_shipped,
    serialRepeated: f.serial_repeated,
  };
}

/**
 * A graded line whose condition the operator changed by hand takes the scale's grade of that
 * condition (the server holds a grade to its condition); an ungraded line stays ungraded.
 */
export const regraded = (grade: Grade | null, condition: string, scale: readonly GradeScaleEntry[]): Grade | null =>
  grade === null ? null : scale.find((g) => g.grade === grade)?.condition === condition ? grade : gradeOfCondition(scale, condition);

/** The save's inspection fields of a line: left out on a line without any (the spec's body unchanged). */
export function savedInspection(line: BlindInspected): { grade?: Grade; step_answers?: StepAnswer[]; serial?: string } {
  return {
    ...(line.grade ? { grade: line.grade } : {}),
    ...(line.stepAnswers ? { step_answers: line.stepAnswers } : {}),
    ...(line.serial ? { serial: line.serial } : {}),
  };
}

/** A unit waiting for its inspection: its line and its product's rule. */
export interface QueuedUnit {
  key: string;
  rule: DeskRule;
  sku: string;
}

/**
 * An expected return's announced lines (issue 26) under the rules (issue 27): a product whose rule asks
 * at the desk becomes a line per unit, each queued for the same inspection as a picked product; the
 * others stay one line of the announced quantity. `rules` holds each line's rule, null when it asks nothing.
 */
export function announcedUnits<L extends { key: string; quantity: number; product: { sku: string } }>(
  announced: L[],
  rules: (DeskRule | null)[],
  newKey: () => string,
): { lines: L[]; queue: QueuedUnit[] } {
  const lines: L[] = [];
  const queue: QueuedUnit[] = [];
  announced.forEach((l, i) => {
    const rule = rules[i];
    if (!rule) return void lines.push(l);
    for (let unit = 0; unit < l.quantity; unit++) {
      const line = { ...l, key: newKey(), quantity: 1 };
      lines.push(line);
      queue.push({ key: line.key, rule, sku: l.product.sku });
    }
  });
  return { lines, queue };
}
