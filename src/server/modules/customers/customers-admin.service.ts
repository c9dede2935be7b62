import { RESERVED_COMPANY } from '../../../contract/constants.js';
import {
  CUSTOMER_MSG,
  type AdminCustomer,
  type ConnectionBody,
  type ConnectionView,
  type CustomerBody,
  type OptionBody,
  type OptionView,
} from '../../../contract/customers.js';
import { PARCEL_MSG } from '../../../contract/parcels.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { AppError, notFound, validationError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/crypto.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { changedKeys, createAuditRepository, type AuditRepository } from '../audit/audit.repository.js';
import { requireAdmin, type AuthUser } from '../auth/auth-user.js';
import {
  createCustomersAdminRepository,
  toConnectionView,
  toOptionView,
  type ConnectionWrite,
  type CustomersAdminRepository,
  type CustomerWrite,
} from './customers-admin.repository.js';

const reservedRefused = () => new AppError(403, CUSTOMER_MSG.reserved);
const companyTaken = () => validationError({ company: [CUSTOMER_MSG.companyTaken] });
/** One limit sent, the other stored: checked on the row written, so the transaction rolls back. */
function refuseLimitsOutOfOrder(c: AdminCustomer): void {
  if (c.parcel_red_days <= c.parcel_amber_days) throw validationError({ parcel_red_days: [PARCEL_MSG.redNotAfterAmber] });
}
const codeTaken = () => validationError({ option_code: [CUSTOMER_MSG.codeTaken] });

