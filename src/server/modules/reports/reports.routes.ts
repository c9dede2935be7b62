import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../contract/common.js';
import { MSG } from '../../../contract/messages.js';
import { reportRequestBody } from '../../../contract/reports.js';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import type { ReportsService } from './reports.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface ReportsRoutesOptions {
  guards: Guards;
  reports: ReportsService;
}

export const reportsRoutes: FastifyPluginAsyncZod<ReportsRoutesOptions> = async (app, { guards, reports }) => {
  app.addHook('onRequest', guards.requireAuth);

  app.post(
    '/reports',
    {
      schema: {
        tags: ['reports'],
        summary: 'Queue the e-mailed return report (XLSX and CSV) of one customer and date range',
        security: [{ bearer: [] }],
        body: reportRequestBody,
        response: { 200: envelope(z.string()) },
      },
    },
    async (req) => {
      await reports.requestReturnReport(currentUser(req), req.body);
      return ok(MSG.reportQueued);
    },
  );
};
