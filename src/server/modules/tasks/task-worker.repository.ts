import { and, eq, sql, type SQL } from 'drizzle-orm';
import { preparedRows, queryRows, type DbOrTx } from '../../db/client.js';
import { intArray } from '../../db/sql-helpers.js';
import { returns, tasks, type TaskLogEntry } from '../../db/schema/index.js';
import { LIMITS, type TaskStatus } from '../../../contract/constants.js';
import { TASK_TEXT } from '../../../contract/timeline-texts.js';

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

/** What a claim may add behind each task of a type the worker runs in batches (an outbound file's build). */
export interface Followers {
  types: readonly string[];
  /** Tasks a batch holds at most, its first task included. */
  per: number;
}

const runnable = (nowIso: string) => sql`task_status IN ('Pending', 'Before Downloading')
            AND run_after <= ${nowIso}
            AND attempts_count < ${LIMITS.autoRetryBelowAttempts}
            AND (is_running = false OR (locked_by IS NOT NULL AND lease_until < ${nowIso}))`;

/** The `limit` oldest runnable tasks, locked, skipping those another claim holds. */
const heads = (nowIso: string, limit: number) => sql`
          SELECT id FROM ${tasks}
          WHERE ${runnable(nowIso)}
          ORDER BY run_after, id
          FOR UPDATE SKIP LOCKED
          LIMIT ${Math.max(1, Math.floor(limit))}`;

/**
 * The heads, and behind each head of a batched type up to `per - 1` more runnable tasks of that
 * type: one batch for each waiting slot, never more tasks than the slots can start at once.
 */
const withFollowers = (nowIso: string, limit: number, follow: Followers) => sql`
          WITH head AS MATERIALIZED (${heads(nowIso, limit)}),
          batched AS MATERIALIZED (
            SELECT t.task_type FROM ${tasks} t JOIN head h ON h.id = t.id WHERE t.task_type IN ${[...follow.types]}),
          more AS (
            SELECT id FROM ${tasks}
            WHERE ${runnable(nowIso)}
              AND task_type IN (SELECT task_type FROM batched)
              AND id NOT IN (SELECT id FROM head)
            ORDER BY run_after, id
            FOR UPDATE SKIP LOCKED
            LIMIT (SELECT count(*) FROM batched) * ${Math.floor(follow.per) - 1})
          SELECT id FROM head UNION ALL SELECT id FROM more`;

export interface TaskProgress {
  status?: TaskStatus;
  entry?: TaskLogEntry;
  fileName?: string;
  fileContent?: string;
  payload?: Record<string, unknown>;
  message2?: string | null;
  customerId?: number;
}

/** A built outbound file to store on its task (storeOutboundFiles). */
export interface OutboundFileToStore {
  taskId: number;
  claim: Claim;
  fileName: string;
  fileContent: string;
  payload: Record<string, unknown>;
  entry: TaskLogEntry;
  returnId: number;
  messageId: number;
}

/** A task's outcome as the worker records it (finishMany): what finish takes, per task. */
export interface TaskOutcome {
  taskId: number;
  claim: Claim;
  status: TaskStatus;
  entry: TaskLogEntry;
  message2?: string | null;
  fileName?: string;
  fileContent?: string;
  runAfter?: Date;
  /** The handler schedules its own retries (RetryAtError): the claim's attempts count starts again. */
  resetAttempts?: boolean;
}

/**
 * Rows (id, v) of a batch write: the task ids as one array parameter and each task's values as a JSON
 * object in the same order. The ids stay a parameter of their own (bench/drain-replay.ts replays the
 * statement on the tasks its claim took).
 */
