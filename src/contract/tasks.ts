import { z } from 'zod';
import { LIMITS, TASK_STATUSES, TASK_TYPES, type TaskStatus, type TaskType } from './constants.js';
import { id, pageOf, text } from './common.js';
import { ATTEMPTS_RANGE_MESSAGE } from './task-rules.js';
import { textCode } from './timeline-texts.js';

export { ATTEMPTS_RANGE_MESSAGE, isTaskQueued } from './task-rules.js';

/** One entry of a task's visible log (SPEC §2.10 'Task Logs'); handlers add their own fields. */
export const taskLogEntry = z.object({ at: z.string(), event: z.string() }).catchall(z.unknown());
export type TaskLogEntryView = z.infer<typeof taskLogEntry>;

/** SPEC §3 Task, as every screen sees it (Task Status table, Return View timeline, Task Detail modal). */
export const taskView = z.object({
  id: z.number().int(),
  task_type: z.string(),
  task_status: z.string(),
  message_1: z.string().nullable(),
  message_2: z.string().nullable(),
  /** The codes of Message 1 and 2 (issue 24, src/contract/timeline-texts.ts) for a client that translates; null for a text of no code. */
  message_1_code: textCode.nullable(),
  message_2_code: textCode.nullable(),
  is_running: z.boolean(),
  attempts_count: z.number().int(),
  details: z.array(taskLogEntry),
  created_at: z.string(),
  updated_at: z.string(),
  /** True when the task stored a file the download route can stream. */
  has_file: z.boolean(),
});
export type TaskView = z.infer<typeof taskView>;

export const taskPage = pageOf(taskView);
export type TaskPage = z.infer<typeof taskPage>;

export const TASK_MSG = { customerInvalid: 'Customer must be All or a customer id' } as const;

// The SPA omits 'All'; an empty value or 'All' is treated the same, so hand-written links work too.
// Both are members of the enums, so the OpenAPI document says exactly what is accepted.
const noFilter = <T extends string>(v: T | '' | 'All') => (v === '' || v === 'All' ? undefined : v);

/** GET /api/su/tasks query (SPEC §2.14, §7). */
export const taskListQuery = z.strictObject({
  page: z.coerce
    .number({ error: 'Invalid page' })
    .int({ error: 'Invalid page' })
    .min(1, { error: 'Invalid page' })
    .max(1_000_000)
    .default(1),
  message_1: text()
    .trim()
    .max(200)
    .transform((v) => v || undefined)
    .optional(),
  task_status: z
    .enum(['All', '', ...TASK_STATUSES], { error: 'Unknown task status' })
    .transform(noFilter<TaskStatus>)
    .optional(),
  task_type: z
    .enum(['All', '', ...TASK_TYPES], { error: 'Unknown task type' })
    .transform(noFilter<TaskType>)
    .optional(),
  /** The tasks of one customer (issue 12: the dashboard's task links keep its customer). */
  customer_id: z
    .union([z.enum(['All', '']), id(TASK_MSG.customerInvalid)], { error: TASK_MSG.customerInvalid })
    .transform((v) => (v === '' || v === 'All' ? undefined : v))
    .optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuery>;

/** PUT /api/su/tasks/{id}: the Task Action form of the Task Detail modal. */
export const taskUpdateBody = z.object({
  message_2: text()
    .trim()
    .max(2000, { error: 'At most 2000 characters' })
    .nullish()
    .transform((v) => (v ? v : null)),
  is_running: z.boolean({ error: 'Is In Queue must be true or false' }),
  task_status: z.enum(TASK_STATUSES, { error: 'Unknown task status' }),
  attempts_count: z
    .number({ error: ATTEMPTS_RANGE_MESSAGE })
    .int({ error: ATTEMPTS_RANGE_MESSAGE })
    .min(LIMITS.minAttempts, { error: ATTEMPTS_RANGE_MESSAGE })
    .max(LIMITS.maxAttempts, { error: ATTEMPTS_RANGE_MESSAGE }),
});
export type TaskUpdateBody = z.infer<typeof taskUpdateBody>;

/** PUT /api/su/tasks/{id}/download and PUT /api/tasks/{id}/download. */
export const taskDownload = z.object({ url: z.string() });
export type TaskDownload = z.infer<typeof taskDownload>;
