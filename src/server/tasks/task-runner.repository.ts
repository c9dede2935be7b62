import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client.js';
import { returns, tasks, type TaskLogEntry } from '../db/schema/index.js';
import { LIMITS, type TaskStatus } from '../../contract/constants.js';

export type TaskRow = typeof tasks.$inferSelect;

/**
 * What a worker saw when it claimed a task. Every later write of the worker is conditional on the
 * row still matching it, so an admin edit (status, attempts, or unticking 'Is In Queue') made while
 * the task runs wins: the worker's late result is dropped instead of overwriting the admin's choice.
 */
export interface Claim {
  workerId: string;
  status: string;
  attempts: number;
}

const appendLog = (entry: TaskLogEntry) => sql`${tasks.details} || ${JSON.stringify([entry])}::jsonb`;

function stillHeld(taskId: number, claim: Claim | string): SQL {
  if (typeof claim === 'string') return and(eq(tasks.id, taskId), eq(tasks.lockedBy, claim), eq(tasks.isRunning, true))!;
  return and(
    eq(tasks.id, taskId),
    eq(tasks.lockedBy, claim.workerId),
    eq(tasks.isRunning, true),
    eq(tasks.taskStatus, claim.status),
    eq(tasks.attemptsCount, claim.attempts),
  )!;
}

export interface TaskProgress {
  status?: TaskStatus;
  entry?: TaskLogEntry;
  fileName?: string;
  fileContent?: string;
  payload?: Record<string, unknown>;
  message2?: string | null;
  customerId?: number;
}

function progressColumns(now: Date, p: TaskProgress) {
  return {
    updatedAt: now,
    ...(p.status !== undefined ? { taskStatus: p.status } : {}),
    ...(p.entry ? { details: appendLog(p.entry) } : {}),
    ...(p.fileName !== undefined ? { fileName: p.fileName } : {}),
    ...(p.fileContent !== undefined ? { fileContent: p.fileContent } : {}),
    ...(p.payload !== undefined ? { payload: p.payload } : {}),
    ...(p.message2 !== undefined ? { message2: p.message2 } : {}),
    ...(p.customerId !== undefined ? { customerId: p.customerId } : {}),
  };
}

