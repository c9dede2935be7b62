import { localeFromAcceptLanguage } from '../../../contract/locales.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../contract/messages.js';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import type { ReportsService } from './reports.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface ReportsRoutesOptions {
  guards: Guards;
  reports: ReportsService;
}

export const reportsRoutes: FastifyPluginAsyncZod<ReportsRoutesOptions> = async (app, { guards, reports }) => {
  contractRoutes(app, guards)('requestReport', {
    access: 'portal',
    tags: ['reports'],
    summary: 'Queue the e-mailed return report (XLSX and CSV) of one customer and date range',
    handler: async (req) => {
      await reports.requestReturnReport(currentUser(req), req.body, localeFromAcceptLanguage(req.headers['accept-language']));
      return ok(MSG.reportQueued);
    },
  });
};
