import type { ConnectionType, LedgerCondition, OrderSource } from '../../contract/constants.js';
import type { OrderImportInput } from '../../contract/order-import.js';

/**
 * The demo set, generated from a fixed seed so that every fresh install gets the same customers,
 * products and order references (docs/demo-data.md lists some to try). Only created_at moves:
 * orders are spread over the 60 days before the load.
 */

export interface DemoConnection {
  connectionType: ConnectionType;
  biztalkSender?: string;
  biztalkReceiver?: string;
  connectionMeta: Record<string, unknown>;
}

export interface DemoCustomer {
  key: 'NW' | 'CO' | 'FS';
  company: string;
  orderSource: OrderSource;
  canBlind: boolean;
  reasons: [code: string, value: string][];
  connections: DemoConnection[];
  /** [kind, name, colors, sizes] → one product per color × size. */
  catalog: [string, string, string[], string[]][];
  /** Linked to the demo operator. */
  operator: boolean;
}

export const DEMO_SEED = 20260301;
export const DEMO_ORDER_COUNT = 50;
export const DEMO_OPERATOR = { username: 'operator', name: 'Demo Operator', email: 'operator@returns-desk.local' } as const;

const REASONS: Record<string, string> = {
  DAMAGED: 'Damaged in transit',
  WRONG_SIZE: 'Wrong size',
  NOT_AS_DESCRIBED: 'Not as described',
  CHANGED_MIND: 'Changed my mind',
  LATE_DELIVERY: 'Arrived too late',
  WRONG_ITEM: 'Wrong item sent',
};
/**
 * Every demo customer's dispositions (issue 16). Restock takes a bin; Reconditioning lines default to
 * Refurbish and Scrap to Recycle. Pristine has no default, so a scan never needs a bin unless the
 * operator picks Restock.
 */
export const DEMO_DISPOSITIONS: { code: string; name: string; requiresLocation: boolean; defaultFor: LedgerCondition[] }[] = [
  { code: 'RESTOCK', name: 'Restock', requiresLocation: true, defaultFor: [] },
  { code: 'REFURBISH', name: 'Refurbish', requiresLocation: false, defaultFor: ['Reconditioning'] },
  { code: 'QUARANTINE', name: 'Quarantine', requiresLocation: false, defaultFor: [] },
  { code: 'RECYCLE', name: 'Recycle', requiresLocation: false, defaultFor: ['Scrap'] },
  { code: 'DONATE', name: 'Donate', requiresLocation: false, defaultFor: [] },
  { code: 'RETURN_TO_BRAND', name: 'Return to brand', requiresLocation: false, defaultFor: [] },
];

const reasons = (...codes: string[]) => codes.map((c) => [c, REASONS[c]!] as [string, string]);

