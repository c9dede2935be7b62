import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localeFromAcceptLanguage } from '../../../contract/locales.js';
import { BILLING_MSG } from '../../../contract/billing.js';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import type { BillingService } from './billing.service.js';

/** What these routes need, handed in by app.ts (the composition root). */
export interface BillingRoutesOptions {
  guards: Guards;
  billing: BillingService;
}

export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (app, { guards, billing }) => {
  const route = contractRoutes(app, guards);
  const common = { access: 'admin', tags: ['billing'] } as const;

  route('listBillingRates', {
    ...common,
    summary: "A customer's billing rates and currency",
    handler: async (req) => ok(await billing.rates(currentUser(req), req.params.id)),
  });

  route('createBillingRate', {
    ...common,
    summary: 'Add a billing rate (from its start date until the next rate)',
    handler: async (req) => ok(await billing.addRate(currentUser(req), req.params.id, req.body)),
  });

  route('deleteBillingRate', {
    ...common,
    summary: 'Delete a billing rate (closed months keep their figures)',
    handler: async (req) => {
      await billing.deleteRate(currentUser(req), req.params.id);
      return ok(BILLING_MSG.rateDeleted);
    },
  });

  route('billingMonth', {
    ...common,
    summary: "A customer's billing month: counts and amounts per event type",
    handler: async (req) => ok(await billing.month(currentUser(req), req.query)),
  });

  route('closeBillingMonth', {
    ...common,
    summary: 'Close an ended billing month: its figures are frozen',
    handler: async (req) => ok(await billing.close(currentUser(req), req.body)),
  });

  // The brand's portal (issue 25): its customers' closed months, read-only; an admin may read them too.
  const portal = { access: 'portal', tags: ['billing'] } as const;
  route('listBillingStatements', {
    ...portal,
    summary: "A customer's billing statements: its closed months, newest first",
    description: 'For a brand user of the customer or an admin; an operator gets 403 (billing is the admin’s).',
    handler: async (req) => ok(await billing.statements(currentUser(req), req.query)),
  });

  route('billingStatement', {
    ...portal,
    summary: "A closed month's billing statement (404 while the month is open)",
    handler: async (req) => ok(await billing.statement(currentUser(req), req.query)),
  });

  route('exportBillingStatement', {
    ...portal,
    summary: "Download a closed month's billable events as CSV or XLSX; headings in the asker's language, or English with headings=en",
    brandAudit: true,
    handler: async (req, reply) => {
      const file = await billing.exportStatement(currentUser(req), req.query, localeFromAcceptLanguage(req.headers['accept-language']));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });

  // The file itself (CSV or XLSX), one row per billable event.
  route('exportBillingMonth', {
    ...common,
    summary: "Download a billing month's events as CSV or XLSX; headings in the asker's language, or English with headings=en",
    handler: async (req, reply) => {
      const file = await billing.exportFile(currentUser(req), req.query, localeFromAcceptLanguage(req.headers['accept-language']));
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });
};
