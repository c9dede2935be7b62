import type { MailPayload } from '../../contract/task-payloads.js';
import type { SecretBox } from '../lib/crypto.js';

export interface MailAttachment {
  filename: string;
  /** base64 */
  content: string;
  contentType?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

/**
 * Mail waits in a task row until sent. Its body may carry a reset link, so it is stored sealed:
 * an admin reading the task, or a database dump, never sees a usable token.
 */
export function sealMail(box: SecretBox, message: MailMessage): MailPayload {
  return { to: message.to, subject: message.subject, sealed: box.seal(JSON.stringify(message)) };
}

export function openMail(box: SecretBox, payload: MailPayload): MailMessage {
  return JSON.parse(box.open(payload.sealed)) as MailMessage;
}