export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    key: 'NW',
    company: 'Northwind Apparel',
    orderSource: 'Biztalk',
    canBlind: true,
    reasons: reasons('DAMAGED', 'WRONG_SIZE', 'NOT_AS_DESCRIBED', 'CHANGED_MIND', 'LATE_DELIVERY', 'WRONG_ITEM'),
    connections: [
      { connectionType: 'Biztalk Inbound Order', biztalkSender: 'NWAPPAREL', biztalkReceiver: 'SGLRETURNS', connectionMeta: {} },
      {
        connectionType: 'Biztalk Outbound Return',
        biztalkSender: 'SGLRETURNS',
        biztalkReceiver: 'NWAPPAREL',
        connectionMeta: { format: 'XML' },
      },
    ],
    catalog: [
      ['TSHIRT', 'Organic Cotton T-Shirt', ['BLK', 'WHT', 'NVY'], ['S', 'M', 'L']],
      ['HOODIE', 'Zip Hoodie', ['NVY', 'GRY'], ['M', 'L']],
      ['CHINO', 'Slim Chino Trousers', ['BEI'], ['30', '32', '34']],
      ['CAP', 'Baseball Cap', ['BLK'], ['OS']],
    ],
    operator: true,
  },
  {
    key: 'CO',
    company: 'Contoso Outdoor',
    orderSource: 'SGL Ecommerce',
    canBlind: false,
    reasons: reasons('DAMAGED', 'NOT_AS_DESCRIBED', 'CHANGED_MIND', 'LATE_DELIVERY', 'WRONG_ITEM'),
    connections: [
      {
        // No endpoint yet: the live web-shop search answers an error while nothing listens, so the
        // demo keeps searching its local orders until an admin enters the shop's address.
        connectionType: 'SGL Ecom',
        connectionMeta: {
          example_endpoint: 'http://127.0.0.1:4010',
          note: 'Placeholder: enter the web shop API as endpoint (e.g. http://127.0.0.1:4010) with its tokens to read orders from the shop and send returns to it. Without an endpoint, orders are searched locally.',
        },
      },
    ],
    catalog: [
      ['TENT', 'Trail Tent 2P', ['GRN'], ['2P']],
      ['JACKET', 'Storm Shell Jacket', ['RED', 'BLU'], ['M', 'L']],
      ['PACK', 'Daypack 28 L', ['BLK', 'ORG'], ['28L']],
      ['BOTTLE', 'Insulated Bottle 750 ml', ['SLV'], ['750ML']],
      ['GLOVE', 'Fleece Gloves', ['BLK'], ['M', 'L']],
      ['SOCKS', 'Merino Hiking Socks', ['GRY'], ['M', 'L']],
    ],
    operator: true,
  },
  {
    key: 'FS',
    company: 'Fabrikam Shoes',
    orderSource: 'Biztalk Rest',
    canBlind: false,
    reasons: reasons('DAMAGED', 'WRONG_SIZE', 'CHANGED_MIND', 'NOT_AS_DESCRIBED'),
    connections: [
      {
        connectionType: 'Biztalk Inbound Order',
        biztalkSender: 'FABRIKAM',
        biztalkReceiver: 'SGLRETURNS',
        connectionMeta: {
          example_endpoint: 'http://127.0.0.1:4020/orders',
          note: 'Placeholder: enter the REST order API as endpoint (e.g. http://127.0.0.1:4020/orders) to search orders live. Without an endpoint, orders are searched locally.',
        },
      },
      {
        connectionType: 'Biztalk Outbound Return',
        biztalkSender: 'SGLRETURNS',
        biztalkReceiver: 'FABRIKAM',
        connectionMeta: { format: 'FLAT' },
      },
    ],
    catalog: [
      ['RUNNER', 'Road Runner Sneaker', ['WHT', 'BLK'], ['41', '42', '43']],
      ['BOOT', 'Chelsea Boot', ['BRN'], ['42', '44']],
      ['SANDAL', 'Trek Sandal', ['BLK'], ['40', '42']],
      ['LOAFER', 'Leather Loafer', ['BRN'], ['42', '43']],
    ],
    operator: false,
  },
];

const COLOR_NAMES: Record<string, string> = {
  BLK: 'Black',
  WHT: 'White',
  NVY: 'Navy',
  GRY: 'Grey',
  BEI: 'Beige',
  GRN: 'Green',
  RED: 'Red',
  BLU: 'Blue',
  ORG: 'Orange',
  SLV: 'Silver',
  BRN: 'Brown',
};

/** mulberry32: tiny, fast and fully deterministic. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
  };
}

/** EAN-13 with a valid check digit. */
export function ean13(body12: string): string {
  const sum = [...body12].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return body12 + ((10 - (sum % 10)) % 10);
}

export interface DemoProduct {
  sku: string;
  upc: string;
  name_1: string;
  color: string;
  size: string;
}

export function demoProducts(customer: DemoCustomer, customerIndex: number): DemoProduct[] {
  const out: DemoProduct[] = [];
  for (const [kind, name, colors, sizes] of customer.catalog) {
    for (const color of colors) {
      for (const size of sizes) {
        out.push({
          sku: `${customer.key}-${kind}-${color}-${size}`,
          upc: ean13(`40063${customerIndex + 1}${String(out.length + 1).padStart(6, '0')}`),
          name_1: name,
          color: COLOR_NAMES[color] ?? color,
          size,
        });
      }
    }
  }
  return out;
}

