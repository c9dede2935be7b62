import type { AuthToken, ChangePasswordBody, TokenRefresh } from '../../../contract/auth.js';
import { MSG } from '../../../contract/messages.js';
import { toLocale, type Locale } from '../../../contract/locales.js';
import { LIMITS } from '../../../contract/constants.js';
import { AppError, invalid, unauthorized } from '../../http/errors.js';
import { hashPassword, newToken, sha256, verifyPassword, type SecretBox } from '../../lib/crypto.js';
import type { Clock } from '../../lib/clock.js';
import { toCustomerSummary } from '../customers/customer-access.repository.js';
import type { AccessRepository } from '../access/access.repository.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import type { TaskQueueRepository } from '../tasks/task-queue.repository.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { AuthRepository, UserRow } from './auth.repository.js';
import type { AuthUser } from './auth-user.js';
import { sealMail } from '../../integrations/mail-message.js';
import { MAIL_TEXTS } from '../../i18n/mail-texts.js';
import { TASK_TEXT } from '../../../contract/timeline-texts.js';

/** How long a rotated-away token keeps working. */
export const ROTATION_GRACE_MS = 60_000;

export interface AuthSettings {
  sessionHours: number;
  maxFailures: number;
  lockMinutes: number;
  publicUrl?: string;
}

// A real argon2id hash of a random string, so unknown usernames cost the same time as wrong passwords.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= hashPassword(newToken()));

