import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, idParam } from '../../../contract/common.js';
import {
  BILLING_MSG,
  billingCloseBody,
  billingExportQuery,
  billingMonth,
  billingQuery,
  rateBody,
  rateList,
  rateParams,
  rateView,
} from '../../../contract/billing.js';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import type { BillingService } from './billing.service.js';

/** What these routes need, handed in by app.ts (the composition root). */
export interface BillingRoutesOptions {
  guards: Guards;
  billing: BillingService;
}

export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (app, { guards, billing }) => {
  app.addHook('onRequest', guards.requireAdmin);
  const common = { tags: ['billing'], security: [{ bearer: [] }] };

  app.get(
    '/su/customers/:id/billing-rates',
    { schema: { ...common, summary: "A customer's billing rates and currency", params: idParam, response: { 200: envelope(rateList) } } },
    async (req) => ok(await billing.rates(currentUser(req), req.params.id)),
  );

  app.post(
    '/su/customers/:id/billing-rates',
    {
      schema: {
        ...common,
        summary: 'Add a billing rate (from its start date until the next rate)',
        params: idParam,
        body: rateBody,
        response: { 200: envelope(rateView) },
      },
    },
    async (req) => ok(await billing.addRate(currentUser(req), req.params.id, req.body)),
  );

  app.delete(
    '/su/billing-rates/:id',
    {
      schema: {
        ...common,
        summary: 'Delete a billing rate (closed months keep their figures)',
        params: rateParams,
        response: { 200: envelope(z.string()) },
      },
    },
    async (req) => {
      await billing.deleteRate(currentUser(req), req.params.id);
      return ok(BILLING_MSG.rateDeleted);
    },
  );

  app.get(
    '/su/billing',
    {
      schema: {
        ...common,
        summary: "A customer's billing month: counts and amounts per event type",
        querystring: billingQuery,
        response: { 200: envelope(billingMonth) },
      },
    },
    async (req) => ok(await billing.month(currentUser(req), req.query)),
  );

  app.post(
    '/su/billing/close',
    {
      schema: {
        ...common,
        summary: 'Close an ended billing month: its figures are frozen',
        body: billingCloseBody,
        response: { 200: envelope(billingMonth) },
      },
    },
    async (req) => ok(await billing.close(currentUser(req), req.body)),
  );

  // The file itself (CSV or XLSX), one row per billable event.
  app.get(
    '/su/billing/export',
    { schema: { ...common, summary: "Download a billing month's events as CSV or XLSX", querystring: billingExportQuery } },
    async (req, reply) => {
      const file = await billing.exportFile(currentUser(req), req.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
};
