import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSPECTION_MSG } from '../../../contract/inspection.js';
import { buildReturnXml } from '../../integrations/return-file.format.js';
import { createOutboundDataRepository } from '../tasks/handlers/outbound-return-data.repository.js';
import { orderLines, orders, products, returnLedgers } from '../../db/schema/index.js';
import { makeCustomer, makeReason } from '../../test/factories.js';
import { plainImage } from '../../test/images.js';
import { writtenFor } from '../../test/receiving-fixtures.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const db = () => t.deps.database.db;
let admin: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app, db());
  // The migrations of a fresh database take long on a shared machine.
}, 240_000);
afterAll(() => t.close());

const asAdmin = (method: 'POST' | 'PUT', url: string, body: unknown) => call(t.app, method, url, { token: admin.token, body });
let drafts = 0;
const draftId = () => `__insp${String(++drafts).padStart(2, '0')}`;

/**
 * A customer with dispositions, a two-step rule with a required serial checked against the order
 * (PHONE- prefix), a serial-optional rule that records a stranger as a discrepancy (category
 * Tablets), and an order imported with the serials shipped per line.
 */
async function setup() {
  const c = await makeCustomer(db(), { canBlind: true });
  await makeReason(db(), c.id, 'DAMAGED', 'Damaged');
  for (const code of ['REFURB', 'SCRAP', 'RESELL'])
    expect((await asAdmin('POST', `/api/su/customers/${c.id}/dispositions`, { code, name: code })).status).toBe(200);
  const rule = (body: unknown) => asAdmin('POST', `/api/su/customers/${c.id}/rules`, body);
  expect(
    (
      await rule({
        match: 'prefix',
        value: 'PHONE-',
        steps: [
          { text: 'Screen without cracks?', kind: 'yes_no', no_grade: 'C' },
          { text: 'Photograph the IMEI label', kind: 'photo' },
        ],
        grade_dispositions: { A: 'RESELL', C: 'REFURB' },
        serial: 'required',
        serial_check: 'shipped',
      })
    ).status,
  ).toBe(200);
  expect((await rule({ match: 'category', value: 'Tablets', serial: 'optional', serial_check: 'shipped_or_discrepancy' })).status).toBe(
    200,
  );
  const file = {
    orders: [
      {
        source_id: `INSP-${c.id}`,
        order_number: `SO-INSP-${c.id}`,
        lines: [
          { line_number: 1, quantity: 2, product: { sku: 'PHONE-X1' }, serials: ['IMEI-1', 'IMEI-2'] },
          { line_number: 2, quantity: 1, product: { sku: 'TAB-9', category: 'Tablets' }, serials: ['TAB-SN-1'] },
          { line_number: 3, quantity: 1, product: { sku: 'CABLE-1' } },
        ],
      },
    ],
  };
  const imported = await asAdmin('POST', `/api/su/customers/${c.id}/orders/import`, { format: 'json', content: JSON.stringify(file) });
  expect(imported.status, JSON.stringify(imported.body)).toBe(200);
  const [order] = await db().select().from(orders).where(eq(orders.customerId, c.id));
  const lines = await db()
    .select({ id: orderLines.id, productId: orderLines.productId, sku: products.sku })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, order!.id));
  const line = (sku: string) => lines.find((l) => l.sku === sku)!;
  const op = await operatorSession(t.app, db(), [c.id]);
  const ledger = (sku: string, fields: Record<string, unknown> = {}) => ({
    order_line_id: line(sku).id,
    product_id: line(sku).productId,
    quantity: 1,
    condition: 'Pristine',
    reason: 'DAMAGED',
    comment: '',
    ...fields,
  });
  const submit = (ledgers: unknown[]) =>
    call(t.app, 'POST', '/api/returns', {
      token: op.token,
      body: {
        id: draftId(),
        customer_id: c.id,
        order_id: order!.id,
        reference_1: 'RMA',
        return_date: '2026-11-27',
        return_ledgers: ledgers,
      },
    });
  async function photo() {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/photos?customer_id=${c.id}`,
      payload: await plainImage('jpeg', 40, 30),
      headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${op.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { message: { id: number } }).message.id;
  }
  return { c, order: order!, line, ledger, submit, photo, op };
}

const errorsOf = (res: { body: { errors?: Record<string, string[]> } }) => res.body.errors;

describe('submitted lines against the inspection rules (issue 27)', () => {
  it('a required serial missing, a serial on a product that takes none, or on two units: 422, nothing written', async () => {
    const s = await setup();
    const cases: [Record<string, unknown>[], Record<string, string[]>][] = [
      [[s.ledger('PHONE-X1')], { 'return_ledgers.0.serial': [INSPECTION_MSG.serialRequired] }],
      [[s.ledger('CABLE-1', { serial: 'C-1' })], { 'return_ledgers.0.serial': [INSPECTION_MSG.serialNotTaken] }],
      [[s.ledger('TAB-9', { serial: 'TAB-SN-1', quantity: 2 })], { 'return_ledgers.0.serial': [INSPECTION_MSG.serialOneUnit] }],
    ];
    for (const [ledgers, errors] of cases) {
      const res = await s.submit(ledgers);
      expect(res.status, JSON.stringify(ledgers)).toBe(422);
      expect(errorsOf(res)).toEqual(errors);
    }
    expect(await writtenFor(db(), s.c.id, s.order.id)).toMatchObject({ returns: 0, ledgers: 0, tasks: 0 });
  });

  it('a serial that was not shipped is refused with the shipped serials listed; the right one is saved as shipped', async () => {
    const s = await setup();
    const wrong = await s.submit([s.ledger('PHONE-X1', { serial: 'IMEI-9' })]);
    expect(wrong.status).toBe(422);
    expect(errorsOf(wrong)).toEqual({ 'return_ledgers.0.serial': [INSPECTION_MSG.serialNotShipped('IMEI-9', 'IMEI-1, IMEI-2')] });
    expect(wrong.body.message).toEqual(['Serial IMEI-9 was not shipped on this order; shipped: IMEI-1, IMEI-2']);
    expect(await writtenFor(db(), s.c.id, s.order.id)).toMatchObject({ returns: 0, ledgers: 0 });
    const right = await s.submit([s.ledger('PHONE-X1', { serial: ' IMEI-2 ' })]);
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.message.ledgers[0]).toMatchObject({ serial: 'IMEI-2', serial_shipped: true, serial_repeated: false, grade: null });
    expect(right.body.message.has_discrepancies).toBe(false);
  });

  it('a rule that allows it records a serial not shipped as a discrepancy; a serial received twice (any return of the customer, or twice in one) is flagged', async () => {
    const s = await setup();
    const first = await s.submit([s.ledger('TAB-9', { serial: 'TAB-SN-7' })]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message.ledgers[0]).toMatchObject({ serial: 'TAB-SN-7', serial_shipped: false, serial_repeated: false });
    expect(first.body.message.has_discrepancies).toBe(true);
    const again = await s.submit([
      s.ledger('TAB-9', { serial: 'TAB-SN-7' }),
      s.ledger('TAB-9', { serial: 'TAB-SN-1' }),
      s.ledger('TAB-9', { serial: 'TAB-SN-1' }),
    ]);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(
      again.body.message.ledgers.map((l: { serial_shipped: boolean; serial_repeated: boolean }) => [l.serial_shipped, l.serial_repeated]),
    ).toEqual([
      [false, true],
      [true, false],
      [true, true],
    ]);
    // Another customer's return with the same serial is not this customer's repeat.
    const other = await setup();
    const theirs = await other.submit([other.ledger('TAB-9', { serial: 'TAB-SN-7' })]);
    expect(theirs.body.message.ledgers[0]).toMatchObject({ serial_repeated: false });
  });

  it('the grade records its condition; the steps are answered one for one; a "no" sets its grade; a photo step needs a photo; the grade picks the rule’s disposition', async () => {
    const s = await setup();
    const phone = (fields: Record<string, unknown>) => s.ledger('PHONE-X1', { serial: 'IMEI-1', ...fields });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ grade: 'D', step_answers: ['yes', 'done'] }, { 'return_ledgers.0.condition': [INSPECTION_MSG.gradeCondition('D', 'Scrap')] }],
      [{ grade: 'A' }, { 'return_ledgers.0.step_answers': [INSPECTION_MSG.stepsRequired] }],
      [{ grade: 'A', step_answers: ['yes'] }, { 'return_ledgers.0.step_answers': [INSPECTION_MSG.stepsCount('2')] }],
      [
        { grade: 'A', step_answers: ['done', 'yes'] },
        {
          'return_ledgers.0.step_answers.0': [INSPECTION_MSG.stepAnswer('yes or no')],
          'return_ledgers.0.step_answers.1': [INSPECTION_MSG.stepAnswer('done')],
        },
      ],
      [{ grade: 'A', step_answers: ['no', 'done'] }, { 'return_ledgers.0.grade': [INSPECTION_MSG.stepNoGrade('1', 'C')] }],
    ];
    for (const [fields, errors] of cases) {
      const res = await s.submit([phone(fields)]);
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(errorsOf(res), JSON.stringify(fields)).toMatchObject(errors);
    }
    const noPhoto = await s.submit([phone({ grade: 'A', step_answers: ['yes', 'done'] })]);
    expect(errorsOf(noPhoto)).toEqual({ 'return_ledgers.0.step_answers.1': [INSPECTION_MSG.photoStep('2')] });
    const cable = await s.submit([s.ledger('CABLE-1', { grade: 'A', step_answers: ['done'] })]);
    expect(errorsOf(cable)).toEqual({ 'return_ledgers.0.step_answers': [INSPECTION_MSG.stepsNoRule] });
    expect(await writtenFor(db(), s.c.id, s.order.id)).toMatchObject({ returns: 0, ledgers: 0 });

    const saved = await s.submit([
      phone({ grade: 'C', condition: 'Reconditioning', step_answers: ['no', 'done'], photo_ids: [await s.photo()] }),
      s.ledger('PHONE-X1', { serial: 'IMEI-2', grade: 'A', step_answers: ['yes', 'done'], photo_ids: [await s.photo()] }),
      s.ledger('CABLE-1', { grade: 'B', condition: 'Reconditioning' }),
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message.ledgers.map((l: Record<string, unknown>) => [l.grade, l.condition, l.disposition])).toEqual([
      ['C', 'Reconditioning', 'REFURB'],
      ['A', 'Pristine', 'RESELL'],
      ['B', 'Reconditioning', null],
    ]);
    const [row] = await db().select().from(returnLedgers).where(eq(returnLedgers.id, saved.body.message.ledgers[0].id));
    expect(row!.stepAnswers).toEqual([
      { text: 'Screen without cracks?', kind: 'yes_no', answer: 'no' },
      { text: 'Photograph the IMEI label', kind: 'photo', answer: 'done' },
    ]);

    // The return view shows them beside the condition and reason, the grade by the customer's name for it.
    const grades = (await call(t.app, 'GET', `/api/su/customers/${s.c.id}/grades`, { token: admin.token })).body.message;
    await asAdmin('PUT', `/api/su/customers/${s.c.id}/grades`, {
      grades: grades.map((g: { grade: string }) => (g.grade === 'C' ? { ...g, label: 'Refurbish' } : g)),
    });
    const view = await call(t.app, 'GET', `/api/returns/${saved.body.message.id}/order/${s.order.id}`, { token: s.op.token });
    expect(view.status).toBe(200);
    expect(
      view.body.message.lines.map((l: { condition: string; reason: string; inspection: unknown }) => [l.condition, l.reason, l.inspection]),
    ).toEqual([
      [
        'Reconditioning',
        'DAMAGED',
        {
          grade: 'C',
          grade_label: 'Refurbish',
          step_answers: [
            { text: 'Screen without cracks?', kind: 'yes_no', answer: 'no' },
            { text: 'Photograph the IMEI label', kind: 'photo', answer: 'done' },
          ],
          serial: 'IMEI-1',
          serial_shipped: true,
          serial_repeated: false,
        },
      ],
      ['Pristine', 'DAMAGED', expect.objectContaining({ grade: 'A', grade_label: 'A', serial: 'IMEI-2' })],
      [
        'Reconditioning',
        'DAMAGED',
        { grade: 'B', grade_label: 'B', step_answers: null, serial: null, serial_shipped: null, serial_repeated: false },
      ],
    ]);
  });

  it('the outbound file of version 3 carries them, read from the database by both paths (one return, and the batch)', async () => {
    const s = await setup();
    const saved = await s.submit([
      s.ledger('PHONE-X1', {
        serial: 'IMEI-1',
        grade: 'C',
        condition: 'Reconditioning',
        step_answers: ['no', 'done'],
        photo_ids: [await s.photo()],
      }),
      s.ledger('TAB-9', { serial: 'TAB-X' }),
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const repo = createOutboundDataRepository(db());
    const one = (await repo.returnFile(saved.body.message.id))!;
    const batch = (await repo.submittedReturnFiles([saved.body.message.id])).get(saved.body.message.id)!;
    for (const data of [one, batch]) {
      expect(data.lines.map((l) => [l.grade, l.gradeName, l.serial, l.serialShipped, l.serialRepeated, l.stepAnswers])).toEqual([
        [
          'C',
          'C',
          'IMEI-1',
          true,
          false,
          [
            { text: 'Screen without cracks?', kind: 'yes_no', answer: 'no' },
            { text: 'Photograph the IMEI label', kind: 'photo', answer: 'done' },
          ],
        ],
        [null, null, 'TAB-X', false, false, null],
      ]);
      const xml = buildReturnXml(
        { ...data, correction: undefined },
        { sender: 'S', receiver: 'R', schema: 'Default', messageId: 1, createdAt: new Date() },
        3,
      );
      expect(xml).toContain('<Grade>C</Grade>');
      expect(xml).toContain('<SerialShipped>N</SerialShipped>');
    }
  });

  it('blind returns use the same rules (no order: a serial the rule checks is recorded as not shipped, not refused)', async () => {
    const s = await setup();
    const body = (line: Record<string, unknown>) => ({
      reference_1: 'RMA-B',
      return_date: '2026-11-27',
      return_ledgers: [{ product_id: s.line('PHONE-X1').productId, quantity: 1, condition: 'Pristine', reason: 'DAMAGED', ...line }],
    });
    const refused = await call(t.app, 'PUT', `/api/returns/blind/${s.c.id}`, { token: s.op.token, body: body({}) });
    expect(refused.status).toBe(422);
    expect(errorsOf(refused)).toEqual({ 'return_ledgers.0.serial': [INSPECTION_MSG.serialRequired] });
    const saved = await call(t.app, 'PUT', `/api/returns/blind/${s.c.id}`, { token: s.op.token, body: body({ serial: 'IMEI-77' }) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [row] = await db().select().from(returnLedgers).where(eq(returnLedgers.returnId, saved.body.message.id));
    expect(row).toMatchObject({ serial: 'IMEI-77', serialShipped: false, serialRepeated: false });
  });
});
