// Reads the mails the server wrote to <DATA_DIR>/outbox/*.eml (no SMTP_URL in e2e runs).
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { e2eEnv } from './env';

export interface OutboxMail {
  file: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; size: number; content: Buffer }[];
  date: Date;
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

/** Every mail in the outbox, oldest first. */
export async function readOutbox(): Promise<OutboxMail[]> {
  const dir = join(e2eEnv.dataDir, 'outbox');
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
 * Waits for a mail to `to` (and matching `subject` when given). Mail goes out through a worker
 * task, so it appears a moment after the request that caused it.
 */
export async function waitForMail(match: { to: string; subject?: RegExp | string; after?: Date }, timeoutMs = 20_000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  const to = match.to.toLowerCase();
  while (Date.now() < deadline) {
    const found = (await readOutbox()).filter(
      (m) =>
        m.to.includes(to) &&
        (match.subject === undefined ||
          (typeof match.subject === 'string' ? m.subject.includes(match.subject) : match.subject.test(m.subject))) &&
        (match.after === undefined || m.date.getTime() >= match.after.getTime() - 1000),
    );
    if (found.length > 0) return found[found.length - 1]!;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${match.to}${match.subject ? ` about ${String(match.subject)}` : ''} within ${timeoutMs / 1000} s`);
}

/** The first http(s) link of a mail's text, optionally the first containing `part`. */
export function linkIn(mail: OutboxMail, part = ''): string {
  const links = (mail.text.match(/https?:\/\/\S+/g) ?? []).map((l) => l.replace(/[>).,]+$/, ''));
  const link = links.find((l) => l.includes(part));
  if (!link) throw new Error(`no link${part ? ` with ${part}` : ''} in mail "${mail.subject}"`);
  return link;
}
