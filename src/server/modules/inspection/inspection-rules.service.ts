import { RESERVED_COMPANY } from '../../../contract/constants.js';
import { CUSTOMER_MSG } from '../../../contract/customers.js';
import {
  INSPECTION_MSG,
  RULES_PAGE_SIZE,
  type GradeScaleBody,
  type GradeScaleEntry,
  type RuleBody,
  type RuleView,
  type RulesImportBody,
} from '../../../contract/inspection.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { AppError, forbidden, notFound, validationError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { changedKeys, createAuditRepository } from '../audit/audit.repository.js';
import { requireAdmin, type AuthUser } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import { createCustomersAdminRepository } from '../customers/customers-admin.repository.js';
import { createDispositionsRepository } from '../dispositions/dispositions.repository.js';
import { readCsvRows, readXlsxRows, type FileRow } from '../expected-returns/expected-returns.file.js';
import { createInspectionRulesRepository } from './inspection-rules.repository.js';
import { buildRulesCsv, buildRulesXlsx, rulesOf } from './inspection-rules.file.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ruleTaken = () => validationError({ value: [INSPECTION_MSG.ruleTaken] });
const fileRefused = (errors: string[]) => validationError({ content: errors.slice(0, 1000) });

/** The repositories a rule change writes together. */
const repos = (db: DbOrTx) => ({
  customers: createCustomersAdminRepository(db),
  rules: createInspectionRulesRepository(db),
  dispositions: createDispositionsRepository(db),
  audit: createAuditRepository(db),
});
type Repos = ReturnType<typeof repos>;

/** Grades whose disposition is not one of the customer's: field → message. */
async function unknownDispositions(tx: Repos, customerId: number, body: RuleBody): Promise<string[]> {
  const codes = new Set((await tx.dispositions.list(customerId)).map((d) => d.code));
  return Object.entries(body.grade_dispositions)
    .filter(([, code]) => !codes.has(code))
    .map(([grade]) => grade);
}

/**
 * A customer's inspection rules and grade scale (issue 27), managed by admins in the customer
 * drawer (audited like dispositions). A rule of another customer named under this one is 403.
 */
