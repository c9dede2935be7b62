import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { hashPassword, randomPassword } from '../lib/crypto.js';

export interface FirstAdminResult {
  username: string;
  /** Set only when a password was generated and must be printed once. */
  generatedPassword?: string;
  action: 'created' | 'updated' | 'none';
}

/**
 * ADMIN_USERNAME/ADMIN_PASSWORD ensure an active admin with that password. With neither set
 * and no user at all, an `admin` with a random password is created and its password printed once.
 */
export async function ensureFirstAdmin(db: Db, env: { username?: string; password?: string; email?: string }): Promise<FirstAdminResult> {
  if (env.username && env.password) {
    const passwordHash = await hashPassword(env.password);
    const email = env.email ?? `${env.username}@returns-desk.local`;
    const [existing] = await db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = lower(${env.username})`);
    if (existing) {
      await db
        .update(users)
        .set({ passwordHash, isSu: true, userStatus: 'Active', ...(env.email ? { email } : {}), updatedAt: new Date() })
        .where(eq(users.id, existing.id));
      return { username: existing.username, action: 'updated' };
    }
    await db.insert(users).values({ name: 'Administrator', username: env.username, email, passwordHash, isSu: true });
    return { username: env.username, action: 'created' };
  }
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(users);
  if (n > 0) return { username: 'admin', action: 'none' };
  const password = randomPassword();
  await db.insert(users).values({
    name: 'Administrator',
    username: 'admin',
    email: env.email ?? 'admin@returns-desk.local',
    passwordHash: await hashPassword(password),
    isSu: true,
  });
  return { username: 'admin', action: 'created', generatedPassword: password };
}
