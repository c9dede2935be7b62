import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { products, returnLedgers, returns } from '../db/schema/index.js';

const unique = () => randomBytes(4).toString('hex');

export async function makeProduct(db: Db, customerId: number, overrides: Partial<typeof products.$inferInsert> = {}) {
  const key = unique();
  const [row] = await db
    .insert(products)
    .values({
      customerId,
      sku: `SKU-${key}`,
      upc: `0${parseInt(key, 16)}`,
      name1: `Product ${key}`,
      color: 'Blue',
      size: 'L',
      ...overrides,
    })
    .returning();
  return row!;
}

/** A saved return written straight to the tables (history and report tests need many, fast). */
export async function makeReturn(
  db: Db,
  input: {
    customerId: number;
    userId: number;
    username: string;
    orderId?: number | null;
    isBlind?: boolean;
    reference1?: string | null;
    reference2?: string | null;
    returnDate?: string;
    createdAt?: Date;
    messageId?: string | null;
    lines?: {
      productId: number;
      quantity?: number;
      condition?: string;
      reason?: string;
      comment?: string | null;
      orderLineId?: number | null;
    }[];
  },
) {
  const [row] = await db
    .insert(returns)
    .values({
      customerId: input.customerId,
      orderId: input.orderId ?? null,
      userId: input.userId,
      username: input.username,
      reference1: input.reference1 ?? null,
      reference2: input.reference2 ?? null,
      returnDate: input.returnDate ?? '2026-11-02',
      isBlind: input.isBlind ?? !input.orderId,
      draftId: `__${unique().slice(0, 6)}`,
      messageId: input.messageId ?? null,
      createdAt: input.createdAt ?? new Date(),
    })
    .returning();
  if (input.lines?.length) {
    await db.insert(returnLedgers).values(
      input.lines.map((l) => ({
        returnId: row!.id,
        customerId: input.customerId,
        orderId: input.orderId ?? null,
        orderLineId: l.orderLineId ?? null,
        productId: l.productId,
        quantity: l.quantity ?? 1,
        condition: l.condition ?? 'Pristine',
        reason: l.reason ?? 'DAMAGED',
        comment: l.comment ?? null,
      })),
    );
  }
  return row!;
}
