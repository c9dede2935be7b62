import { RESERVED_COMPANY } from '../../../contract/constants.js';
import { CUSTOMER_MSG } from '../../../contract/customers.js';
import { DISPOSITION_MSG, type DispositionBody, type DispositionView } from '../../../contract/dispositions.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { AppError, notFound, validationError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { changedKeys, createAuditRepository, type AuditRepository } from '../audit/audit.repository.js';
import { requireAdmin, type AuthUser } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import { createCustomersAdminRepository } from '../customers/customers-admin.repository.js';
import { createDispositionsRepository, type DispositionsRepository, type DispositionWrite } from './dispositions.repository.js';

const codeTaken = () => validationError({ code: [DISPOSITION_MSG.codeTaken] });
const toWrite = (b: DispositionBody): DispositionWrite => ({
  code: b.code,
  name: b.name,
  requiresLocation: b.requires_location,
  defaultFor: b.default_for,
});

/**
 * A customer's dispositions (issue 16): read by whoever may receive for the customer, managed by
 * admins in the customer drawer like reasons (audited). One default per condition: giving a
 * condition to one disposition takes it from the one that had it.
 */
/** The repositories a customer's disposition change writes together. */
const dispositionsRepos = (db: DbOrTx) => ({
  customers: createCustomersAdminRepository(db),
  dispositions: createDispositionsRepository(db),
  audit: createAuditRepository(db),
});

export function createDispositionsService(deps: { db: Db; clock: Clock; customerAccess: CustomerAccess }) {
  const { clock, customerAccess } = deps;
  const uow = unitOfWork(deps.db, dispositionsRepos);

  async function underCustomer<T>(
    customerId: number,
    work: (repo: DispositionsRepository, audit: AuditRepository, now: Date) => Promise<T>,
  ): Promise<T> {
    const now = clock.now();
    try {
      return await uow.transaction(async ({ customers, dispositions, audit }) => {
        const customer = await customers.findRow(customerId);
        if (!customer) throw notFound('Customer not found.');
        if (customer.company === RESERVED_COMPANY) throw new AppError(403, CUSTOMER_MSG.reserved);
        const result = await work(dispositions, audit, now);
        await customers.touchCustomer(customerId, now);
        return result;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'dispositions_customer_code_key')) throw codeTaken();
      throw error;
    }
  }

  return {
    async list(user: AuthUser, customerId: number): Promise<DispositionView[]> {
      const customer = await customerAccess.require(user, customerId);
      return uow.repos.dispositions.list(customer.id);
    },

    async add(actor: AuthUser, customerId: number, body: DispositionBody): Promise<DispositionView> {
      requireAdmin(actor);
      return underCustomer(customerId, async (repo, audit, now) => {
        if (await repo.codeTaken(customerId, body.code)) throw codeTaken();
        const row = await repo.insert(customerId, toWrite(body), now);
        await repo.releaseDefaults(customerId, body.default_for, row.id, now);
        await audit.record({ actor, action: 'create', entityType: 'disposition', entityId: row.id, after: row }, now);
        return row;
      });
    },

    async update(actor: AuthUser, customerId: number, id: number, body: DispositionBody): Promise<DispositionView> {
      requireAdmin(actor);
      return underCustomer(customerId, async (repo, audit, now) => {
        const before = await repo.find(customerId, id);
        if (!before) throw notFound('Disposition not found.');
        if (await repo.codeTaken(customerId, body.code, id)) throw codeTaken();
        const after = await repo.update(id, toWrite(body), now);
        await repo.releaseDefaults(customerId, body.default_for, id, now);
        if (changedKeys(before, after).length) {
          await audit.record({ actor, action: 'update', entityType: 'disposition', entityId: id, before, after }, now);
        }
        return after;
      });
    },

    /** Lines saved with it keep its code (the screens then show the code, like a deleted reason). */
    async remove(actor: AuthUser, customerId: number, id: number): Promise<void> {
      requireAdmin(actor);
      await underCustomer(customerId, async (repo, audit, now) => {
        const before = await repo.find(customerId, id);
        if (!before) throw notFound('Disposition not found.');
        await repo.remove(id);
        await audit.record({ actor, action: 'delete', entityType: 'disposition', entityId: id, before }, now);
      });
    },
  };
}
export type DispositionsService = ReturnType<typeof createDispositionsService>;
