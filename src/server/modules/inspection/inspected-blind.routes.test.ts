// Issue 27 "blind returns use the same rules", through HTTP: PUT /api/returns/blind/{customerId} takes
// a line's grade, step answers and serial, checks them against the product's rule as the order-based
// submit does, stores them, and the outbound file of version 3 and the web-shop post carry them.
// A blind return has no shipped serials: a rule that checks them records the serial as not shipped.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSPECTION_MSG } from '../../../contract/inspection.js';
import { returnLedgers } from '../../db/schema/index.js';
import { buildReturnXml } from '../../integrations/return-file.format.js';
import { makeCustomer, makeReason } from '../../test/factories.js';
import { plainImage } from '../../test/images.js';
import { makeProduct } from '../../test/return-factory.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { toShopReturn } from '../tasks/handlers/ecommerce-outbound.handler.js';
import { createOutboundDataRepository } from '../tasks/handlers/outbound-return-data.repository.js';

let t: TestApp;
const db = () => t.deps.database.db;
let admin: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app, db());
}, 240_000);
afterAll(() => t.close());

let drafts = 0;
const draftId = () => `__blnd${String(++drafts).padStart(2, '0')}`;

/**
 * A blind customer with a phone rule (a confirm step and a yes/no step whose "no" sets C, a required
 * serial that must be shipped, dispositions per grade), a cable without any rule and a photo-step rule.
 */
async function setup() {
  const c = await makeCustomer(db(), { canBlind: true });
  await makeReason(db(), c.id, 'DAMAGED', 'Damaged');
  for (const code of ['REFURB', 'RESELL'])
    expect(
      (await call(t.app, 'POST', `/api/su/customers/${c.id}/dispositions`, { token: admin.token, body: { code, name: code } })).status,
    ).toBe(200);
  const rule = async (body: unknown) =>
    expect((await call(t.app, 'POST', `/api/su/customers/${c.id}/rules`, { token: admin.token, body })).status).toBe(200);
  await rule({
    match: 'prefix',
    value: 'PHONE-',
    steps: [
      { text: 'Check the box is complete', kind: 'confirm' },
      { text: 'Screen without cracks?', kind: 'yes_no', no_grade: 'C' },
    ],
    grade_dispositions: { A: 'RESELL', C: 'REFURB' },
    serial: 'required',
    serial_check: 'shipped',
  });
  await rule({ match: 'sku', value: 'CAM-1', steps: [{ text: 'Photograph the lens', kind: 'photo' }] });
  const phone = await makeProduct(db(), c.id, { sku: 'PHONE-B1' });
  const cable = await makeProduct(db(), c.id, { sku: 'CABLE-B1' });
  const camera = await makeProduct(db(), c.id, { sku: 'CAM-1' });
  const op = await operatorSession(t.app, db(), [c.id]);
  const line = (productId: number, fields: Record<string, unknown> = {}) => ({
    product_id: productId,
    quantity: 1,
    condition: 'Pristine',
    reason: 'DAMAGED',
    comment: '',
    ...fields,
  });
  const save = (lines: unknown[], token = op.token, customerId = c.id) =>
    call(t.app, 'PUT', `/api/returns/blind/${customerId}`, {
      token,
      body: { id: draftId(), reference_1: 'RMA-BLIND', return_date: '2026-12-03', return_ledgers: lines },
    });
  return { c, phone, cable, camera, op, line, save };
}

const errorsOf = (res: { body: { errors?: Record<string, string[]> } }) => res.body.errors;
const ledgersOf = (returnId: number) =>
  db().select().from(returnLedgers).where(eq(returnLedgers.returnId, returnId)).orderBy(returnLedgers.id);

