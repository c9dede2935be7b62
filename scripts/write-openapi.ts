/**
 * Writes the OpenAPI document the app serves at /api/docs/json to a file, for the linter
 * (`npm run lint`) and for whoever generates a client. No database is opened: the pool points
 * nowhere and is never used while the document is built.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { buildApp } from '../src/server/app.js';
import { fileTransportsFromConfig } from '../src/server/bootstrap/file-transports.js';
import { photoStorageFromConfig } from '../src/server/bootstrap/photo-storage.js';
import { loadConfig } from '../src/server/config.js';
import { openPostgres } from '../src/server/db/client.js';
import { createOutboxMailer } from '../src/server/integrations/mailer.js';
import { systemClock } from '../src/server/lib/clock.js';
import { SecretBox } from '../src/server/lib/crypto.js';

const out = process.argv[2] ?? join(tmpdir(), 'returns-desk-openapi.json');
const dataDir = join(tmpdir(), 'returns-desk-openapi');
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const database = await openPostgres('postgres://openapi@127.0.0.1:9/unused', 1);
const app = await buildApp({
  config,
  database,
  clock: systemClock,
  secretBox: new SecretBox('openapi-document'),
  mailer: createOutboxMailer(config.outboxDir, config.MAIL_FROM),
  fileTransports: fileTransportsFromConfig(config),
  photoStorage: photoStorageFromConfig(config),
});
await app.ready();
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await database.close();
console.log(out);
