import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeCustomer, makeReason } from '../../test/factories.js';
import { makeOrder } from '../../test/order-factory.js';
import { makeProduct, makeReturn } from '../../test/return-factory.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import type { Db } from '../../db/client.js';
import { createTaskQueueRepository } from '../tasks/task-queue.repository.js';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.database.db;
});
afterAll(() => t.close());

async function orderBased() {
  const customer = await makeCustomer(db, { orderSource: 'Biztalk Rest' });
  await makeReason(db, customer.id, 'DAMAGED', 'Damaged in transit');
  // Another customer's text for the same code must not leak into this return.
  await makeReason(db, (await makeCustomer(db)).id, 'DAMAGED', 'Broken by the courier');
  const op = await operatorSession(t.app, db, [customer.id]);
  const made = await makeOrder(
    db,
    customer.id,
    { source: 'Biztalk Rest', deliveryAddress1: 'Main street 1', deliveryAddress2: 'Floor 2' },
    [3, 1],
  );
  const line = made.lines[0]!;
  const ret = await makeReturn(db, {
    customerId: customer.id,
    userId: op.user.id,
    username: op.user.username,
    orderId: made.order.id,
    reference1: 'R-1',
    reference2: 'R-2',
    messageId: '000123',
    lines: [{ productId: line.productId, orderLineId: line.id, quantity: 2, condition: 'Scrap', reason: 'DAMAGED', comment: 'crushed' }],
  });
  const queue = createTaskQueueRepository(db);
  const now = new Date();
  const restLog = await queue.enqueue(
    { taskType: 'SGL REST Create', taskStatus: 'Log Only', message1: 'Order imported', customerId: customer.id, orderId: made.order.id },
    new Date(now.getTime() - 60_000),
  );
  const outbound = await queue.enqueue(
    {
      taskType: 'SGL Outbound',
      message1: `Return #${ret.id}`,
      payload: { returnId: ret.id, connectionId: 1 },
      customerId: customer.id,
      orderId: made.order.id,
      returnId: ret.id,
      fileName: 'r.xml',
      fileContent: '<x/>',
    },
    now,
  );
  // Another task of the same order that belongs to no return view (not a REST log, not this return).
  await queue.enqueue({ taskType: 'System Log', message1: 'unrelated', customerId: customer.id, orderId: made.order.id }, now);
  return { customer, op, made, line, ret, restLog, outbound };
}

describe('GET /api/returns/{returnId}/order/{orderId|blind}', () => {
  it('answers 401 without a token', async () => {
    expect((await call(t.app, 'GET', '/api/returns/1/order/blind')).status).toBe(401);
  });

  it("answers 403 for another customer's return and 404 for an unknown one or a path naming another order", async () => {
    const { ret, made } = await orderBased();
    const stranger = await operatorSession(t.app, db, []);
    expect((await call(t.app, 'GET', `/api/returns/${ret.id}/order/${made.order.id}`, { token: stranger.token })).status).toBe(403);
    const admin = await adminSession(t.app, db);
    expect((await call(t.app, 'GET', `/api/returns/99999999/order/blind`, { token: admin.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/returns/${ret.id}/order/blind`, { token: admin.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/returns/${ret.id}/order/${made.order.id + 1}`, { token: admin.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/returns/abc/order/x`, { token: admin.token })).status).toBe(422);
  });

  it('answers an order-based return with its order, lines and timeline tasks', async () => {
    const { customer, op, made, line, ret, restLog, outbound } = await orderBased();
    const res = await call(t.app, 'GET', `/api/returns/${ret.id}/order/${made.order.id}`, { token: op.token });
    expect(res.status).toBe(200);
    const view = res.body.message;
    expect(view).toMatchObject({
      id: ret.id,
      order_id: made.order.id,
      customer_id: customer.id,
      company: customer.company,
      order_source: 'Biztalk Rest',
      username: op.user.username,
      reference_1: 'R-1',
      reference_2: 'R-2',
      return_date: '2026-11-02',
      is_blind: false,
      message_id: '000123',
      order: {
        id: made.order.id,
        source: 'Biztalk Rest',
        delivery_number: made.order.deliveryNumber,
        order_number: made.order.orderNumber,
        web_order_number: made.order.webOrderNumber,
        order_type: 'B2C',
        delivery_name_1: 'Jane Doe',
        delivery_address_1: 'Main street 1',
        delivery_address_2: 'Floor 2',
        created_at: made.order.createdAt.toISOString(),
      },
      lines: [
        {
          product: { id: line.productId, sku: line.product.sku, name_1: line.product.name1 },
          quantity: 2,
          condition: 'Scrap',
          reason: 'DAMAGED',
          reason_text: 'Damaged in transit',
          comment: 'crushed',
        },
      ],
    });
    expect(view.tasks.map((task: { id: number }) => task.id)).toEqual([restLog, outbound]);
    expect(view.tasks[1]).toEqual({
      id: outbound,
      task_type: 'SGL Outbound',
      task_status: 'Pending',
      message_1: `Return #${ret.id}`,
      message_2: null,
      // The English text's code, for the SPA to translate (issue 24).
      message_1_code: { code: 'taskText.returnTask', params: { 0: String(ret.id) } },
      message_2_code: null,
      is_running: false,
      attempts_count: 0,
      details: [{ at: expect.any(String), event: 'created' }],
      created_at: expect.any(String),
      updated_at: expect.any(String),
      has_file: true,
    });
    expect(view.tasks[0]).toMatchObject({ task_type: 'SGL REST Create', has_file: false });
    expect(JSON.stringify(view)).not.toContain('<x/>');
  });

  it("answers a blind return under 'blind' with no order", async () => {
    const customer = await makeCustomer(db, { canBlind: true });
    const op = await operatorSession(t.app, db, [customer.id]);
    const product = await makeProduct(db, customer.id);
    const ret = await makeReturn(db, {
      customerId: customer.id,
      userId: op.user.id,
      username: op.user.username,
      isBlind: true,
      lines: [{ productId: product.id }],
    });
    const res = await call(t.app, 'GET', `/api/returns/${ret.id}/order/blind`, { token: op.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ id: ret.id, is_blind: true, order_id: null, order: null, tasks: [], message_id: null });
    expect(res.body.message.lines).toHaveLength(1);
    // A code the customer no longer has as a reason: no text, the screen falls back to the code.
    expect(res.body.message.lines[0]).toMatchObject({ reason: 'DAMAGED', reason_text: null });
    expect((await call(t.app, 'GET', `/api/returns/${ret.id}/order/1`, { token: op.token })).status).toBe(404);
  });
});
