import { mkdirSync, mkdtempSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FtpSrv } from 'ftp-srv';
import { SMTPServer } from 'smtp-server';
import { vi } from 'vitest';

/** Real local servers on 127.0.0.1 for the integration tests (FTP, SMTP sink, HTTP partners). */

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface TestFtpServer {
  url: string;
  root: string;
  username: string;
  password: string;
  close(): Promise<void>;
}

// ftp-srv wants a bunyan-like logger; this one says nothing.
const noop = () => undefined;
const quietLog: Record<string, unknown> = { trace: noop, debug: noop, info: noop, warn: noop, error: noop, fatal: noop };
quietLog.child = () => quietLog;

/** ftp-srv serving a temp folder; one user, quiet logger (STACK-NOTES 11). */
export async function startFtpServer(options: { username?: string; password?: string } = {}): Promise<TestFtpServer> {
  const username = options.username ?? 'biztalk';
  const password = options.password ?? 'ftp-secret';
  const root = mkdtempSync(join(tmpdir(), 'rd-ftp-'));
  const port = await freePort();
  const pasvStart = 40000 + Math.floor(Math.random() * 20000);
  const server = new FtpSrv({
    url: `ftp://127.0.0.1:${port}`,
    pasv_url: '127.0.0.1',
    pasv_min: pasvStart,
    pasv_max: pasvStart + 200,
    anonymous: false,
    greeting: 'test ftp',
    log: quietLog as never,
  });
  server.on('login', ({ username: u, password: p }, resolve, reject) => {
    if (u === username && p === password) resolve({ root });
    else reject(new Error('Bad login'));
  });
  await server.listen();
  return {
    url: `ftp://127.0.0.1:${port}`,
    root,
    username,
    password,
    close: () => server.close(),
  };
}

export interface SinkMail {
  from: string;
  to: string[];
  raw: string;
}

/** An SMTP sink that keeps every message; startable again on the same port to play "back up". */
export async function startSmtpSink(port?: number) {
  const mails: SinkMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const usePort = port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(usePort, '127.0.0.1', resolve));
  return {
    port: usePort,
    url: `smtp://127.0.0.1:${usePort}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export type HttpRoute = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;

/** A small HTTP server playing a partner; `handler` can be swapped to play "down" or "slow". */
export async function startHttpPartner(handler: HttpRoute, port?: number) {
  const requests: RecordedRequest[] = [];
  const state = { handler };
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rec = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(rec);
      Promise.resolve(state.handler(rec, res)).catch(() => {
        res.statusCode = 500;
        res.end();
      });
    });
  });
  const usePort = port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(usePort, '127.0.0.1', resolve));
  return {
    port: usePort,
    url: `http://127.0.0.1:${usePort}`,
    requests,
    setHandler(h: HttpRoute) {
      state.handler = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type HttpPartner = Awaited<ReturnType<typeof startHttpPartner>>;

/**
 * A partner that never answers: resolves when the caller gives up and closes the connection (or
 * the server closes). No clock involved: the caller's own time limit is what the test exercises.
 */
export function untilCallerHangsUp(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => res.once('close', () => resolve()));
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(body));
}

/**
 * Waits until `check` answers something truthy and answers it (tests assert outcomes, never
 * durations): Vitest's own auto-wait, which also moves fake timers on between checks.
 */
export async function waitFor<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 15_000,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await check();
      if (!value) throw new Error('waitFor: condition not met in time');
      return value;
    },
    { timeout: timeoutMs, interval: 25 },
  );
}

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(dir, { recursive: true });
  return dir;
}

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The folder s3rver keeps the objects in (to see what was really stored). */
  directory: string;
  close(): Promise<void>;
}

/** s3rver, a real S3-protocol server, on 127.0.0.1 with one bucket (STACK-NOTES: path style, S3RVER/S3RVER). */
export async function startS3Server(bucket = 'photos'): Promise<TestS3Server> {
  const { default: S3rver } = await import('s3rver');
  const directory = mkdtempSync(join(tmpdir(), 'rd-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    directory,
    close: () => server.close(),
  };
}
