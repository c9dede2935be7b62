import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPOSITION_MSG } from '../../../contract/dispositions.js';
import { MSG } from '../../../contract/messages.js';
import { RETURN_MSG } from '../../../contract/returns.js';
import { queryRows } from '../../db/client.js';
import { auditLog, dispositions, products, returnLedgers, returnMissingLines, returns } from '../../db/schema/index.js';
import { buildReturnFlat, FLAT_LAYOUT_V2 } from '../../integrations/flat-return-file.format.js';
import { buildReturnXml } from '../../integrations/return-file.format.js';
import { createOutboundDataRepository } from '../tasks/handlers/outbound-return-data.repository.js';
import { toShopReturn } from '../tasks/handlers/ecommerce-outbound.handler.js';
import { createReportsRepository } from '../reports/reports.repository.js';
import { makeCustomer, makeReason } from '../../test/factories.js';
import { makeOrder } from '../../test/order-factory.js';
import { draftFor, receivingFixture, writtenFor } from '../../test/receiving-fixtures.js';
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

const restock = { code: 'RESTOCK', name: 'Restock', requires_location: true, default_for: ['Pristine'] };
const refurbish = { code: 'REFURBISH', name: 'Refurbish', requires_location: false, default_for: ['Reconditioning'] };
const recycle = { code: 'RECYCLE', name: 'Recycle', requires_location: false, default_for: ['Scrap'] };
const addDisposition = (customerId: number, body: unknown, token = admin.token) =>
  call(t.app, 'POST', `/api/su/customers/${customerId}/dispositions`, { token, body });
const listed = async (customerId: number) =>
  (await call(t.app, 'GET', `/api/returns/dispositions/${customerId}`, { token: admin.token })).body.message;
const countRows = async (customerId: number) =>
  (await db().select().from(dispositions).where(eq(dispositions.customerId, customerId))).length;

async function customerWithDispositions() {
  const fixture = await receivingFixture(db());
  for (const d of [restock, refurbish, recycle]) expect((await addDisposition(fixture.customer.id, d)).status).toBe(200);
  return fixture;
}

describe('dispositions of a customer: CRUD and access', () => {
  it('401 without a token, 403 for an operator on the admin routes and for another customer on the list, changing nothing', async () => {
    const mine = await makeCustomer(db());
    const other = await makeCustomer(db());
    const op = await operatorSession(t.app, db(), [mine.id]);
    expect((await call(t.app, 'GET', `/api/returns/dispositions/${mine.id}`)).status).toBe(401);
    expect((await call(t.app, 'POST', `/api/su/customers/${mine.id}/dispositions`, { body: restock })).status).toBe(401);
    expect((await addDisposition(mine.id, restock, op.token)).status).toBe(403);
    expect((await call(t.app, 'PUT', `/api/su/customers/${mine.id}/dispositions/1`, { token: op.token, body: restock })).status).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/su/customers/${mine.id}/dispositions/1`, { token: op.token })).status).toBe(403);
    expect((await call(t.app, 'GET', `/api/returns/dispositions/${other.id}`, { token: op.token })).status).toBe(403);
    expect((await call(t.app, 'GET', `/api/returns/dispositions/${mine.id}`, { token: op.token })).body.message).toEqual([]);
    expect(await countRows(mine.id)).toBe(0);
  });

  it('422 with clear messages for a bad form or a taken code, writing nothing', async () => {
    const c = await makeCustomer(db());
    const bad = await addDisposition(c.id, { code: ' ', name: '', default_for: ['Secondhand'] });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      code: [MSG.codeRequired],
      name: [MSG.nameRequired],
      'default_for.0': [DISPOSITION_MSG.conditionInvalid],
    });
    expect((await addDisposition(c.id, restock)).status).toBe(200);
    const taken = await addDisposition(c.id, { ...refurbish, code: 'RESTOCK' });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ code: [DISPOSITION_MSG.codeTaken] });
    expect(await countRows(c.id)).toBe(1);
    expect((await addDisposition(999_999, restock)).status).toBe(404);
  });

  it('adds, edits and deletes (audited); one default per condition: a condition given to another moves', async () => {
    const c = await makeCustomer(db());
    const created = await addDisposition(c.id, restock);
    expect(created.body.message).toEqual({ id: expect.any(Number), customer_id: c.id, ...restock });
    const quarantine = await addDisposition(c.id, { code: 'QUARANTINE', name: 'Quarantine', default_for: ['Pristine', 'Scrap', 'Scrap'] });
    expect(quarantine.body.message).toMatchObject({ requires_location: false, default_for: ['Pristine', 'Scrap'] });
    // Pristine moved from Restock to Quarantine.
    expect((await listed(c.id)).map((d: { code: string; default_for: string[] }) => [d.code, d.default_for])).toEqual([
      ['RESTOCK', []],
      ['QUARANTINE', ['Pristine', 'Scrap']],
    ]);
    const id = created.body.message.id;
    const edited = await call(t.app, 'PUT', `/api/su/customers/${c.id}/dispositions/${id}`, {
      token: admin.token,
      body: { ...restock, name: 'Back to stock', default_for: ['Scrap'] },
    });
    expect(edited.body.message).toMatchObject({ name: 'Back to stock', default_for: ['Scrap'] });
    expect((await listed(c.id))[1].default_for).toEqual(['Pristine']);
    const other = await makeCustomer(db());
    expect(
      (await call(t.app, 'PUT', `/api/su/customers/${other.id}/dispositions/${id}`, { token: admin.token, body: restock })).status,
    ).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/su/customers/${c.id}/dispositions/${id}`, { token: admin.token })).status).toBe(200);
    expect((await listed(c.id)).map((d: { code: string }) => d.code)).toEqual(['QUARANTINE']);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityType, 'disposition'));
    expect(audit.filter((a) => a.entityId === String(id)).map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });
});

