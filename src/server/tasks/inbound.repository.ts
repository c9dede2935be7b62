import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '../db/client.js';
import { connections, customers, tasks } from '../db/schema/index.js';
import { createTaskQueueRepository } from '../modules/tasks/task-queue.repository.js';

/** Advisory lock key of the inbound scheduler: one scan task is queued however many workers tick. */
const SCAN_LOCK_KEY = 7_270_101;

/** Reads and writes of the SGL Inbound flow. */
export function createInboundRepository(db: DbOrTx) {
  return {
    /** Customers whose 'Biztalk Inbound Order' connection has this sender and receiver (case-insensitive). */
    async customersFor(sender: string, receiver: string) {
      return db
        .select({ id: customers.id, company: customers.company, connectionId: connections.id })
        .from(connections)
        .innerJoin(customers, eq(customers.id, connections.customerId))
        .where(
          and(
            eq(connections.connectionType, 'Biztalk Inbound Order'),
            sql`lower(trim(${connections.biztalkSender})) = lower(${sender.trim()})`,
            sql`lower(trim(${connections.biztalkReceiver})) = lower(${receiver.trim()})`,
          ),
        );
    },

    /** Remote paths that already have a file task waiting or running (not to be queued twice). */
    async openFilePaths(): Promise<Set<string>> {
      const rows = await queryRows<{ path: string }>(
        db,
        sql`SELECT payload->>'path' AS path FROM ${tasks}
            WHERE task_type = 'SGL Inbound' AND payload->>'kind' = 'file'
              AND task_status IN ('Pending', 'Before Downloading')`,
      );
      return new Set(rows.map((r) => r.path));
    },

    async queueFile(path: string, name: string, now: Date): Promise<number> {
      return createTaskQueueRepository(db).enqueue(
        {
          taskType: 'SGL Inbound',
          taskStatus: 'Before Downloading',
          message1: `File ${name}`,
          fileName: name,
          payload: { kind: 'file', path, name },
        },
        now,
      );
    },
  };
}

/**
 * Queues one 'SGL Inbound' scan unless one is already waiting or running. The transaction-level
 * advisory lock makes check-then-insert safe when several worker nodes tick at the same moment.
 * Empty scans older than a day are pruned so the monitor is not flooded with them.
 */
export async function ensureInboundScan(db: Db, now: Date): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SCAN_LOCK_KEY})`);
    const open = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM ${tasks} WHERE task_type = 'SGL Inbound' AND payload->>'kind' = 'scan'
          AND task_status = 'Pending' AND attempts_count < 3 LIMIT 1`,
    );
    await tx.execute(
      sql`DELETE FROM ${tasks} WHERE task_type = 'SGL Inbound' AND payload->>'kind' = 'scan'
          AND task_status = 'Log Only' AND payload->>'found' = '0' AND created_at < ${new Date(now.getTime() - 86_400_000).toISOString()}`,
    );
    if (open.length) return null;
    return createTaskQueueRepository(tx).enqueue(
      { taskType: 'SGL Inbound', message1: 'Inbound folder scan', payload: { kind: 'scan' } },
      now,
    );
  });
}
