import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSPECTION_MSG } from '../../../contract/inspection.js';
import { MSG } from '../../../contract/messages.js';
import { auditLog, gradeScales, inspectionRules } from '../../db/schema/index.js';
import { makeCustomer } from '../../test/factories.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const db = () => t.deps.database.db;
let admin: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app, db());
});
afterAll(() => t.close());

const twoSteps = {
  match: 'prefix',
  value: 'SHOE-',
  steps: [
    { text: 'Check the soles for wear', kind: 'yes_no', no_grade: 'C' },
    { text: 'Photograph the box', kind: 'photo' },
  ],
  serial: 'required',
  serial_check: 'shipped',
};
const rulesOf = async (customerId: number) => db().select().from(inspectionRules).where(eq(inspectionRules.customerId, customerId));
const post = (customerId: number, body: unknown, token = admin.token) =>
  call(t.app, 'POST', `/api/su/customers/${customerId}/rules`, { token, body });
async function withDisposition(customerId: number, code: string) {
  const res = await call(t.app, 'POST', `/api/su/customers/${customerId}/dispositions`, { token: admin.token, body: { code, name: code } });
  expect(res.status).toBe(200);
}
async function apiKeyOf(customerId: number) {
  const res = await call(t.app, 'POST', `/api/su/customers/${customerId}/api-keys`, {
    token: admin.token,
    body: { name: 'Loop', scopes: ['returns:read', 'expected_returns:write'] },
  });
  return res.body.message.key as string;
}

