import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { tasks, type TaskLogEntry } from '../../db/schema/index.js';
import type { TaskStatus, TaskType } from '../../../contract/constants.js';
import { parseTaskPayload, type TaskPayload } from '../../../contract/task-payloads.js';

export interface NewTaskFields {
  taskStatus?: TaskStatus;
  message1?: string | null;
  message2?: string | null;
  customerId?: number | null;
  orderId?: number | null;
  returnId?: number | null;
  fileName?: string | null;
  fileContent?: string | null;
  details?: TaskLogEntry[];
  runAfter?: Date;
}

/**
 * A task to queue: its payload is the one its type's schema describes (optional when that is
 * empty). The type helps the caller; `enqueue` parses the payload whatever the caller's type said.
 */
export type NewTask<T extends TaskType = TaskType> = NewTaskFields & { taskType: T } & (Record<string, never> extends TaskPayload<T>
    ? { payload?: TaskPayload<T> }
    : { payload: TaskPayload<T> });

/** Writing tasks: any service may enqueue, inside its own transaction. */
export function createTaskQueueRepository(db: DbOrTx) {
  /** Wakes idle workers: tasks/task-wakeup.ts LISTENs on rd_tasks. */
  async function wakeWorkers(): Promise<void> {
    await db.execute(sql`SELECT pg_notify('rd_tasks', '')`);
  }

  return {
    /** Queues a task; its payload is parsed by its type's schema first (a ZodError for a bad one). */
    async enqueue<T extends TaskType>(task: NewTask<T>, now: Date): Promise<number> {
      const payload = parseTaskPayload(task.taskType, task.payload ?? {});
      const [row] = await db
        .insert(tasks)
        .values({
          ...task,
          payload,
          details: task.details ?? [{ at: now.toISOString(), event: 'created' }],
          runAfter: task.runAfter ?? now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: tasks.id });
      // Inside a transaction the notice is delivered on commit.
      await wakeWorkers();
      return row!.id;
    },

    wakeWorkers,
  };
}
export type TaskQueueRepository = ReturnType<typeof createTaskQueueRepository>;
