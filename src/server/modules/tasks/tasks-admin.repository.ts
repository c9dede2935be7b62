import { and, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { escapeLike } from '../../db/sql-helpers.js';
import { tasks, type TaskLogEntry } from '../../db/schema/index.js';
import type { TaskListQuery } from '../../../contract/tasks.js';

export type TaskRow = typeof tasks.$inferSelect;

// Every column a task view shows; file_content is large, so lists only ask whether it exists.
export const taskViewColumns = {
  id: tasks.id,
  taskType: tasks.taskType,
  taskStatus: tasks.taskStatus,
  message1: tasks.message1,
  message2: tasks.message2,
  isRunning: tasks.isRunning,
  attemptsCount: tasks.attemptsCount,
  details: tasks.details,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
  customerId: tasks.customerId,
  hasFile: sql<boolean>`(${tasks.fileContent} IS NOT NULL)`.mapWith(Boolean),
};

export interface TaskAdminChange {
  message2: string | null;
  isRunning: boolean;
  taskStatus: string;
  attemptsCount: number;
  runAfter?: Date;
  /** Clearing the lease makes a running worker's late result be ignored (see task-worker.repository finish). */
  releaseLease: boolean;
}

export function createTasksAdminRepository(db: DbOrTx) {
  return {
    async page(query: TaskListQuery, perPage: number) {
      const filters: SQL[] = [];
      if (query.message_1) filters.push(ilike(tasks.message1, `%${escapeLike(query.message_1)}%`));
      if (query.task_status) filters.push(eq(tasks.taskStatus, query.task_status));
      if (query.task_type) filters.push(eq(tasks.taskType, query.task_type));
      if (query.customer_id !== undefined) filters.push(eq(tasks.customerId, query.customer_id));
      const where = filters.length ? and(...filters) : undefined;
      const [total] = await db.select({ n: count() }).from(tasks).where(where);
      const rows = await db
        .select(taskViewColumns)
        .from(tasks)
        .where(where)
        .orderBy(desc(tasks.createdAt), desc(tasks.id))
        .limit(perPage)
        .offset((query.page - 1) * perPage);
      return { rows, total: Number(total?.n ?? 0) };
    },

    async find(id: number) {
      const [row] = await db.select(taskViewColumns).from(tasks).where(eq(tasks.id, id)).limit(1);
      return row;
    },

    async findForUpdate(id: number) {
      const [row] = await db.select(taskViewColumns).from(tasks).where(eq(tasks.id, id)).for('update').limit(1);
      return row;
    },

    async applyAdminChange(id: number, change: TaskAdminChange, entry: TaskLogEntry, now: Date): Promise<void> {
      await db
        .update(tasks)
        .set({
          message2: change.message2,
          isRunning: change.isRunning,
          taskStatus: change.taskStatus,
          attemptsCount: change.attemptsCount,
          updatedAt: now,
          details: sql`${tasks.details} || ${JSON.stringify([entry])}::jsonb`,
          ...(change.runAfter ? { runAfter: change.runAfter } : {}),
          ...(change.releaseLease ? { leaseUntil: null, lockedBy: null } : {}),
        })
        .where(eq(tasks.id, id));
    },

    async findFile(id: number) {
      const [row] = await db
        .select({ id: tasks.id, fileName: tasks.fileName, fileContent: tasks.fileContent, taskType: tasks.taskType })
        .from(tasks)
        .where(eq(tasks.id, id))
        .limit(1);
      return row;
    },
  };
}
export type TasksAdminRepository = ReturnType<typeof createTasksAdminRepository>;
