// Issue 27 at the desk: one unit's inspection against its product's rule, as a pure reducer shared by
// receiving and blind returns. A scanned product whose rule has steps or a serial opens it: first the
// serial (the next scan), then the steps (Enter each; Y/N for a yes/no step; a photo step wants a
// photo of the line first), and the grade (1–4 and the outcome keys, any time before the last step;
// without one the grade of the condition chosen for the next scans). A rule without steps (a serial
// only) waits for the grade after the serial: a grade key or Enter (the suggested grade) ends it, and
// so does the next product scan (settle), so it costs no key when the suggestion is right. In a blind
// return there are no shipped serials: a rule that checks them records the serial as not shipped (a
// discrepancy) instead of refusing it, as the server does (docs/decisions.md). Finishing gives the entry its
// grade, condition, disposition, answers and serial; the server checks them again on submit.
import type { LedgerCondition } from '../../../../contract/constants';
import type { DeskRule, Grade, GradeScaleEntry, StepAnswer } from '../../../../contract/inspection';

/** A rule that asks something at the desk: steps or a serial. A rule with neither costs no key. */
export const asksAtDesk = (rule: DeskRule | null | undefined): rule is DeskRule =>
  !!rule && (rule.steps.length > 0 || rule.serial !== 'none');

/** The grade keys shown on screen: 1–4 for A–D, W wrong item, M missing, X not returnable. */
export const GRADE_KEYS: readonly { key: string; grade: Grade }[] = [
  { key: '1', grade: 'A' },
  { key: '2', grade: 'B' },
  { key: '3', grade: 'C' },
  { key: '4', grade: 'D' },
  { key: 'W', grade: 'WRONG_ITEM' },
  { key: 'M', grade: 'MISSING' },
  { key: 'X', grade: 'NOT_RETURNABLE' },
];
export const gradeOfKey = (key: string): Grade | undefined => GRADE_KEYS.find((k) => k.key === key.toUpperCase())?.grade;

export type InspectionProblem =
  | { kind: 'serialRequired' }
  | { kind: 'serialNotShipped'; serial: string; shipped: string[] }
  | { kind: 'photoFirst' }
  | { kind: 'answerYesNo' };

export interface Inspection {
  /** The draft entry being inspected (added by the scan, one unit). */
  entryId: string;
  /** The order line (null in a blind return or off the order). */
  lineId: number | null;
  sku: string;
  rule: DeskRule;
  /** A blind return: nothing was shipped, so a serial check cannot be met (recorded, not refused). */
  blind: boolean;
  phase: 'serial' | 'steps' | 'grade' | 'done';
  step: number;
  answers: StepAnswer[];
  /** Set by a grade key or a "no" that sets one. */
  grade: Grade | null;
  serial: string | null;
  /** false: not shipped, recorded as a discrepancy (the rule allows it). */
  serialShipped: boolean | null;
  serialRepeated: boolean;
  problem: InspectionProblem | null;
}

export type InspectionAction =
  | { type: 'serial'; value: string; seen: readonly string[] }
  | { type: 'confirm'; hasPhoto: boolean }
  | { type: 'answer'; answer: 'yes' | 'no' }
  | { type: 'grade'; grade: Grade };

export interface InspectionStart {
  entryId: string;
  lineId: number | null;
  sku: string;
  blind?: boolean;
}

export function startInspection(rule: DeskRule, at: InspectionStart): Inspection {
  return {
    ...at,
    blind: at.blind ?? false,
    rule,
    phase: rule.serial !== 'none' ? 'serial' : rule.steps.length ? 'steps' : 'grade',
    step: 0,
    answers: [],
    grade: null,
    serial: null,
    serialShipped: null,
    serialRepeated: false,
    problem: null,
  };
}

const afterSerial = (s: Inspection): Inspection => ({ ...s, phase: s.rule.steps.length ? 'steps' : 'grade', problem: null });

