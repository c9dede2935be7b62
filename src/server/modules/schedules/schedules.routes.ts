import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '../../../contract/common.js';
import { SCHEDULE_MSG, scheduleBody, scheduleParams, scheduleView } from '../../../contract/schedules.js';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import type { SchedulesService } from './schedules.service.js';

/** What these routes need, handed in by app.ts (the composition root). */
export interface SchedulesRoutesOptions {
  guards: Guards;
  schedules: SchedulesService;
}

export const schedulesRoutes: FastifyPluginAsyncZod<SchedulesRoutesOptions> = async (app, { guards, schedules }) => {
  app.addHook('onRequest', guards.requireAdmin);
  const common = { tags: ['report schedules'], security: [{ bearer: [] }] };

  app.get(
    '/su/customers/:id/report-schedules',
    {
      schema: {
        ...common,
        summary: "A customer's report schedules with their last runs",
        params: idParam,
        response: { 200: envelope(z.array(scheduleView)) },
      },
    },
    async (req) => ok(await schedules.list(currentUser(req), req.params.id)),
  );

  app.post(
    '/su/customers/:id/report-schedules',
    {
      schema: {
        ...common,
        summary: 'Add a report schedule to a customer',
        params: idParam,
        body: scheduleBody,
        response: { 200: envelope(scheduleView) },
      },
    },
    async (req) => ok(await schedules.create(currentUser(req), req.params.id, req.body)),
  );

  app.put(
    '/su/report-schedules/:id',
    {
      schema: {
        ...common,
        summary: 'Change a report schedule',
        params: scheduleParams,
        body: scheduleBody,
        response: { 200: envelope(scheduleView) },
      },
    },
    async (req) => ok(await schedules.update(currentUser(req), req.params.id, req.body)),
  );

  app.delete(
    '/su/report-schedules/:id',
    {
      schema: {
        ...common,
        summary: 'Delete a report schedule (its past runs stay in the task monitor)',
        params: scheduleParams,
        response: { 200: envelope(z.string()) },
      },
    },
    async (req) => {
      await schedules.remove(currentUser(req), req.params.id);
      return ok(SCHEDULE_MSG.deleted);
    },
  );

  app.post(
    '/su/report-schedules/:id/send',
    {
      schema: {
        ...common,
        summary: "Send a schedule's report now (the period of its latest due time)",
        params: scheduleParams,
        response: { 200: envelope(scheduleView) },
      },
    },
    async (req) => ok(await schedules.sendNow(currentUser(req), req.params.id)),
  );
};
