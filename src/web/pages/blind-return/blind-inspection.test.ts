import { describe, expect, it } from 'vitest';
import type { DispositionView } from '../../../contract/dispositions';
import { DEFAULT_GRADE_SCALE, type DeskRule } from '../../../contract/inspection';
import { inspectionReducer, startInspection, type InspectionAction } from '../receiving/inspection/inspection-state';
import { announcedUnits, inspectedLine, NOT_INSPECTED, regraded, savedInspection } from './blind-inspection';

const dispositions = [
  { code: 'RESTOCK', name: 'Restock', requires_location: true, default_for: ['Pristine'] },
  { code: 'REFURB', name: 'Refurbish', requires_location: false, default_for: ['Reconditioning'] },
  { code: 'SCRAP', name: 'Scrap', requires_location: false, default_for: ['Scrap'] },
] as unknown as DispositionView[];
const rule: DeskRule = {
  product_id: 1,
  steps: [
    { text: 'Box complete', kind: 'confirm', no_grade: null },
    { text: 'Screen without cracks?', kind: 'yes_no', no_grade: 'C' },
  ],
  serial: 'required',
  serial_check: 'shipped',
  grade_dispositions: { A: 'REFURB' },
  shipped_serials: [],
};
const line = { key: '__l1', condition: 'Pristine' as const, disposition: 'RESTOCK', location: 'BIN-1', ...NOT_INSPECTED };
const inspect = (...actions: InspectionAction[]) =>
  actions.reduce(inspectionReducer, startInspection(rule, { entryId: '__l1', lineId: null, sku: 'PHONE-1', blind: true }));
const serial = { type: 'serial', value: 'SN-1', seen: [] } as const;

describe('a blind line after its inspection', () => {
  it('takes the grade key’s condition and the rule’s disposition for it (no bin for a disposition without one), the answers and the serial', () => {
    const done = inspect(serial, { type: 'grade', grade: 'A' }, { type: 'confirm', hasPhoto: false }, { type: 'answer', answer: 'yes' });
    expect(inspectedLine(line, done, DEFAULT_GRADE_SCALE, dispositions)).toEqual({
      ...line,
      condition: 'Pristine',
      disposition: 'REFURB',
      location: '',
      grade: 'A',
      stepAnswers: ['done', 'yes'],
      serial: 'SN-1',
      serialShipped: false,
      serialRepeated: false,
    });
  });

  it('a "no" that sets C moves it to Reconditioning with that condition’s default disposition; without a grade key the line’s condition grades it', () => {
    const no = inspect(serial, { type: 'confirm', hasPhoto: false }, { type: 'answer', answer: 'no' });
    expect(inspectedLine(line, no, DEFAULT_GRADE_SCALE, dispositions)).toMatchObject({
      grade: 'C',
      condition: 'Reconditioning',
      disposition: 'REFURB',
      location: '',
    });
    const plain = inspect(serial, { type: 'confirm', hasPhoto: false }, { type: 'answer', answer: 'yes' });
    const scrap = { ...line, condition: 'Scrap' as const, disposition: 'SCRAP', location: '' };
    expect(inspectedLine(scrap, plain, DEFAULT_GRADE_SCALE, dispositions)).toMatchObject({
      grade: 'D',
      condition: 'Scrap',
      disposition: 'SCRAP',
    });
  });

  it('a condition changed by hand regrades a graded line; the save sends only what the line has', () => {
    expect(regraded('A', 'Reconditioning', DEFAULT_GRADE_SCALE)).toBe('B');
    expect(regraded('C', 'Reconditioning', DEFAULT_GRADE_SCALE)).toBe('C');
    expect(regraded(null, 'Scrap', DEFAULT_GRADE_SCALE)).toBeNull();
    expect(savedInspection(NOT_INSPECTED)).toEqual({});
    expect(savedInspection({ ...NOT_INSPECTED, grade: 'B', stepAnswers: ['done', 'yes'], serial: 'SN-1', serialShipped: false })).toEqual({
      grade: 'B',
      step_answers: ['done', 'yes'],
      serial: 'SN-1',
    });
  });
});

describe('an expected return’s announced lines under the rules (issue 26 with issue 27)', () => {
  it('makes a line per unit of a product whose rule asks at the desk, each queued for its inspection; the others stay as announced', () => {
    let n = 0;
    const announced = [
      { key: '__a', quantity: 2, reason: 'SIZE', product: { sku: 'PHONE-1' } },
      { key: '__b', quantity: 3, reason: 'SIZE', product: { sku: 'SOCKS-1' } },
    ];
    const { lines, queue } = announcedUnits(announced, [rule, null], () => `__u${++n}`);
    expect(lines).toEqual([
      { key: '__u1', quantity: 1, reason: 'SIZE', product: { sku: 'PHONE-1' } },
      { key: '__u2', quantity: 1, reason: 'SIZE', product: { sku: 'PHONE-1' } },
      { key: '__b', quantity: 3, reason: 'SIZE', product: { sku: 'SOCKS-1' } },
    ]);
    expect(queue).toEqual([
      { key: '__u1', rule, sku: 'PHONE-1' },
      { key: '__u2', rule, sku: 'PHONE-1' },
    ]);
  });
});
