// Data for the blind return, history, return view and report specs, made through the API like a user would.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, unique, type Api, type TestUser } from './support/index';

export interface SeedProduct {
  sku: string;
  upc: string;
  name_1: string;
  color: string;
  size: string;
}

export interface ReturnsSeed {
  company: string;
  customerId: number;
  ref: string;
  products: SeedProduct[];
  operator: TestUser;
  token: string;
}

export const seedProduct = (ref: string, n: number): SeedProduct => ({
  sku: `HB-${ref}-${n}`,
  upc: `59${ref.replace(/\D/g, '').slice(-7).padStart(7, '0')}${n}`,
  name_1: ['Trail Runner Shoe', 'Merino Crew Socks', 'Packable Rain Jacket', 'Canvas Weekender', 'Knit Beanie'][n - 1]!,
  color: ['Black', 'Grey', 'Yellow', 'Natural', 'Navy'][n - 1]!,
  size: ['42', 'M', 'L', 'One', 'S'][n - 1]!,
});

/**
 * Through the admin upload; a server without that route but on PostgreSQL (E2E_DATABASE_URL) gets
 * the same import code through the CLI.
 */
async function importOrders(api: Api, token: string, customerId: number, orders: unknown[]) {
  const content = JSON.stringify({ orders });
  const imported = await api.call('POST', `/su/customers/${customerId}/orders/import`, { token, body: { format: 'json', content } });
  if (imported.code === 404 && process.env.E2E_DATABASE_URL) {
    const file = join(mkdtempSync(join(tmpdir(), 'rdh-e2e-orders-')), 'orders.json');
    writeFileSync(file, content);
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/import.ts', file, '--customer', String(customerId)], {
      env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL },
      encoding: 'utf8',
    });
    expect(cli.status, cli.stderr + cli.stdout).toBe(0);
    return;
  }
  expect(imported.code, JSON.stringify(imported)).toBe(200);
}

/**
 * A customer with two reasons, an outbound connection (so saved returns get a 'Biztalk File' task),
 * `orders` orders of one line each over five products, and an operator linked to it.
 */
export async function seedReturnsCustomer(
  api: Api,
  options: { canBlind?: boolean; orders?: number; prefix?: string } = {},
): Promise<ReturnsSeed> {
  const token = await api.adminToken();
  const company = unique(options.prefix ?? 'Returns Co');
  const customerId = await api.createCustomerWithReasons(token, company, { can_blind: options.canBlind ?? true });
  const conn = await api.call('POST', `/su/customers/${customerId}/connections`, {
    token,
    body: { connection_type: 'Biztalk Outbound Return', biztalk_sender: 'SGL', biztalk_receiver: 'E2E' },
  });
  expect(conn.code, JSON.stringify(conn)).toBe(200);
  const ref = String(Date.now()).slice(-7) + String(Math.floor(Math.random() * 90) + 10);
  const products = [1, 2, 3, 4, 5].map((n) => seedProduct(ref, n));
  const orders = Array.from({ length: options.orders ?? 1 }, (_, i) => ({
    source_id: `HB-${ref}-${i}`,
    delivery_number: `HD${ref}${String(i).padStart(3, '0')}`,
    order_number: `HO-${ref}-${String(i).padStart(3, '0')}`,
    web_order_number: `HW${ref}${i}`,
    order_type: 'Web',
    created_at: '2026-03-02T09:15:00Z',
    delivery_name_1: 'Anna Schmidt',
    delivery_address_1: 'Lindenstrasse 12',
    delivery_address_2: 'Hinterhaus',
    delivery_city: 'Berlin',
    delivery_zipcode: '10115',
    delivery_country: 'DE',
    lines: [{ line_number: 1, quantity: 2, product: products[i % products.length] }],
  }));
  await importOrders(api, token, customerId, orders);
  const operator = await api.createOperator({ customerIds: [customerId] });
  return { company, customerId, ref, products, operator, token: await api.login(operator.username, operator.password) };
}

interface LoadedOrder {
  id: number;
  source: string;
  order_lines: { id: number; product_id: number }[];
}

