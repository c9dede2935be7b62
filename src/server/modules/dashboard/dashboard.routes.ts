import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/common.js';
import { dashboardAnswer, dashboardQuery } from '../../../contract/dashboard.js';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import type { DashboardService } from './dashboard.service.js';

export interface DashboardRoutesOptions {
  guards: Guards;
  dashboard: DashboardService;
}

export const dashboardRoutes: FastifyPluginAsyncZod<DashboardRoutesOptions> = async (app, { guards, dashboard }) => {
  app.addHook('onRequest', guards.requireAuth);

  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary: "Dashboard figures of a period for the user's customers or one of them (from daily roll-ups)",
        security: [{ bearer: [] }],
        querystring: dashboardQuery,
        response: { 200: envelope(dashboardAnswer) },
      },
    },
    async (req) => ok(await dashboard.read(currentUser(req), req.query)),
  );
};
