import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.js';
import { makeCustomer, makeReason } from './factories.js';
import { makeConnection, makeOrder, type MadeOrder } from './order-factory.js';

/** A customer with two reasons, an outbound connection and a 2-line order. */
export async function receivingFixture(db: Db, quantities = [2, 1]) {
  const customer = await makeCustomer(db);
  await makeReason(db, customer.id, 'DAMAGED', 'Damaged');
  await makeReason(db, customer.id, 'WRONG', 'Wrong size');
  const made = await makeOrder(db, customer.id, {}, quantities);
  return { customer, made };
}

export function draftFor(customerId: number, made: MadeOrder, overrides: Record<string, unknown> = {}) {
  return {
    id: `__${Math.random().toString(36).slice(2, 8).padEnd(6, 'x')}`,
    customer_id: customerId,
    order_id: made.order.id,
    user_id: 1,
    username: 'ignored',
    reference_1: 'RMA-1',
    reference_2: '',
    return_date: '2026-03-04',
    is_blind: false,
    return_ledgers: made.lines.map((line, i) => ({
      id: `__line0${i}`,
      customer_id: customerId,
      order_id: made.order.id,
      order_line_id: line.id,
      product_id: line.productId,
      return_id: null,
      quantity: 1,
      condition: i === 0 ? 'Pristine' : 'Scrap',
      reason: 'DAMAGED',
      comment: i === 0 ? 'box dented' : '',
    })),
    ...overrides,
  };
}

/** What the submit may write for a customer: nothing of it may exist after a failed submit. */
export async function writtenFor(db: Db, customerId: number, orderId: number) {
  const [row] = await queryRows<{ returns: number; ledgers: number; tasks: number; status: string }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM returns WHERE customer_id = ${customerId}) AS returns,
               (SELECT count(*)::int FROM return_ledgers WHERE customer_id = ${customerId}) AS ledgers,
               (SELECT count(*)::int FROM tasks WHERE customer_id = ${customerId}) AS tasks,
               (SELECT order_status FROM orders WHERE id = ${orderId}) AS status`,
  );
  return row!;
}

export { makeConnection };
