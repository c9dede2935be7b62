import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  connections,
  orderLines,
  orders,
  products,
  returnLedgers,
  returnMissingLines,
  returns,
  returnVersions,
  tasks,
  type StoredLineChange,
  type VersionLedger,
  type VersionMissingLine,
} from '../../db/schema/index.js';
import type { LedgerRow, MissingRow, ReturnRow } from '../returns/return.presenter.js';
import type { NewLedgerRow, NewMissingRow } from '../returns/returns.repository.js';

export type ReturnVersionRow = typeof returnVersions.$inferSelect;

/** The outbound task types a return goes out with, and so its corrections. */
const OUTBOUND_TYPES = ['SGL Outbound', 'FGL Outbound', 'Ecommerce Outbound'] as const;
export type OutboundType = (typeof OUTBOUND_TYPES)[number];

/** Reads and writes of return corrections; the writes run in the correction's transaction. */
export function createCorrectionsRepository(db: DbOrTx) {
  return {
    async findReturn(returnId: number): Promise<ReturnRow | undefined> {
      const [row] = await db.select().from(returns).where(eq(returns.id, returnId)).limit(1);
      return row;
    },

    /**
     * The version check and the lock in one statement: only the version the client read moves on.
     * A second correction of the same version waits for the first's commit on the row lock, then
     * finds the version moved and updates nothing (the caller answers 409).
     */
    async bumpVersion(returnId: number, seen: number, now: Date): Promise<ReturnRow | undefined> {
      const [row] = await db
        .update(returns)
        .set({ version: sql`${returns.version} + 1`, correctedAt: now })
        .where(and(eq(returns.id, returnId), eq(returns.version, seen)))
        .returning();
      return row;
    },

    async ledgers(returnId: number): Promise<LedgerRow[]> {
      return db.select().from(returnLedgers).where(eq(returnLedgers.returnId, returnId)).orderBy(asc(returnLedgers.id));
    },

    /** Products by id, with their customer (a new line must name one of the return's customer). */
    async products(ids: number[]) {
      if (!ids.length) return [];
      return db
        .select({ id: products.id, customerId: products.customerId, sku: products.sku, name1: products.name1 })
        .from(products)
        .where(inArray(products.id, ids));
    },

    /** Order lines by id, with their order's customer. */
    async orderLines(ids: number[]) {
      if (!ids.length) return [];
      return db
        .select({
          id: orderLines.id,
          orderId: orderLines.orderId,
          productId: orderLines.productId,
          quantity: orderLines.quantity,
          lineNumber: orderLines.lineNumber,
          customerId: orders.customerId,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(inArray(orderLines.id, ids));
    },

    /** The received count of each order line: the sum of every return's current ledgers on it. */
    async receivedCounts(orderLineIds: number[]): Promise<Map<number, number>> {
      if (!orderLineIds.length) return new Map();
      const rows = await db
        .select({ id: returnLedgers.orderLineId, n: sql<number>`sum(${returnLedgers.quantity})::int` })
        .from(returnLedgers)
        .where(inArray(returnLedgers.orderLineId, orderLineIds))
        .groupBy(returnLedgers.orderLineId);
      return new Map(rows.map((r) => [r.id!, Number(r.n)]));
    },

    async updateLedger(
      id: number,
      set: Pick<LedgerRow, 'quantity' | 'condition' | 'reason' | 'comment' | 'disposition' | 'location'>,
    ): Promise<void> {
      await db.update(returnLedgers).set(set).where(eq(returnLedgers.id, id));
    },

    /** The return's order lines missing from the parcel (issue 16). */
    async missingLines(returnId: number): Promise<MissingRow[]> {
      return db.select().from(returnMissingLines).where(eq(returnMissingLines.returnId, returnId)).orderBy(asc(returnMissingLines.id));
    },

    async updateMissingLine(id: number, quantity: number): Promise<void> {
      await db.update(returnMissingLines).set({ quantity }).where(eq(returnMissingLines.id, id));
    },

    async deleteMissingLines(ids: number[]): Promise<void> {
      if (ids.length) await db.delete(returnMissingLines).where(inArray(returnMissingLines.id, ids));
    },

    async insertMissingLines(rows: NewMissingRow[]): Promise<MissingRow[]> {
      if (!rows.length) return [];
      return db.insert(returnMissingLines).values(rows).returning();
    },

    /** History's discrepancy filter and mark follow the corrected lines. */
    async setHasDiscrepancies(returnId: number, value: boolean): Promise<void> {
      await db.update(returns).set({ hasDiscrepancies: value }).where(eq(returns.id, returnId));
    },

    async deleteLedgers(ids: number[]): Promise<void> {
      if (ids.length) await db.delete(returnLedgers).where(inArray(returnLedgers.id, ids));
    },

    async insertLedgers(rows: NewLedgerRow[]): Promise<LedgerRow[]> {
      if (!rows.length) return [];
      return db.insert(returnLedgers).values(rows).returning();
    },

    async hasVersions(returnId: number): Promise<boolean> {
      const [row] = await db.select({ id: returnVersions.id }).from(returnVersions).where(eq(returnVersions.returnId, returnId)).limit(1);
      return !!row;
    },

    async insertVersion(row: {
      returnId: number;
      version: number;
      userId: number | null;
      username: string;
      comment: string | null;
      lines: VersionLedger[];
      missingLines: VersionMissingLine[];
      changes: StoredLineChange[];
      createdAt: Date;
    }): Promise<void> {
      await db.insert(returnVersions).values(row);
    },

    async versions(returnId: number): Promise<ReturnVersionRow[]> {
      return db.select().from(returnVersions).where(eq(returnVersions.returnId, returnId)).orderBy(asc(returnVersions.version));
    },

    /**
     * The connections the return was sent to: one per first (version-less) outbound task, with that
     * task's type, for connections that still exist. A connection added later never saw the return.
     */
    async sentTo(returnId: number): Promise<{ connectionId: number; taskType: OutboundType }[]> {
      const rows = await db
        .selectDistinctOn([connections.id], { connectionId: connections.id, taskType: tasks.taskType })
        .from(tasks)
        .innerJoin(connections, sql`${connections.id} = (${tasks.payload}->>'connectionId')::int`)
        .where(and(eq(tasks.returnId, returnId), inArray(tasks.taskType, [...OUTBOUND_TYPES]), isNull(sql`${tasks.payload}->'version'`)))
        .orderBy(asc(connections.id), asc(tasks.id));
      return rows.map((r) => ({ connectionId: r.connectionId, taskType: r.taskType as OutboundType }));
    },
  };
}
export type CorrectionsRepository = ReturnType<typeof createCorrectionsRepository>;
