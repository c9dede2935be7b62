import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { customers, sessions, userCustomers, users } from '../../db/schema/index.js';
import type { AdminUser } from '../../../contract/users.js';

export type UserRow = typeof users.$inferSelect;

/** The admin view of a user: everything but the password hash. */
export const toAdminUser = (u: UserRow, customerIds: number[]): AdminUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  username: u.username,
  is_su: u.isSu,
  is_brand: u.isBrand,
  user_status: u.userStatus,
  customer_ids: [...customerIds].sort((a, b) => a - b),
  created_at: u.createdAt.toISOString(),
  updated_at: u.updatedAt.toISOString(),
});

export interface UserWrite {
  name: string;
  email: string;
  username: string;
  isSu: boolean;
  isBrand: boolean;
  userStatus: string;
  passwordHash?: string;
}

export function createUsersRepository(db: DbOrTx) {
  async function linksOf(userIds: number[]): Promise<Map<number, number[]>> {
    const map = new Map<number, number[]>();
    if (!userIds.length) return map;
    const rows = await db.select().from(userCustomers).where(inArray(userCustomers.userId, userIds));
    for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), r.customerId]);
    return map;
  }

  return {
    async list(): Promise<AdminUser[]> {
      const rows = await db
        .select()
        .from(users)
        .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
      const links = await linksOf(rows.map((r) => r.id));
      return rows.map((r) => toAdminUser(r, links.get(r.id) ?? []));
    },

    async find(id: number): Promise<AdminUser | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      if (!row) return undefined;
      return toAdminUser(row, (await linksOf([id])).get(id) ?? []);
    },

    /** Locks the row so two admins editing admins cannot both pass the last-admin check. */
    async findForUpdate(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).for('update').limit(1);
      return row;
    },

    /**
     * Every active admin, locked in id order for the rest of the transaction. Taken first by every
     * user edit, so two admins demoting each other at once queue instead of deadlocking, and the
     * later one sees the earlier change.
     */
    async lockActiveAdmins(): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.isSu, true), eq(users.userStatus, 'Active')))
        .orderBy(asc(users.id))
        .for('update');
      return rows.map((r) => r.id);
    },

    async usernameTaken(username: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.username}) = lower(${username})`, exceptId ? ne(users.id, exceptId) : undefined))
        .limit(1);
      return !!row;
    },

    async emailTaken(email: string, exceptId?: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, exceptId ? ne(users.id, exceptId) : undefined))
        .limit(1);
      return !!row;
    },

    async existingCustomerIds(ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await db.select({ id: customers.id }).from(customers).where(inArray(customers.id, ids));
      return rows.map((r) => r.id);
    },

    async insert(values: UserWrite & { passwordHash: string }, now: Date): Promise<number> {
      const [row] = await db
        .insert(users)
        .values({ ...values, createdAt: now, updatedAt: now })
        .returning({ id: users.id });
      return row!.id;
    },

    async update(id: number, values: Partial<UserWrite>, now: Date): Promise<void> {
      await db
        .update(users)
        .set({ ...values, updatedAt: now })
        .where(eq(users.id, id));
    },

    async setLinks(userId: number, customerIds: number[]): Promise<void> {
      await db.delete(userCustomers).where(eq(userCustomers.userId, userId));
      if (customerIds.length) await db.insert(userCustomers).values(customerIds.map((customerId) => ({ userId, customerId })));
    },

    async deleteSessions(userId: number, exceptSessionId?: number): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined));
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
