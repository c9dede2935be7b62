import { RESERVED_COMPANY } from '../../../contract/constants.js';
import { CUSTOMER_MSG } from '../../../contract/customers.js';
import { DECISION_MSG, type DecisionRuleBody, type DecisionRuleView } from '../../../contract/decisions.js';
import type { DispositionView } from '../../../contract/dispositions.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { AppError, notFound, validationError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { changedKeys, createAuditRepository } from '../audit/audit.repository.js';
import { requireAdmin, type AuthUser } from '../auth/auth-user.js';
import { createCustomersAdminRepository } from '../customers/customers-admin.repository.js';
import { createDispositionsRepository } from '../dispositions/dispositions.repository.js';
import { createDecisionsRepository, type DecisionRuleRow, type DecisionRuleWrite } from './decisions.repository.js';

const ruleRepos = (db: DbOrTx) => ({
  decisions: createDecisionsRepository(db),
  dispositions: createDispositionsRepository(db),
  customers: createCustomersAdminRepository(db),
  audit: createAuditRepository(db),
});
type Repos = ReturnType<typeof ruleRepos>;

const presentRule = (r: DecisionRuleRow): DecisionRuleView => ({
  id: r.id,
  customer_id: r.customerId,
  kind: r.kind as DecisionRuleView['kind'],
  value: r.value,
  min_value: r.minValue,
  deadline_hours: r.deadlineHours,
  default_disposition: r.defaultDisposition,
});
const toWrite = (b: DecisionRuleBody): DecisionRuleWrite => ({
  kind: b.kind,
  value: b.value,
  minValue: b.min_value,
  deadlineHours: b.deadline_hours,
  defaultDisposition: b.default_disposition,
});
/**
 * A customer's decision rules (issue 25), kept by admins in the customer drawer: which submitted
 * lines wait for the brand's decision (by condition, discrepancy or unit value), for how long, and
 * the disposition they get by default. Every change is in the audit trail.
 */
export function createDecisionRulesService(deps: { db: Db; clock: Clock }) {
  const { clock } = deps;
  const uow = unitOfWork(deps.db, ruleRepos);

  async function requireRuleCustomer(tx: Repos, customerId: number) {
    const customer = await tx.customers.findRow(customerId);
    if (!customer) throw notFound('Customer not found.');
    if (customer.company === RESERVED_COMPANY) throw new AppError(403, CUSTOMER_MSG.reserved);
  }
  function checkDefault(list: DispositionView[], code: string) {
    const found = list.find((d) => d.code === code);
    if (!found) throw validationError({ default_disposition: [DECISION_MSG.dispositionUnknown] });
    if (found.requires_location) throw validationError({ default_disposition: [DECISION_MSG.dispositionNeedsBin] });
  }

  return {
    async listRules(actor: AuthUser, customerId: number): Promise<DecisionRuleView[]> {
      requireAdmin(actor);
      await requireRuleCustomer(uow.repos, customerId);
      return (await uow.repos.decisions.rules(customerId)).map(presentRule);
    },
    async addRule(actor: AuthUser, customerId: number, body: DecisionRuleBody): Promise<DecisionRuleView> {
      requireAdmin(actor);
      const now = clock.now();
      return uow.transaction(async (tx) => {
        await requireRuleCustomer(tx, customerId);
        checkDefault(await tx.dispositions.list(customerId), body.default_disposition);
        const row = await tx.decisions.insertRule(customerId, toWrite(body), now);
        await tx.audit.record({ actor, action: 'create', entityType: 'decision_rule', entityId: row.id, after: presentRule(row) }, now);
        return presentRule(row);
      });
    },
    async updateRule(actor: AuthUser, customerId: number, ruleId: number, body: DecisionRuleBody): Promise<DecisionRuleView> {
      requireAdmin(actor);
      const now = clock.now();
      return uow.transaction(async (tx) => {
        await requireRuleCustomer(tx, customerId);
        const before = await tx.decisions.findRule(customerId, ruleId);
        if (!before) throw notFound(DECISION_MSG.ruleNotFound);
        checkDefault(await tx.dispositions.list(customerId), body.default_disposition);
        const after = await tx.decisions.updateRule(ruleId, toWrite(body), now);
        if (changedKeys(presentRule(before), presentRule(after)).length) {
          await tx.audit.record(
            {
              actor,
              action: 'update',
              entityType: 'decision_rule',
              entityId: ruleId,
              before: presentRule(before),
              after: presentRule(after),
            },
            now,
          );
        }
        return presentRule(after);
      });
    },
    /** Lines waiting already keep the default and deadline they were given. */
    async removeRule(actor: AuthUser, customerId: number, ruleId: number): Promise<void> {
      requireAdmin(actor);
      const now = clock.now();
      await uow.transaction(async (tx) => {
        await requireRuleCustomer(tx, customerId);
        const before = await tx.decisions.findRule(customerId, ruleId);
        if (!before) throw notFound(DECISION_MSG.ruleNotFound);
        await tx.decisions.deleteRule(ruleId);
        await tx.audit.record({ actor, action: 'delete', entityType: 'decision_rule', entityId: ruleId, before: presentRule(before) }, now);
      });
    },
  };
}

export type DecisionRulesService = ReturnType<typeof createDecisionRulesService>;
