import { fileURLToPath } from 'node:url';
import { join, resolve } from 'node:path';
import pino from 'pino';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openPglite, openPostgres, type Database } from './db/client.js';
import { systemClock } from './lib/clock.js';
import { SecretBox } from './lib/crypto.js';
import { createMailer } from './integrations/mailer.js';
import { ensureFirstAdmin } from './bootstrap/first-admin.js';
import { resolveAppSecret } from './bootstrap/app-secret.js';
import { photoStorageForNode } from './bootstrap/photo-storage.js';
import { fileTransportsFromConfig } from './bootstrap/file-transports.js';
import { loadDemoDataIfWanted } from './bootstrap/demo-data.js';
import { startBackground } from './modules/tasks/worker-role.js';
import type { AppDeps } from './deps.js';
import { httpLogger } from './http/logging.js';

type Service = 'web' | 'worker';

function parseServices(argv: string[]): Set<Service> {
  const arg = argv.find((a) => a.startsWith('--services='));
  const list = (arg ? arg.slice('--services='.length) : 'web,worker').split(',').map((s) => s.trim());
  for (const s of list) if (s !== 'web' && s !== 'worker') throw new Error(`Unknown service "${s}" (use web, worker)`);
  return new Set(list as Service[]);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const services = parseServices(process.argv.slice(2));
  const log = pino({ level: config.LOG_LEVEL });

  let database: Database;
  if (config.DATABASE_URL) {
    database = await openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE, {
      pooler: config.DATABASE_POOLER,
      directUrl: config.DIRECT_DATABASE_URL,
      replicaUrl: config.REPLICA_DATABASE_URL,
      replicaPoolSize: config.DATABASE_POOL_SIZE,
      replicaMaxWaitMs: config.REPLICA_MAX_WAIT_MS,
    });
  } else {
    // PGlite is one process: it must run web and worker together.
    services.add('web').add('worker');
    database = await openPglite({ dataDir: join(config.dataDir, 'pglite') });
  }
  await database.migrate();
  log.info({ database: database.kind }, 'migrations applied');

  const admin = await ensureFirstAdmin(database.db, {
    username: config.ADMIN_USERNAME,
    password: config.ADMIN_PASSWORD,
    email: config.ADMIN_EMAIL,
  });
  if (admin.generatedPassword) {
    console.log(
      `\n  First admin created. Username: ${admin.username}  Password: ${admin.generatedPassword}\n  (printed once; change it under the user menu)\n`,
    );
  }
  // The photo store before the demo data: its history keeps a few photos there.
  const photoStorage = await photoStorageForNode(config, database.db);
  await loadDemoDataIfWanted(database, config, (line) => console.log(line), new Date(), photoStorage);

  const deps: AppDeps = {
    config,
    database,
    clock: systemClock,
    secretBox: new SecretBox(resolveAppSecret(config.APP_SECRET, config.dataDir, database.kind === 'postgres')),
    mailer: createMailer({ smtpUrl: config.SMTP_URL, outboxDir: config.outboxDir, from: config.MAIL_FROM }),
    fileTransports: fileTransportsFromConfig(config),
    photoStorage,
  };

  const background = services.has('worker') ? startBackground(deps, log) : undefined;
  const app = services.has('web')
    ? await buildApp(deps, {
        webRoot: config.WEB_ROOT ? resolve(config.WEB_ROOT) : fileURLToPath(new URL('../web', import.meta.url)),
        loggerInstance: httpLogger(config.LOG_LEVEL),
      })
    : undefined;
  if (app) {
    await app.listen({ port: config.PORT, host: config.HOST });
    const shown = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
    console.log(`  Returns Desk is ready on http://${shown}:${config.PORT}  (API docs: /api/docs)`);
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    await app?.close();
    await background?.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
