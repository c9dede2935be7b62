import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { connections, orderLines, orders, products } from '../db/schema/index.js';

const unique = () => randomBytes(4).toString('hex');

export interface MadeOrder {
  order: typeof orders.$inferSelect;
  lines: (typeof orderLines.$inferSelect & { product: typeof products.$inferSelect })[];
}

/** An order of `customerId` with `quantities.length` lines (each its own new product). */
export async function makeOrder(
  db: Db,
  customerId: number,
  overrides: Partial<typeof orders.$inferInsert> = {},
  quantities: number[] = [2, 1],
): Promise<MadeOrder> {
  const key = unique();
  const [order] = await db
    .insert(orders)
    .values({
      customerId,
      source: 'Biztalk',
      sourceId1: `SRC-${key}`,
      deliveryNumber: `DEL-${key}`,
      orderNumber: `ORD-${key}`,
      webOrderNumber: `WEB-${key}`,
      buyerReference: `BUY-${key}`,
      orderType: 'B2C',
      deliveryName1: 'Jane Doe',
      deliveryContact: 'Jane',
      deliveryCity: 'Utrecht',
      ...overrides,
    })
    .returning();
  const lines: MadeOrder['lines'] = [];
  for (const [i, quantity] of quantities.entries()) {
    const [product] = await db
      .insert(products)
      .values({
        customerId,
        sku: `SKU-${key}-${i}`,
        upc: `87${key.replace(/\D/g, '0')}${i}`,
        name1: `Product ${i} ${key}`,
        color: 'Red',
        size: 'M',
      })
      .returning();
    const [line] = await db
      .insert(orderLines)
      .values({ orderId: order!.id, productId: product!.id, lineNumber: i + 1, quantity })
      .returning();
    lines.push({ ...line!, product: product! });
  }
  return { order: order!, lines };
}

export async function makeConnection(db: Db, customerId: number, overrides: Partial<typeof connections.$inferInsert> = {}) {
  const [row] = await db
    .insert(connections)
    .values({ customerId, connectionType: 'Biztalk Outbound Return', biztalkSender: 'SGL', biztalkReceiver: 'ACME', ...overrides })
    .returning();
  return row!;
}
