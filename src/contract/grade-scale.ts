// Issue 27's grade scale on its own (issue 23's budget): the receiving page's order panel needs the
// default scale, not inspection-rules.ts's messages. inspection-rules.ts re-exports it.
import type { LedgerCondition } from './constants.js';

/** The grade scale: four grades and three outcomes. Codes are fixed; labels are the customer's. */
export const GRADES = ['A', 'B', 'C', 'D', 'WRONG_ITEM', 'MISSING', 'NOT_RETURNABLE'] as const;
export type Grade = (typeof GRADES)[number];

/** A grade as a customer names it and the spec's condition it records. */
export interface GradeScaleEntry {
  grade: Grade;
  label: string;
  condition: LedgerCondition;
}

/** Issue 27's default scale: A Pristine, B and C Reconditioning, D Scrap, and the three outcomes. */
export const DEFAULT_GRADE_SCALE: readonly GradeScaleEntry[] = [
  { grade: 'A', label: 'A', condition: 'Pristine' },
  { grade: 'B', label: 'B', condition: 'Reconditioning' },
  { grade: 'C', label: 'C', condition: 'Reconditioning' },
  { grade: 'D', label: 'D', condition: 'Scrap' },
  { grade: 'WRONG_ITEM', label: 'Wrong item', condition: 'Reconditioning' },
  { grade: 'MISSING', label: 'Missing', condition: 'Scrap' },
  { grade: 'NOT_RETURNABLE', label: 'Not returnable', condition: 'Scrap' },
];
