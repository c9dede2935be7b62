import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/common.js';
import { historyDownloadQuery, historyPage, historyQuery } from '../../../contract/history.js';
import { ok } from '../../http/envelope.js';
import { currentToken, currentUser, type Guards } from '../../http/auth-guard.js';
import type { HistoryService } from './history.service.js';

/** What these routes need, handed in by app.ts (the composition root); nothing else is reachable. */
export interface HistoryRoutesOptions {
  guards: Guards;
  history: HistoryService;
}

export const historyRoutes: FastifyPluginAsyncZod<HistoryRoutesOptions> = async (app, { guards, history }) => {
  // The page statement checks the session itself (one round trip per request).
  app.addHook('onRequest', guards.requireToken);

  app.get(
    '/returns',
    {
      // Bad input is answered in the handler, after the session check (401 before 422).
      attachValidation: true,
      schema: {
        tags: ['history'],
        summary: 'Return History page (30 a page, newest first, exact totals)',
        security: [{ bearer: [] }],
        querystring: historyQuery,
        response: { 200: envelope(historyPage) },
      },
    },
    async (req, reply) => {
      if (req.validationError) {
        // The page statement checks the session only for valid input: a caller without a live
        // session must not learn the route's validation rules, so bad input checks it here first.
        await guards.requireAuth(req, reply);
        throw req.validationError;
      }
      return ok(await history.listForToken(currentToken(req), req.query));
    },
  );

  app.get(
    '/returns/download',
    {
      // A download streams for a while: the session is checked once, up front (401 before 422).
      onRequest: guards.requireAuth,
      schema: {
        tags: ['history'],
        summary: 'Every return of the History filter as a CSV or XLSX file, streamed (X-Total-Rows: the row count)',
        security: [{ bearer: [] }],
        querystring: historyDownloadQuery,
      },
    },
    async (req, reply) => {
      const file = await history.download(currentUser(req), req.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-total-rows', String(file.rows))
        .header('access-control-expose-headers', 'x-total-rows, content-disposition')
        .send(file.stream);
    },
  );
};
