import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { currentApiKey, currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import type { ExpectedReturnsService } from './expected-returns.service.js';

export interface ExpectedReturnsRoutesOptions {
  guards: Guards;
  expectedReturns: ExpectedReturnsService;
}

export const expectedReturnsRoutes: FastifyPluginAsyncZod<ExpectedReturnsRoutesOptions> = async (app, { guards, expectedReturns }) => {
  const route = contractRoutes(app, guards);
  route('partnerCreateExpectedReturns', {
    access: 'key:expected_returns:write',
    tags: ['partner API'],
    summary: 'Announce returns before they arrive (RMA, label tracking number, order, items); all or nothing',
    handler: async (req) => ok(await expectedReturns.announce(currentApiKey(req), req.body)),
  });
  route('importExpectedReturns', {
    access: 'portal',
    tags: ['admin'],
    summary: 'Upload expected returns for a customer (CSV text or XLSX as base64; one row per item)',
    description:
      'For an admin or a brand user of the customer (the portal); an operator gets 403. All or nothing: a file with a bad cell writes nothing and answers 422 with one message per problem ("Line 4, column F (quantity): …").',
    options: { bodyLimit: 15 * 1024 * 1024 },
    handler: async (req) => ok(await expectedReturns.importFile(currentUser(req), req.params.id, req.body)),
  });
  route('listExpectedReturns', {
    access: 'admin',
    tags: ['admin'],
    summary: "A customer's expected returns, newest first (expected, received or overdue), with the counts per status",
    handler: async (req) => ok(await expectedReturns.list(currentUser(req), req.params.id, req.query.status)),
  });
  route('dashboardExpected', {
    access: 'user',
    tags: ['dashboard'],
    summary: 'Expected vs arrived for the dashboard: announced and received in the period, awaiting and overdue now',
    handler: async (req) => ok(await expectedReturns.dashboard(currentUser(req), req.query)),
  });
  route('saveExpectedSettings', {
    access: 'admin',
    tags: ['admin'],
    summary: "Set after how many days a customer's expected return that has not arrived is overdue",
    handler: async (req) => ok(await expectedReturns.saveSettings(currentUser(req), req.params.id, req.body.overdue_days)),
  });
  route('findExpectedReturn', {
    access: 'user',
    tags: ['returns'],
    summary: "The expected return a scanned label stands for (tracking barcode with its carrier's prefixes, or the RMA)",
    handler: async (req) => ok(await expectedReturns.findByScan(currentUser(req), req.params.customerId, req.body.scan)),
  });
};
