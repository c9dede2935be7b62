import { PGlite } from '@electric-sql/pglite';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrationsFolder, openPostgres, pgliteExtensions, wrapPglite, type Database } from '../db/client.js';

/** Tests run on PGlite, or on PostgreSQL when TEST_DB=postgres and TEST_DATABASE_URL are set. */
export const testDbKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

function migrationsHash(): string {
  const h = createHash('sha256');
  for (const f of readdirSync(migrationsFolder).sort()) if (f.endsWith('.sql')) h.update(f).update(readFileSync(join(migrationsFolder, f)));
  h.update(readFileSync(join(migrationsFolder, 'meta', '_journal.json')));
  return h.digest('hex').slice(0, 16);
}

/** A migrated PGlite data dir, built once per migration set and shared by every test file. */
async function pgliteTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `returns-desk-pglite-template-${migrationsHash()}.tar.gz`);
  if (!existsSync(file)) {
    const client = await PGlite.create({ extensions: pgliteExtensions });
    await wrapPglite(client).migrate();
    const dump = await client.dumpDataDir('gzip');
    await client.close();
    const partial = `${file}.${process.pid}.part`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

let pgTemplateReady: Promise<string> | undefined;

/** A migrated template database on the server; each test file clones it (CREATE DATABASE … TEMPLATE). */
async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `rd_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      const building = `${name}_${randomBytes(3).toString('hex')}`;
      await admin.query(`CREATE DATABASE "${building}"`);
      const db = await openPostgres(withDatabase(adminUrl, building), 1);
      await db.migrate();
      await db.close();
      try {
        await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      } catch {
        await admin.query(`DROP DATABASE IF EXISTS "${building}"`); // another file won the race
      }
    }
  } finally {
    await admin.end();
  }
  return name;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export interface TestDatabase {
  database: Database;
  url?: string;
  close(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDbKind === 'pglite') {
    const client = await PGlite.create({ loadDataDir: await pgliteTemplate(), extensions: pgliteExtensions });
    const database = wrapPglite(client);
    return { database, close: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  pgTemplateReady ??= postgresTemplate(adminUrl);
  const template = await pgTemplateReady;
  const name = `rd_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const database = await openPostgres(url, 10);
  return {
    database,
    url,
    async close() {
      // A test may have closed the pool itself (a database outage); the database is dropped anyway.
      await database.close().catch(() => undefined);
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