describe('PUT /api/returns/blind/{customerId} with inspected lines (issue 27)', () => {
  it('stores grade, step answers (with their words) and serial; the rule disposes of the grade; a serial the rule checks is recorded as not shipped', async () => {
    const s = await setup();
    const res = await s.save([
      s.line(s.phone.id, { grade: 'A', step_answers: ['done', 'yes'], serial: ' SN-1 ' }),
      s.line(s.phone.id, { grade: 'C', condition: 'Reconditioning', step_answers: ['done', 'no'], serial: 'SN-2' }),
      s.line(s.cable.id, { quantity: 2 }),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await ledgersOf(res.body.message.id);
    expect(rows.map((r) => [r.grade, r.condition, r.disposition, r.serial, r.serialShipped, r.serialRepeated, r.stepAnswers])).toEqual([
      [
        'A',
        'Pristine',
        'RESELL',
        'SN-1',
        false,
        false,
        [
          { text: 'Check the box is complete', kind: 'confirm', answer: 'done' },
          { text: 'Screen without cracks?', kind: 'yes_no', answer: 'yes' },
        ],
      ],
      [
        'C',
        'Reconditioning',
        'REFURB',
        'SN-2',
        false,
        false,
        [
          { text: 'Check the box is complete', kind: 'confirm', answer: 'done' },
          { text: 'Screen without cracks?', kind: 'yes_no', answer: 'no' },
        ],
      ],
      [null, 'Pristine', null, null, null, false, null],
    ]);
  });

  it('a serial received before on a return of the customer is flagged, not refused', async () => {
    const s = await setup();
    const first = await s.save([s.line(s.phone.id, { grade: 'A', step_answers: ['done', 'yes'], serial: 'SN-R' })]);
    expect(first.status).toBe(200);
    const again = await s.save([
      s.line(s.phone.id, { grade: 'B', condition: 'Reconditioning', step_answers: ['done', 'yes'], serial: 'SN-R' }),
    ]);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const [row] = await ledgersOf(again.body.message.id);
    expect(row).toMatchObject({ serial: 'SN-R', serialRepeated: true, serialShipped: false, grade: 'B' });
  });

  it('422 for bad inspections, naming each line and field, and nothing written', async () => {
    const s = await setup();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [s.line(s.phone.id, { grade: 'A', step_answers: ['done', 'yes'] }), { 'return_ledgers.0.serial': [INSPECTION_MSG.serialRequired] }],
      [
        s.line(s.phone.id, { grade: 'A', step_answers: ['done'], serial: 'SN-3' }),
        { 'return_ledgers.0.step_answers': [INSPECTION_MSG.stepsCount('2')] },
      ],
      [
        s.line(s.phone.id, { grade: 'A', step_answers: ['done', 'no'], serial: 'SN-3' }),
        { 'return_ledgers.0.grade': [INSPECTION_MSG.stepNoGrade('2', 'C')] },
      ],
      [
        s.line(s.phone.id, { grade: 'D', step_answers: ['done', 'yes'], serial: 'SN-3' }),
        { 'return_ledgers.0.condition': [INSPECTION_MSG.gradeCondition('D', 'Scrap')] },
      ],
      [s.line(s.phone.id, { grade: 'A', serial: 'SN-3' }), { 'return_ledgers.0.step_answers': [INSPECTION_MSG.stepsRequired] }],
      [
        s.line(s.phone.id, { grade: 'A', step_answers: ['done', 'yes'], serial: 'SN-3', quantity: 2 }),
        { 'return_ledgers.0.serial': [INSPECTION_MSG.serialOneUnit] },
      ],
      [s.line(s.cable.id, { serial: 'C-1' }), { 'return_ledgers.0.serial': [INSPECTION_MSG.serialNotTaken] }],
      [s.line(s.cable.id, { step_answers: ['done'] }), { 'return_ledgers.0.step_answers': [INSPECTION_MSG.stepsNoRule] }],
      [s.line(s.camera.id, { grade: 'A', step_answers: ['done'] }), { 'return_ledgers.0.step_answers.0': [INSPECTION_MSG.photoStep('1')] }],
    ];
    for (const [line, errors] of cases) {
      const res = await s.save([line]);
      expect(res.status, JSON.stringify(line)).toBe(422);
      expect(errorsOf(res), JSON.stringify(line)).toEqual(errors);
    }
    // The schema's own refusals: an unknown grade and an unknown answer.
    const badGrade = await s.save([s.line(s.phone.id, { grade: 'Z', step_answers: ['done', 'yes'], serial: 'SN-3' })]);
    expect(badGrade.status).toBe(422);
    expect(Object.keys(errorsOf(badGrade) ?? {})).toEqual(['return_ledgers.0.grade']);
    const badAnswer = await s.save([s.line(s.phone.id, { grade: 'A', step_answers: ['done', 'maybe'], serial: 'SN-3' })]);
    expect(badAnswer.status).toBe(422);
    expect(Object.keys(errorsOf(badAnswer) ?? {})).toEqual(['return_ledgers.0.step_answers.1']);
    expect(await db().select().from(returnLedgers).where(eq(returnLedgers.customerId, s.c.id))).toEqual([]);
  });

  it('a photo step with a photo of the line is taken', async () => {
    const s = await setup();
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/photos?customer_id=${s.c.id}`,
      payload: await plainImage('jpeg', 40, 30),
      headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${s.op.token}` },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const photoId = (upload.json() as { message: { id: number } }).message.id;
    const res = await s.save([s.line(s.camera.id, { grade: 'A', step_answers: ['done'], photo_ids: [photoId] })]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await ledgersOf(res.body.message.id);
    expect(row!.stepAnswers).toEqual([{ text: 'Photograph the lens', kind: 'photo', answer: 'done' }]);
  });

  it('401 without a session; 403 for an operator of another customer, nothing written', async () => {
    const s = await setup();
    const body = { id: draftId(), reference_1: 'R', return_date: '2026-12-03', return_ledgers: [s.line(s.phone.id, { grade: 'A' })] };
    expect((await call(t.app, 'PUT', `/api/returns/blind/${s.c.id}`, { body })).status).toBe(401);
    const other = await makeCustomer(db(), { canBlind: true });
    const stranger = await operatorSession(t.app, db(), [other.id]);
    const res = await s.save([s.line(s.phone.id, { grade: 'A', step_answers: ['done', 'yes'], serial: 'SN-X' })], stranger.token);
    expect(res.status).toBe(403);
    expect(await db().select().from(returnLedgers).where(eq(returnLedgers.customerId, s.c.id))).toEqual([]);
  });

  it('the outbound file of version 3 and the web-shop post carry a blind line inspection; version 2 does not', async () => {
    const s = await setup();
    const saved = await s.save([
      s.line(s.phone.id, { grade: 'C', condition: 'Reconditioning', step_answers: ['done', 'no'], serial: 'SN-5' }),
      s.line(s.cable.id),
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const data = (await createOutboundDataRepository(db()).returnFile(saved.body.message.id))!;
    expect(data.ret.isBlind).toBe(true);
    const answers = [
      { text: 'Check the box is complete', kind: 'confirm', answer: 'done' },
      { text: 'Screen without cracks?', kind: 'yes_no', answer: 'no' },
    ];
    const v3 = toShopReturn(data, 3);
    expect(v3.lines.map((l) => [l.grade, l.grade_name, l.serial, l.serial_shipped, l.serial_repeated, l.step_answers])).toEqual([
      ['C', 'C', 'SN-5', false, false, answers],
      [null, null, null, null, false, null],
    ]);
    expect(toShopReturn(data, 2).lines.every((l) => !('grade' in l) && !('serial' in l))).toBe(true);
    const header = { sender: 'S', receiver: 'R', schema: 'Default', messageId: 1, createdAt: new Date() };
    const xml = buildReturnXml({ ...data, correction: undefined }, header, 3);
    expect(xml).toContain('<Grade>C</Grade>');
    expect(xml).toContain('<Serial>SN-5</Serial>');
    expect(xml).toContain('<SerialShipped>N</SerialShipped>');
    expect(xml).toContain('Screen without cracks?');
    expect(buildReturnXml({ ...data, correction: undefined }, header, 2)).not.toContain('<Grade>');
  });
});