export function createInspectionRulesService(deps: { db: Db; clock: Clock; customerAccess: CustomerAccess }) {
  const { clock, customerAccess } = deps;
  const uow = unitOfWork(deps.db, repos);

  async function underCustomer<T>(actor: AuthUser, customerId: number, work: (tx: Repos, now: Date) => Promise<T>): Promise<T> {
    requireAdmin(actor);
    const now = clock.now();
    try {
      return await uow.transaction(async (tx) => {
        const customer = await tx.customers.findRow(customerId);
        if (!customer) throw notFound('Customer not found.');
        if (customer.company === RESERVED_COMPANY) throw new AppError(403, CUSTOMER_MSG.reserved);
        const result = await work(tx, now);
        await tx.customers.touchCustomer(customerId, now);
        return result;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'inspection_rules_customer_match_key')) throw ruleTaken();
      throw error;
    }
  }

  async function ruleOf(tx: Repos, customerId: number, id: number): Promise<RuleView> {
    const rule = await tx.rules.find(id);
    if (!rule) throw notFound(INSPECTION_MSG.ruleNotFound);
    if (rule.customer_id !== customerId) throw forbidden();
    return rule;
  }

  async function checkRule(tx: Repos, customerId: number, body: RuleBody, exceptId?: number) {
    const errors: Record<string, string[]> = {};
    for (const grade of await unknownDispositions(tx, customerId, body))
      errors[`grade_dispositions.${grade}`] = [INSPECTION_MSG.dispositionUnknown];
    if (await tx.rules.sameRule(customerId, body, exceptId)) errors.value = [INSPECTION_MSG.ruleTaken];
    if (Object.keys(errors).length) throw validationError(errors);
  }

  async function readRows(body: RulesImportBody): Promise<FileRow[]> {
    if (body.format === 'csv') {
      const read = readCsvRows(body.content);
      if (read.error) throw fileRefused([read.error]);
      return read.rows;
    }
    return readXlsxRows(body.content).catch(() => {
      throw fileRefused([INSPECTION_MSG.importUnreadable]);
    });
  }

  return {
    async list(actor: AuthUser, customerId: number, query: { q?: string; page: number }) {
      requireAdmin(actor);
      await customerAccess.require(actor, customerId);
      const { rules, total } = await uow.repos.rules.page(
        customerId,
        query.q || undefined,
        RULES_PAGE_SIZE,
        (query.page - 1) * RULES_PAGE_SIZE,
      );
      return { rules, total, page: query.page, per_page: RULES_PAGE_SIZE };
    },

    async add(actor: AuthUser, customerId: number, body: RuleBody): Promise<RuleView> {
      return underCustomer(actor, customerId, async (tx, now) => {
        await checkRule(tx, customerId, body);
        const row = await tx.rules.insert(customerId, body, now);
        await tx.audit.record({ actor, action: 'create', entityType: 'inspection_rule', entityId: row.id, after: row }, now);
        return row;
      });
    },

    async update(actor: AuthUser, customerId: number, id: number, body: RuleBody): Promise<RuleView> {
      return underCustomer(actor, customerId, async (tx, now) => {
        const before = await ruleOf(tx, customerId, id);
        await checkRule(tx, customerId, body, id);
        const after = await tx.rules.update(id, body, now);
        const { updated_at: _a, ...a } = after;
        const { updated_at: _b, ...b } = before;
        if (changedKeys(b, a).length) {
          await tx.audit.record({ actor, action: 'update', entityType: 'inspection_rule', entityId: id, before, after }, now);
        }
        return after;
      });
    },

    async remove(actor: AuthUser, customerId: number, id: number): Promise<void> {
      await underCustomer(actor, customerId, async (tx, now) => {
        const before = await ruleOf(tx, customerId, id);
        await tx.rules.remove(id);
        await tx.audit.record({ actor, action: 'delete', entityType: 'inspection_rule', entityId: id, before }, now);
      });
    },

    async grades(actor: AuthUser, customerId: number): Promise<GradeScaleEntry[]> {
      requireAdmin(actor);
      await customerAccess.require(actor, customerId);
      return uow.repos.rules.gradeScale(customerId);
    },

    async saveGrades(actor: AuthUser, customerId: number, body: GradeScaleBody): Promise<GradeScaleEntry[]> {
      return underCustomer(actor, customerId, async (tx, now) => {
        const before = await tx.rules.gradeScale(customerId);
        await tx.rules.saveGradeScale(customerId, body.grades);
        const after = await tx.rules.gradeScale(customerId);
        await tx.audit.record({ actor, action: 'update', entityType: 'grade_scale', entityId: customerId, before, after }, now);
        return after;
      });
    },

    /** All or nothing: any bad cell (or a disposition the customer lacks) refuses the file, by line and column. */
    async importFile(actor: AuthUser, customerId: number, body: RulesImportBody): Promise<{ created: number; updated: number }> {
      requireAdmin(actor);
      await customerAccess.require(actor, customerId);
      const parsed = rulesOf(await readRows(body));
      if (parsed.errors.length) throw fileRefused(parsed.errors);
      return underCustomer(actor, customerId, async (tx, now) => {
        const codes = new Set((await tx.dispositions.list(customerId)).map((d) => d.code));
        const errors = parsed.rules.flatMap((r) =>
          Object.entries(r.body.grade_dispositions)
            .filter(([, code]) => !codes.has(code))
            .map(([grade]) => `${r.at(`disposition_${grade.toLowerCase()}`)}: ${INSPECTION_MSG.dispositionUnknown}`),
        );
        if (errors.length) throw fileRefused(errors);
        const result = await tx.rules.upsertMany(
          customerId,
          parsed.rules.map((r) => r.body),
          now,
        );
        await tx.audit.record(
          {
            actor,
            action: 'update',
            entityType: 'inspection_rule',
            entityId: customerId,
            after: { imported: parsed.rules.length, ...result },
          },
          now,
        );
        return result;
      });
    },

    async exportFile(actor: AuthUser, customerId: number, format: 'csv' | 'xlsx') {
      requireAdmin(actor);
      const customer = await customerAccess.require(actor, customerId);
      const rules = await uow.repos.rules.all(customerId);
      const base = `rules_${customer.company.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}`;
      if (format === 'csv')
        return { fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: Buffer.from(buildRulesCsv(rules), 'utf8') };
      return {
        fileName: `${base}.xlsx`,
        contentType: XLSX_TYPE,
        body: await buildRulesXlsx(rules, `${customer.company}: inspection rules`),
      };
    },
  };
}
export type InspectionRulesService = ReturnType<typeof createInspectionRulesService>;