describe('dispositions and locations on submitted lines', () => {
  const submit = (token: string, body: unknown) => call(t.app, 'POST', '/api/returns', { token, body });

  it('applies the default of each condition when a line leaves it out; Restock needs the bin and keeps it', async () => {
    const { customer, made } = await customerWithDispositions();
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const draft = draftFor(customer.id, made);
    // Line 0 Pristine → default Restock: without a bin it is refused, nothing written.
    const refused = await submit(token, draft);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ 'return_ledgers.0.location': [DISPOSITION_MSG.locationRequired] });
    expect(await writtenFor(db(), customer.id, made.order.id)).toMatchObject({ returns: 0, ledgers: 0 });

    const ledgers = [{ ...draft.return_ledgers[0]!, location: ' BIN-A-01 ' }, draft.return_ledgers[1]!];
    const res = await submit(token, { ...draft, return_ledgers: ledgers });
    expect(res.status).toBe(200);
    expect(res.body.message.ledgers.map((l: Record<string, unknown>) => [l.condition, l.disposition, l.location])).toEqual([
      ['Pristine', 'RESTOCK', 'BIN-A-01'],
      ['Scrap', 'RECYCLE', null],
    ]);
    expect(res.body.message.has_discrepancies).toBe(false);
    const stored = await db().select().from(returnLedgers).where(eq(returnLedgers.returnId, res.body.message.id));
    expect(stored.map((l) => [l.disposition, l.location])).toEqual([
      ['RESTOCK', 'BIN-A-01'],
      ['RECYCLE', null],
    ]);
  });

  it('an explicit disposition wins; null means none; 422 for an unknown code, another customer’s, or a bin on a non-Restock line', async () => {
    const { customer, made } = await customerWithDispositions();
    const other = await makeCustomer(db());
    expect((await addDisposition(other.id, { code: 'DONATE', name: 'Donate' })).status).toBe(200);
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const draft = draftFor(customer.id, made);
    const line = (change: Record<string, unknown>) => [{ ...draft.return_ledgers[0]!, ...change }, draft.return_ledgers[1]!];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ disposition: 'SHRED' }, 'return_ledgers.0.disposition', DISPOSITION_MSG.unknown],
      [{ disposition: 'DONATE' }, 'return_ledgers.0.disposition', DISPOSITION_MSG.unknown],
      [{ disposition: 'REFURBISH', location: 'BIN-1' }, 'return_ledgers.0.location', DISPOSITION_MSG.locationNotTaken],
      [{ disposition: null, location: 'BIN-1' }, 'return_ledgers.0.location', DISPOSITION_MSG.locationNotTaken],
      [{ disposition: 'RESTOCK', location: '' }, 'return_ledgers.0.location', DISPOSITION_MSG.locationRequired],
    ];
    for (const [change, field, message] of cases) {
      const res = await submit(token, { ...draft, return_ledgers: line(change) });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.body.errors, JSON.stringify(change)).toEqual({ [field]: [message] });
    }
    expect(await writtenFor(db(), customer.id, made.order.id)).toMatchObject({ returns: 0, ledgers: 0, tasks: 0 });
    const ok = await submit(token, { ...draft, return_ledgers: line({ disposition: null }) });
    expect(ok.status).toBe(200);
    expect(ok.body.message.ledgers[0]).toMatchObject({ disposition: null, location: null });
  });

  it('a blind return carries dispositions and bins under the same rules', async () => {
    const customer = await makeCustomer(db(), { canBlind: true });
    await makeReason(db(), customer.id, 'DAMAGED');
    for (const d of [restock, refurbish]) await addDisposition(customer.id, d);
    const [product] = await db()
      .insert(products)
      .values({ customerId: customer.id, sku: `BL-${customer.id}`, name1: 'Blind thing' })
      .returning();
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const body = (line: Record<string, unknown>) => ({
      reference_1: 'RMA-B',
      return_date: '2026-03-04',
      return_ledgers: [{ product_id: product!.id, quantity: 1, condition: 'Pristine', reason: 'DAMAGED', ...line }],
    });
    const refused = await call(t.app, 'PUT', `/api/returns/blind/${customer.id}`, { token, body: body({}) });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ 'return_ledgers.0.location': [DISPOSITION_MSG.locationRequired] });
    const saved = await call(t.app, 'PUT', `/api/returns/blind/${customer.id}`, { token, body: body({ location: 'BIN-9' }) });
    expect(saved.status).toBe(200);
    const view = await call(t.app, 'GET', `/api/returns/${saved.body.message.id}/order/blind`, { token });
    expect(view.body.message.lines[0]).toMatchObject({
      disposition: 'RESTOCK',
      disposition_text: 'Restock',
      location: 'BIN-9',
      discrepancy: null,
    });
    expect(view.body.message).toMatchObject({ has_discrepancies: false, missing_lines: [] });
  });
});

