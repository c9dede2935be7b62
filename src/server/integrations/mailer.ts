import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { MailMessage } from './mail-message.js';

export interface Mailer {
  /** Resolves when the message is handed over; throws when it could not be (the task retries). */
  send(message: MailMessage): Promise<{ id: string; where: string }>;
}

function toNodemailer(from: string, m: MailMessage) {
  return {
    from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    attachments: m.attachments?.map((a) => ({
      filename: a.filename,
      content: Buffer.from(a.content, 'base64'),
      contentType: a.contentType,
    })),
  };
}

/**
 * SMTP through nodemailer. Short time limits: a mail server that hangs fails the attempt within
 * seconds, and the Mail task retries later instead of holding a worker slot for minutes.
 * Query options in SMTP_URL (e.g. ?ignoreTLS=true) override these.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    async send(message) {
      const info = await transport.sendMail(toNodemailer(from, message));
      return { id: info.messageId, where: 'smtp' };
    },
  };
}

/** Without SMTP, every mail is written as a .eml file that any mail client opens. */
export function createOutboxMailer(outboxDir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail(toNodemailer(from, message));
      await mkdir(outboxDir, { recursive: true });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}-${info.messageId.replace(/[<>@]/g, '').slice(0, 24)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      return { id: info.messageId, where: file };
    },
  };
}

export function createMailer(options: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  return options.smtpUrl ? createSmtpMailer(options.smtpUrl, options.from) : createOutboxMailer(options.outboxDir, options.from);
}