const byTask = (ids: number[], values: object[]) =>
  sql`SELECT k.id, j.v FROM unnest(${intArray(ids, 'bigint')}) WITH ORDINALITY AS k(id, n)
      JOIN jsonb_array_elements(${JSON.stringify(values)}::jsonb) WITH ORDINALITY AS j(v, n) USING (n)`;

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
export function createTaskWorkerRepository(db: DbOrTx) {
  return {
    /**
     * Claims up to `limit` runnable tasks in one statement. SKIP LOCKED lets any number of workers
     * poll together; an expired lease makes a dead worker's task runnable again. A task an admin
     * holds ('Is In Queue' ticked, so is_running without a lease) is never claimed.
     */
    async claimBatch(workerId: string, now: Date, leaseSeconds: number, limit: number, follow?: Followers): Promise<TaskRow[]> {
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
          sql`${tasks.id} IN (${follow && follow.per > 1 && follow.types.length ? withFollowers(nowIso, limit, follow) : heads(nowIso, limit)})`,
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

    /**
     * storeOutboundFile for a batch, in one statement: each file is stored on its task only while
     * that task is still held as claimed, and the first message id of each return is kept on it
     * ('Msg #'; of two files of one return in the batch, the lower id). Answers the ids of the tasks
     * stored; the others were taken away and keep nothing.
     */
    async storeOutboundFiles(now: Date, files: OutboundFileToStore[]): Promise<Set<number>> {
      if (!files.length) return new Set();
      const input = files.map((f) => ({
        worker: f.claim.workerId,
        status: f.claim.status,
        attempts: f.claim.attempts,
        file_name: f.fileName,
        file_content: f.fileContent,
        payload: f.payload,
        entry: f.entry,
        return_id: f.returnId,
        message_id: f.messageId,
      }));
      const rows = await preparedRows<{ id: number }>(
        db,
        'store_outbound_files',
        sql`WITH i AS MATERIALIZED (${byTask(
          files.map((f) => f.taskId),
          input,
        )}),
            t AS (
              UPDATE ${tasks} SET updated_at = ${now.toISOString()}, file_name = i.v->>'file_name', file_content = i.v->>'file_content',
                     payload = i.v->'payload', details = ${tasks.details} || jsonb_build_array(i.v->'entry')
              FROM i
              WHERE ${tasks.id} = i.id AND ${tasks.lockedBy} = i.v->>'worker' AND ${tasks.isRunning}
                AND ${tasks.taskStatus} = i.v->>'status' AND ${tasks.attemptsCount} = (i.v->>'attempts')::int
              RETURNING ${tasks.id} AS id),
            r AS (
              UPDATE ${returns} SET message_id = coalesce(${returns.messageId}, m.message_id::text)
              FROM (SELECT (i.v->>'return_id')::int AS return_id, min((i.v->>'message_id')::bigint) AS message_id
                    FROM i JOIN t ON t.id = i.id GROUP BY 1) m
              WHERE ${returns.id} = m.return_id RETURNING ${returns.id})
            SELECT id::int AS id FROM t`,
      );
      return new Set(rows.map((r) => Number(r.id)));
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

    /**
     * finish for many tasks in one statement: each outcome is recorded only if its worker still
     * holds the task as claimed. Answers the ids recorded.
     */
    async finishMany(now: Date, outcomes: TaskOutcome[]): Promise<Set<number>> {
      if (!outcomes.length) return new Set();
      const input = outcomes.map((o) => ({
        worker: o.claim.workerId,
        claimed_status: o.claim.status,
        attempts: o.claim.attempts,
        status: o.status,
        entry: o.entry,
        set_message2: o.message2 !== undefined,
        message2: o.message2 ?? null,
        file_name: o.fileName ?? null,
        file_content: o.fileContent ?? null,
        run_after: o.runAfter?.toISOString() ?? null,
        reset_attempts: o.resetAttempts === true,
      }));
      const rows = await preparedRows<{ id: number }>(
        db,
        'finish_tasks',
        sql`UPDATE ${tasks} SET task_status = i.v->>'status', details = ${tasks.details} || jsonb_build_array(i.v->'entry'),
                   message_2 = CASE WHEN (i.v->>'set_message2')::boolean THEN i.v->>'message2' ELSE ${tasks.message2} END,
                   file_name = coalesce(i.v->>'file_name', ${tasks.fileName}), file_content = coalesce(i.v->>'file_content', ${tasks.fileContent}),
                   run_after = coalesce((i.v->>'run_after')::timestamptz, ${tasks.runAfter}),
                   attempts_count = CASE WHEN (i.v->>'reset_attempts')::boolean THEN 0 ELSE ${tasks.attemptsCount} END,
                   is_running = false, lease_until = NULL, locked_by = NULL, updated_at = ${now.toISOString()}
            FROM (${byTask(
              outcomes.map((o) => o.taskId),
              input,
            )}) i
            WHERE ${tasks.id} = i.id AND ${tasks.lockedBy} = i.v->>'worker' AND ${tasks.isRunning}
              AND ${tasks.taskStatus} = i.v->>'claimed_status' AND ${tasks.attemptsCount} = (i.v->>'attempts')::int
            RETURNING ${tasks.id}::int AS id`,
      );
      return new Set(rows.map((r) => Number(r.id)));
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
          message2: TASK_TEXT.workerStopped,
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
export type TaskWorkerRepository = ReturnType<typeof createTaskWorkerRepository>;
