import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { is, sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { createHash } from 'node:crypto';
import { drizzle as drizzlePg, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePglite, PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as schema from './schema/index.js';
import { createReadRouter, type ReadRouter } from './read-routing.js';

export type Schema = typeof schema;
/** The one database type every repository takes: PGlite and node-postgres share it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * The database a read-only page reads from outside any transaction: the replica when one is set
   * and caught up (db/read-routing.ts), else `db`.
   */
  readDb(): Promise<Db>;
  /** Reads routed to each side, when a replica is set. */
  readCounts?: { replica: number; primary: number };
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

const MIGRATION_LOCK_KEY = 7_270_001;

export interface PostgresOptions {
  /** `transaction`: DATABASE_URL is a transaction-mode pooler, so statements go unnamed (no session to keep them in). */
  pooler?: 'none' | 'session' | 'transaction';
  /** A direct session (not through the pooler) for the migrations; DATABASE_URL when absent. */
  directUrl?: string;
  /** A streaming replica for the read-heavy pages (REPLICA_DATABASE_URL). */
  replicaUrl?: string;
  replicaPoolSize?: number;
  /** How long a read waits for the replica to catch up before it reads the primary. */
  replicaMaxWaitMs?: number;
}

export async function openPostgres(url: string, poolSize = 10, options: PostgresOptions = {}): Promise<Database> {
  const named = options.pooler !== 'transaction';
  const pool = new pg.Pool({ connectionString: url, max: poolSize, Client: named ? AppConnection : UnnamedConnection });
  // An idle connection closed by the server (restart, failover, a dropped test database) is
  // reported here; pg drops it from the pool. Without a listener it would crash the process.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const router = options.replicaUrl ? openReplica(options.replicaUrl, pool, db, named, options) : undefined;
  return {
    db,
    kind: 'postgres',
    readDb: router ? () => router.readDb() : () => Promise.resolve(db),
    readCounts: router?.counts,
    migrate: async () => {
      if (!options.directUrl) return migrateLocked(pool);
      const direct = new pg.Pool({ connectionString: options.directUrl, max: 1 });
      try {
        await migrateLocked(direct);
      } finally {
        await direct.end();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await router?.close();
      await pool.end();
    },
  };
}

function openReplica(url: string, primaryPool: pg.Pool, primary: Db, named: boolean, options: PostgresOptions): ReadRouter<Db> {
  const replicaPool = new pg.Pool({
    connectionString: url,
    max: options.replicaPoolSize ?? 10,
    Client: named ? AppConnection : UnnamedConnection,
    // A replica that hangs must not hold the page: the read goes to the primary.
    connectionTimeoutMillis: 2000,
  });
  replicaPool.on('error', (error) => console.warn(`PostgreSQL replica connection lost: ${error.message}`));
  return createReadRouter({
    primary,
    primaryPool,
    replica: drizzlePg(replicaPool, { schema }) as unknown as Db,
    replicaPool,
    maxWaitMs: options.replicaMaxWaitMs ?? 30,
  });
}

/**
 * Applies the pending migrations in one transaction that first takes a transaction-scoped advisory
 * lock: several nodes starting at once queue on the lock, and the first one's commit both applies
 * the migrations and releases it. Everything runs between one BEGIN and COMMIT, so a transaction
 * pooler keeps it on one server connection (a session lock taken through PgBouncer in transaction
 * mode could be released on another connection and stay held). Same table and rules as drizzle's
 * migrator (drizzle.__drizzle_migrations, newer than the last applied `created_at`).
 */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query('CREATE SCHEMA IF NOT EXISTS "drizzle"');
    await client.query(
      'CREATE TABLE IF NOT EXISTS "drizzle"."__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)',
    );
    const last = await client.query<{ created_at: string }>(
      'SELECT created_at FROM "drizzle"."__drizzle_migrations" ORDER BY created_at DESC LIMIT 1',
    );
    const lastAt = last.rows[0] ? Number(last.rows[0].created_at) : undefined;
    for (const migration of migrations) {
      if (lastAt !== undefined && lastAt >= migration.folderMillis) continue;
      for (const statement of migration.sql) await client.query(statement);
      await client.query('INSERT INTO "drizzle"."__drizzle_migrations" ("hash", "created_at") VALUES ($1, $2)', [
        migration.hash,
        migration.folderMillis,
      ]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The extensions the migrations create (0000 pg_trgm, 0004 btree_gin): every PGlite must load them. */
export const pgliteExtensions = { pg_trgm, btree_gin };

/** Opens (or creates) an embedded database; `dataDir` undefined means in memory. */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File } = {}): Promise<Database> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: pgliteExtensions,
  });
  return wrapPglite(client);
}

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    readDb: () => Promise.resolve(db),
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/** Runs raw SQL (built with the `sql` tag, so always parameterised) and answers its rows on either driver. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Statement names by statement text. Each distinct shape of a query (which filters it has) has
 * one text; the sha1 of 2 kB of text on every request was 1% of a history page's CPU (issue 13).
 * Bounded: a shape seen after the cache is full is hashed again, never stored.
 */
