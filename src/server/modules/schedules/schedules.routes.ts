import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SCHEDULE_MSG } from '../../../contract/schedules.js';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import type { SchedulesService } from './schedules.service.js';

/** What these routes need, handed in by app.ts (the composition root). */
export interface SchedulesRoutesOptions {
  guards: Guards;
  schedules: SchedulesService;
}

export const schedulesRoutes: FastifyPluginAsyncZod<SchedulesRoutesOptions> = async (app, { guards, schedules }) => {
  const route = contractRoutes(app, guards);
  const common = { access: 'admin', tags: ['report schedules'] } as const;

  // The brand's portal (issue 25): the schedules it made for its customers, to its own e-mail domain.
  const portal = { access: 'portal', tags: ['report schedules'] } as const;
  route('listPortalSchedules', {
    ...portal,
    summary: "A customer's report schedules made in the portal, with their last runs",
    description: 'For a brand user of the customer or an admin; an operator gets 403 (schedules are the admin’s under /su).',
    handler: async (req) => ok(await schedules.listPortal(currentUser(req), req.query)),
  });

  route('createPortalSchedule', {
    ...portal,
    summary: "Add a report schedule to one of the brand's customers (recipients at the user's own e-mail domain)",
    handler: async (req) => ok(await schedules.createPortal(currentUser(req), req.body)),
  });

  route('setPortalScheduleActive', {
    ...portal,
    summary: 'Pause or resume a report schedule made in the portal',
    handler: async (req) => ok(await schedules.setPortalActive(currentUser(req), req.params.id, req.body.active)),
  });

  route('deletePortalSchedule', {
    ...portal,
    summary: 'Delete a report schedule made in the portal',
    handler: async (req) => {
      await schedules.removePortal(currentUser(req), req.params.id);
      return ok(SCHEDULE_MSG.deleted);
    },
  });

  route('listReportSchedules', {
    ...common,
    summary: "A customer's report schedules with their last runs",
    handler: async (req) => ok(await schedules.list(currentUser(req), req.params.id)),
  });

  route('createReportSchedule', {
    ...common,
    summary: 'Add a report schedule to a customer',
    handler: async (req) => ok(await schedules.create(currentUser(req), req.params.id, req.body)),
  });

  route('updateReportSchedule', {
    ...common,
    summary: 'Change a report schedule',
    handler: async (req) => ok(await schedules.update(currentUser(req), req.params.id, req.body)),
  });

  route('deleteReportSchedule', {
    ...common,
    summary: 'Delete a report schedule (its past runs stay in the task monitor)',
    handler: async (req) => {
      await schedules.remove(currentUser(req), req.params.id);
      return ok(SCHEDULE_MSG.deleted);
    },
  });

  route('sendReportScheduleNow', {
    ...common,
    summary: "Send a schedule's report now (the period of its latest due time)",
    handler: async (req) => ok(await schedules.sendNow(currentUser(req), req.params.id)),
  });
};
