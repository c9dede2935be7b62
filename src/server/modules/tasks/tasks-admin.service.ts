import { LIMITS } from '../../../contract/constants.js';
import type { TaskDownload, TaskListQuery, TaskPage, TaskUpdateBody, TaskView } from '../../../contract/tasks.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import type { TaskLogEntry } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import { requireAdmin, type AuthUser } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import type { FileLinks } from './file-links.js';
import { createTasksAdminRepository } from './tasks-admin.repository.js';
import { toTaskView } from './task-view.js';

const RUNNABLE = new Set(['Pending', 'Before Downloading']);

/** Task monitor for admins (SPEC §2.14) and the signed file links of the Task Detail modal. */
export function createTasksAdminService(deps: {
  db: Db;
  clock: Clock;
  customerAccess: CustomerAccess;
  fileLinks: FileLinks;
  /** Where the task monitor's list is read: the replica when caught up (db/read-routing.ts). */
  readDb?: () => Promise<Db>;
}) {
  const { clock, customerAccess, fileLinks } = deps;
  const uow = unitOfWork(deps.db, (db) => ({ tasks: createTasksAdminRepository(db), audit: createAuditRepository(db) }));
  const read = uow.repos.tasks;

  return {
    async list(user: AuthUser, query: TaskListQuery): Promise<TaskPage> {
      requireAdmin(user);
      const perPage = LIMITS.taskPageSize;
      const lister = deps.readDb ? createTasksAdminRepository(await deps.readDb()) : read;
      const { rows, total } = await lister.page(query, perPage);
      return {
        data: rows.map(toTaskView),
        on_page: query.page,
        per_page: perPage,
        total_records: total,
        total_pages: Math.max(1, Math.ceil(total / perPage)),
      };
    },

    /** The Task Action form: the change goes into the task's own log and the audit trail. */
    async update(actor: AuthUser, id: number, body: TaskUpdateBody): Promise<TaskView> {
      requireAdmin(actor);
      const now = clock.now();
      return uow.transaction(async ({ tasks: repo, audit }) => {
        const current = await repo.findForUpdate(id);
        if (!current) throw notFound('Task not found.');
        const before = {
          message_2: current.message2,
          is_running: current.isRunning,
          task_status: current.taskStatus,
          attempts_count: current.attemptsCount,
        };
        const after = {
          message_2: body.message_2,
          is_running: body.is_running,
          task_status: body.task_status,
          attempts_count: body.attempts_count,
        };
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const key of Object.keys(after) as (keyof typeof after)[]) {
          if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
        }
        if (!Object.keys(changes).length) return toTaskView(current);

        const entry: TaskLogEntry = { at: now.toISOString(), event: 'admin update', by: actor.username, changes };
        await repo.applyAdminChange(
          id,
          {
            message2: body.message_2,
            isRunning: body.is_running,
            taskStatus: body.task_status,
            attemptsCount: body.attempts_count,
            // An admin who leaves the task runnable after changing it wants it retried now,
            // not after the back-off delay of its last failure.
            runAfter: RUNNABLE.has(body.task_status) ? now : undefined,
            releaseLease: !body.is_running,
          },
          entry,
          now,
        );
        await audit.record({ actor, action: 'update', entityType: 'task', entityId: id, before, after }, now);
        return toTaskView((await repo.find(id))!);
      });
    },

    /** A short-lived link to the task's file, for anyone who may see the task's customer. */
    async downloadLink(user: AuthUser, id: number): Promise<TaskDownload> {
      const task = await read.find(id);
      if (!task) throw notFound('Task not found.');
      if (!user.isSu) {
        // System tasks belong to no customer: only admins reach them.
        if (task.customerId === null) throw forbidden();
        await customerAccess.require(user, task.customerId);
      }
      if (!task.hasFile) throw notFound('This task has no file.');
      const { token } = fileLinks.issue(id, clock.now());
      return { url: `/api/files/${token}` };
    },

    /** The file behind a link; undefined for an invalid, altered or expired link. */
    async openLink(token: string): Promise<{ fileName: string; content: string } | undefined> {
      const taskId = fileLinks.open(token, clock.now());
      if (taskId === undefined) return undefined;
      const file = await read.findFile(taskId);
      if (!file || file.fileContent === null) return undefined;
      return { fileName: file.fileName || `task-${taskId}.txt`, content: file.fileContent };
    },
  };
}
export type TasksAdminService = ReturnType<typeof createTasksAdminService>;
