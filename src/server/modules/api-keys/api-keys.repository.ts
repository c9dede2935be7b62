import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { apiKeys, customers } from '../../db/schema/index.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A customer's API keys (issue 26); the caller of a key is the access seam's (access.repository.ts). */
export function createApiKeysRepository(db: DbOrTx) {
  return {
    async customer(id: number): Promise<{ id: number; company: string } | undefined> {
      const [row] = await db.select({ id: customers.id, company: customers.company }).from(customers).where(eq(customers.id, id)).limit(1);
      return row;
    },
    async listFor(customerId: number): Promise<ApiKeyRow[]> {
      return db.select().from(apiKeys).where(eq(apiKeys.customerId, customerId)).orderBy(asc(apiKeys.id));
    },
    async activeCount(customerId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.customerId, customerId), isNull(apiKeys.revokedAt)));
      return Number(row?.n ?? 0);
    },
    async find(id: number): Promise<ApiKeyRow | undefined> {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id)).limit(1);
      return row;
    },
    async insert(values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
      const [row] = await db.insert(apiKeys).values(values).returning();
      return row!;
    },
    async revoke(id: number, by: string, now: Date): Promise<ApiKeyRow> {
      const [row] = await db.update(apiKeys).set({ revokedAt: now, revokedBy: by }).where(eq(apiKeys.id, id)).returning();
      return row!;
    },
  };
}
