// Reads the mails the server wrote to <DATA_DIR>/outbox/*.eml (no SMTP_URL in e2e runs).
// Specs get it bound to the server's data dir through the `outbox` fixture (fixtures.ts).
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';

export interface OutboxMail {
  file: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; size: number; content: Buffer }[];
  date: Date;
}

export interface MailMatch {
  to: string;
  subject?: RegExp | string;
  /** Only mails dated from this moment (less a second of clock granularity). */
  after?: Date;
}

async function parse(file: string): Promise<OutboxMail> {
  const parsed = await simpleParser(await readFile(file));
  const toField = Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [];
  return {
    file,
    to: toField.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase())),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? '',
      contentType: a.contentType,
      size: a.size,
      content: a.content,
    })),
    date: parsed.date ?? (await stat(file)).mtime,
  };
}

const matches = (m: OutboxMail, match: MailMatch) =>
  m.to.includes(match.to.toLowerCase()) &&
  (match.subject === undefined ||
    (typeof match.subject === 'string' ? m.subject.includes(match.subject) : match.subject.test(m.subject))) &&
  (match.after === undefined || m.date.getTime() >= match.after.getTime() - 1000);

export type Outbox = ReturnType<typeof createOutbox>;

export function createOutbox(dataDir: string) {
  /** Every mail in the outbox, oldest first. */
  async function read(): Promise<OutboxMail[]> {
    const dir = join(dataDir, 'outbox');
    let names: string[];
    try {
      names = (await readdir(dir)).filter((n) => n.endsWith('.eml'));
    } catch {
      return [];
    }
    const mails = await Promise.all(names.map((n) => parse(join(dir, n))));
    return mails.sort((a, b) => a.date.getTime() - b.date.getTime());
  }

  /**
   * The newest mail to `to` (and matching `subject`/`after` when given), once it is there. Mail goes
   * out through a worker task, so it appears a moment after the request that caused it.
   */
  async function waitForMail(match: MailMatch, timeout = 20_000): Promise<OutboxMail> {
    let found: OutboxMail | undefined;
    await expect
      .poll(
        async () => {
          found = (await read()).filter((m) => matches(m, match)).at(-1);
          return found !== undefined;
        },
        { message: `a mail to ${match.to}${match.subject ? ` about ${String(match.subject)}` : ''}`, timeout },
      )
      .toBe(true);
    return found!;
  }

  return { read, waitForMail };
}

/** The first http(s) link of a mail's text, optionally the first containing `part`. */
export function linkIn(mail: OutboxMail, part = ''): string {
  const links = (mail.text.match(/https?:\/\/\S+/g) ?? []).map((l) => l.replace(/[>).,]+$/, ''));
  const link = links.find((l) => l.includes(part));
  if (!link) throw new Error(`no link${part ? ` with ${part}` : ''} in mail "${mail.subject}"`);
  return link;
}
