import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { loginThrottles, passwordResetTokens, sessions, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

export function createAuthRepository(db: DbOrTx) {
  return {
    async findUserByUsername(username: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      return row;
    },

    async findUserById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async createSession(userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.insert(sessions).values({ userId, tokenHash, expiresAt });
    },

    /** Moves a session's expiry earlier (never later). */
    async shortenSession(sessionId: number, expiresAt: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ expiresAt })
        .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, expiresAt)));
    },

    async deleteSession(sessionId: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    async deleteUserSessions(userId: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    /** Every session of the user but one (a password change keeps the session that made it). */
    async deleteOtherSessions(userId: number, keepSessionId: number): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
    },

    async deleteExpiredSessions(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },

    async setLanguage(userId: number, language: string | null, now: Date): Promise<void> {
      await db.update(users).set({ language, updatedAt: now }).where(eq(users.id, userId));
    },

    async setPassword(userId: number, passwordHash: string, now: Date): Promise<void> {
      await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
    },

    async createResetToken(userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.insert(passwordResetTokens).values({ userId, tokenHash, expiresAt });
    },

    async findUsableResetToken(userId: number, tokenHash: string, now: Date) {
      const [row] = await db
        .select()
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.userId, userId),
            eq(passwordResetTokens.tokenHash, tokenHash),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .limit(1);
      return row;
    },

    /** Marks the token used; false when another request used it first. */
    async consumeResetToken(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
        .returning({ id: passwordResetTokens.id });
      return rows.length === 1;
    },

    async getThrottle(key: string) {
      const [row] = await db.select().from(loginThrottles).where(eq(loginThrottles.key, key)).limit(1);
      return row;
    },

    /** Counts one failure in the current window, locking the key once `maxFailures` is reached. */
    async recordFailure(key: string, now: Date, windowStart: Date, maxFailures: number, lockUntil: Date): Promise<void> {
      await db
        .insert(loginThrottles)
        .values({ key, failures: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: loginThrottles.key,
          set: {
            failures: sql`CASE WHEN ${loginThrottles.windowStartedAt} < ${windowStart} THEN 1 ELSE ${loginThrottles.failures} + 1 END`,
            windowStartedAt: sql`CASE WHEN ${loginThrottles.windowStartedAt} < ${windowStart} THEN ${now} ELSE ${loginThrottles.windowStartedAt} END`,
            lockedUntil: sql`CASE WHEN ${loginThrottles.windowStartedAt} >= ${windowStart} AND ${loginThrottles.failures} + 1 >= ${maxFailures} THEN ${lockUntil} ELSE ${loginThrottles.lockedUntil} END`,
          },
        });
    },

    async clearThrottle(key: string): Promise<void> {
      await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
