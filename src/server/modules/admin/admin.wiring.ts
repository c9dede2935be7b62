import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app.js';
import type { AppDeps } from '../../deps.js';
import { auditRoutes } from '../audit/audit.routes.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import { customersAdminRoutes } from '../customers/customers-admin.routes.js';
import { createCustomersAdminService } from '../customers/customers-admin.service.js';
import { settingsRoutes } from '../settings/settings.routes.js';
import { createSettingsService } from '../settings/settings.service.js';
import { createFileLinks } from '../tasks/file-links.js';
import { createTasksAdminService } from '../tasks/tasks-admin.service.js';
import { fileRoutes, taskDownloadRoutes, tasksAdminRoutes } from '../tasks/tasks.routes.js';
import { usersRoutes } from '../users/users.routes.js';
import { createUsersService } from '../users/users.service.js';

/** The back office services (SPEC §2.11–§2.14): one call in services.ts. */
export function createAdminServices(deps: AppDeps, customerAccess: CustomerAccess) {
  const { db } = deps.database;
  const base = { db, clock: deps.clock };
  return {
    audit: createAuditRepository(db),
    users: createUsersService(base),
    customersAdmin: createCustomersAdminService({ ...base, secretBox: deps.secretBox }),
    settings: createSettingsService({ ...base, secretBox: deps.secretBox }),
    tasksAdmin: createTasksAdminService({ ...base, customerAccess, fileLinks: createFileLinks(deps.secretBox) }),
  };
}

/** Every back office route plugin, each with its own guard: one line in app.ts. */
export const adminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, context) => {
  await app.register(usersRoutes, context);
  await app.register(customersAdminRoutes, context);
  await app.register(settingsRoutes, context);
  await app.register(tasksAdminRoutes, context);
  await app.register(taskDownloadRoutes, context);
  await app.register(fileRoutes, context);
  await app.register(auditRoutes, context);
};
