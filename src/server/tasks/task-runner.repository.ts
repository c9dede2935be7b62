import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../db/client.js';
import { tasks, type TaskLogEntry } from '../db/schema/index.js';
import { LIMITS, type TaskStatus } from '../../contract/constants.js';

export type TaskRow = typeof tasks.$inferSelect;

/** The worker's side of the tasks table: claim, finish, release. */
export function createTaskRunnerRepository(db: DbOrTx) {
  return {
    /**
     * Claims the next runnable task in one statement. SKIP LOCKED lets any number of workers
     * poll together; an expired lease makes a dead worker's task runnable again.
     */
    async claimNext(workerId: string, now: Date, leaseSeconds: number): Promise<TaskRow | undefined> {
      const leaseUntil = new Date(now.getTime() + leaseSeconds * 1000);
      const entry: TaskLogEntry = { at: now.toISOString(), event: 'claimed', worker: workerId };
      const rows = await queryRows<{ id: number }>(
        db,
        sql`
        UPDATE ${tasks} SET
          is_running = true, lease_until = ${leaseUntil.toISOString()}, locked_by = ${workerId},
          attempts_count = attempts_count + 1, updated_at = ${now.toISOString()},
          details = details || ${JSON.stringify([entry])}::jsonb
        WHERE id = (
          SELECT id FROM ${tasks}
          WHERE task_status IN ('Pending', 'Before Downloading')
            AND run_after <= ${now.toISOString()}
            AND attempts_count < ${LIMITS.autoRetryBelowAttempts}
            AND (is_running = false OR lease_until < ${now.toISOString()})
          ORDER BY run_after, id
          FOR UPDATE SKIP LOCKED
          LIMIT 1
        )
        RETURNING id`,
      );
      const id = rows[0]?.id;
      if (id === undefined) return undefined;
      const [task] = await db
        .select()
        .from(tasks)
        .where(eq(tasks.id, Number(id)));
      return task;
    },

    /** Records the outcome only if this worker still holds the task (an admin edit releases it). */
    async finish(
      taskId: number,
      workerId: string,
      now: Date,
      outcome: {
        status: TaskStatus;
        entry: TaskLogEntry;
        runAfter?: Date;
        message2?: string | null;
        fileName?: string;
        fileContent?: string;
      },
    ): Promise<boolean> {
      const rows = await db
        .update(tasks)
        .set({
          taskStatus: outcome.status,
          isRunning: false,
          leaseUntil: null,
          lockedBy: null,
          updatedAt: now,
          details: sql`${tasks.details} || ${JSON.stringify([outcome.entry])}::jsonb`,
          ...(outcome.runAfter ? { runAfter: outcome.runAfter } : {}),
          ...(outcome.message2 !== undefined ? { message2: outcome.message2 } : {}),
          ...(outcome.fileName !== undefined ? { fileName: outcome.fileName } : {}),
          ...(outcome.fileContent !== undefined ? { fileContent: outcome.fileContent } : {}),
        })
        .where(and(eq(tasks.id, taskId), eq(tasks.lockedBy, workerId)))
        .returning({ id: tasks.id });
      return rows.length === 1;
    },

    /** Gives a task back untouched on shutdown: the attempt did not happen. */
    async release(taskId: number, workerId: string, now: Date): Promise<void> {
      await db
        .update(tasks)
        .set({
          isRunning: false,
          leaseUntil: null,
          lockedBy: null,
          attemptsCount: sql`greatest(${tasks.attemptsCount} - 1, 0)`,
          updatedAt: now,
          details: sql`${tasks.details} || ${JSON.stringify([{ at: now.toISOString(), event: 'released', worker: workerId }])}::jsonb`,
        })
        .where(and(eq(tasks.id, taskId), eq(tasks.lockedBy, workerId)));
    },
  };
}
export type TaskRunnerRepository = ReturnType<typeof createTaskRunnerRepository>;
