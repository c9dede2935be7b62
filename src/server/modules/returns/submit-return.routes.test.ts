import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.js';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeOrder } from '../../test/order-factory.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { MSG } from '../../../contract/messages.js';
import { RETURN_MSG } from '../../../contract/returns.js';
import { draftFor, makeConnection, receivingFixture, writtenFor } from '../../test/receiving-fixtures.js';

let t: TestApp;
const db = () => t.deps.database.db;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const submit = (token: string | undefined, body: unknown) => call(t.app, 'POST', '/api/returns', { token, body });
const nothingWritten = { returns: 0, ledgers: 0, tasks: 0, status: 'New' };

describe('POST /api/returns: refusals', () => {
  it('answers 401 without a token, before validating', async () => {
    const res = await submit(undefined, {});
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 401, message: 'Unauthorized.' });
  });

  it('answers 422 with field messages for an empty or malformed draft', async () => {
    const { token } = await operatorSession(t.app, db());
    const res = await submit(token, {});
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      id: [RETURN_MSG.draftIdInvalid],
      return_date: [MSG.invalidDate],
      return_ledgers: [RETURN_MSG.ledgersRequired],
    });
    expect(res.body.errors).toHaveProperty('customer_id');
    expect(res.body.errors).toHaveProperty('order_id');
  });

  it('answers 422 for bad ledger entries and writes nothing', async () => {
    const { customer, made } = await receivingFixture(db());
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const draft = draftFor(customer.id, made);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ quantity: 0 }, 'return_ledgers.0.quantity', MSG.quantityRequired],
      [{ quantity: null }, 'return_ledgers.0.quantity', MSG.quantityRequired],
      [{ quantity: 1.5 }, 'return_ledgers.0.quantity', MSG.quantityRequired],
      [{ condition: 'Secondhand' }, 'return_ledgers.0.condition', RETURN_MSG.conditionInvalid],
      [{ reason: '' }, 'return_ledgers.0.reason', RETURN_MSG.reasonRequired],
      [{ reason: 'NOT-OURS' }, 'return_ledgers.0.reason', RETURN_MSG.reasonUnknown],
      [{ product_id: made.lines[1]!.productId }, 'return_ledgers.0.product_id', RETURN_MSG.productNotOnLine],
    ];
    for (const [change, field, message] of cases) {
      const ledgers = [{ ...draft.return_ledgers[0]!, ...change }, draft.return_ledgers[1]!];
      const res = await submit(token, { ...draft, return_ledgers: ledgers });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.body.errors?.[field], JSON.stringify(res.body)).toEqual([message]);
    }
    for (const [change, field, message] of [
      [{ return_ledgers: [] }, 'return_ledgers', RETURN_MSG.ledgersRequired],
      [{ id: '__abc' }, 'id', RETURN_MSG.draftIdInvalid],
      [{ id: 'x_abc123' }, 'id', RETURN_MSG.draftIdInvalid],
      [{ return_date: '2026-02-30' }, 'return_date', MSG.invalidDate],
      [{ is_blind: true }, 'is_blind', RETURN_MSG.notBlind],
    ] as const) {
      const res = await submit(token, { ...draft, ...change });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.body.errors?.[field]).toEqual([message]);
    }
    expect(await writtenFor(db(), customer.id, made.order.id)).toEqual(nothingWritten);
  });

  it('answers 422 for a line of another order of the same customer', async () => {
    const { customer, made } = await receivingFixture(db());
    const second = await makeOrder(db(), customer.id);
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const draft = draftFor(customer.id, made);
    draft.return_ledgers[1]!.order_line_id = second.lines[0]!.id;
    draft.return_ledgers[1]!.product_id = second.lines[0]!.productId;
    const res = await submit(token, draft);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ 'return_ledgers.1.order_line_id': [RETURN_MSG.lineNotInOrder] });
    expect(await writtenFor(db(), customer.id, made.order.id)).toEqual(nothingWritten);
  });

  it("answers 403 for an unlinked customer, another customer's order or line, and 404 for unknown ones", async () => {
    const { customer, made } = await receivingFixture(db());
    const { customer: other, made: otherOrder } = await receivingFixture(db());
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    expect((await submit(token, draftFor(other.id, otherOrder))).status).toBe(403);
    expect((await submit(token, draftFor(customer.id, otherOrder))).status).toBe(403);
    const foreignLine = draftFor(customer.id, made);
    foreignLine.return_ledgers[0]!.order_line_id = otherOrder.lines[0]!.id;
    expect((await submit(token, foreignLine)).status).toBe(403);
    const unknownLine = draftFor(customer.id, made);
    unknownLine.return_ledgers[0]!.order_line_id = 99_999_999;
    expect((await submit(token, unknownLine)).status).toBe(404);
    expect((await submit(token, draftFor(customer.id, made, { order_id: 99_999_999 }))).status).toBe(404);
    expect((await submit(token, draftFor(99_999_999, made))).status).toBe(404);
    expect(await writtenFor(db(), customer.id, made.order.id)).toEqual(nothingWritten);
    expect(await writtenFor(db(), other.id, otherOrder.order.id)).toEqual(nothingWritten);
  });
});