describe('inspection rules: access', () => {
  it('401 without a token or with an API key, 403 for an operator (even of the customer), changing nothing', async () => {
    const c = await makeCustomer(db());
    const op = await operatorSession(t.app, db(), [c.id]);
    const key = await apiKeyOf(c.id);
    const created = await post(c.id, twoSteps);
    expect(created.status).toBe(200);
    const ruleId = created.body.message.id;
    const base = `/api/su/customers/${c.id}`;
    const routes = [
      ['GET', `${base}/rules`, undefined],
      ['POST', `${base}/rules`, twoSteps],
      ['PUT', `${base}/rules/${ruleId}`, twoSteps],
      ['DELETE', `${base}/rules/${ruleId}`, undefined],
      ['POST', `${base}/rules/import`, { format: 'csv', content: 'match\ndefault\n' }],
      ['GET', `${base}/rules/export?format=csv`, undefined],
      ['GET', `${base}/grades`, undefined],
      ['PUT', `${base}/grades`, { grades: [] }],
    ] as const;
    const before = await rulesOf(c.id);
    for (const [method, url, body] of routes) {
      expect((await call(t.app, method, url, { body })).status, `${method} ${url}`).toBe(401);
      expect((await call(t.app, method, url, { token: key, body })).status, `${method} ${url} key`).toBe(401);
      expect((await call(t.app, method, url, { token: op.token, body })).body, `${method} ${url}`).toMatchObject({
        code: 403,
        message: MSG.forbidden,
      });
    }
    expect(await rulesOf(c.id)).toEqual(before);
  });

  it("403 for another customer's rule named under this customer, 404 for an unknown customer or rule", async () => {
    const mine = await makeCustomer(db());
    const other = await makeCustomer(db());
    const theirs = (await post(other.id, twoSteps)).body.message.id;
    expect((await call(t.app, 'PUT', `/api/su/customers/${mine.id}/rules/${theirs}`, { token: admin.token, body: twoSteps })).status).toBe(
      403,
    );
    expect((await call(t.app, 'DELETE', `/api/su/customers/${mine.id}/rules/${theirs}`, { token: admin.token })).status).toBe(403);
    expect((await rulesOf(other.id)).map((r) => r.value)).toEqual(['SHOE-']);
    expect((await call(t.app, 'DELETE', `/api/su/customers/${mine.id}/rules/999999`, { token: admin.token })).status).toBe(404);
    expect((await post(999_999, twoSteps)).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/su/customers/999999/rules`, { token: admin.token })).status).toBe(404);
  });
});

describe('inspection rules: CRUD', () => {
  it('422 with clear messages for a bad rule, a rule the customer has already, or a disposition it lacks, writing nothing', async () => {
    const c = await makeCustomer(db());
    const bad = await post(c.id, {
      match: 'prefix',
      value: '',
      steps: [{ text: ' ', kind: 'confirm', no_grade: 'C' }],
      serial: 'none',
      serial_check: 'shipped',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      value: [INSPECTION_MSG.valueRequired],
      'steps.0.text': [INSPECTION_MSG.stepTextRequired],
      'steps.0.no_grade': [INSPECTION_MSG.noGradeOnlyYesNo],
      serial_check: [INSPECTION_MSG.serialCheckWithoutSerial],
    });
    const nine = await post(c.id, { match: 'default', steps: Array.from({ length: 9 }, () => ({ text: 'x' })) });
    expect(nine.body.errors).toEqual({ steps: [INSPECTION_MSG.tooManySteps] });
    const defaultWithValue = await post(c.id, { match: 'default', value: 'X' });
    expect(defaultWithValue.body.errors).toEqual({ value: [INSPECTION_MSG.valueOnDefault] });
    const noGradeOnConfirm = await post(c.id, { match: 'default', steps: [{ text: 'Look', kind: 'confirm', no_grade: 'D' }] });
    expect(noGradeOnConfirm.body.errors).toEqual({ 'steps.0.no_grade': [INSPECTION_MSG.noGradeOnlyYesNo] });
    const unknownDisposition = await post(c.id, { match: 'default', grade_dispositions: { A: 'RESTOCK' } });
    expect(unknownDisposition.status).toBe(422);
    expect(unknownDisposition.body.errors).toEqual({ 'grade_dispositions.A': [INSPECTION_MSG.dispositionUnknown] });
    expect(await rulesOf(c.id)).toEqual([]);
    expect((await post(c.id, twoSteps)).status).toBe(200);
    const same = await post(c.id, { ...twoSteps, value: 'shoe-' });
    expect(same.status).toBe(422);
    expect(same.body.errors).toEqual({ value: [INSPECTION_MSG.ruleTaken] });
    expect((await post(c.id, { match: 'default' })).status).toBe(200);
    expect((await post(c.id, { match: 'default' })).body.errors).toEqual({ value: [INSPECTION_MSG.ruleTaken] });
    expect(await rulesOf(c.id)).toHaveLength(2);
  });

  it('adds, lists most specific first (paged, filtered), edits and deletes, audited', async () => {
    const c = await makeCustomer(db());
    await withDisposition(c.id, 'RESTOCK');
    const created = await post(c.id, { ...twoSteps, grade_dispositions: { A: 'RESTOCK' } });
    expect(created.body.message).toMatchObject({
      customer_id: c.id,
      match: 'prefix',
      value: 'SHOE-',
      steps: [
        { text: 'Check the soles for wear', kind: 'yes_no', no_grade: 'C' },
        { text: 'Photograph the box', kind: 'photo', no_grade: null },
      ],
      grade_dispositions: { A: 'RESTOCK' },
      serial: 'required',
      serial_check: 'shipped',
    });
    await post(c.id, { match: 'default' });
    await post(c.id, { match: 'sku', value: 'SHOE-42' });
    await post(c.id, { match: 'category', value: 'Shoes' });
    const list = await call(t.app, 'GET', `/api/su/customers/${c.id}/rules`, { token: admin.token });
    expect(list.body.message).toMatchObject({ total: 4, page: 1, per_page: 50 });
    expect(list.body.message.rules.map((r: { match: string }) => r.match)).toEqual(['sku', 'prefix', 'category', 'default']);
    const filtered = await call(t.app, 'GET', `/api/su/customers/${c.id}/rules?q=shoe-&page=1`, { token: admin.token });
    expect(filtered.body.message.rules.map((r: { value: string }) => r.value)).toEqual(['SHOE-42', 'SHOE-']);
    expect((await call(t.app, 'GET', `/api/su/customers/${c.id}/rules?page=0`, { token: admin.token })).status).toBe(422);

    const id = created.body.message.id;
    const edited = await call(t.app, 'PUT', `/api/su/customers/${c.id}/rules/${id}`, {
      token: admin.token,
      body: { ...twoSteps, steps: [{ text: 'Check the soles' }], serial: 'optional', serial_check: 'shipped_or_discrepancy' },
    });
    expect(edited.body.message).toMatchObject({
      steps: [{ text: 'Check the soles', kind: 'confirm', no_grade: null }],
      grade_dispositions: {},
    });
    expect((await call(t.app, 'DELETE', `/api/su/customers/${c.id}/rules/${id}`, { token: admin.token })).status).toBe(200);
    expect(await rulesOf(c.id)).toHaveLength(3);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audit.filter((a) => a.entityType === 'inspection_rule').map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('the grade scale: issue 27 default until renamed; every grade once, names distinct', async () => {
    const c = await makeCustomer(db());
    const url = `/api/su/customers/${c.id}/grades`;
    const shown = await call(t.app, 'GET', url, { token: admin.token });
    expect(shown.body.message.map((g: { grade: string; label: string; condition: string }) => [g.grade, g.label, g.condition])).toEqual([
      ['A', 'A', 'Pristine'],
      ['B', 'B', 'Reconditioning'],
      ['C', 'C', 'Reconditioning'],
      ['D', 'D', 'Scrap'],
      ['WRONG_ITEM', 'Wrong item', 'Reconditioning'],
      ['MISSING', 'Missing', 'Scrap'],
      ['NOT_RETURNABLE', 'Not returnable', 'Scrap'],
    ]);
    const renamed = shown.body.message.map((g: { grade: string; label: string }) => (g.grade === 'A' ? { ...g, label: 'Like new' } : g));
    const saved = await call(t.app, 'PUT', url, { token: admin.token, body: { grades: renamed } });
    expect(saved.status).toBe(200);
    expect(saved.body.message[0]).toEqual({ grade: 'A', label: 'Like new', condition: 'Pristine' });
    const incomplete = await call(t.app, 'PUT', url, { token: admin.token, body: { grades: renamed.slice(1) } });
    expect(incomplete.body.errors).toEqual({ grades: [INSPECTION_MSG.gradesIncomplete] });
    const twice = renamed.map((g: { grade: string; label: string }) => (g.grade === 'B' ? { ...g, label: 'like NEW' } : g));
    expect((await call(t.app, 'PUT', url, { token: admin.token, body: { grades: twice } })).body.errors).toEqual({
      'grades.1.label': [INSPECTION_MSG.labelTaken],
    });
    expect((await db().select().from(gradeScales).where(eq(gradeScales.customerId, c.id))).find((g) => g.grade === 'A')?.label).toBe(
      'Like new',
    );
  });
});

const HEADER = 'match,value,step_1,step_1_kind,step_1_no_grade,step_2,step_2_kind,disposition_a,serial,serial_check';
const importCsv = (customerId: number, content: string) =>
  call(t.app, 'POST', `/api/su/customers/${customerId}/rules/import`, { token: admin.token, body: { format: 'csv', content } });

describe('inspection rules: import and export', () => {
  it('refuses a file with bad rows by line and column, writing nothing', async () => {
    const c = await makeCustomer(db());
    await withDisposition(c.id, 'RESTOCK');
    await post(c.id, { match: 'default' });
    const before = await rulesOf(c.id);
    const file = [
      HEADER,
      'sku,SKU-1,Look at it,,,,,RESTOCK,optional,any',
      'prefix,,Look,,,,,,,', // value missing → column B
      'sku,SKU-2,Check,confirm,C,,,,,', // no_grade on a confirm step → column E
      'sku,SKU-3,,,,Second step,photo,SHRED,none,shipped', // disposition unknown (checked after the rows), serial_check → column J
      'sku,sku-1,Again,,,,,,,', // the same rule as line 2 → column B
      'everything,X,,,,,,,,', // match → column A
    ].join('\n');
    const res = await importCsv(c.id, file);
    expect(res.status).toBe(422);
    expect(res.body.errors!.content).toEqual([
      `Line 3, column B (value): ${INSPECTION_MSG.valueRequired}`,
      `Line 4, column E (step_1_no_grade): ${INSPECTION_MSG.noGradeOnlyYesNo}`,
      `Line 5, column J (serial_check): ${INSPECTION_MSG.serialCheckWithoutSerial}`,
      `Line 6, column B (value): ${INSPECTION_MSG.importDuplicate('2')}`,
      'Line 7, column A (match): Match must be one of sku, prefix, category, default',
    ]);
    const unknownCode = await importCsv(c.id, [HEADER, 'sku,SKU-3,,,,Second step,photo,SHRED,,'].join('\n'));
    expect(unknownCode.body.errors!.content).toEqual([`Line 2, column H (disposition_a): ${INSPECTION_MSG.dispositionUnknown}`]);
    const header = await importCsv(c.id, 'match,valu\nsku,X\n');
    expect(header.body.errors!.content).toEqual(['Line 1, column B: unknown column valu']);
    const xlsx = await call(t.app, 'POST', `/api/su/customers/${c.id}/rules/import`, {
      token: admin.token,
      body: { format: 'xlsx', content: Buffer.from('not a workbook').toString('base64') },
    });
    expect(xlsx.body.errors!.content).toEqual([INSPECTION_MSG.importUnreadable]);
    expect(await rulesOf(c.id)).toEqual(before);
  });

  it('adds new rules and replaces the same rule; the export (CSV and XLSX) reads back as the same rules', async () => {
    const c = await makeCustomer(db());
    await withDisposition(c.id, 'RESTOCK');
    await post(c.id, { match: 'sku', value: 'SKU-1', steps: [{ text: 'Old step' }] });
    const file = [
      HEADER,
      'sku,SKU-1,"Check the seal, then the box",yes_no,D,Photograph the label,photo,RESTOCK,required,shipped_or_discrepancy',
      'category,Shoes,Soles,,,,,,optional,any',
      'default,,,,,,,,,',
    ].join('\r\n');
    const res = await importCsv(c.id, file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toEqual({ created: 2, updated: 1 });
    const stored = (await call(t.app, 'GET', `/api/su/customers/${c.id}/rules`, { token: admin.token })).body.message.rules;
    expect(stored[0]).toMatchObject({
      match: 'sku',
      value: 'SKU-1',
      steps: [
        { text: 'Check the seal, then the box', kind: 'yes_no', no_grade: 'D' },
        { text: 'Photograph the label', kind: 'photo', no_grade: null },
      ],
      grade_dispositions: { A: 'RESTOCK' },
      serial: 'required',
      serial_check: 'shipped_or_discrepancy',
    });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/su/customers/${c.id}/rules/export?format=csv`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const exported = csv.body;
    const other = await makeCustomer(db());
    await withDisposition(other.id, 'RESTOCK');
    expect((await importCsv(other.id, exported)).body.message).toEqual({ created: 3, updated: 0 });
    const strip = (rules: Record<string, unknown>[]) => rules.map(({ id: _i, customer_id: _c, updated_at: _u, ...r }) => r);
    const copied = (await call(t.app, 'GET', `/api/su/customers/${other.id}/rules`, { token: admin.token })).body.message.rules;
    expect(strip(copied)).toEqual(strip(stored));

    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/su/customers/${c.id}/rules/export?format=xlsx`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(4);
    const third = await makeCustomer(db());
    await withDisposition(third.id, 'RESTOCK');
    const fromXlsx = await call(t.app, 'POST', `/api/su/customers/${third.id}/rules/import`, {
      token: admin.token,
      body: { format: 'xlsx', content: xlsx.rawPayload.toString('base64') },
    });
    expect(fromXlsx.body.message).toEqual({ created: 3, updated: 0 });
    expect(strip((await call(t.app, 'GET', `/api/su/customers/${third.id}/rules`, { token: admin.token })).body.message.rules)).toEqual(
      strip(stored),
    );
  });
});
