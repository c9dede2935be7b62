import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localeFromAcceptLanguage } from '../../../contract/locales.js';
import { ok } from '../../http/envelope.js';
import { currentToken, currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import type { HistoryService } from './history.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface HistoryRoutesOptions {
  guards: Guards;
  history: HistoryService;
}

export const historyRoutes: FastifyPluginAsyncZod<HistoryRoutesOptions> = async (app, { guards, history }) => {
  const route = contractRoutes(app, guards);
  route('listReturns', {
    // The page statement checks the session itself (one round trip per request).
    access: 'portal-by-statement',
    tags: ['history'],
    summary: 'Return History page (30 a page, newest first, exact totals)',
    handler: async (req) => ok(await history.listForToken(currentToken(req), req.query)),
  });

  route('downloadReturns', {
    // A download streams for a while: the session is checked once, up front (401 before 422).
    access: 'portal',
    brandAudit: true,
    tags: ['history'],
    summary:
      "Every return of the History filter as a CSV or XLSX file, streamed (X-Total-Rows: the row count); headings in the asker's language, or English with headings=en",
    handler: async (req, reply) => {
      const file = await history.download(currentUser(req), req.query, localeFromAcceptLanguage(req.headers['accept-language']));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-total-rows', String(file.rows))
        .header('access-control-expose-headers', 'x-total-rows, content-disposition')
        .send(file.stream);
    },
  });
};