export const PEOPLE = [
  ['Anna Schmidt', 'Lindenstrasse 12', 'Berlin', 'BE', '10115', 'DE', '+49 30 5550142'],
  ['Jean Dupont', '12 rue de la Paix', 'Paris', '', '75002', 'FR', '+33 1 55 50 12 34'],
  ['Maria Rossi', 'Via Roma 45', 'Milano', 'MI', '20121', 'IT', '+39 02 5550 1234'],
  ['James Carter', '221 Baker Street', 'London', '', 'NW1 6XE', 'GB', '+44 20 7946 0958'],
  ['Sofia Andersson', 'Drottninggatan 8', 'Stockholm', '', '111 51', 'SE', '+46 8 555 012 34'],
  ['Liam Murphy', '14 Grafton Street', 'Dublin', '', 'D02 VF65', 'IE', '+353 1 555 0142'],
  ['Emma de Vries', 'Prinsengracht 263', 'Amsterdam', 'NH', '1016 GV', 'NL', '+31 20 555 0142'],
  ['Lucas Martin', 'Calle Mayor 7', 'Madrid', 'M', '28013', 'ES', '+34 91 555 01 42'],
  ['Olivia Brown', '500 Market Street', 'San Francisco', 'CA', '94105', 'US', '+1 415 555 0142'],
  ['Noah Wilson', '77 King Street West', 'Toronto', 'ON', 'M5K 1A1', 'CA', '+1 416 555 0142'],
  ['Mia Novak', 'Vinohradská 10', 'Praha', '', '120 00', 'CZ', '+420 255 550 142'],
  ['Jonas Berg', 'Karl Johans gate 22', 'Oslo', '', '0159', 'NO', '+47 22 55 01 42'],
] as const;
export const ORDER_TYPES = ['Web', 'Web', 'Web', 'Retail', 'Wholesale'] as const;

/** The i-th demo order's references; the same on every install. */
export const demoReferences = (i: number) => ({
  source_id: `DEMO-${10001 + i}`,
  delivery_number: String(80012345 + i),
  order_number: `SO-${10001 + i}`,
  web_order_number: `W${100001 + i}`,
});

/** About 50 orders spread over the customers in turn, each with 1–6 lines of that customer's products. */
export function demoOrders(now: Date): Map<DemoCustomer['key'], OrderImportInput[]> {
  const rnd = seededRandom(DEMO_SEED);
  const catalogs = DEMO_CUSTOMERS.map((c, i) => demoProducts(c, i));
  const byCustomer = new Map<DemoCustomer['key'], OrderImportInput[]>(DEMO_CUSTOMERS.map((c) => [c.key, []]));
  for (let i = 0; i < DEMO_ORDER_COUNT; i++) {
    const ci = i % DEMO_CUSTOMERS.length;
    const customer = DEMO_CUSTOMERS[ci]!;
    const catalog = catalogs[ci]!;
    const [name, street, city, state, zip, country, phone] = rnd.pick(PEOPLE);
    const lineCount = rnd.int(1, 6);
    const chosen = new Set<number>();
    while (chosen.size < Math.min(lineCount, catalog.length)) chosen.add(rnd.int(0, catalog.length - 1));
    const minutesAgo = rnd.int(60, 60 * 24 * 60);
    const refs = demoReferences(i);
    byCustomer.get(customer.key)!.push({
      ...refs,
      buyer_reference: rnd.next() < 0.7 ? `PO-${rnd.int(40000, 49999)}` : undefined,
      order_type: rnd.pick(ORDER_TYPES),
      order_status: 'New',
      created_at: new Date(now.getTime() - minutesAgo * 60_000).toISOString(),
      delivery_name_1: name,
      delivery_address_1: street,
      delivery_city: city,
      delivery_state: state || undefined,
      delivery_zipcode: zip,
      delivery_country: country,
      delivery_contact: name,
      delivery_phone: phone,
      delivery_email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
      lines: [...chosen].map((p, n) => ({ line_number: n + 1, quantity: rnd.next() < 0.75 ? 1 : rnd.int(2, 3), product: catalog[p]! })),
    });
  }
  return byCustomer;
}
