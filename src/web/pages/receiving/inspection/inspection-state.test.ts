import { describe, expect, it } from 'vitest';
import { DEFAULT_GRADE_SCALE, type DeskRule } from '../../../../contract/inspection';
import { asksAtDesk, gradeOfKey, inspectedFields, inspectionReducer, startInspection, type InspectionAction } from './inspection-state';
import { settled } from './use-inspection';

const rule = (over: Partial<DeskRule> = {}): DeskRule => ({
  product_id: 1,
  steps: [],
  serial: 'none',
  serial_check: 'any',
  grade_dispositions: {},
  shipped_serials: [],
  ...over,
});
const at = { entryId: '__abc123', lineId: 7, sku: 'SKU-1' };
const run = (r: DeskRule, ...actions: InspectionAction[]) => actions.reduce(inspectionReducer, startInspection(r, at));
const twoSteps = rule({
  steps: [
    { text: 'Tags attached?', kind: 'yes_no', no_grade: 'C' },
    { text: 'Photograph it', kind: 'photo', no_grade: null },
  ],
  grade_dispositions: { C: 'REFURB' },
});

describe('an inspection at the desk', () => {
  it('asks only when the rule has steps or a serial', () => {
    expect(asksAtDesk(undefined)).toBe(false);
    expect(asksAtDesk(rule({ grade_dispositions: { A: 'X' } }))).toBe(false);
    expect(asksAtDesk(rule({ serial: 'optional' }))).toBe(true);
    expect(asksAtDesk(twoSteps)).toBe(true);
  });

  it('Enter on a yes/no step asks for Y/N; a photo step wants a photo; a "no" sets its grade for good', () => {
    let s = run(twoSteps, { type: 'confirm', hasPhoto: false });
    expect(s.problem).toEqual({ kind: 'answerYesNo' });
    s = inspectionReducer(s, { type: 'answer', answer: 'no' });
    expect(s).toMatchObject({ step: 1, grade: 'C', answers: ['no'], problem: null });
    s = inspectionReducer(s, { type: 'grade', grade: 'A' });
    expect(s.grade).toBe('C');
    s = inspectionReducer(s, { type: 'confirm', hasPhoto: false });
    expect(s.problem).toEqual({ kind: 'photoFirst' });
    s = inspectionReducer(s, { type: 'confirm', hasPhoto: true });
    expect(s.phase).toBe('done');
    expect(inspectedFields(s, DEFAULT_GRADE_SCALE, 'Pristine')).toEqual({
      grade: 'C',
      condition: 'Reconditioning',
      disposition: 'REFURB',
      step_answers: ['no', 'done'],
      serial: null,
      serial_shipped: null,
      serial_repeated: false,
    });
  });

  it('a grade key before the last step sets the grade; without one the next scans’ condition gives it', () => {
    const keyed = run(
      twoSteps,
      { type: 'grade', grade: gradeOfKey('4')! },
      { type: 'answer', answer: 'yes' },
      { type: 'confirm', hasPhoto: true },
    );
    expect(inspectedFields(keyed, DEFAULT_GRADE_SCALE, 'Pristine')).toMatchObject({ grade: 'D', condition: 'Scrap' });
    const plain = run(twoSteps, { type: 'answer', answer: 'yes' }, { type: 'confirm', hasPhoto: true });
    expect(inspectedFields(plain, DEFAULT_GRADE_SCALE, 'Pristine')).toMatchObject({
      grade: 'A',
      condition: 'Pristine',
      disposition: undefined,
    });
    // Missing ends the inspection at once, without answers.
    const missing = run(twoSteps, { type: 'grade', grade: gradeOfKey('m')! });
    expect(missing.phase).toBe('done');
    expect(inspectedFields(missing, DEFAULT_GRADE_SCALE, 'Pristine')).toMatchObject({ grade: 'MISSING', step_answers: null });
  });

  it('a required serial: empty refused, one not shipped refused with the list, a repeat flagged; the discrepancy rule records it', () => {
    const shipped = rule({ serial: 'required', serial_check: 'shipped', shipped_serials: ['S-1', 'S-2'] });
    let s = run(shipped, { type: 'serial', value: ' ', seen: [] });
    expect(s.problem).toEqual({ kind: 'serialRequired' });
    s = inspectionReducer(s, { type: 'serial', value: 'S-9', seen: [] });
    expect(s.problem).toEqual({ kind: 'serialNotShipped', serial: 'S-9', shipped: ['S-1', 'S-2'] });
    s = inspectionReducer(s, { type: 'serial', value: ' S-2 ', seen: ['S-2'] });
    // No steps: the grade is what is left (a grade key, Enter, or the next scan settles it).
    expect(s).toMatchObject({ phase: 'grade', serial: 'S-2', serialShipped: true, serialRepeated: true });
    const lenient = run({ ...shipped, serial_check: 'shipped_or_discrepancy' }, { type: 'serial', value: 'S-9', seen: [] });
    expect(lenient).toMatchObject({ phase: 'grade', serial: 'S-9', serialShipped: false });
    const optional = run(rule({ serial: 'optional', steps: twoSteps.steps }), { type: 'serial', value: '', seen: [] });
    expect(optional).toMatchObject({ phase: 'steps', serial: null });
  });

  it('a serial-only rule still takes the grade keys: a key ends it with that grade, Enter or a settle with the suggested one', () => {
    const serialOnly = rule({ serial: 'required', grade_dispositions: { B: 'REFURB' } });
    const serialTaken = run(serialOnly, { type: 'serial', value: 'SN-1', seen: [] });
    expect(serialTaken.phase).toBe('grade');
    const keyed = inspectionReducer(serialTaken, { type: 'grade', grade: gradeOfKey('2')! });
    expect(keyed.phase).toBe('done');
    expect(inspectedFields(keyed, DEFAULT_GRADE_SCALE, 'Pristine')).toMatchObject({
      grade: 'B',
      condition: 'Reconditioning',
      disposition: 'REFURB',
      step_answers: null,
      serial: 'SN-1',
    });
    const entered = inspectionReducer(serialTaken, { type: 'confirm', hasPhoto: false });
    expect(entered.phase).toBe('done');
    expect(inspectedFields(entered, DEFAULT_GRADE_SCALE, 'Scrap')).toMatchObject({ grade: 'D', condition: 'Scrap', serial: 'SN-1' });
    expect(settled(serialTaken)).toEqual(entered);
    // An inspection with questions left is not settled by a scan: its steps must be answered.
    expect(settled(run(twoSteps))).toBeNull();
    expect(settled(startInspection(serialOnly, at))).toBeNull();
    // A grade key pressed before the serial is kept until the serial is scanned.
    const early = run(serialOnly, { type: 'grade', grade: 'C' }, { type: 'serial', value: 'SN-2', seen: [] });
    expect(early).toMatchObject({ phase: 'grade', grade: 'C' });
  });

  it('in a blind return nothing was shipped: a serial the rule checks is recorded as not shipped, never refused', () => {
    const blind = { ...at, lineId: null, blind: true };
    const shipped = rule({ serial: 'required', serial_check: 'shipped', steps: twoSteps.steps });
    const s = [{ type: 'serial', value: 'SN-7', seen: ['SN-7'] } as const].reduce(inspectionReducer, startInspection(shipped, blind));
    expect(s).toMatchObject({ phase: 'steps', serial: 'SN-7', serialShipped: false, serialRepeated: true, problem: null });
    const lenient = startInspection({ ...shipped, serial_check: 'shipped_or_discrepancy' }, blind);
    expect(inspectionReducer(lenient, { type: 'serial', value: 'SN-8', seen: [] })).toMatchObject({ serialShipped: false });
    const unchecked = startInspection({ ...shipped, serial_check: 'any' }, blind);
    expect(inspectionReducer(unchecked, { type: 'serial', value: 'SN-9', seen: [] })).toMatchObject({ serialShipped: null });
    // Still required: an empty scan is refused.
    expect(inspectionReducer(startInspection(shipped, blind), { type: 'serial', value: '', seen: [] }).problem).toEqual({
      kind: 'serialRequired',
    });
  });
});