describe('POST /api/returns: the one check statement keeps the order of refusals', () => {
  it('answers 401 for an expired session or a disabled user, with a valid or an invalid draft', async () => {
    const { customer, made } = await receivingFixture(db());
    const expired = await operatorSession(t.app, db(), [customer.id]);
    await db().execute(sql`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE user_id = ${expired.user.id}`);
    const disabled = await operatorSession(t.app, db(), [customer.id]);
    await db().execute(sql`UPDATE users SET user_status = 'Disabled' WHERE id = ${disabled.user.id}`);
    for (const { token } of [expired, disabled]) {
      expect((await submit(token, draftFor(customer.id, made))).status).toBe(401);
      expect((await submit(token, {})).status).toBe(401);
      expect((await submit('not-a-token', draftFor(customer.id, made))).body).toMatchObject({ code: 401, message: 'Unauthorized.' });
    }
    expect(await writtenFor(db(), customer.id, made.order.id)).toEqual(nothingWritten);
  });

  it('answers 404 for an unknown customer before anything about the order or its lines', async () => {
    const { customer, made } = await receivingFixture(db());
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const res = await submit(token, draftFor(99_999_999, made, { order_id: 99_999_998 }));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Customer not found.');
  });

  it('answers 403 for an unlinked customer even when its order is unknown, and admins pass that check', async () => {
    const { customer, made } = await receivingFixture(db());
    const { customer: other } = await receivingFixture(db());
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    expect((await submit(token, draftFor(other.id, made, { order_id: 99_999_998 }))).status).toBe(403);
    const admin = await adminSession(t.app, db());
    const res = await submit(admin.token, draftFor(other.id, made, { order_id: 99_999_998 }));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Order not found.');
  });

  it('answers 404 for an unknown line and 403 for a foreign one before the 422s of other lines', async () => {
    const { customer, made } = await receivingFixture(db());
    const { made: otherOrder } = await receivingFixture(db());
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const unknown = draftFor(customer.id, made);
    unknown.return_ledgers[0]!.reason = 'NOT-OURS';
    unknown.return_ledgers[1]!.order_line_id = 99_999_999;
    const res = await submit(token, unknown);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Order line not found.');
    const foreign = draftFor(customer.id, made);
    foreign.return_ledgers[0]!.reason = 'NOT-OURS';
    foreign.return_ledgers[1]!.order_line_id = otherOrder.lines[0]!.id;
    expect((await submit(token, foreign)).status).toBe(403);
    expect(await writtenFor(db(), customer.id, made.order.id)).toEqual(nothingWritten);
  });
});