const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 1000;

/** `label` plus a hash of the text: the same text always gets the same name, another text another name. */
function statementName(label: string, text: string): string {
  const key = `${label}\u0000${text}`;
  let name = statementNames.get(key);
  if (name === undefined) {
    name = `${label}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    if (statementNames.size < MAX_STATEMENT_NAMES) statementNames.set(key, name);
  }
  return name;
}

/** How preparedRows marks a statement for AppConnection: `/*prepared:<label>*\/ ` before its text. */
const PREPARED_MARK = '/*prepared:';
/** How transactionConnection asks which connection runs a transaction: `/*connection:<token>*\/ SELECT 1`. */
const PROBE_MARK = '/*connection:';
const probedConnections = new Map<string, pg.ClientBase>();
let probes = 0;

const markLabel = (text: string, mark: string) => text.slice(mark.length, text.indexOf('*/'));

/**
 * The connection our node-postgres pool hands out (pg's `Client` pool option). Drizzle sends every
 * statement through `query`, on a pool and in a transaction alike: a statement preparedRows marked
 * goes as a named (prepared) one, and transactionConnection's probe learns that this connection
 * runs the transaction. Everything else passes through untouched.
 */
class AppConnection extends pg.Client {
  protected named = true;
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A connection checked out of the pool (inside a transaction, between two statements) that
    // loses its server — PgBouncer or PostgreSQL restarted — emits 'error' with nobody listening
    // (the pool listens on idle ones only), and an unheard 'error' ends the process: the scale test
    // saw two processes die at a PgBouncer restart. Its next statement fails instead, the request
    // answers 503 and the pool drops the connection when it comes back (not queryable).
    this.on('error', () => undefined);
  }
  override query(...args: unknown[]): never {
    const [config] = args;
    if (config && typeof config === 'object' && 'text' in config && typeof config.text === 'string' && !('name' in config && config.name)) {
      const text = config.text;
      if (text.startsWith(PREPARED_MARK)) {
        if (this.named) args[0] = { ...config, name: statementName(markLabel(text, PREPARED_MARK), text) };
      } else if (text.startsWith(PROBE_MARK)) probedConnections.set(markLabel(text, PROBE_MARK), this);
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/**
 * AppConnection behind a transaction-mode pooler (DATABASE_POOLER=transaction): each transaction
 * may run on another server connection, where a statement this client prepared does not exist
 * (PgBouncer before 1.21 does not track them), so marked statements go unnamed. The mark stays in
 * the text (a comment), harmless.
 */
class UnnamedConnection extends AppConnection {
  protected override named = false;
}

/**
 * Like queryRows, but as a named (prepared) statement on node-postgres: each connection parses and
 * plans it once instead of on every call, on the pool or in a transaction. The name is the label
 * plus a hash of the text, so every distinct shape of a query gets a statement of its own. PGlite
 * runs it unnamed. Rows come with the types queryRows answers (timestamptz as text, bigint as text).
 */
export function preparedRows<T>(db: DbOrTx, label: string, query: SQL): Promise<T[]> {
  if (!/^\w+$/.test(label)) throw new Error(`a statement label is a word: ${label}`);
  return queryRows<T>(db, sql`${sql.raw(`${PREPARED_MARK}${label}*/ `)}${query}`);
}

/**
 * The node-postgres connection a transaction runs on, for what only a connection can do (COPY);
 * undefined on PGlite and outside a transaction (a pool hands out a different connection each time).
 * It asks the transaction itself: a probe statement through it reaches its AppConnection.
 */
export async function transactionConnection(db: DbOrTx): Promise<pg.ClientBase | undefined> {
  if (!is(db, NodePgTransaction)) return undefined;
  const token = String(++probes);
  try {
    await db.execute(sql.raw(`${PROBE_MARK}${token}*/ SELECT 1`));
    return probedConnections.get(token);
  } finally {
    probedConnections.delete(token);
  }
}

/** Whether `db` is an embedded (PGlite) database itself, not a transaction on one. */
export const isEmbeddedDatabase = (db: DbOrTx): boolean => is(db, PgliteDatabase);

/**
 * Streams rows into a table with `COPY … FROM STDIN` (text format: tab-separated, one row a line;
 * the caller escapes its values) on a transaction's connection, and answers how many rows
 * PostgreSQL stored. Chunks are sent as they are produced, never joined into one string.
 */
export async function copyIn(connection: pg.ClientBase, copyStatement: string, chunks: Iterable<string>): Promise<number> {
  const stream = connection.query(copyFromStdin(copyStatement));
  await pipeline(Readable.from(chunks, { objectMode: false }), stream);
  return stream.rowCount;
}