export function createAuthService(deps: {
  /** The auth repository, on the pool and in a transaction of its own. */
  auth: UnitOfWork<AuthRepository>;
  /** Who a token's session is (the access repository's one definition of a live session). */
  access: Pick<AccessRepository, 'findSessionCaller'>;
  customerAccess: CustomerAccess;
  taskQueue: TaskQueueRepository;
  clock: Clock;
  secretBox: SecretBox;
  settings: AuthSettings;
}) {
  const { clock, settings } = deps;
  const repo = deps.auth.repos;

  async function issueToken(userId: number): Promise<AuthToken> {
    const token = newToken();
    const expire = new Date(clock.now().getTime() + settings.sessionHours * 3600_000);
    await repo.createSession(userId, sha256(token), expire);
    return { token, expire: expire.toISOString() };
  }

  const throttleKeys = (username: string, ip: string) => [`user:${username.toLowerCase()}`, `ip:${ip}`];

  /** Until when a key of this login is locked, the later of both; null when none is. */
  async function lockedUntil(keys: string[], now: Date): Promise<Date | null> {
    let until: Date | null = null;
    for (const key of keys) {
      const row = await repo.getThrottle(key);
      if (row?.lockedUntil && row.lockedUntil > now && (!until || row.lockedUntil > until)) until = row.lockedUntil;
    }
    return until;
  }

  async function recordFailure(keys: string[], now: Date): Promise<void> {
    const windowStart = new Date(now.getTime() - settings.lockMinutes * 60_000);
    const lockUntil = new Date(now.getTime() + settings.lockMinutes * 60_000);
    // An address may try more accounts than one account may be tried.
    const [userKey, ipKey] = keys as [string, string];
    await repo.recordFailure(userKey, now, windowStart, settings.maxFailures, lockUntil);
    await repo.recordFailure(ipKey, now, windowStart, settings.maxFailures * 4, lockUntil);
  }

  return {
    async login(username: string, password: string, ip: string): Promise<AuthToken> {
      const now = clock.now();
      const keys = throttleKeys(username, ip);
      const locked = await lockedUntil(keys, now);
      // Retry-After says when (issue 28): the login screen tells the operator the time, not just 'a few minutes'.
      if (locked) {
        const seconds = String(Math.max(1, Math.ceil((locked.getTime() - now.getTime()) / 1000)));
        throw new AppError(429, MSG.tooManyAttempts, undefined, undefined, { 'retry-after': seconds });
      }
      const user = await repo.findUserByUsername(username);
      const passwordOk = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
      if (!user || !passwordOk || user.userStatus !== 'Active') {
        await recordFailure(keys, now);
        throw new AppError(401, MSG.loginFailed);
      }
      await repo.clearThrottle(keys[0]!);
      return issueToken(user.id);
    },

    /** Resolves a bearer token to its user; undefined when unknown, expired or the user is disabled. */
    authenticate: (token: string): Promise<AuthUser | undefined> => deps.access.findSessionCaller(sha256(token), clock.now()),

    /**
     * Rotates the token: a new one is answered with the account, and the old one lives on for a
     * short grace period only, so two tabs (or two page loads) refreshing at once both succeed.
     */
    async refresh(user: AuthUser): Promise<TokenRefresh> {
      await repo.shortenSession(user.sessionId, new Date(clock.now().getTime() + ROTATION_GRACE_MS));
      const token = await issueToken(user.id);
      const customers = await deps.customerAccess.listVisible(user);
      return {
        ...token,
        user: {
          id: user.id,
          username: user.username,
          name: user.name,
          email: user.email,
          is_su: user.isSu,
          is_brand: user.isBrand,
          language: toLocale(user.language),
        },
        customers: customers.map(toCustomerSummary),
      };
    },

    logout: (user: AuthUser) => repo.deleteSession(user.sessionId),

    /** The account's language for screens and mails; null hands the choice back to the browser. */
    setLanguage: (user: AuthUser, language: Locale | null) => repo.setLanguage(user.id, language, clock.now()),

    /** Same answer for known and unknown users; a mail task carries the link when they match. */
    async forgetPassword(username: string, email: string, origin: string, browserLanguage?: Locale): Promise<void> {
      const user = await repo.findUserByUsername(username);
      if (!user || user.userStatus !== 'Active' || user.email.toLowerCase() !== email.toLowerCase()) return;
      const now = clock.now();
      const token = newToken();
      await repo.createResetToken(user.id, sha256(token), new Date(now.getTime() + LIMITS.resetTokenMinutes * 60_000));
      const base = (settings.publicUrl ?? origin).replace(/\/$/, '');
      const link = `${base}/auth/password/${encodeURIComponent(user.username)}/${token}`;
      // The account's language, else the language of the browser that asked, else English.
      const resetMail = MAIL_TEXTS[toLocale(user.language) ?? browserLanguage ?? 'en'].reset;
      await deps.taskQueue.enqueue(
        {
          taskType: 'Mail',
          message1: TASK_TEXT.passwordReset(user.username),
          payload: sealMail(deps.secretBox, {
            to: user.email,
            subject: resetMail.subject,
            text: resetMail.text({ name: user.name, username: user.username, minutes: LIMITS.resetTokenMinutes, link }),
          }),
        },
        now,
      );
    },

    async validateResetToken(username: string, token: string): Promise<boolean> {
      return !!(await findResetToken(username, token));
    },

    async confirmPassword(username: string, token: string, newPass: string): Promise<void> {
      const found = await findResetToken(username, token);
      if (!found) throw invalid('token', MSG.resetLinkExpired);
      // Hash outside the transaction: argon2 is slow on purpose and must not hold row locks.
      const passwordHash = await hashPassword(newPass);
      const now = clock.now();
      // Token spent, password set and every session ended together, or none of it.
      await deps.auth.transaction(async (tx) => {
        if (!(await tx.consumeResetToken(found.tokenId, now))) throw invalid('token', MSG.resetLinkExpired);
        await tx.setPassword(found.user.id, passwordHash, now);
        await tx.deleteUserSessions(found.user.id);
      });
    },

    async changePassword(user: AuthUser, body: ChangePasswordBody): Promise<void> {
      const row = await repo.findUserById(user.id);
      if (!row) throw unauthorized();
      if (!(await verifyPassword(row.passwordHash, body.old_password))) throw invalid('old_password', MSG.oldPasswordWrong);
      const passwordHash = await hashPassword(body.password);
      // A token stolen before the change must not outlive it; the tab that changed it stays signed in.
      // Both in one transaction: a new password with the old sessions still alive is never visible.
      await deps.auth.transaction(async (tx) => {
        await tx.setPassword(user.id, passwordHash, clock.now());
        await tx.deleteOtherSessions(user.id, user.sessionId);
      });
    },
  };

  async function findResetToken(username: string, token: string): Promise<{ user: UserRow; tokenId: number } | undefined> {
    const user = await repo.findUserByUsername(username);
    if (!user || user.userStatus !== 'Active') return undefined;
    const row = await repo.findUsableResetToken(user.id, sha256(token), clock.now());
    return row ? { user, tokenId: row.id } : undefined;
  }
}
export type AuthService = ReturnType<typeof createAuthService>;
