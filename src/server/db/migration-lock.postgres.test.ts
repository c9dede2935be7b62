import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startPgBouncer, type PgBouncer } from '../test/local-services.js';
import { migrationsFolder, openPostgres } from './client.js';

const adminUrl = process.env.TEST_DATABASE_URL!;
const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// Issue 29: several nodes boot at once behind PgBouncer in transaction mode; the schema is migrated once.
describe('the migration lock', { timeout: 120_000 }, () => {
  let bouncer: PgBouncer;
  const made: string[] = [];
  const emptyDatabase = async () => {
    const name = `rd_migrate_${randomBytes(4).toString('hex')}`;
    await admin((c) => c.query(`CREATE DATABASE "${name}"`));
    made.push(name);
    return withDatabase(adminUrl, name);
  };
  const applied = async (url: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const rows = await c.query<{ hash: string; n: number }>(
        'SELECT hash, count(*)::int AS n FROM drizzle.__drizzle_migrations GROUP BY hash',
      );
      const locks = await c.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory'");
      return { migrations: rows.rows.length, twice: rows.rows.filter((r) => r.n > 1).length, advisoryLocks: locks.rows[0]!.n };
    } finally {
      await c.end();
    }
  };

  beforeAll(async () => {
    // Two server connections for every client: the nodes' statements land on either.
    bouncer = await startPgBouncer(adminUrl, { mode: 'transaction', poolSize: 2 });
  });
  afterAll(async () => {
    await bouncer.stop();
    await admin(async (c) => {
      for (const name of made) await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });
  });

  it('three nodes starting at once through PgBouncer (transaction mode) migrate an empty database exactly once', async () => {
    const url = await emptyDatabase();
    const nodes = await Promise.all([1, 2, 3].map(() => openPostgres(bouncer.via(url), 3, { pooler: 'transaction' })));
    try {
      await Promise.all(nodes.map((n) => n.migrate()));
      // A second start (a rolling restart) finds nothing to do.
      await Promise.all(nodes.map((n) => n.migrate()));
    } finally {
      await Promise.all(nodes.map((n) => n.close()));
    }
    // Each migration recorded once (one applied twice would have failed on its CREATE TABLE);
    // no advisory lock is left behind on a pooled server connection.
    expect(await applied(url)).toEqual({ migrations: journal.entries.length, twice: 0, advisoryLocks: 0 });
  });

  it('with DIRECT_DATABASE_URL the migrations go over the direct session, never through the pooler', async () => {
    const url = await emptyDatabase();
    // The pooled URL points at a closed port: a migration through it would fail to connect.
    const nowhere = new URL(url);
    nowhere.port = String(await freePort());
    const nodes = await Promise.all([1, 2].map(() => openPostgres(nowhere.toString(), 2, { pooler: 'transaction', directUrl: url })));
    try {
      await Promise.all(nodes.map((n) => n.migrate()));
    } finally {
      await Promise.all(nodes.map((n) => n.close()));
    }
    expect(await applied(url)).toEqual({ migrations: journal.entries.length, twice: 0, advisoryLocks: 0 });
  });

  it('a failing migration leaves nothing applied and the lock free (one transaction)', async () => {
    const url = await emptyDatabase();
    // A table in the way of the initial schema's CREATE TABLE (migration 0001) makes it fail.
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query('CREATE TABLE users (id int)');
    await c.end();
    const node = await openPostgres(bouncer.via(url), 2, { pooler: 'transaction' });
    try {
      await expect(node.migrate()).rejects.toThrow(/already exists/);
    } finally {
      await node.close();
    }
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    try {
      const schema = await check.query("SELECT 1 FROM pg_namespace WHERE nspname = 'drizzle'");
      const locks = await check.query("SELECT 1 FROM pg_locks WHERE locktype = 'advisory'");
      expect([schema.rowCount, locks.rowCount]).toEqual([0, 0]);
    } finally {
      await check.end();
    }
  });
});