/** The worker's side of the tasks table: claim, heartbeat, progress, finish, release, reap. */
export function createTaskRunnerRepository(db: DbOrTx) {
  return {
    /**
     * Claims up to `limit` runnable tasks in one statement. SKIP LOCKED lets any number of workers
     * poll together; an expired lease makes a dead worker's task runnable again. A task an admin
     * holds ('Is In Queue' ticked, so is_running without a lease) is never claimed.
     */
    async claimBatch(workerId: string, now: Date, leaseSeconds: number, limit: number): Promise<TaskRow[]> {
      const leaseUntil = new Date(now.getTime() + leaseSeconds * 1000);
      const entry: TaskLogEntry = { at: now.toISOString(), event: 'claimed', worker: workerId };
      const nowIso = now.toISOString();
      // One round trip: the sub-select picks and locks the rows, the UPDATE marks and returns them.
      const claimed = await db
        .update(tasks)
        .set({
          isRunning: true,
          leaseUntil,
          lockedBy: workerId,
          attemptsCount: sql`${tasks.attemptsCount} + 1`,
          updatedAt: now,
          details: appendLog(entry),
        })
        .where(
          sql`${tasks.id} IN (
          SELECT id FROM ${tasks}
          WHERE task_status IN ('Pending', 'Before Downloading')
            AND run_after <= ${nowIso}
            AND attempts_count < ${LIMITS.autoRetryBelowAttempts}
            AND (is_running = false OR (locked_by IS NOT NULL AND lease_until < ${nowIso}))
          ORDER BY run_after, id
          FOR UPDATE SKIP LOCKED
          LIMIT ${Math.max(1, Math.floor(limit))}
        )`,
        )
        .returning();
      return claimed.sort((a, b) => a.runAfter.getTime() - b.runAfter.getTime() || a.id - b.id);
    },

    /** Claims the next runnable task (claimBatch of one). */
    async claimNext(workerId: string, now: Date, leaseSeconds: number): Promise<TaskRow | undefined> {
      return (await this.claimBatch(workerId, now, leaseSeconds, 1))[0];
    },

    /**
     * Stores a built outbound file on the task while it is still held, and the message id on its
     * return (the first file's id stays: 'Msg #'), in one statement. False: the task was taken away,
     * and nothing was written.
     */
    async storeOutboundFile(
      taskId: number,
      claim: Claim,
      now: Date,
      file: { fileName: string; fileContent: string; payload: Record<string, unknown>; entry: TaskLogEntry },
      ret: { returnId: number; messageId: string },
    ): Promise<boolean> {
      const [row] = await queryRows<{ held: number }>(
        db,
        sql`WITH t AS (
              UPDATE ${tasks} SET updated_at = ${now.toISOString()}, file_name = ${file.fileName}, file_content = ${file.fileContent},
                     payload = ${JSON.stringify(file.payload)}::jsonb, details = ${appendLog(file.entry)}
              WHERE ${stillHeld(taskId, claim)} RETURNING id),
            r AS (
              UPDATE ${returns} SET message_id = coalesce(message_id, ${ret.messageId})
              WHERE id = ${ret.returnId} AND EXISTS (SELECT 1 FROM t) RETURNING id)
            SELECT (SELECT count(*) FROM t)::int AS held, (SELECT count(*) FROM r)::int AS returns`,
      );
      return row!.held === 1;
    },

    /** Extends the lease of a task still held; false means it was taken away (admin edit, or lease lost). */
    async heartbeat(taskId: number, claim: Claim, now: Date, leaseSeconds: number): Promise<boolean> {
      const rows = await db
        .update(tasks)
        .set({ leaseUntil: new Date(now.getTime() + leaseSeconds * 1000) })
        .where(stillHeld(taskId, claim))
        .returning({ id: tasks.id });
      return rows.length === 1;
    },

    /** Saves a step of a long task (file fetched, file built) while still holding it. */
    async progress(taskId: number, claim: Claim, now: Date, p: TaskProgress): Promise<boolean> {
      const rows = await db.update(tasks).set(progressColumns(now, p)).where(stillHeld(taskId, claim)).returning({ id: tasks.id });
      return rows.length === 1;
    },

    /**
     * Records the outcome only if this worker still holds the task as claimed. `claim` may be the
     * worker id alone (then only the holder and the running flag are checked).
     */
    async finish(
      taskId: number,
      claim: Claim | string,
      now: Date,
      outcome: TaskProgress & { status: TaskStatus; entry: TaskLogEntry; runAfter?: Date },
    ): Promise<boolean> {
      const rows = await db
        .update(tasks)
        .set({
          ...progressColumns(now, outcome),
          isRunning: false,
          leaseUntil: null,
          lockedBy: null,
          ...(outcome.runAfter ? { runAfter: outcome.runAfter } : {}),
        })
        .where(stillHeld(taskId, claim))
        .returning({ id: tasks.id });
      return rows.length === 1;
    },

    /** Gives a task back untouched on shutdown: the attempt did not happen. */
    async release(taskId: number, claim: Claim | string, now: Date): Promise<void> {
      const worker = typeof claim === 'string' ? claim : claim.workerId;
      await db
        .update(tasks)
        .set({
          isRunning: false,
          leaseUntil: null,
          lockedBy: null,
          attemptsCount: sql`greatest(${tasks.attemptsCount} - 1, 0)`,
          updatedAt: now,
          details: appendLog({ at: now.toISOString(), event: 'released', worker }),
        })
        .where(stillHeld(taskId, claim));
    },

    /**
     * A task whose worker died on its last allowed attempt would otherwise stay 'running' forever:
     * past its lease and out of attempts, it becomes Error so the monitor shows it.
     */
    async reapExpired(now: Date): Promise<number> {
      const rows = await db
        .update(tasks)
        .set({
          taskStatus: 'Error',
          isRunning: false,
          leaseUntil: null,
          lockedBy: null,
          updatedAt: now,
          message2: 'The worker stopped while running this task.',
          details: appendLog({ at: now.toISOString(), event: 'lease expired', error: 'worker lost; no attempts left' }),
        })
        .where(
          and(
            sql`${tasks.taskStatus} IN ('Pending', 'Before Downloading')`,
            eq(tasks.isRunning, true),
            sql`${tasks.lockedBy} IS NOT NULL AND ${tasks.leaseUntil} < ${now.toISOString()}`,
            sql`${tasks.attemptsCount} >= ${LIMITS.autoRetryBelowAttempts}`,
          ),
        )
        .returning({ id: tasks.id });
      return rows.length;
    },
  };
}
export type TaskRunnerRepository = ReturnType<typeof createTaskRunnerRepository>;
