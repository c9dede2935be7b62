import type { Db } from '../db/client.js';
import { hashPassword, randomPassword } from '../lib/crypto.js';
import { createBootstrapRepository } from './bootstrap.repository.js';

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
  const repo = createBootstrapRepository(db);
  if (env.username && env.password) {
    const passwordHash = await hashPassword(env.password);
    const email = env.email ?? `${env.username}@returns-desk.local`;
    const existing = await repo.findUser(env.username);
    if (existing) {
      await repo.updateUser(existing.id, {
        passwordHash,
        isSu: true,
        userStatus: 'Active',
        ...(env.email ? { email } : {}),
        updatedAt: new Date(),
      });
      return { username: existing.username, action: 'updated' };
    }
    await repo.insertUser({ name: 'Administrator', username: env.username, email, passwordHash, isSu: true });
    return { username: env.username, action: 'created' };
  }
  if ((await repo.userCount()) > 0) return { username: 'admin', action: 'none' };
  const password = randomPassword();
  await repo.insertUser({
    name: 'Administrator',
    username: 'admin',
    email: env.email ?? 'admin@returns-desk.local',
    passwordHash: await hashPassword(password),
    isSu: true,
  });
  return { username: 'admin', action: 'created', generatedPassword: password };
}
