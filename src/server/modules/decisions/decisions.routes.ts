import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, type Guards } from '../../http/auth-guard.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import type { DecisionRulesService } from './decision-rules.service.js';
import type { DecisionsService } from './decisions.service.js';

export interface DecisionsRoutesOptions {
  guards: Guards;
  decisions: DecisionsService;
  decisionRules: DecisionRulesService;
}

/** Decisions on exceptions (issue 25): the rules in the customer drawer, the brand's queue and its decisions. */
export const decisionsRoutes: FastifyPluginAsyncZod<DecisionsRoutesOptions> = async (
  app,
  { guards, decisions: svc, decisionRules: rules },
) => {
  const route = contractRoutes(app, guards);
  const tags = ['decisions'];

  route('listDecisionRules', {
    access: 'admin',
    tags,
    summary: "A customer's decision rules: which submitted lines wait for the brand's decision",
    handler: async (req) => ok(await rules.listRules(currentUser(req), req.params.id)),
  });
  route('createDecisionRule', {
    access: 'admin',
    tags,
    summary: 'Add a decision rule (by condition, discrepancy or unit value) with its deadline and default disposition',
    handler: async (req) => ok(await rules.addRule(currentUser(req), req.params.id, req.body)),
  });
  route('updateDecisionRule', {
    access: 'admin',
    tags,
    summary: 'Change a decision rule (lines waiting already keep their deadline and default)',
    handler: async (req) => ok(await rules.updateRule(currentUser(req), req.params.id, req.params.ruleId, req.body)),
  });
  route('deleteDecisionRule', {
    access: 'admin',
    tags,
    summary: 'Delete a decision rule',
    handler: async (req) => {
      await rules.removeRule(currentUser(req), req.params.id, req.params.ruleId);
      return ok('Decision rule deleted');
    },
  });
  route('listDecisions', {
    access: 'portal',
    tags,
    summary: "The Decisions queue of the caller's customers: waiting lines oldest first, with time left and photos (or the decided ones)",
    handler: async (req) => ok(await svc.list(currentUser(req), req.query)),
  });
  route('dashboardDecisions', {
    access: 'portal',
    tags: ['dashboard'],
    summary:
      "The Dashboard's decisions tile for the caller's customers or one of them: waiting and overdue now, decided by the brand or by default in the period, and the median time to decide",
    handler: async (req) => ok(await svc.figures(currentUser(req), req.query)),
  });
  route('decideLines', {
    access: 'brand',
    tags,
    summary:
      'A brand user decides one waiting line or several (a disposition and an optional comment each); a new version of each return goes outbound (409 when a line was decided meanwhile)',
    handler: async (req) => ok(await svc.decide(currentUser(req), req.body)),
  });
};
