// Data for the blind return, history, return view and report specs, made through the API like a user would.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminToken, apiCall, apiLogin, createCustomerWithReasons, createOperator, unique, type TestUser } from './support/index';

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
async function importOrders(token: string, customerId: number, orders: unknown[]) {
  const content = JSON.stringify({ orders });
  const imported = await apiCall('POST', `/su/customers/${customerId}/orders/import`, { token, body: { format: 'json', content } });
  if (imported.code === 404 && process.env.E2E_DATABASE_URL) {
    const file = join(mkdtempSync(join(tmpdir(), 'rdh-e2e-orders-')), 'orders.json');
    writeFileSync(file, content);
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/import.ts', file, '--customer', String(customerId)], {
      env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL },
      encoding: 'utf8',
    });
    assert.equal(cli.status, 0, cli.stderr + cli.stdout);
    return;
  }
  assert.equal(imported.code, 200, JSON.stringify(imported));
}

/**
 * A customer with two reasons, an outbound connection (so saved returns get a 'Biztalk File' task),
 * `orders` orders of one line each over five products, and an operator linked to it.
 */
export async function seedReturnsCustomer(options: { canBlind?: boolean; orders?: number; prefix?: string } = {}): Promise<ReturnsSeed> {
  const token = await adminToken();
  const company = unique(options.prefix ?? 'Returns Co');
  const customerId = await createCustomerWithReasons(token, company, { can_blind: options.canBlind ?? true });
  const conn = await apiCall('POST', `/su/customers/${customerId}/connections`, {
    token,
    body: { connection_type: 'Biztalk Outbound Return', biztalk_sender: 'SGL', biztalk_receiver: 'E2E' },
  });
  assert.equal(conn.code, 200, JSON.stringify(conn));
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
  await importOrders(token, customerId, orders);
  const operator = await createOperator({ customerIds: [customerId] });
  return { company, customerId, ref, products, operator, token: await apiLogin(operator.username, operator.password) };
}

interface LoadedOrder {
  id: number;
  source: string;
  order_lines: { id: number; product_id: number }[];
}

/** An order-based return through the Receiving API (search, load, submit); answers the return id and order id. */
export async function submitOrderReturn(
  seed: ReturnsSeed,
  orderIndex: number,
  reference1: string,
): Promise<{ id: number; orderId: number }> {
  const orderNumber = `HO-${seed.ref}-${String(orderIndex).padStart(3, '0')}`;
  const found = await apiCall<{ id: number; source: string }[]>('PUT', `/returns/search/${seed.customerId}`, {
    token: seed.token,
    body: { search: orderNumber },
  });
  assert.equal(found.code, 200, JSON.stringify(found));
  const hit = found.message[0]!;
  const loaded = await apiCall<LoadedOrder>('PUT', `/returns/order/${encodeURIComponent(hit.source)}/${hit.id}`, {
    token: seed.token,
    body: {},
  });
  assert.equal(loaded.code, 200, JSON.stringify(loaded));
  const line = loaded.message.order_lines[0]!;
  const draft = `__${Math.random().toString(36).slice(2, 8).padEnd(6, 'x')}`;
  const saved = await apiCall<{ id: number }>('POST', '/returns', {
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
  assert.equal(saved.code, 200, JSON.stringify(saved));
  return { id: saved.message.id, orderId: loaded.message.id };
}

/** A blind return through the API; answers its id. */
export async function submitBlindReturn(seed: ReturnsSeed, reference1: string, productSku: string): Promise<number> {
  const found = await apiCall<{ id: number }[]>('PUT', `/returns/products/${seed.customerId}`, {
    token: seed.token,
    body: { search: productSku },
  });
  assert.equal(found.code, 200, JSON.stringify(found));
  const saved = await apiCall<{ id: number }>('PUT', `/returns/blind/${seed.customerId}`, {
    token: seed.token,
    body: {
      reference_1: reference1,
      return_date: '2026-11-21',
      is_blind: true,
      return_ledgers: [{ product_id: found.message[0]!.id, quantity: 1, condition: 'Pristine', reason: 'WRONG' }],
    },
  });
  assert.equal(saved.code, 200, JSON.stringify(saved));
  return saved.message.id;
}
