// What the scan desk specs (receiving-scan, receiving-layout) share: the count of the operator's
// interactions, and a customer with an order of many lines (realistic product names, colours and
// sizes), more one-line orders if asked, and its operator.
import type { Page } from '@playwright/test';
import { unique, type Api } from './support/index';

/**
 * Counts what the operator does. A scan is what a keyboard-wedge scanner sends, the code typed and
 * Enter, and counts as one; every other key press counts as one. Nothing here uses the mouse.
 */
export class Interactions {
  readonly log: string[] = [];
  constructor(private readonly page: Page) {}
  get count() {
    return this.log.length;
  }
  async scan(code: string) {
    await this.page.keyboard.type(code);
    await this.page.keyboard.press('Enter');
    this.log.push(`scan ${code}`);
  }
  async press(key: string) {
    await this.page.keyboard.press(key);
    this.log.push(key);
  }
}

const NAMES = ['Trail Runner', 'Merino Socks', 'Rain Jacket', 'Canvas Tote', 'Wool Beanie', 'Fleece Vest', 'Down Parka', 'Chino Shorts'];
const COLOURS = ['Black', 'Grey', 'Yellow', 'Natural', 'Navy', 'Olive', 'Red', 'Sand'];
const SIZES = ['S', 'M', 'L', 'XL'];

/** A customer with reasons, an order of `lines` lines (1–2 units each) and `more` orders of one line, and its operator. */
export async function seedBigOrder(api: Api, lines: number, more = 0) {
  const token = await api.adminToken();
  const company = unique('Scan Desk Co');
  const customerId = await api.createCustomerWithReasons(token, company);
  const ref = String(Date.now()).slice(-6) + String(Math.floor(Math.random() * 90) + 10);
  const products = Array.from({ length: lines }, (_, i) => ({
    sku: `SD-${ref}-${String(i + 1).padStart(2, '0')}-${SIZES[i % 4]}`,
    upc: `73${ref}${String(i + 1).padStart(3, '0')}`,
    name_1: `${NAMES[i % NAMES.length]} ${['Classic', 'Pro', 'Lite'][i % 3]}`,
    color: COLOURS[i % COLOURS.length],
    size: SIZES[i % 4],
  }));
  await api.importOrders(token, customerId, [
    {
      source_id: `SD-${ref}`,
      delivery_number: `SDL${ref}`,
      order_number: `SO-${ref}`,
      web_order_number: `W${ref}`,
      buyer_reference: `PO-${ref}`,
      order_type: 'Web',
      created_at: '2026-03-02T09:15:00Z',
      delivery_name_1: 'Emma de Vries',
      delivery_address_1: 'Prinsengracht 263',
      delivery_city: 'Amsterdam',
      delivery_zipcode: '1016 GV',
      delivery_country: 'NL',
      delivery_contact: 'Emma de Vries',
      delivery_phone: '+31 20 555 0101',
      delivery_email: 'emma@example.com',
      lines: products.map((product, i) => ({ line_number: i + 1, quantity: 1 + (i % 3 === 0 ? 1 : 0), product })),
    },
    ...Array.from({ length: more }, (_, i) => ({
      source_id: `SD-${ref}-${i}`,
      delivery_number: `SDL${ref}${i}`,
      order_number: `SO-${ref}-${i}`,
      order_type: 'Web',
      created_at: '2026-03-01T09:15:00Z',
      delivery_name_1: 'Jean Dupont',
      lines: [{ line_number: 1, quantity: 1, product: products[0] }],
    })),
  ]);
  const operator = await api.createOperator({ customerIds: [customerId] });
  return { company, customerId, ref, products, operator, token };
}
