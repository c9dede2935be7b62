import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DispositionView } from '../../../contract/dispositions.js';
import type { LedgerCondition } from '../../../contract/constants.js';
import type { DbOrTx } from '../../db/client.js';
import { dispositions } from '../../db/schema/index.js';

type Row = typeof dispositions.$inferSelect;
export interface DispositionWrite {
  code: string;
  name: string;
  requiresLocation: boolean;
  defaultFor: LedgerCondition[];
}

export const toDispositionView = (r: Row): DispositionView => ({
  id: r.id,
  customer_id: r.customerId,
  code: r.code,
  name: r.name,
  requires_location: r.requiresLocation,
  default_for: r.defaultFor as LedgerCondition[],
});

/** A customer's dispositions (issue 16), oldest first. */
export function createDispositionsRepository(db: DbOrTx) {
  return {
    async list(customerId: number): Promise<DispositionView[]> {
      const rows = await db.select().from(dispositions).where(eq(dispositions.customerId, customerId)).orderBy(asc(dispositions.id));
      return rows.map(toDispositionView);
    },

    async find(customerId: number, id: number): Promise<DispositionView | undefined> {
      const [row] = await db
        .select()
        .from(dispositions)
        .where(and(eq(dispositions.customerId, customerId), eq(dispositions.id, id)));
      return row && toDispositionView(row);
    },

    async codeTaken(customerId: number, code: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: dispositions.id })
        .from(dispositions)
        .where(
          and(eq(dispositions.customerId, customerId), eq(dispositions.code, code), exceptId ? ne(dispositions.id, exceptId) : undefined),
        )
        .limit(1);
      return !!row;
    },

    async insert(customerId: number, w: DispositionWrite, now: Date): Promise<DispositionView> {
      const [row] = await db
        .insert(dispositions)
        .values({ customerId, ...w, createdAt: now, updatedAt: now })
        .returning();
      return toDispositionView(row!);
    },

    async update(id: number, w: DispositionWrite, now: Date): Promise<DispositionView> {
      const [row] = await db
        .update(dispositions)
        .set({ ...w, updatedAt: now })
        .where(eq(dispositions.id, id))
        .returning();
      return toDispositionView(row!);
    },

    async remove(id: number): Promise<void> {
      await db.delete(dispositions).where(eq(dispositions.id, id));
    },

    /** One default per condition: the conditions another disposition takes over are removed here. */
    async releaseDefaults(customerId: number, conditions: LedgerCondition[], exceptId: number, now: Date): Promise<void> {
      for (const condition of conditions) {
        await db
          .update(dispositions)
          .set({ defaultFor: sql`array_remove(${dispositions.defaultFor}, ${condition})`, updatedAt: now })
          .where(
            and(
              eq(dispositions.customerId, customerId),
              ne(dispositions.id, exceptId),
              sql`${condition} = ANY(${dispositions.defaultFor})`,
            ),
          );
      }
    },
  };
}
export type DispositionsRepository = ReturnType<typeof createDispositionsRepository>;
