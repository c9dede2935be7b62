import { and, eq, sql } from 'drizzle-orm';
import { LIMITS } from '../../../../contract/constants.js';
import { queryRows, type DbOrTx } from '../../../db/client.js';
import { connections, customers, tasks } from '../../../db/schema/index.js';
import { createTaskQueueRepository } from '../task-queue.repository.js';
import { TASK_TEXT } from '../../../../contract/timeline-texts.js';

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

    /**
     * Serialises "is a scan waiting? else queue one" across worker nodes: a transaction-level
     * advisory lock, so it must run inside the caller's transaction.
     */
    async lockScanQueue(): Promise<void> {
      await db.execute(sql`SELECT pg_advisory_xact_lock(${SCAN_LOCK_KEY})`);
    },

    async scanWaiting(): Promise<boolean> {
      const open = await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM ${tasks} WHERE task_type = 'SGL Inbound' AND payload->>'kind' = 'scan'
            AND task_status = 'Pending' AND attempts_count < ${LIMITS.autoRetryBelowAttempts} LIMIT 1`,
      );
      return open.length > 0;
    },

    /** Scans that found nothing, older than `before`: pruned so the monitor is not flooded with them. */
    async pruneEmptyScans(before: Date): Promise<void> {
      await db.execute(
        sql`DELETE FROM ${tasks} WHERE task_type = 'SGL Inbound' AND payload->>'kind' = 'scan'
            AND task_status = 'Log Only' AND payload->>'found' = '0' AND created_at < ${before.toISOString()}`,
      );
    },

    async queueScan(now: Date): Promise<number> {
      return createTaskQueueRepository(db).enqueue(
        { taskType: 'SGL Inbound', message1: TASK_TEXT.inboundScan, payload: { kind: 'scan' } },
        now,
      );
    },

    async queueFile(path: string, name: string, now: Date): Promise<number> {
      return createTaskQueueRepository(db).enqueue(
        {
          taskType: 'SGL Inbound',
          taskStatus: 'Before Downloading',
          message1: TASK_TEXT.inboundFile(name),
          fileName: name,
          payload: { kind: 'file', path, name },
        },
        now,
      );
    },
  };
}
