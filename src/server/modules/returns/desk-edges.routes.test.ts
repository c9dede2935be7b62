// Issue 28, sharp edges found at the desk, through the API: a return entry's quantity (no negative
// number, at most 9,999 units) and return ids without gaps from repeated or refused submits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCustomer, makeReason } from '../../test/factories.js';
import { makeProduct } from '../../test/return-factory.js';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeOrder } from '../../test/order-factory.js';
import { operatorSession } from '../../test/sessions.js';
import { MSG, QUANTITY_MSG } from '../../../contract/messages.js';
import { RETURN_MSG } from '../../../contract/returns.js';
import { draftFor, receivingFixture, writtenFor } from '../../test/receiving-fixtures.js';

let t: TestApp;
const db = () => t.deps.database.db;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const submit = (token: string, body: unknown) => call(t.app, 'POST', '/api/returns', { token, body });
const nothingWritten = { returns: 0, ledgers: 0, tasks: 0, status: 'New' };

describe('POST /api/returns: the quantity of one entry (issue 28)', () => {
  it('refuses a negative quantity with its own message, 0 as required, 10,000 as too many; writes nothing', async () => {
    const { customer, made } = await receivingFixture(db());
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const draft = draftFor(customer.id, made);
    for (const [quantity, message] of [
      [-3, QUANTITY_MSG.negative],
      ['-3', QUANTITY_MSG.negative],
      [0, MSG.quantityRequired],
      [10_000, QUANTITY_MSG.tooLarge],
      [100_007, QUANTITY_MSG.tooLarge],
    ] as const) {
      const ledgers = [{ ...draft.return_ledgers[0]!, quantity }, draft.return_ledgers[1]!];
      const res = await submit(token, { ...draft, return_ledgers: ledgers });
      expect(res.status, String(quantity)).toBe(422);
      expect(res.body.errors, String(quantity)).toEqual({ 'return_ledgers.0.quantity': [message] });
    }
    const missing = await submit(token, { ...draft, missing_lines: [{ order_line_id: made.lines[0]!.id, quantity: 10_000 }] });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ 'missing_lines.0.quantity': [QUANTITY_MSG.tooLarge] });
    expect(await writtenFor(db(), customer.id, made.order.id)).toEqual(nothingWritten);
  });

  it('takes 9,999 units in one entry', async () => {
    const { customer, made } = await receivingFixture(db());
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const draft = draftFor(customer.id, made);
    const ledgers = [{ ...draft.return_ledgers[0]!, quantity: 9_999 }];
    const res = await submit(token, { ...draft, return_ledgers: ledgers });
    expect(res.status).toBe(200);
    expect(res.body.message.ledgers.map((l: { quantity: number }) => l.quantity)).toEqual([9_999]);
  });

  it('holds the same limits for a blind return', async () => {
    const customer = await makeCustomer(db(), { canBlind: true });
    await makeReason(db(), customer.id, 'DAMAGED', 'Damaged');
    const shoe = await makeProduct(db(), customer.id, { sku: 'EDGE-SHOE-1', upc: null, name1: 'Shoe' });
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const body = (quantity: number) => ({
      id: '__Edge01',
      reference_1: 'RMA-1',
      return_date: '2026-11-27',
      is_blind: true,
      return_ledgers: [{ product_id: shoe.id, quantity, condition: 'Pristine', reason: 'DAMAGED' }],
    });
    for (const [quantity, message] of [
      [-3, QUANTITY_MSG.negative],
      [10_000, QUANTITY_MSG.tooLarge],
    ] as const) {
      const res = await call(t.app, 'PUT', `/api/returns/blind/${customer.id}`, { token, body: body(quantity) });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ 'return_ledgers.0.quantity': [message] });
    }
  });
});

describe('POST /api/returns: return ids without gaps (issue 28)', () => {
  it('a repeated draft and a refused reuse of a draft id draw no id', async () => {
    const { customer, made } = await receivingFixture(db());
    const other = await makeOrder(db(), customer.id);
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const draft = draftFor(customer.id, made);
    const first = await submit(token, draft);
    expect(first.status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await submit(token, draft)).body.message.id).toBe(first.body.message.id);
    const reused = await submit(token, { ...draftFor(customer.id, other), id: draft.id });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(RETURN_MSG.draftReused);
    const next = await submit(token, draftFor(customer.id, other));
    expect(next.status).toBe(200);
    expect(next.body.message.id).toBe(first.body.message.id + 1);
  });
});
