import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { Guards } from '../../http/auth-guard.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/crypto.js';
import { auditRoutes } from '../audit/audit.routes.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import { createAuditService } from '../audit/audit.service.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import { customersAdminRoutes } from '../customers/customers-admin.routes.js';
import { createCustomersAdminService } from '../customers/customers-admin.service.js';
import { settingsRoutes } from '../settings/settings.routes.js';
import { createSettingsService } from '../settings/settings.service.js';
import { createFileLinks } from '../tasks/file-links.js';
import { createTasksAdminService } from '../tasks/tasks-admin.service.js';
import { fileRoutes, taskDownloadRoutes, tasksAdminRoutes } from '../tasks/tasks.routes.js';
import { usersRoutes } from '../users/users.routes.js';
import { createInvitations } from '../users/invitations.js';
import { createUsersService } from '../users/users.service.js';
import { webhooksRoutes } from '../webhooks/webhooks.routes.js';
import { createWebhooksService } from '../webhooks/webhooks.service.js';

/** The back office services (SPEC §2.11–§2.14): one call in services.ts. */
export function createAdminServices(deps: {
  db: Db;
  clock: Clock;
  secretBox: SecretBox;
  customerAccess: CustomerAccess;
  readDb?: () => Promise<Db>;
  /** WEBHOOK_ALLOW_HTTP: http:// receivers (same machine, tests). */
  allowHttpWebhooks?: boolean;
  /** PUBLIC_URL: the base of mailed links (invitations). */
  publicUrl?: string;
}) {
  const { db, clock, secretBox, customerAccess } = deps;
  const base = { db, clock };
  return {
    audit: createAuditService({ repo: createAuditRepository(db) }),
    users: createUsersService({ ...base, invitations: createInvitations({ clock, secretBox, publicUrl: deps.publicUrl }) }),
    customersAdmin: createCustomersAdminService({ ...base, secretBox }),
    settings: createSettingsService({ ...base, secretBox }),
    tasksAdmin: createTasksAdminService({ ...base, customerAccess, fileLinks: createFileLinks(secretBox), readDb: deps.readDb }),
    webhooks: createWebhooksService({ ...base, secretBox, customerAccess, allowHttp: deps.allowHttpWebhooks ?? false }),
  };
}
export type AdminServices = ReturnType<typeof createAdminServices>;

/** What the back office routes need: the guards and the admin services. */
export type AdminRoutesOptions = AdminServices & { guards: Guards };

/** Every back office route plugin, each with its own guard: one line in app.ts. */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, options) => {
  const { guards } = options;
  await app.register(usersRoutes, { guards, users: options.users });
  await app.register(customersAdminRoutes, { guards, customersAdmin: options.customersAdmin });
  await app.register(settingsRoutes, { guards, settings: options.settings });
  await app.register(tasksAdminRoutes, { guards, tasksAdmin: options.tasksAdmin });
  await app.register(taskDownloadRoutes, { guards, tasksAdmin: options.tasksAdmin });
  await app.register(fileRoutes, { tasksAdmin: options.tasksAdmin });
  await app.register(auditRoutes, { guards, audit: options.audit });
  await app.register(webhooksRoutes, { guards, webhooks: options.webhooks });
};
