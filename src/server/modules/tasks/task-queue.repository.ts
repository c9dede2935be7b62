import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { tasks, type TaskLogEntry } from '../../db/schema/index.js';
import type { TaskStatus, TaskType } from '../../../contract/constants.js';

export interface NewTask {
  taskType: TaskType;
  taskStatus?: TaskStatus;
  message1?: string | null;
  message2?: string | null;
  payload?: Record<string, unknown>;
  customerId?: number | null;
  orderId?: number | null;
  returnId?: number | null;
  fileName?: string | null;
  fileContent?: string | null;
  details?: TaskLogEntry[];
  runAfter?: Date;
}

/** Writing tasks: any service may enqueue, inside its own transaction. */
export function createTaskQueueRepository(db: DbOrTx) {
  return {
    async enqueue(task: NewTask, now: Date): Promise<number> {
      const [row] = await db
        .insert(tasks)
        .values({
          ...task,
          details: task.details ?? [{ at: now.toISOString(), event: 'created' }],
          runAfter: task.runAfter ?? now,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: tasks.id });
      // Wakes idle workers (tasks/task-wakeup.ts); inside a transaction it is delivered on commit.
      await db.execute(sql`SELECT pg_notify('rd_tasks', '')`);
      return row!.id;
    },
  };
}
export type TaskQueueRepository = ReturnType<typeof createTaskQueueRepository>;