function nextStep(s: Inspection, answer: StepAnswer, grade: Grade | null): Inspection {
  const answers = [...s.answers, answer];
  const done = answers.length >= s.rule.steps.length;
  return { ...s, answers, grade, step: answers.length, phase: done ? 'done' : 'steps', problem: null };
}

export function inspectionReducer(s: Inspection, action: InspectionAction): Inspection {
  if (s.phase === 'done') return s;
  switch (action.type) {
    case 'serial': {
      if (s.phase !== 'serial') return s;
      const serial = action.value.trim();
      if (!serial) return s.rule.serial === 'required' ? { ...s, problem: { kind: 'serialRequired' } } : afterSerial(s);
      const shipped = s.rule.shipped_serials;
      if (s.blind && s.rule.serial_check !== 'any') {
        return afterSerial({ ...s, serial, serialShipped: false, serialRepeated: action.seen.includes(serial) });
      }
      const checked = s.rule.serial_check !== 'any' && shipped.length > 0;
      const isShipped = checked ? shipped.includes(serial) : null;
      if (isShipped === false && s.rule.serial_check === 'shipped')
        return { ...s, problem: { kind: 'serialNotShipped', serial, shipped: [...shipped] } };
      return afterSerial({ ...s, serial, serialShipped: isShipped, serialRepeated: action.seen.includes(serial) });
    }
    case 'confirm': {
      // A rule without steps: Enter keeps the suggested grade.
      if (s.phase === 'grade') return { ...s, phase: 'done', problem: null };
      if (s.phase !== 'steps') return s;
      const step = s.rule.steps[s.step]!;
      if (step.kind === 'yes_no') return { ...s, problem: { kind: 'answerYesNo' } };
      if (step.kind === 'photo' && !action.hasPhoto) return { ...s, problem: { kind: 'photoFirst' } };
      return nextStep(s, 'done', s.grade);
    }
    case 'answer': {
      if (s.phase !== 'steps') return s;
      const step = s.rule.steps[s.step]!;
      if (step.kind !== 'yes_no') return s;
      const grade = action.answer === 'no' && step.no_grade ? step.no_grade : s.grade;
      return nextStep(s, action.answer, grade);
    }
    case 'grade': {
      // A "no" that set the grade stands: the server holds the line to it.
      const fixed = s.rule.steps.some((st, i) => st.kind === 'yes_no' && st.no_grade && s.answers[i] === 'no');
      if (fixed) return s;
      // Missing: nothing left to inspect; a rule without steps: the grade was all that was left.
      if (action.grade === 'MISSING' || s.phase === 'grade') return { ...s, grade: action.grade, phase: 'done', problem: null };
      return { ...s, grade: action.grade, problem: null };
    }
  }
}

/** The grade of a condition: the scale's first grade that records it (A for Pristine, B for Reconditioning, D for Scrap by default). */
export const gradeOfCondition = (scale: readonly GradeScaleEntry[], condition: string): Grade | null =>
  scale.find((g) => g.condition === condition && ['A', 'B', 'C', 'D'].includes(g.grade))?.grade ?? null;

/** What a finished inspection writes onto its entry. */
export interface InspectedFields {
  grade: Grade | null;
  condition: LedgerCondition | null;
  /** The rule's disposition of the grade; undefined: the condition's default. */
  disposition: string | undefined;
  step_answers: StepAnswer[] | null;
  serial: string | null;
  serial_shipped: boolean | null;
  serial_repeated: boolean;
}

export function inspectedFields(s: Inspection, scale: readonly GradeScaleEntry[], nextCondition: string): InspectedFields {
  const grade = s.grade ?? gradeOfCondition(scale, nextCondition);
  const entry = scale.find((g) => g.grade === grade);
  const complete = s.answers.length === s.rule.steps.length && s.rule.steps.length > 0;
  return {
    grade,
    condition: entry?.condition ?? null,
    disposition: grade ? s.rule.grade_dispositions[grade] : undefined,
    step_answers: complete ? s.answers : null,
    serial: s.serial,
    serial_shipped: s.serialShipped,
    serial_repeated: s.serialRepeated,
  };
}
