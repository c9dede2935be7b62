import type { GradeScaleEntry, LedgerInspection, StoredStepAnswer } from '../../../contract/inspection.js';
import type { returnLedgers } from '../../db/schema/index.js';

type Ledger = Pick<typeof returnLedgers.$inferSelect, 'grade' | 'stepAnswers' | 'serial' | 'serialShipped' | 'serialRepeated'>;

/** A ledger's issue 27 fields as the return view shows them (the grade by the customer's name for it); null when it has none. */
export function presentInspection(l: Ledger, scale: GradeScaleEntry[]): LedgerInspection | null {
  if (!l.grade && !l.serial && !l.stepAnswers) return null;
  return {
    grade: l.grade as LedgerInspection['grade'],
    grade_label: l.grade ? (scale.find((g) => g.grade === l.grade)?.label ?? l.grade) : null,
    step_answers: (l.stepAnswers as StoredStepAnswer[] | null) ?? null,
    serial: l.serial,
    serial_shipped: l.serialShipped,
    serial_repeated: l.serialRepeated,
  };
}
