// The receiving specs' customer (receiving, receiving-sources): reasons, a 5-line and a 1-line order,
// an operator linked to it; and the order panel's lines and their received counts.
import type { Page } from '@playwright/test';
import { expect, unique, type Api } from './support/index';

export interface Seed {
  company: string;
  customerId: number;
  ref: string;
  operator: { username: string; password: string };
}

export const product = (ref: string, n: number) => ({
  sku: `RCV-${ref}-${n}-M`,
  upc: `40${ref.replace(/\D/g, '').slice(-6).padStart(6, '0')}${n}`,
  name_1: ['Organic T-Shirt', 'Merino Socks', 'Rain Jacket', 'Canvas Tote', 'Wool Beanie'][n - 1],
  color: ['Black', 'Grey', 'Yellow', 'Natural', 'Navy'][n - 1],
  size: 'M',
});

/** A customer with reasons, a 5-line order and a 1-line order, and an operator linked to it. */
export async function seed(api: Api, customer: Record<string, unknown> = {}): Promise<Seed> {
  const token = await api.adminToken();
  const company = unique('Receiving Co');
  const customerId = await api.createCustomerWithReasons(token, company, customer);
  const ref = String(Date.now()).slice(-7);
  const orders = [
    {
      source_id: `E2E-${ref}-A`,
      delivery_number: `DLV${ref}A`,
      order_number: `SO-${ref}-A`,
      web_order_number: `W${ref}A`,
      buyer_reference: `PO ${ref} A`,
      order_type: 'Web',
      created_at: '2026-03-02T09:15:00Z',
      delivery_name_1: 'Anna Schmidt',
      delivery_name_2: 'Hinterhaus',
      delivery_address_1: 'Lindenstrasse 12',
      delivery_city: 'Berlin',
      delivery_zipcode: '10115',
      delivery_country: 'DE',
      delivery_contact: 'Anna Schmidt',
      delivery_phone: '+49 30 1234567',
      delivery_email: 'anna@example.com',
      lines: [1, 2, 3, 4, 5].map((n) => ({ line_number: n, quantity: n === 1 ? 2 : 1, product: product(ref, n) })),
    },
    {
      source_id: `E2E-${ref}-B`,
      delivery_number: `DLV${ref}B`,
      order_number: `SO-${ref}-B`,
      order_type: 'Web',
      created_at: '2026-03-01T09:15:00Z',
      delivery_name_1: 'Jean Dupont',
      lines: [{ line_number: 1, quantity: 1, product: product(ref, 1) }],
    },
  ];
  await api.importOrders(token, customerId, orders);
  const operator = await api.createOperator({ customerIds: [customerId] });
  return { company, customerId, ref, operator };
}

export async function chooseCustomer(page: Page, company: string) {
  await page.getByRole('combobox', { name: 'Customer' }).fill(company.slice(0, 20));
  await page.getByRole('option', { name: company }).click();
}

export const line = (page: Page, n: number, ref: string) => page.locator(`[data-testid="order-line"][data-sku="RCV-${ref}-${n}-M"]`);
export const tone = (page: Page, n: number, ref: string) => line(page, n, ref).getByTestId('received-count');

export async function expectCount(page: Page, n: number, ref: string, text: string, expectedTone: string) {
  const badge = tone(page, n, ref);
  await expect(badge.filter({ hasText: text })).toBeVisible();
  await expect(badge).toHaveAttribute('data-tone', expectedTone);
}
