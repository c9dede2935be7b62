import type { AdminUser, UserCreateBody, UserUpdateBody } from '../../../contract/users.js';
import { USER_MSG } from '../../../contract/users.js';
import type { Db } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { notFound, validationError } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { hashPassword, newToken } from '../../lib/crypto.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { changedKeys, createAuditRepository } from '../audit/audit.repository.js';
import { requireAdmin, type AuthUser } from '../auth/auth-user.js';
import { createAuthRepository } from '../auth/auth.repository.js';
import { createTaskQueueRepository } from '../tasks/task-queue.repository.js';
import type { Invitations } from './invitations.js';
import { createUsersRepository, type UsersRepository, type UserWrite } from './users.repository.js';

/**
 * A brand user (issue 25) is never an admin and always works for a customer: without one it would
 * see nothing, and an admin's "every customer" is not a brand's.
 */
function brandErrors(isSu: boolean, isBrand: boolean, customerIds: number[]): Record<string, string[]> {
  if (!isBrand) return {};
  if (isSu) return { is_brand: [USER_MSG.brandNotAdmin] };
  return customerIds.length ? {} : { customer_ids: [USER_MSG.brandNeedsCustomer] };
}

/**
 * Admin user management (SPEC §2.11) with the uniqueness, last-admin and self rules, and the
 * brand users and invitations of issue 25.
 */
