import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORRECTION_MSG } from '../../../contract/corrections.js';
import { RETURN_MSG } from '../../../contract/returns.js';
import type { Db } from '../../db/client.js';
import { auditLog, returnLedgers, tasks } from '../../db/schema/index.js';
import { correctionState, submittedReturn } from '../../test/correction-fixtures.js';
import { makeCustomer, makeReason } from '../../test/factories.js';
import { makeOrder } from '../../test/order-factory.js';
import { makeProduct } from '../../test/return-factory.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { createReportsRepository } from '../reports/reports.repository.js';
import { REPORT_COLUMNS } from '../reports/return-report.files.js';

let t: TestApp;
let db: Db;
let admin: { token: string; user: { id: number; username: string } };
beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.database.db;
  admin = await adminSession(t.app, db);
});
afterAll(() => t.close());

const path = (id: number | string) => `/api/su/returns/${id}/corrections`;
type Fixture = Awaited<ReturnType<typeof submittedReturn>>;

/** The return's two lines as they are, as a correction body lists them. */
const asIs = (f: Fixture) =>
  f.ledgers.map((l) => ({ id: l.id, quantity: l.quantity, condition: l.condition, reason: l.reason, comment: l.comment ?? '' }));

describe('POST /api/su/returns/{returnId}/corrections refusals (nothing written)', () => {
  it('answers 401 without a token and 403 to operators, linked to the customer or not', async () => {
    const f = await submittedReturn(t.app, db, admin.token);
    const before = await correctionState(db, f.returnId);
    const body = { version: 1, comment: 'qty', lines: [{ ...asIs(f)[0], quantity: 1 }] };
    expect((await call(t.app, 'POST', path(f.returnId), { body })).status).toBe(401);
    const linked = await operatorSession(t.app, db, [f.customer.id]);
    const res = await call(t.app, 'POST', path(f.returnId), { token: linked.token, body });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Forbidden.');
    const stranger = await operatorSession(t.app, db, [(await makeCustomer(db)).id]);
    expect((await call(t.app, 'POST', path(f.returnId), { token: stranger.token, body })).status).toBe(403);
    expect(await correctionState(db, f.returnId)).toEqual(before);
    // Operators still see the return (and its versions) on the Return View.
    const view = await call(t.app, 'GET', `/api/returns/${f.returnId}/order/${f.made.order.id}`, { token: linked.token });
    expect(view.status).toBe(200);
    expect(view.body.message).toMatchObject({ version: 1, corrected_at: null, versions: [] });
  });

  it('answers 404 for an unknown return and 422 for a bad id', async () => {
    const body = { version: 1, comment: 'x', lines: [{ id: 1, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' }] };
    const res = await call(t.app, 'POST', path(99_999_999), { token: admin.token, body });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Return not found.');
    expect((await call(t.app, 'POST', path('abc'), { token: admin.token, body })).status).toBe(422);
  });

  it('refuses with 422 and a clear message, and writes nothing', async () => {
    const f = await submittedReturn(t.app, db, admin.token);
    const other = await makeCustomer(db);
    await makeReason(db, other.id, 'DAMAGED', 'Damaged');
    const foreignOrder = await makeOrder(db, other.id, {}, [1]);
    const sameCustomerOtherOrder = await makeOrder(db, f.customer.id, {}, [1]);
    const [a, b] = asIs(f);
    const l3 = f.made.lines[2]!;
    const before = await correctionState(db, f.returnId);
    const cases: { body: unknown; field: string; message: string }[] = [
      { body: { version: 1, lines: [{ ...a, quantity: 1 }, b] }, field: 'comment', message: CORRECTION_MSG.commentRequired },
      {
        body: { version: 1, comment: '   ', lines: [{ ...a, quantity: 1 }, b] },
        field: 'comment',
        message: CORRECTION_MSG.commentRequired,
      },
      { body: { version: 1, comment: 'nothing', lines: [a, b] }, field: 'lines', message: CORRECTION_MSG.nothingChanged },
      { body: { version: 1, comment: 'all gone', lines: [] }, field: 'lines', message: RETURN_MSG.ledgersRequired },
      { body: { comment: 'x', lines: [a] }, field: 'version', message: CORRECTION_MSG.versionRequired },
      {
        body: { version: 1, comment: 'negative', lines: [{ ...a, quantity: -3 }, b] },
        field: 'lines.0.quantity',
        message: CORRECTION_MSG.negative(f.made.lines[0]!.product.sku, -3),
      },
      {
        body: { version: 1, comment: 'zero', lines: [{ ...a, quantity: 0 }, b] },
        field: 'lines.0.quantity',
        message: 'Quantity is required',
      },
      {
        body: {
          version: 1,
          comment: 'foreign line',
          lines: [a, b, { order_line_id: foreignOrder.lines[0]!.id, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' }],
        },
        field: 'lines.2.order_line_id',
        message: RETURN_MSG.lineNotInOrder,
      },
      {
        body: {
          version: 1,
          comment: 'other order',
          lines: [a, b, { order_line_id: sameCustomerOtherOrder.lines[0]!.id, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' }],
        },
        field: 'lines.2.order_line_id',
        message: RETURN_MSG.lineNotInOrder,
      },
      {
        body: {
          version: 1,
          comment: 'foreign product',
          lines: [
            a,
            b,
            { order_line_id: l3.id, product_id: foreignOrder.lines[0]!.productId, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' },
          ],
        },
        field: 'lines.2.product_id',
        message: RETURN_MSG.productNotOnLine,
      },
      {
        body: { version: 1, comment: 'no line', lines: [a, b, { quantity: 1, condition: 'Pristine', reason: 'DAMAGED' }] },
        field: 'lines.2.order_line_id',
        message: CORRECTION_MSG.orderLineRequired,
      },
      {
        body: { version: 1, comment: 'reason', lines: [{ ...a, reason: 'NOPE' }, b] },
        field: 'lines.0.reason',
        message: RETURN_MSG.reasonUnknown,
      },
      { body: { version: 1, comment: 'twice', lines: [a, { ...a, quantity: 1 }] }, field: 'lines.1.id', message: CORRECTION_MSG.lineTwice },
      {
        body: { version: 1, comment: 'unknown', lines: [a, { ...b, id: 99_999_999 }] },
        field: 'lines.1.id',
        message: CORRECTION_MSG.lineUnknown,
      },
      {
        body: { version: 1, comment: 'product', lines: [{ ...a, product_id: f.made.lines[2]!.productId }, b] },
        field: 'lines.0.product_id',
        message: CORRECTION_MSG.productFixed,
      },
      {
        body: { version: 1, comment: 'cond', lines: [{ ...a, condition: 'Broken' }, b] },
        field: 'lines.0.condition',
        message: RETURN_MSG.conditionInvalid,
      },
    ];
    for (const c of cases) {
      const res = await call(t.app, 'POST', path(f.returnId), { token: admin.token, body: c.body });
      expect(res.status, JSON.stringify(c.body)).toBe(422);
      expect(res.body.errors?.[c.field], JSON.stringify(res.body)).toContain(c.message);
      expect(await correctionState(db, f.returnId)).toEqual(before);
    }
  });

  it('refuses a line of another return of the same order, and a foreign product on a blind return', async () => {
    const f = await submittedReturn(t.app, db, admin.token);
    const g = await call(t.app, 'POST', '/api/returns', {
      token: admin.token,
      body: {
        id: '__second',
        customer_id: f.customer.id,
        order_id: f.made.order.id,
        return_date: '2026-11-21',
        return_ledgers: [
          {
            order_line_id: f.made.lines[2]!.id,
            product_id: f.made.lines[2]!.productId,
            quantity: 1,
            condition: 'Pristine',
            reason: 'DAMAGED',
          },
        ],
      },
    });
    expect(g.status).toBe(200);
    const otherLedger = g.body.message.ledgers[0].id as number;
    const res = await call(t.app, 'POST', path(f.returnId), {
      token: admin.token,
      body: {
        version: 1,
        comment: 'steal',
        lines: [...asIs(f), { id: otherLedger, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' }],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors?.['lines.2.id']).toEqual([CORRECTION_MSG.lineUnknown]);

    const blindCustomer = await makeCustomer(db, { canBlind: true });
    await makeReason(db, blindCustomer.id, 'DAMAGED', 'Damaged');
    const own = await makeProduct(db, blindCustomer.id);
    const foreign = await makeProduct(db, f.customer.id);
    const saved = await call(t.app, 'PUT', `/api/returns/blind/${blindCustomer.id}`, {
      token: admin.token,
      body: {
        reference_1: 'B-1',
        return_date: '2026-11-20',
        return_ledgers: [{ product_id: own.id, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' }],
      },
    });
    expect(saved.status).toBe(200);
    const blindId = saved.body.message.id as number;
    const [ledger] = await db.select().from(returnLedgers).where(eq(returnLedgers.returnId, blindId));
    const before = await correctionState(db, blindId);
    const refused = await call(t.app, 'POST', path(blindId), {
      token: admin.token,
      body: {
        version: 1,
        comment: 'foreign product',
        lines: [
          { id: ledger!.id, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' },
          { product_id: foreign.id, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' },
        ],
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors?.['lines.1.product_id']).toEqual([CORRECTION_MSG.productUnknown]);
    expect(await correctionState(db, blindId)).toEqual(before);
  });

  it('answers 409 "the return changed" to a correction of a version that is no longer current', async () => {
    const f = await submittedReturn(t.app, db, admin.token);
    const [a, b] = asIs(f);
    const first = await call(t.app, 'POST', path(f.returnId), {
      token: admin.token,
      body: { version: 1, comment: 'first', lines: [{ ...a, quantity: 1 }, b] },
    });
    expect(first.status).toBe(200);
    const before = await correctionState(db, f.returnId);
    const other = await adminSession(t.app, db);
    const second = await call(t.app, 'POST', path(f.returnId), {
      token: other.token,
      body: { version: 1, comment: 'second', lines: [a, { ...b, condition: 'Pristine' }] },
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(CORRECTION_MSG.changed);
    expect(await correctionState(db, f.returnId)).toEqual(before);
  });
});

describe('POST /api/su/returns/{returnId}/corrections', () => {
  it('saves a new version: lines changed, removed and added, versions with before → after, tasks, audit and corrected figures', async () => {
    const f = await submittedReturn(t.app, db, admin.token);
    const [a, b] = asIs(f);
    const l3 = f.made.lines[2]!;
    const countsBefore = (await correctionState(db, f.returnId)).counted;
    const res = await call(t.app, 'POST', path(f.returnId), {
      token: admin.token,
      body: {
        version: 1,
        comment: 'Mistyped quantity; line 3 was in the box, line 2 was not',
        lines: [
          { ...a, quantity: 1, condition: 'Reconditioning', reason: 'WRONG' },
          { order_line_id: l3.id, quantity: 1, condition: 'Pristine', reason: 'DAMAGED', comment: 'found later' },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const view = res.body.message;
    expect(view).toMatchObject({ id: f.returnId, version: 2, corrected_at: expect.any(String) });
    expect(
      view.lines.map((l: { product: { sku: string }; quantity: number; condition: string; reason: string }) => [
        l.product.sku,
        l.quantity,
        l.condition,
        l.reason,
      ]),
    ).toEqual([
      [f.made.lines[0]!.product.sku, 1, 'Reconditioning', 'WRONG'],
      [l3.product.sku, 1, 'Pristine', 'DAMAGED'],
    ]);
    expect(view.versions).toHaveLength(2);
    expect(view.versions[0]).toMatchObject({ version: 1, username: admin.user.username, comment: null, changes: [] });
    const v2 = view.versions[1];
    expect(v2).toMatchObject({
      version: 2,
      username: admin.user.username,
      comment: 'Mistyped quantity; line 3 was in the box, line 2 was not',
    });
    expect(v2.changes).toEqual([
      {
        kind: 'changed',
        ledger_id: a!.id,
        sku: f.made.lines[0]!.product.sku,
        name_1: f.made.lines[0]!.product.name1,
        fields: [
          { field: 'quantity', before: 2, after: 1 },
          { field: 'condition', before: 'Pristine', after: 'Reconditioning' },
          { field: 'reason', before: 'DAMAGED', after: 'WRONG' },
        ],
      },
      {
        kind: 'removed',
        ledger_id: b!.id,
        sku: f.made.lines[1]!.product.sku,
        name_1: f.made.lines[1]!.product.name1,
        fields: [
          { field: 'quantity', before: 1, after: null },
          { field: 'condition', before: 'Scrap', after: null },
          { field: 'reason', before: 'WRONG', after: null },
          { field: 'comment', before: null, after: null },
        ],
      },
      {
        kind: 'added',
        ledger_id: view.lines[1].id,
        sku: l3.product.sku,
        name_1: l3.product.name1,
        fields: [
          { field: 'quantity', before: null, after: 1 },
          { field: 'condition', before: null, after: 'Pristine' },
          { field: 'reason', before: null, after: 'DAMAGED' },
          { field: 'comment', before: null, after: 'found later' },
        ],
      },
    ]);
    // The submitted ledger that stayed keeps its id: the line was corrected, not replaced.
    expect(view.lines[0].id).toBe(a!.id);

    // One correction task per connection the return was sent to, referencing version 2.
    const queued = await db.select().from(tasks).where(eq(tasks.returnId, f.returnId)).orderBy(asc(tasks.id));
    expect(queued.map((q) => [q.taskType, q.payload.version ?? null, q.message1])).toEqual([
      ['SGL Outbound', null, `Return #${f.returnId}`],
      ['FGL Outbound', null, `Return #${f.returnId}`],
      ['SGL Outbound', 2, `Return #${f.returnId} correction 2`],
      ['FGL Outbound', 2, `Return #${f.returnId} correction 2`],
    ]);
    expect(view.tasks).toHaveLength(4);

    // The audit trail, readable by admins.
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'return'), eq(auditLog.entityId, String(f.returnId))));
    expect(audit).toMatchObject({ action: 'correct', actorUsername: admin.user.username });
    const trail = await call(t.app, 'GET', `/api/su/audit?entity_type=return&entity_id=${f.returnId}`, { token: admin.token });
    expect(trail.status).toBe(200);
    expect(trail.body.message[0]).toMatchObject({ action: 'correct', before: { version: 1 }, after: { version: 2 } });

    // The order's received counts: line 1 × 1, line 2 × 0, line 3 × 1.
    const order = await call(t.app, 'PUT', `/api/returns/order/Biztalk/${f.made.order.id}`, { token: admin.token, body: {} });
    expect(order.status).toBe(200);
    const received = (lineId: number) =>
      order.body.message.ledgers
        .filter((l: { order_line_id: number }) => l.order_line_id === lineId)
        .reduce((n: number, l: { quantity: number }) => n + l.quantity, 0);
    expect(f.made.lines.map((l) => received(l.id))).toEqual([1, 0, 1]);

    // History still counts one return; the report shows the corrected lines.
    expect((await correctionState(db, f.returnId)).counted).toBe(countsBefore);
    const history = await call(t.app, 'GET', `/api/returns?filter[customer_id]=${f.customer.id}`, { token: admin.token });
    expect(history.body.message.total_records).toBe(1);
    expect(history.body.message.data[0]).toMatchObject({ id: f.returnId, version: 2 });
    const report = await createReportsRepository(db).lines(f.customer.id, '2026-11-01', '2026-11-30', 100);
    expect(report.map((r) => [r.sku, r.quantity, r.condition, r.version])).toEqual([
      [f.made.lines[0]!.product.sku, 1, 'Reconditioning', 2],
      [l3.product.sku, 1, 'Pristine', 2],
    ]);
    const corrected = REPORT_COLUMNS.find((c) => c.key === 'corrected')!;
    expect(report.map((r) => corrected.value(r))).toEqual(['Y (v2)', 'Y (v2)']);
    // History's download: the corrected units and the Corrected column.
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/returns/download?format=csv&filter[customer_id]=${f.customer.id}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(download.statusCode).toBe(200);
    const [head, row] = download.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const cells = Object.fromEntries(head!.split(',').map((h, i) => [h, row!.split(',')[i]]));
    expect(cells).toMatchObject({ 'Return ID': String(f.returnId), Units: '2', Corrected: 'Y (v2)' });

    // A second correction from the new version: version 3, the versions before stay as they were.
    const again = await call(t.app, 'POST', path(f.returnId), {
      token: admin.token,
      body: {
        version: 2,
        comment: 'Condition after all',
        lines: view.lines.map((l: { id: number; quantity: number; reason: string; comment: string | null }) => ({
          id: l.id,
          quantity: l.quantity,
          condition: 'Scrap',
          reason: l.reason,
          comment: l.comment,
        })),
      },
    });
    expect(again.status).toBe(200);
    expect(again.body.message.version).toBe(3);
    expect(again.body.message.versions.map((v: { version: number }) => v.version)).toEqual([1, 2, 3]);
    expect(again.body.message.versions[1]).toEqual(v2);
  });
});