describe('discrepancies: missing, wrong item, extra item', () => {
  const submit = (token: string, body: unknown) => call(t.app, 'POST', '/api/returns', { token, body });

  async function setup() {
    const f = await customerWithDispositions();
    const catalogue = await makeOrder(db(), f.customer.id, {}, [1]); // a product of another order of the customer
    const stranger = await makeCustomer(db());
    const foreign = await makeOrder(db(), stranger.id, {}, [1]);
    const { token } = await operatorSession(t.app, db(), [f.customer.id]);
    const draft = draftFor(f.customer.id, f.made);
    const base = { ...draft.return_ledgers[1]! }; // Scrap → Recycle, no bin needed
    const { order_line_id: _l, ...free } = base;
    return { ...f, token, draft, base, free, otherProduct: catalogue.lines[0]!.productId, foreignProduct: foreign.lines[0]!.productId };
  }

  it('stores a missing line, a wrong item (with the line it replaced) and an extra item; the view and history show them', async () => {
    const s = await setup();
    const body = {
      ...s.draft,
      return_ledgers: [
        s.base,
        { ...s.free, product_id: s.otherProduct, discrepancy: 'WRONG_ITEM', replaces_order_line_id: s.made.lines[0]!.id },
        { ...s.base, discrepancy: 'EXTRA_ITEM' },
      ],
      missing_lines: [{ order_line_id: s.made.lines[0]!.id, quantity: 2 }],
    };
    const res = await submit(s.token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const created = res.body.message;
    expect(created.has_discrepancies).toBe(true);
    expect(created.missing_lines).toEqual([
      { id: expect.any(Number), order_line_id: s.made.lines[0]!.id, product_id: s.made.lines[0]!.productId, quantity: 2 },
    ]);
    expect(created.ledgers.map((l: Record<string, unknown>) => [l.order_line_id, l.discrepancy, l.replaces_order_line_id])).toEqual([
      [s.made.lines[1]!.id, null, null],
      [null, 'WRONG_ITEM', s.made.lines[0]!.id],
      [s.made.lines[1]!.id, 'EXTRA_ITEM', null],
    ]);
    const [row] = await db().select().from(returns).where(eq(returns.id, created.id));
    expect(row!.hasDiscrepancies).toBe(true);
    expect(await db().select().from(returnMissingLines).where(eq(returnMissingLines.returnId, created.id))).toHaveLength(1);

    const view = (await call(t.app, 'GET', `/api/returns/${created.id}/order/${s.made.order.id}`, { token: s.token })).body.message;
    expect(view.has_discrepancies).toBe(true);
    expect(view.lines[1]).toMatchObject({
      discrepancy: 'WRONG_ITEM',
      order_line_number: null,
      replaces_line_number: s.made.lines[0]!.lineNumber,
    });
    expect(view.missing_lines).toEqual([
      expect.objectContaining({
        order_line_number: s.made.lines[0]!.lineNumber,
        quantity: 2,
        product: expect.objectContaining({ id: s.made.lines[0]!.productId }),
      }),
    ]);

    const history = async (flag: string) =>
      (await call(t.app, 'GET', `/api/returns?filter[customer_id]=${s.customer.id}&filter[has_discrepancies]=${flag}`, { token: s.token }))
        .body.message;
    const withThem = await history('1');
    expect(withThem.data.map((r: { id: number }) => r.id)).toEqual([created.id]);
    expect(withThem.data[0].has_discrepancies).toBe(true);
    expect(withThem.total_records).toBe(1);
    expect((await history('0')).data.map((r: { id: number }) => r.id)).not.toContain(created.id);
    expect((await call(t.app, 'GET', `/api/returns?filter[has_discrepancies]=maybe`, { token: s.token })).status).toBe(422);

    // What goes out: the data of the stored return in format version 2, field by field.
    const data = { ...(await createOutboundDataRepository(db()).returnFile(created.id))!, correction: undefined };
    const header = { sender: 'SGL', receiver: 'R', schema: 'Default', messageId: 1, createdAt: new Date() };
    const xml = buildReturnXml(data, header, 2);
    expect(xml).toContain('<Discrepancy>WRONG_ITEM</Discrepancy>');
    expect(xml).toContain(`<ReplacesOrderLineNumber>${s.made.lines[0]!.lineNumber}</ReplacesOrderLineNumber>`);
    expect(xml).toContain('<DispositionCode>RECYCLE</DispositionCode>');
    expect(xml).toContain('<Disposition>Recycle</Disposition>');
    expect(xml).toContain('<Missing>2</Missing>');
    expect(xml).toContain('<WrongItems>1</WrongItems>');
    expect(xml).toContain('<ExtraItems>1</ExtraItems>');
    expect(buildReturnXml(data, header, 1)).not.toContain('Discrepanc');
    const flat = buildReturnFlat(data, header, 2).split('\r\n').filter(Boolean);
    expect(flat.map((r) => r[0])).toEqual(['H', 'D', 'D', 'D', 'M', 'T']);
    expect(flat[4]!.slice(6, 12)).toBe(String(s.made.lines[0]!.lineNumber).padStart(6, '0'));
    const dWidth = FLAT_LAYOUT_V2.D.reduce((n, [, w]) => n + w, 0);
    expect(flat[2]!.length).toBe(dWidth);
    expect(flat[2]!.slice(dWidth - 16, dWidth - 6).trim()).toBe('WRONG_ITEM');
    const shop = toShopReturn(data, 2);
    expect(shop.missing_lines).toEqual([{ line_number: s.made.lines[0]!.lineNumber, sku: s.made.lines[0]!.product.sku, quantity: 2 }]);
    expect(shop.lines[1]).toMatchObject({
      line_number: null,
      discrepancy: 'WRONG_ITEM',
      disposition: 'RECYCLE',
      disposition_text: 'Recycle',
    });
    expect(shop.discrepancies).toEqual({ missing: 2, wrong_items: 1, extra_items: 1, total: 4 });

    // The report: a Discrepancy column, and a row for the missing order line.
    const report = await createReportsRepository(db()).lines(s.customer.id, '2026-01-01', '2026-12-31', 100);
    expect(report.map((r) => [r.sku, r.quantity, r.disposition, r.discrepancy])).toEqual([
      [s.made.lines[1]!.product.sku, 1, 'Recycle', null],
      [expect.any(String), 1, 'Recycle', 'WRONG_ITEM'],
      [s.made.lines[1]!.product.sku, 1, 'Recycle', 'EXTRA_ITEM'],
      [s.made.lines[0]!.product.sku, 2, null, 'MISSING'],
    ]);
  });

  it('422 for a wrong item on the order, without a product of the customer, a line without discrepancy, bad missing lines; nothing written', async () => {
    const s = await setup();
    const onOrder = s.made.lines[0]!;
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { return_ledgers: [{ ...s.free, product_id: onOrder.productId, discrepancy: 'WRONG_ITEM' }] },
        'return_ledgers.0.product_id',
        DISPOSITION_MSG.wrongItemOnOrder,
      ],
      [{ return_ledgers: [{ ...s.base, discrepancy: 'WRONG_ITEM' }] }, 'return_ledgers.0.order_line_id', DISPOSITION_MSG.wrongItemHasLine],
      [
        { return_ledgers: [{ ...s.free, product_id: s.foreignProduct, discrepancy: 'EXTRA_ITEM' }] },
        'return_ledgers.0.product_id',
        DISPOSITION_MSG.productUnknown,
      ],
      [{ return_ledgers: [{ ...s.free, product_id: s.otherProduct }] }, 'return_ledgers.0.order_line_id', DISPOSITION_MSG.lineRequired],
      [{ return_ledgers: [{ ...s.base, discrepancy: 'LOST' }] }, 'return_ledgers.0.discrepancy', DISPOSITION_MSG.discrepancyInvalid],
      [
        { return_ledgers: [{ ...s.base, discrepancy: 'EXTRA_ITEM', replaces_order_line_id: onOrder.id }] },
        'return_ledgers.0.replaces_order_line_id',
        DISPOSITION_MSG.replacesOnlyWrong,
      ],
      [{ missing_lines: [{ order_line_id: onOrder.id, quantity: 3 }] }, 'missing_lines.0.quantity', DISPOSITION_MSG.missingTooMany],
      [{ missing_lines: [{ order_line_id: onOrder.id, quantity: 0 }] }, 'missing_lines.0.quantity', MSG.quantityRequired],
      [
        {
          missing_lines: [
            { order_line_id: onOrder.id, quantity: 1 },
            { order_line_id: onOrder.id, quantity: 1 },
          ],
        },
        'missing_lines.1.order_line_id',
        DISPOSITION_MSG.missingTwice,
      ],
    ];
    for (const [change, field, message] of cases) {
      const res = await submit(s.token, { ...s.draft, return_ledgers: [s.base], ...change });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.body.errors?.[field], JSON.stringify(res.body)).toEqual([message]);
    }
    // A missing line of another order of the customer; a line of another customer is 403.
    const otherOrder = await makeOrder(db(), s.customer.id, {}, [1]);
    const wrongOrder = await submit(s.token, {
      ...s.draft,
      return_ledgers: [s.base],
      missing_lines: [{ order_line_id: otherOrder.lines[0]!.id, quantity: 1 }],
    });
    expect(wrongOrder.body.errors).toEqual({ 'missing_lines.0.order_line_id': [RETURN_MSG.lineNotInOrder] });
    const stranger = await makeOrder(db(), (await makeCustomer(db())).id, {}, [1]);
    const forbidden = await submit(s.token, {
      ...s.draft,
      return_ledgers: [s.base],
      missing_lines: [{ order_line_id: stranger.lines[0]!.id, quantity: 1 }],
    });
    expect(forbidden.status).toBe(403);
    expect(await writtenFor(db(), s.customer.id, s.made.order.id)).toMatchObject({ returns: 0, ledgers: 0, tasks: 0, status: 'New' });
    const [row] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM return_missing_lines WHERE customer_id = ${s.customer.id}`,
    );
    expect(row!.n).toBe(0);
  });
});
