import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import { notFound } from '../../http/errors.js';
import type { TasksAdminService } from './tasks-admin.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface TasksRoutesOptions {
  guards: Guards;
  tasksAdmin: TasksAdminService;
}

/** /api/su/tasks: the admin task monitor. */
export const tasksAdminRoutes: FastifyPluginAsyncZod<TasksRoutesOptions> = async (app, { guards, tasksAdmin }) => {
  const route = contractRoutes(app, guards);
  const common = { access: 'admin', tags: ['admin'] } as const;

  route('listTasks', { ...common, handler: async (req) => ok(await tasksAdmin.list(currentUser(req), req.query)) });
  route('updateTask', { ...common, handler: async (req) => ok(await tasksAdmin.update(currentUser(req), req.params.id, req.body)) });
  route('adminTaskDownload', { ...common, handler: async (req) => ok(await tasksAdmin.downloadLink(currentUser(req), req.params.id)) });
};

/** PUT /api/tasks/{id}/download: any signed-in user linked to the task's customer. */
export const taskDownloadRoutes: FastifyPluginAsyncZod<TasksRoutesOptions> = async (app, { guards, tasksAdmin }) => {
  contractRoutes(app, guards)('taskDownload', {
    access: 'portal',
    tags: ['tasks'],
    handler: async (req) => ok(await tasksAdmin.downloadLink(currentUser(req), req.params.id)),
  });
};

/**
 * GET /api/files/{token}: the browser follows the link itself, so no bearer header is sent;
 * the sealed, expiring token is the authorisation.
 */
export const fileRoutes: FastifyPluginAsyncZod<Pick<TasksRoutesOptions, 'tasksAdmin'>> = async (app, { tasksAdmin }) => {
  contractRoutes(app)('downloadFile', {
    access: 'public',
    tags: ['tasks'],
    handler: async (req, reply) => {
      const file = await tasksAdmin.openLink(req.params.token);
      if (!file) throw notFound('This download link is invalid or has expired.');
      const ascii = file.fileName.replace(/[^A-Za-z0-9._-]/g, '_');
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.content, 'utf8'));
    },
  });
};
