import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.js';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import type { InspectionRulesService } from './inspection-rules.service.js';
import type { InspectionDeskService } from './inspection-desk.service.js';

export interface InspectionRulesRoutesOptions {
  guards: Guards;
  inspectionRules: InspectionRulesService;
  inspectionDesk: InspectionDeskService;
}

/** A customer's inspection rules and grade scale (issue 27), managed by admins in the customer drawer. */
export const inspectionRulesRoutes: FastifyPluginAsyncZod<InspectionRulesRoutesOptions> = async (
  app,
  { guards, inspectionRules: svc, inspectionDesk },
) => {
  const route = contractRoutes(app, guards);
  const tags = ['inspection rules'];

  route('listInspectionRules', {
    access: 'admin',
    tags,
    summary: "A page of a customer's inspection rules, most specific first",
    handler: async (req) => ok(await svc.list(currentUser(req), req.params.id, req.query)),
  });
  route('createInspectionRule', {
    access: 'admin',
    tags,
    summary: 'Add an inspection rule to a customer',
    handler: async (req) => ok(await svc.add(currentUser(req), req.params.id, req.body)),
  });
  route('updateInspectionRule', {
    access: 'admin',
    tags,
    summary: "Change a customer's inspection rule",
    handler: async (req) => ok(await svc.update(currentUser(req), req.params.id, req.params.ruleId, req.body)),
  });
  route('deleteInspectionRule', {
    access: 'admin',
    tags,
    summary: "Delete a customer's inspection rule",
    handler: async (req) => {
      await svc.remove(currentUser(req), req.params.id, req.params.ruleId);
      return ok('Rule deleted');
    },
  });
  route('importInspectionRules', {
    access: 'admin',
    tags,
    summary: 'Import inspection rules (CSV text or XLSX as base64; one row per rule)',
    description:
      'All or nothing: a file with a bad cell writes nothing and answers 422 with one message per problem ("Line 4, column B (value): …"). A rule of the same kind and value as a stored one replaces it.',
    options: { bodyLimit: 30 * 1024 * 1024 },
    handler: async (req) => ok(await svc.importFile(currentUser(req), req.params.id, req.body)),
  });
  route('exportInspectionRules', {
    access: 'admin',
    tags,
    summary: "Download a customer's inspection rules as CSV or XLSX (the import's columns)",
    handler: async (req, reply) => {
      const file = await svc.exportFile(currentUser(req), req.params.id, req.query.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });
  route('matchInspectionRule', {
    access: 'user',
    tags,
    summary: "The inspection rule that applies to a customer's product, with the grade scale (receiving)",
    description:
      'For a product picked off the order or in a blind return (the order load carries the rules of its own products). `rule` is null when no rule applies.',
    handler: async (req) => ok(await inspectionDesk.match(currentUser(req), req.params.customerId, req.query.product_id)),
  });
  route('getGradeScale', {
    access: 'admin',
    tags,
    summary: "A customer's grade names and the conditions they record",
    handler: async (req) => ok(await svc.grades(currentUser(req), req.params.id)),
  });
  route('saveGradeScale', {
    access: 'admin',
    tags,
    summary: "Rename a customer's grades and map them onto the conditions",
    handler: async (req) => ok(await svc.saveGrades(currentUser(req), req.params.id, req.body)),
  });
};