export function createUsersService(deps: { db: Db; clock: Clock; invitations: Invitations }) {
  const { clock, invitations } = deps;
  const uow = unitOfWork(deps.db, (db) => ({
    users: createUsersRepository(db),
    audit: createAuditRepository(db),
    tokens: createAuthRepository(db),
    tasks: createTaskQueueRepository(db),
  }));
  const read = uow.repos.users;

  async function checkUnique(repo: UsersRepository, username: string | undefined, email: string, exceptId?: number) {
    const errors: Record<string, string[]> = {};
    if (username !== undefined && (await repo.usernameTaken(username, exceptId))) errors.username = [USER_MSG.usernameTaken];
    if (await repo.emailTaken(email, exceptId)) errors.email = [USER_MSG.emailTaken];
    return errors;
  }

  async function checkCustomers(repo: UsersRepository, ids: number[] | undefined): Promise<Record<string, string[]>> {
    if (!ids?.length) return {};
    const found = new Set(await repo.existingCustomerIds(ids));
    return ids.every((id) => found.has(id)) ? {} : { customer_ids: [USER_MSG.unknownCustomer] };
  }

  /** A race past the pre-checks still ends as a clear 422, never a 500. */
  function uniqueToValidation(error: unknown): never {
    if (isUniqueViolation(error, 'users_username_key')) throw validationError({ username: [USER_MSG.usernameTaken] });
    if (isUniqueViolation(error, 'users_email_key')) throw validationError({ email: [USER_MSG.emailTaken] });
    throw error;
  }

  return {
    async list(user: AuthUser): Promise<AdminUser[]> {
      requireAdmin(user);
      return read.list();
    },

    /**
     * `origin`: the base of the invitation link when PUBLIC_URL is unset. An invited user gets a
     * password nobody knows until the mailed link replaces it.
     */
    async create(actor: AuthUser, body: UserCreateBody, origin: string): Promise<AdminUser> {
      requireAdmin(actor);
      const brand = brandErrors(body.is_su, body.is_brand, body.customer_ids);
      if (body.invite && body.user_status !== 'Active') brand.user_status = [USER_MSG.inviteDisabled];
      // Hash outside the transaction: argon2 is slow on purpose and must not hold row locks.
      const passwordHash = await hashPassword(body.invite ? newToken() : (body.password ?? ''));
      const now = clock.now();
      try {
        return await uow.transaction(async (repos) => {
          const { users: repo, audit } = repos;
          const errors = {
            ...(await checkUnique(repo, body.username, body.email)),
            ...(await checkCustomers(repo, body.customer_ids)),
            ...brand,
          };
          if (Object.keys(errors).length) throw validationError(errors);
          const id = await repo.insert(
            {
              name: body.name,
              email: body.email,
              username: body.username,
              isSu: body.is_su,
              isBrand: body.is_brand,
              userStatus: body.user_status,
              passwordHash,
            },
            now,
          );
          await repo.setLinks(id, body.customer_ids);
          const created = (await repo.find(id))!;
          await audit.record(
            { actor, action: 'create', entityType: 'user', entityId: id, after: { ...created, invited: body.invite } },
            now,
          );
          if (body.invite) await invitations.send(repos, (await repo.findForUpdate(id))!, actor.name, origin);
          return created;
        });
      } catch (error) {
        uniqueToValidation(error);
      }
    },

    async update(actor: AuthUser, id: number, body: UserUpdateBody): Promise<AdminUser> {
      requireAdmin(actor);
      const passwordHash = body.password ? await hashPassword(body.password) : undefined;
      const now = clock.now();
      try {
        return await uow.transaction(async ({ users: repo, audit }) => {
          const activeAdmins = await repo.lockActiveAdmins();
          const current = await repo.findForUpdate(id);
          if (!current) throw notFound('User not found.');
          const before = (await repo.find(id))!;
          const username = body.username ? body.username : undefined;
          const errors = { ...(await checkUnique(repo, username, body.email, id)), ...(await checkCustomers(repo, body.customer_ids)) };
          if (Object.keys(errors).length) throw validationError(errors);

          const isSu = body.is_su ?? current.isSu;
          const isBrand = body.is_brand ?? current.isBrand;
          const userStatus = body.user_status ?? current.userStatus;
          const kindErrors = brandErrors(isSu, isBrand, body.customer_ids ?? before.customer_ids);
          if (Object.keys(kindErrors).length) throw validationError(kindErrors);
          const losesAdmin = current.isSu && current.userStatus === 'Active' && (!isSu || userStatus !== 'Active');
          if (losesAdmin && id === actor.id) throw validationError({ [isSu ? 'user_status' : 'is_su']: [USER_MSG.notSelf] });
          if (losesAdmin && activeAdmins.filter((a) => a !== id).length === 0) {
            throw validationError({ [isSu ? 'user_status' : 'is_su']: [USER_MSG.lastAdmin] });
          }

          const values: Partial<UserWrite> = { name: body.name, email: body.email, isSu, isBrand, userStatus };
          if (username) values.username = username;
          if (passwordHash) values.passwordHash = passwordHash;
          await repo.update(id, values, now);
          if (body.customer_ids) await repo.setLinks(id, body.customer_ids);
          // A disabled account, or one whose password an admin replaced, is signed out everywhere at once;
          // an admin replacing their own password keeps the session they are using.
          // So does one that changes kind (staff ↔ brand): its open sessions were granted as the other kind.
          if (userStatus !== 'Active' || isBrand !== current.isBrand) await repo.deleteSessions(id);
          else if (passwordHash) await repo.deleteSessions(id, id === actor.id ? actor.sessionId : undefined);

          const after = (await repo.find(id))!;
          const changed = changedKeys(before, after).filter((k) => k !== 'updated_at');
          if (changed.length || passwordHash) {
            await audit.record(
              {
                actor,
                action: 'update',
                entityType: 'user',
                entityId: id,
                before,
                after: passwordHash ? { ...after, password_changed: true } : after,
              },
              now,
            );
          }
          return after;
        });
      } catch (error) {
        uniqueToValidation(error);
      }
    },

    /** Mails a new invitation link (the earlier ones stay valid until they expire or one is used). */
    async invite(actor: AuthUser, id: number, origin: string): Promise<AdminUser> {
      requireAdmin(actor);
      const now = clock.now();
      return uow.transaction(async (repos) => {
        const current = await repos.users.findForUpdate(id);
        if (!current) throw notFound('User not found.');
        if (current.userStatus !== 'Active') throw validationError({ user_status: [USER_MSG.inviteDisabled] });
        await invitations.send(repos, current, actor.name, origin);
        const user = (await repos.users.find(id))!;
        await repos.audit.record({ actor, action: 'invite', entityType: 'user', entityId: id, after: user }, now);
        return user;
      });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