/** Customer back office (SPEC §2.12): customers, their reasons and their connections, all audited. */
export function createCustomersAdminService(deps: { db: Db; clock: Clock; secretBox: SecretBox }) {
  const { clock, secretBox } = deps;
  const uow = unitOfWork(deps.db, (db) => ({ customers: createCustomersAdminRepository(db), audit: createAuditRepository(db) }));

  /** Runs `work` in a transaction with the customer locked; the reserved customer is refused. */
  async function underCustomer<T>(
    customerId: number,
    work: (repo: CustomersAdminRepository, audit: AuditRepository, now: Date) => Promise<T>,
  ): Promise<T> {
    const now = clock.now();
    return uow.transaction(async ({ customers: repo, audit }) => {
      const customer = await repo.findRow(customerId);
      if (!customer) throw notFound('Customer not found.');
      if (customer.company === RESERVED_COMPANY) throw reservedRefused();
      const result = await work(repo, audit, now);
      await repo.touchCustomer(customerId, now);
      return result;
    });
  }

  function customerWrite(body: CustomerBody): CustomerWrite {
    return {
      company: body.company,
      canBlind: body.can_blind,
      customerStatus: body.customer_status,
      orderSource: body.order_source,
      cdnUrl1: body.cdn_url_1,
      cdnUrl2: body.cdn_url_2,
      ...(body.photo_required_conditions ? { photoRequiredConditions: body.photo_required_conditions } : {}),
      // Left out of the form (an older client): the stored limits stay.
      ...(body.parcel_amber_days !== undefined ? { parcelAmberDays: body.parcel_amber_days } : {}),
      ...(body.parcel_red_days !== undefined ? { parcelRedDays: body.parcel_red_days } : {}),
      ...(body.currency ? { currency: body.currency } : {}),
    };
  }

  /** Customer fields only, for the audit trail (children have their own entries). */
  const customerSnapshot = (c: AdminCustomer) => {
    const { options: _o, connections: _c, options_count: _oc, connections_count: _cc, updated_at: _u, ...rest } = c;
    return rest;
  };

  function connectionWrite(body: ConnectionBody): Partial<ConnectionWrite> {
    const values: Partial<ConnectionWrite> = {
      connectionType: body.connection_type,
      biztalkSchema: body.biztalk_schema,
      biztalkSender: body.biztalk_sender,
      biztalkReceiver: body.biztalk_receiver,
      endpoint: body.endpoint,
      username: body.username,
      connectionMeta: body.connection_meta,
    };
    // Write-only secrets: blank keeps, a value replaces (sealed), the clear flag removes.
    if (body.secure_short_token) values.secureShortTokenEnc = secretBox.seal(body.secure_short_token);
    else if (body.clear_short_token) values.secureShortTokenEnc = null;
    if (body.secure_long_token) values.secureLongTokenEnc = secretBox.seal(body.secure_long_token);
    else if (body.clear_long_token) values.secureLongTokenEnc = null;
    return values;
  }

  /** Audit snapshot of a connection: the public view plus whether each secret changed, never the secret. */
  const connectionSnapshot = (c: ConnectionView) => {
    const { updated_at: _u, ...rest } = c;
    return rest;
  };

  return {
    async list(user: AuthUser): Promise<AdminCustomer[]> {
      requireAdmin(user);
      return uow.repos.customers.list();
    },

    async create(actor: AuthUser, body: CustomerBody): Promise<AdminCustomer> {
      requireAdmin(actor);
      if (body.company.toLowerCase() === RESERVED_COMPANY.toLowerCase()) throw validationError({ company: [CUSTOMER_MSG.companyReserved] });
      const now = clock.now();
      try {
        return await uow.transaction(async ({ customers: repo, audit }) => {
          if (await repo.companyTaken(body.company)) throw companyTaken();
          const id = await repo.insertCustomer(customerWrite(body), now);
          const created = (await repo.find(id))!;
          refuseLimitsOutOfOrder(created);
          await audit.record({ actor, action: 'create', entityType: 'customer', entityId: id, after: customerSnapshot(created) }, now);
          return created;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'customers_company_key')) throw companyTaken();
        throw error;
      }
    },

    async update(actor: AuthUser, id: number, body: CustomerBody): Promise<AdminCustomer> {
      requireAdmin(actor);
      if (body.company.toLowerCase() === RESERVED_COMPANY.toLowerCase()) {
        // Renaming onto the reserved name is refused like any change to the reserved customer.
        const existing = await uow.repos.customers.findRow(id);
        if (!existing) throw notFound('Customer not found.');
        if (existing.company === RESERVED_COMPANY) throw reservedRefused();
        throw validationError({ company: [CUSTOMER_MSG.companyReserved] });
      }
      try {
        return await underCustomer(id, async (repo, audit, now) => {
          if (await repo.companyTaken(body.company, id)) throw companyTaken();
          const current = (await repo.find(id))!;
          if (body.currency && body.currency !== current.currency && (await repo.hasBillingRates(id))) {
            throw validationError({ currency: [CUSTOMER_MSG.currencyLocked] });
          }
          const before = customerSnapshot(current);
          await repo.updateCustomer(id, customerWrite(body), now);
          const updated = (await repo.find(id))!;
          refuseLimitsOutOfOrder(updated);
          const after = customerSnapshot(updated);
          if (changedKeys(before, after).length) {
            await audit.record({ actor, action: 'update', entityType: 'customer', entityId: id, before, after }, now);
          }
          return updated;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'customers_company_key')) throw companyTaken();
        throw error;
      }
    },

    async addOption(actor: AuthUser, customerId: number, body: OptionBody): Promise<OptionView> {
      requireAdmin(actor);
      try {
        return await underCustomer(customerId, async (repo, audit, now) => {
          if (await repo.optionCodeTaken(customerId, body.option_type, body.option_code)) throw codeTaken();
          const row = toOptionView(
            await repo.insertOption(
              customerId,
              { optionType: body.option_type, optionCode: body.option_code, optionValue: body.option_value },
              now,
            ),
          );
          await audit.record({ actor, action: 'create', entityType: 'option', entityId: row.id, after: row }, now);
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'options_customer_type_code_key')) throw codeTaken();
        throw error;
      }
    },

    async updateOption(actor: AuthUser, customerId: number, optionId: number, body: OptionBody): Promise<OptionView> {
      requireAdmin(actor);
      try {
        return await underCustomer(customerId, async (repo, audit, now) => {
          const current = await repo.findOption(customerId, optionId);
          if (!current) throw notFound('Option not found.');
          if (await repo.optionCodeTaken(customerId, body.option_type, body.option_code, optionId)) throw codeTaken();
          const before = toOptionView(current);
          const after = toOptionView(
            await repo.updateOption(optionId, {
              optionType: body.option_type,
              optionCode: body.option_code,
              optionValue: body.option_value,
            }),
          );
          if (changedKeys(before, after).length) {
            await audit.record({ actor, action: 'update', entityType: 'option', entityId: optionId, before, after }, now);
          }
          return after;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'options_customer_type_code_key')) throw codeTaken();
        throw error;
      }
    },

    async deleteOption(actor: AuthUser, customerId: number, optionId: number): Promise<void> {
      requireAdmin(actor);
      await underCustomer(customerId, async (repo, audit, now) => {
        const current = await repo.findOption(customerId, optionId);
        if (!current) throw notFound('Option not found.');
        await repo.deleteOption(optionId);
        await audit.record({ actor, action: 'delete', entityType: 'option', entityId: optionId, before: toOptionView(current) }, now);
      });
    },

    async addConnection(actor: AuthUser, customerId: number, body: ConnectionBody): Promise<ConnectionView> {
      requireAdmin(actor);
      return underCustomer(customerId, async (repo, audit, now) => {
        const values = connectionWrite(body) as ConnectionWrite;
        const row = toConnectionView(await repo.insertConnection(customerId, values, now));
        await audit.record({ actor, action: 'create', entityType: 'connection', entityId: row.id, after: connectionSnapshot(row) }, now);
        return row;
      });
    },

    async updateConnection(actor: AuthUser, customerId: number, connectionId: number, body: ConnectionBody): Promise<ConnectionView> {
      requireAdmin(actor);
      return underCustomer(customerId, async (repo, audit, now) => {
        const current = await repo.findConnection(customerId, connectionId);
        if (!current) throw notFound('Connection not found.');
        const before = connectionSnapshot(toConnectionView(current));
        const updated = toConnectionView(await repo.updateConnection(connectionId, connectionWrite(body), now));
        const after = connectionSnapshot(updated);
        // A replaced secret shows only as a flag: the audit row must not hold (even sealed) secrets.
        const secretsReplaced = { short_token_replaced: !!body.secure_short_token, long_token_replaced: !!body.secure_long_token };
        if (changedKeys(before, after).length || secretsReplaced.short_token_replaced || secretsReplaced.long_token_replaced) {
          await audit.record(
            { actor, action: 'update', entityType: 'connection', entityId: connectionId, before, after: { ...after, ...secretsReplaced } },
            now,
          );
        }
        return updated;
      });
    },

    async deleteConnection(actor: AuthUser, customerId: number, connectionId: number): Promise<void> {
      requireAdmin(actor);
      await underCustomer(customerId, async (repo, audit, now) => {
        const current = await repo.findConnection(customerId, connectionId);
        if (!current) throw notFound('Connection not found.');
        await repo.deleteConnection(connectionId);
        await audit.record(
          {
            actor,
            action: 'delete',
            entityType: 'connection',
            entityId: connectionId,
            before: connectionSnapshot(toConnectionView(current)),
          },
          now,
        );
      });
    },
  };
}
export type CustomersAdminService = ReturnType<typeof createCustomersAdminService>;
