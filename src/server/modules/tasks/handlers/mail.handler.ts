import type { SecretBox } from '../../../lib/crypto.js';
import type { Mailer } from '../../../integrations/mailer.js';
import { openMail } from '../../../integrations/mail-message.js';
import { handlerFor, type TaskHandler } from '../task-worker.js';

/** Sends a queued mail; a failure throws, so the worker retries with backoff and nothing is lost. */
export function createMailHandler(mailer: Mailer, box: SecretBox): TaskHandler {
  return handlerFor('Mail', async (_task, payload) => {
    const message = openMail(box, payload);
    const sent = await mailer.send(message);
    return {
      details: { to: message.to, subject: message.subject, messageId: sent.id, via: sent.where.startsWith('smtp') ? 'smtp' : 'outbox' },
    };
  });
}