/** An order-based return through the Receiving API (search, load, submit); answers the return id and order id. */
export async function submitOrderReturn(
  api: Api,
  seed: ReturnsSeed,
  orderIndex: number,
  reference1: string,
): Promise<{ id: number; orderId: number }> {
  const orderNumber = `HO-${seed.ref}-${String(orderIndex).padStart(3, '0')}`;
  const found = await api.call<{ id: number; source: string }[]>('PUT', `/returns/search/${seed.customerId}`, {
    token: seed.token,
    body: { search: orderNumber },
  });
  expect(found.code, JSON.stringify(found)).toBe(200);
  const hit = found.message[0]!;
  const loaded = await api.call<LoadedOrder>('PUT', `/returns/order/${encodeURIComponent(hit.source)}/${hit.id}`, {
    token: seed.token,
    body: {},
  });
  expect(loaded.code, JSON.stringify(loaded)).toBe(200);
  const line = loaded.message.order_lines[0]!;
  const draft = `__${Math.random().toString(36).slice(2, 8).padEnd(6, 'x')}`;
  const saved = await api.call<{ id: number }>('POST', '/returns', {
    token: seed.token,
    body: {
      id: draft,
      customer_id: seed.customerId,
      order_id: loaded.message.id,
      reference_1: reference1,
      reference_2: '',
      return_date: '2026-11-20',
      is_blind: false,
      return_ledgers: [
        { order_line_id: line.id, product_id: line.product_id, quantity: 1, condition: 'Scrap', reason: 'DAMAGED', comment: 'seam open' },
      ],
    },
  });
  expect(saved.code, JSON.stringify(saved)).toBe(200);
  return { id: saved.message.id, orderId: loaded.message.id };
}

/** A blind return through the API; answers its id. */
export async function submitBlindReturn(api: Api, seed: ReturnsSeed, reference1: string, productSku: string): Promise<number> {
  const found = await api.call<{ id: number }[]>('PUT', `/returns/products/${seed.customerId}`, {
    token: seed.token,
    body: { search: productSku },
  });
  expect(found.code, JSON.stringify(found)).toBe(200);
  const saved = await api.call<{ id: number }>('PUT', `/returns/blind/${seed.customerId}`, {
    token: seed.token,
    body: {
      reference_1: reference1,
      return_date: '2026-11-21',
      is_blind: true,
      return_ledgers: [{ product_id: found.message[0]!.id, quantity: 1, condition: 'Pristine', reason: 'WRONG' }],
    },
  });
  expect(saved.code, JSON.stringify(saved)).toBe(200);
  return saved.message.id;
}

export interface ReturnTask {
  id: number;
  task_type: string;
  task_status: string;
  attempts_count: number;
}

/** The tasks of a return as its Return View reads them (the outbound file, photo links, …). */
export async function returnTasks(api: Api, token: string, returnId: number, orderId: number | 'blind'): Promise<ReturnTask[]> {
  const res = await api.call<{ tasks: ReturnTask[] }>('GET', `/returns/${returnId}/order/${orderId}`, { token });
  expect(res.code, JSON.stringify(res)).toBe(200);
  return res.message.tasks;
}

/**
 * Expects the return's tasks (at least one) all to reach `done` (Success: delivered; or 'settled':
 * none Pending any more). The worker runs them a moment after the submit; a failure shows the statuses.
 */
export async function expectReturnTasks(
  api: Api,
  token: string,
  returnId: number,
  orderId: number | 'blind',
  done: 'delivered' | 'settled',
): Promise<ReturnTask[]> {
  let tasks: ReturnTask[] = [];
  const reached = (t: ReturnTask) => (done === 'delivered' ? t.task_status === 'Success' : t.task_status !== 'Pending');
  await expect
    .poll(async () => {
      tasks = await returnTasks(api, token, returnId, orderId);
      return tasks.length > 0 && tasks.every(reached) ? done : `not yet: ${JSON.stringify(tasks)}`;
    })
    .toBe(done);
  return tasks;
}