describe('POST /api/returns: saving', () => {
  it('writes the return, its ledgers, the order status and one outbound task per outbound connection', async () => {
    const { customer, made } = await receivingFixture(db());
    const xml = await makeConnection(db(), customer.id);
    const flat = await makeConnection(db(), customer.id, { connectionMeta: { format: 'FLAT' } });
    const shop = await makeConnection(db(), customer.id, { connectionType: 'SGL Ecom', endpoint: 'http://127.0.0.1:1/shop' });
    await makeConnection(db(), customer.id, { connectionType: 'Biztalk Inbound Order' });
    const { user, token } = await operatorSession(t.app, db(), [customer.id]);
    const draft = draftFor(customer.id, made, { reference_1: ' RMA-77 ', reference_2: 'box 3' });
    const res = await submit(token, draft);
    expect(res.status).toBe(200);
    const saved = res.body.message;
    expect(saved).toMatchObject({
      order_id: made.order.id,
      customer_id: customer.id,
      user_id: user.id,
      username: user.username,
      reference_1: 'RMA-77',
      reference_2: 'box 3',
      return_date: '2026-03-04',
      is_blind: false,
    });
    expect(saved.ledgers).toEqual([
      expect.objectContaining({
        return_id: saved.id,
        order_line_id: made.lines[0]!.id,
        quantity: 1,
        condition: 'Pristine',
        reason: 'DAMAGED',
        comment: 'box dented',
      }),
      expect.objectContaining({ return_id: saved.id, order_line_id: made.lines[1]!.id, condition: 'Scrap', comment: null }),
    ]);
    expect(await writtenFor(db(), customer.id, made.order.id)).toEqual({ returns: 1, ledgers: 2, tasks: 3, status: 'Return Created' });
    const tasks = await queryRows<{
      task_type: string;
      task_status: string;
      message_1: string;
      payload: unknown;
      order_id: number;
      return_id: number;
    }>(
      db(),
      sql`SELECT task_type, task_status, message_1, payload, order_id, return_id FROM tasks WHERE customer_id = ${customer.id} ORDER BY id`,
    );
    const common = { task_status: 'Pending', message_1: `Return #${saved.id}`, order_id: made.order.id, return_id: saved.id };
    expect(tasks).toEqual([
      { ...common, task_type: 'SGL Outbound', payload: { returnId: saved.id, connectionId: xml.id } },
      { ...common, task_type: 'FGL Outbound', payload: { returnId: saved.id, connectionId: flat.id } },
      { ...common, task_type: 'Ecommerce Outbound', payload: { returnId: saved.id, connectionId: shop.id } },
    ]);
  });

  it('answers the same return when the same draft is submitted again, and writes it once', async () => {
    const { customer, made } = await receivingFixture(db());
    await makeConnection(db(), customer.id);
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const draft = draftFor(customer.id, made);
    const first = await submit(token, draft);
    const second = await submit(token, draft);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.message).toEqual(first.body.message);
    expect(await writtenFor(db(), customer.id, made.order.id)).toEqual({ returns: 1, ledgers: 2, tasks: 1, status: 'Return Created' });
    // The same temporary id from another operator is another draft.
    const { token: otherToken } = await operatorSession(t.app, db(), [customer.id]);
    const third = await submit(otherToken, draft);
    expect(third.body.message.id).not.toBe(first.body.message.id);
  });

  it('refuses a draft id already used for another order with 409', async () => {
    const { customer, made } = await receivingFixture(db());
    const second = await makeOrder(db(), customer.id);
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const draft = draftFor(customer.id, made);
    expect((await submit(token, draft)).status).toBe(200);
    const reused = await submit(token, { ...draftFor(customer.id, second), id: draft.id });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(RETURN_MSG.draftReused);
  });

  it('rolls everything back when a part of the submit fails (a task insert)', async () => {
    const { customer, made } = await receivingFixture(db());
    await makeConnection(db(), customer.id);
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    // A trigger that fails the task insert of this customer only: the last write of the transaction.
    await db().execute(
      sql.raw(`CREATE FUNCTION fail_task_${customer.id}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.customer_id = ${customer.id} THEN RAISE EXCEPTION 'task insert failed'; END IF; RETURN NEW; END $$`),
    );
    await db().execute(
      sql.raw(`CREATE TRIGGER fail_task_${customer.id} BEFORE INSERT ON tasks FOR EACH ROW EXECUTE FUNCTION fail_task_${customer.id}()`),
    );
    const draft = draftFor(customer.id, made);
    try {
      const res = await submit(token, draft);
      expect(res.status).toBe(500);
      expect(res.body.message).not.toContain('task insert failed');
      expect(await writtenFor(db(), customer.id, made.order.id)).toEqual(nothingWritten);
    } finally {
      await db().execute(sql.raw(`DROP TRIGGER fail_task_${customer.id} ON tasks`));
    }
    // The same draft goes through once the fault is gone: nothing half-written blocks it.
    const retry = await submit(token, draft);
    expect(retry.status).toBe(200);
    expect(await writtenFor(db(), customer.id, made.order.id)).toEqual({ returns: 1, ledgers: 2, tasks: 1, status: 'Return Created' });
  });

  it('lets a second return on the same order count against previous ones', async () => {
    const { customer, made } = await receivingFixture(db(), [3]);
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    expect((await submit(token, draftFor(customer.id, made))).status).toBe(200);
    expect((await submit(token, draftFor(customer.id, made))).status).toBe(200);
    const order = await call(t.app, 'PUT', `/api/returns/order/Biztalk/${made.order.id}`, { token });
    expect(order.body.message.returns).toHaveLength(2);
    expect(order.body.message.ledgers).toHaveLength(2);
  });
});
