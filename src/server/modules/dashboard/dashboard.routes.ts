import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import type { DashboardService } from './dashboard.service.js';

export interface DashboardRoutesOptions {
  guards: Guards;
  dashboard: DashboardService;
}

export const dashboardRoutes: FastifyPluginAsyncZod<DashboardRoutesOptions> = async (app, { guards, dashboard }) => {
  contractRoutes(app, guards)('dashboard', {
    access: 'portal',
    tags: ['dashboard'],
    summary: "Dashboard figures of a period for the user's customers or one of them (from daily roll-ups)",
    handler: async (req) => ok(await dashboard.read(currentUser(req), req.query)),
  });
};
