import type { TaskView } from '../../../contract/tasks.js';
import type { tasks } from '../../db/schema/index.js';
import { taskTextCode } from '../../i18n/timeline-codes.js';

type TaskRowLike = Pick<
  typeof tasks.$inferSelect,
  'id' | 'taskType' | 'taskStatus' | 'message1' | 'message2' | 'isRunning' | 'attemptsCount' | 'details' | 'createdAt' | 'updatedAt'
> & { fileName?: string | null; fileContent?: string | null; hasFile?: boolean };

/**
 * The one mapping from a tasks row to the SPA's Task (SPEC §3). The payload, the file body and the
 * worker's lease columns never leave the server. List queries that skip file_content pass `hasFile`.
 */
export function toTaskView(row: TaskRowLike): TaskView {
  return {
    id: Number(row.id),
    task_type: row.taskType,
    task_status: row.taskStatus,
    message_1: row.message1,
    message_2: row.message2,
    message_1_code: taskTextCode(row.message1),
    message_2_code: taskTextCode(row.message2),
    is_running: row.isRunning,
    attempts_count: row.attemptsCount,
    details: Array.isArray(row.details) ? row.details : [],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    has_file: row.hasFile ?? (row.fileContent !== null && row.fileContent !== undefined),
  };
}
