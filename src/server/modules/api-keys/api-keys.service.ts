import { RESERVED_COMPANY } from '../../../contract/constants.js';
import {
  API_KEY_LIMITS,
  API_KEY_MSG,
  API_KEY_PREFIX,
  type ApiKeyBody,
  type ApiKeyCreated,
  type ApiKeyView,
} from '../../../contract/api-keys.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { AppError, notFound, validationError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { newToken, sha256 } from '../../lib/crypto.js';
import type { AccessRepository } from '../access/access.repository.js';
import { createAuditRepository } from '../audit/audit.repository.js';
import { requireAdmin, type ApiKeyCaller, type AuthUser } from '../auth/auth-user.js';
import { createApiKeysRepository, type ApiKeyRow } from './api-keys.repository.js';

const repos = (db: DbOrTx) => ({ keys: createApiKeysRepository(db), audit: createAuditRepository(db) });

function present(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    customer_id: row.customerId,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * API keys per customer (issue 26): made by an admin, shown once, stored as SHA-256 (a 256-bit
 * random token needs no slow hash: nothing to guess), revocable. `authenticate` is the guard's way
 * to the access seam for the key-scoped routes.
 */
export function createApiKeysService(deps: { db: Db; clock: Clock; access: AccessRepository }) {
  const { clock } = deps;
  const uow = unitOfWork(deps.db, repos);

  async function requireCustomer(customerId: number) {
    const customer = await uow.repos.keys.customer(customerId);
    if (!customer) throw notFound('Customer not found.');
    if (customer.company === RESERVED_COMPANY) throw new AppError(403, 'The system reserved customer cannot be changed.');
  }

  return {
    async list(actor: AuthUser, customerId: number): Promise<ApiKeyView[]> {
      requireAdmin(actor);
      await requireCustomer(customerId);
      return (await uow.repos.keys.listFor(customerId)).map(present);
    },

    async create(actor: AuthUser, customerId: number, body: ApiKeyBody): Promise<ApiKeyCreated> {
      requireAdmin(actor);
      await requireCustomer(customerId);
      const now = clock.now();
      const key = `${API_KEY_PREFIX}${newToken()}`;
      return uow.transaction(async (tx) => {
        if ((await tx.keys.activeCount(customerId)) >= API_KEY_LIMITS.perCustomer) throw validationError({ name: [API_KEY_MSG.tooMany] });
        const row = await tx.keys.insert({
          customerId,
          name: body.name,
          prefix: key.slice(0, API_KEY_PREFIX.length + 6),
          tokenHash: sha256(key),
          scopes: body.scopes,
          createdBy: actor.username,
          createdAt: now,
        });
        const view = present(row);
        await tx.audit.record({ actor, action: 'create', entityType: 'api_key', entityId: row.id, after: view }, now);
        return { ...view, key };
      });
    },

    /** Revokes a key at once: its next request is a 401. The row stays, for the record. */
    async revoke(actor: AuthUser, id: number): Promise<void> {
      requireAdmin(actor);
      const now = clock.now();
      await uow.transaction(async (tx) => {
        const row = await tx.keys.find(id);
        if (!row) throw notFound(API_KEY_MSG.notFound);
        if (row.revokedAt) return;
        const after = present(await tx.keys.revoke(id, actor.username, now));
        await tx.audit.record({ actor, action: 'update', entityType: 'api_key', entityId: id, before: present(row), after }, now);
      });
    },

    authenticate: (key: string): Promise<ApiKeyCaller | undefined> => deps.access.findApiKeyCaller(sha256(key), clock.now()),
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
