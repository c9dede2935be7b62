import type { FastifyInstance, InjectOptions } from 'fastify';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { AppDeps } from '../deps.js';
import type { Clock } from '../lib/clock.js';
import { SecretBox } from '../lib/crypto.js';
import { fileTransportsFromConfig } from '../bootstrap/file-transports.js';
import { photoStorageFromConfig } from '../bootstrap/photo-storage.js';
import { createOutboxMailer, type Mailer } from '../integrations/mailer.js';
import type { MailMessage } from '../integrations/mail-message.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/** A clock tests can move forward. */
export function createTestClock(start = new Date()) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  } satisfies Clock & { advance(ms: number): void };
}

/** Records every mail and also writes it like the real outbox does. */
export function createRecordingMailer(outboxDir: string): Mailer & { sent: MailMessage[] } {
  const outbox = createOutboxMailer(outboxDir, 'test@returns-desk.local');
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
      return outbox.send(message);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  testDb: TestDatabase;
  clock: ReturnType<typeof createTestClock>;
  mailer: ReturnType<typeof createRecordingMailer>;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<Config> = {}, depOverrides: Partial<AppDeps> = {}): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'returns-desk-test-'));
  const config: Config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), ...overrides };
  const clock = createTestClock();
  const mailer = createRecordingMailer(config.outboxDir);
  const deps: AppDeps = {
    config,
    database: testDb.database,
    clock,
    secretBox: new SecretBox('test-secret'),
    mailer,
    fileTransports: fileTransportsFromConfig(config),
    photoStorage: photoStorageFromConfig(config),
    ...depOverrides,
  };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    testDb,
    clock,
    mailer,
    async close() {
      await app.close();
      await testDb.close();
    },
  };
}

/** inject() with a bearer token and a parsed JSON body. */
export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { token?: string; body?: unknown; ip?: string; headers?: Record<string, string> } = {},
) {
  const res = await app.inject({
    method,
    url,
    payload: options.body as InjectOptions['payload'],
    remoteAddress: options.ip,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
  });
  return {
    status: res.statusCode,
    body: res.json() as {
      code: number;
      message: any;
      errors?: Record<string, string[]>;
      codes?: { code: string; params?: Record<string, string> }[];
      error_codes?: Record<string, { code: string; params?: Record<string, string> }[]>;
    },
    headers: res.headers,
  };
}
