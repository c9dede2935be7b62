import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { photos, products, returns } from '../../db/schema/index.js';

export type PhotoRow = typeof photos.$inferSelect;
export type NewPhotoRow = Omit<typeof photos.$inferInsert, 'id' | 'attachedAt' | 'returnId' | 'ledgerId'>;

/** The queries of the photos table. */
export function createPhotosRepository(db: DbOrTx) {
  return {
    async insert(row: NewPhotoRow): Promise<PhotoRow> {
      const [inserted] = await db.insert(photos).values(row).returning();
      return inserted!;
    },

    async find(id: number): Promise<PhotoRow | undefined> {
      const [row] = await db.select().from(photos).where(eq(photos.id, id)).limit(1);
      return row;
    },

    async findMany(ids: number[]): Promise<PhotoRow[]> {
      if (!ids.length) return [];
      return db.select().from(photos).where(inArray(photos.id, ids));
    },

    /** The photos of a return (its lines' and its own), in the order they were taken. */
    async ofReturn(returnId: number): Promise<PhotoRow[]> {
      return db.select().from(photos).where(eq(photos.returnId, returnId)).orderBy(asc(photos.uploadedAt), asc(photos.id));
    },

    async ofReturns(returnIds: number[]): Promise<PhotoRow[]> {
      if (!returnIds.length) return [];
      return db.select().from(photos).where(inArray(photos.returnId, returnIds)).orderBy(asc(photos.uploadedAt), asc(photos.id));
    },

    /**
     * Marks photos kept and, for a return, links them to it (and a line). Only photos not linked to
     * a return yet are touched; answers how many were, so the caller can refuse a race it lost.
     */
    async attach(ids: number[], target: { returnId?: number; ledgerId?: number | null; customerId?: number }, now: Date): Promise<number> {
      if (!ids.length) return 0;
      const rows = await db
        .update(photos)
        .set({
          attachedAt: sql`coalesce(${photos.attachedAt}, ${now.toISOString()}::timestamptz)`,
          ...(target.returnId !== undefined ? { returnId: target.returnId, ledgerId: target.ledgerId ?? null } : {}),
          ...(target.customerId !== undefined ? { customerId: target.customerId } : {}),
        })
        .where(and(inArray(photos.id, ids), isNull(photos.returnId)))
        .returning({ id: photos.id });
      return rows.length;
    },

    /** SKUs of products, to name a line in a message. */
    async productSkus(ids: number[]): Promise<Map<number, string>> {
      if (!ids.length) return new Map();
      const rows = await db.select({ id: products.id, sku: products.sku }).from(products).where(inArray(products.id, ids));
      return new Map(rows.map((p) => [p.id, p.sku]));
    },

    async addToReturnCount(returnId: number, count: number): Promise<void> {
      if (count)
        await db
          .update(returns)
          .set({ photoCount: sql`${returns.photoCount} + ${count}` })
          .where(eq(returns.id, returnId));
    },

    /** Removes one photo nothing keeps; answers its row when it was removed. */
    async deleteUnattached(id: number): Promise<PhotoRow | undefined> {
      const [row] = await db
        .delete(photos)
        .where(and(eq(photos.id, id), isNull(photos.attachedAt)))
        .returning();
      return row;
    },

    /** Removes up to `limit` photos uploaded before `cutoff` that nothing attached; answers their storage keys. */
    async deleteAbandoned(cutoff: Date, limit: number): Promise<string[]> {
      const old = db
        .select({ id: photos.id })
        .from(photos)
        .where(and(isNull(photos.attachedAt), lt(photos.uploadedAt, cutoff)))
        .orderBy(asc(photos.uploadedAt))
        .limit(limit);
      const rows = await db
        .delete(photos)
        .where(and(inArray(photos.id, old), isNull(photos.attachedAt)))
        .returning({ key: photos.storageKey });
      return rows.map((r) => r.key);
    },
  };
}
export type PhotosRepository = ReturnType<typeof createPhotosRepository>;
