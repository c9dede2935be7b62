import { INVITE_HOURS } from '../../../contract/users.js';
import { toLocale } from '../../../contract/locales.js';
import type { Clock } from '../../lib/clock.js';
import { newToken, sha256, type SecretBox } from '../../lib/crypto.js';
import { sealMail } from '../../integrations/mail-message.js';
import { MAIL_TEXTS } from '../../i18n/mail-texts.js';
import type { AuthRepository } from '../auth/auth.repository.js';
import type { TaskQueueRepository } from '../tasks/task-queue.repository.js';
import type { UserRow } from './users.repository.js';

/** Where an invitation is written: in the transaction that creates (or re-invites) the user. */
export interface InvitationRepos {
  tokens: Pick<AuthRepository, 'createResetToken'>;
  tasks: TaskQueueRepository;
}

/**
 * Invitations by e-mail (issue 25). The link is a password-reset link with a longer life: the same
 * single-use token, stored as its SHA-256, spent by the reset page's confirm-password route, so
 * there is one way to set a password from a mail. The mail is a `Mail` task whose payload (the
 * link) is sealed, as the reset mail's is.
 */
export function createInvitations(deps: { clock: Clock; secretBox: SecretBox; publicUrl?: string }) {
  return {
    async send(repos: InvitationRepos, user: UserRow, invitedBy: string, origin: string): Promise<void> {
      const now = deps.clock.now();
      const token = newToken();
      await repos.tokens.createResetToken(user.id, sha256(token), new Date(now.getTime() + INVITE_HOURS * 3600_000));
      const base = (deps.publicUrl ?? origin).replace(/\/$/, '');
      // `?invite` only changes the page's wording: the token is what counts.
      const link = `${base}/auth/password/${encodeURIComponent(user.username)}/${token}?invite=1`;
      const mail = MAIL_TEXTS[toLocale(user.language) ?? 'en'].invite;
      await repos.tasks.enqueue(
        {
          taskType: 'Mail',
          message1: `Invitation for ${user.username}`,
          payload: sealMail(deps.secretBox, {
            to: user.email,
            subject: mail.subject,
            text: mail.text({ name: user.name, username: user.username, hours: INVITE_HOURS, link, invitedBy }),
          }),
        },
        now,
      );
    },
  };
}
export type Invitations = ReturnType<typeof createInvitations>;
