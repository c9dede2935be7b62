/**
 * Order search under load, the method of issue 13:
 *  1. the app on PostgreSQL (PUT /api/returns/search/:customerId, 32 connections) against the same
 *     SQL replayed by pgbench (prepared, 32 clients), ORDERS generated orders, tables analysed; the
 *     app's SQL is the whole request's (session and customer check and search in one statement);
 *  2. the app on embedded PGlite against the app on PostgreSQL, PGLITE_ORDERS orders loaded through
 *     the order import (so whatever the import does afterwards, e.g. ANALYZE, is included).
 * Pairs interleaved, ratios of medians printed. With BENCH_BEFORE_ROOT (1. only) another checkout's app
 * runs too, in the same rounds; each row also prints the CPU a request costs (app, PostgreSQL, clients).
 * Run: npx tsx bench/search-load.bench.ts  (BENCH_DATABASE_URL; ORDERS, PGLITE_ORDERS, PAIRS, SECONDS)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { LIMITS } from '../src/contract/constants.js';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres, queryRows, type Database } from '../src/server/db/client.js';
import { orderSearchCheckedQuery } from '../src/server/modules/orders/order-search.repository.js';
import { sha256 } from '../src/server/lib/crypto.js';
import { createOrderImportService } from '../src/server/modules/orders/order-import.service.js';
import { adminUrl, withDatabase } from './support.js';
import {
  APP_RUN,
  asPgbenchScript,
  backendPids,
  BEFORE_ENV,
  BEFORE_ROOT,
  BEFORE_RUN,
  cpuLine,
  forwardedFor,
  httpLoad,
  interleaved,
  interleavedAll,
  LOAD_CLIENT,
  loadAverage,
  median,
  pgbenchRun,
  SHARED_BOX_NOTE,
  startApp,
  withApplicationName,
  withCpu,
  type CpuPerRequest,
  type LoadResult,
  type RunningApp,
} from './load.js';

const ORDERS = Number(process.env.ORDERS ?? 1_000_000);
const PGLITE_ORDERS = Number(process.env.PGLITE_ORDERS ?? 100_000);
const PAIRS = Number(process.env.PAIRS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 5);
const CUSTOMERS = 10;

async function freshDatabase(name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const database = await openPostgres(url, 2);
  await database.migrate();
  return { url, database };
}

async function dropDatabase(name: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/** The bench's order numbers: SO- and 7 digits, spread so a 3-digit search hits ~1 in 1000 orders. */
const orderNumber = (g: number) => `SO-${String((g * 7919) % 10_000_000).padStart(7, '0')}`;

async function searchLoad(port: number, token: string, customerId: number, search: string, connections: number) {
  return httpLoad({
    port,
    connections,
    seconds: SECONDS,
    request: (i) => ({
      method: 'PUT',
      path: `/api/returns/search/${customerId}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor(i) },
      body: JSON.stringify({ search }),
    }),
  });
}

const fmt = (xs: LoadResult[]) =>
  `${Math.round(median(xs.map((x) => x.rps))).toLocaleString('en')} req/s, p50 ${median(xs.map((x) => x.p50)).toFixed(1)} ms, p99 ${median(xs.map((x) => x.p99)).toFixed(1)} ms`;

async function appVersusPgbench() {
  const name = 'rd_bench_search_load';
  const { url, database } = await freshDatabase(name);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO customers (company, order_source) SELECT 'Bench ' || c, 'Biztalk' FROM generate_series(1, ${CUSTOMERS}) c`,
    );
    const { rows } = await client.query<{ id: number }>('SELECT id FROM customers ORDER BY id');
    await client.query(`
      INSERT INTO orders (customer_id, source, source_id_1, delivery_number, order_number, web_order_number, buyer_reference,
                          order_status, delivery_name_1, delivery_contact, created_at)
      SELECT ${rows[0]!.id} + (g % ${CUSTOMERS}), 'Biztalk', 'S' || g, '80' || lpad(g::text, 8, '0'),
             'SO-' || lpad((g::bigint * 7919 % 10000000)::text, 7, '0'),
             CASE WHEN g % 3 = 0 THEN 'WEB-' || upper(substr(md5(g::text), 1, 8)) END,
             CASE WHEN g % 4 = 0 THEN 'PO ' || substr(md5('b' || g), 1, 6) END,
             'New', 'Name ' || g, 'Contact ' || (g % 1000), now() - make_interval(secs => g * 30)
      FROM generate_series(1, ${ORDERS}) g`);
    await client.query('VACUUM ANALYZE orders');
    const customerId = rows[4]!.id;
    console.log(`(${loadAverage()} after loading the data)`);
    const appEnv = (name: string) => ({ DATABASE_URL: withApplicationName(url, name), DATABASE_POOL_SIZE: '10' });
    const app = await startApp(appEnv('rd_after'), ['--services=web']);
    const before = BEFORE_ROOT
      ? await startApp({ ...appEnv('rd_before'), ...BEFORE_ENV }, ['--services=web'], BEFORE_ROOT, BEFORE_RUN)
      : undefined;
    try {
      const dialect = new PgDialect();
      console.log(
        `| order search, ${ORDERS.toLocaleString('en')} orders, 32 conns | app | same SQL in pgbench (prepared) | ratio | goal |`,
      );
      console.log('|---|---|---|---|---|');
      const cpu: string[] = [];
      for (const [label, search] of [
        ['3 characters', '123'],
        ['6-character tail', orderNumber(4_004).slice(-6)],
      ] as const) {
        // The app's whole request in SQL: the session and access check and the search, one statement.
        const q = dialect.sqlToQuery(
          orderSearchCheckedQuery(
            { tokenHash: sha256(app.token), now: new Date(), customerId, liveSources: ['Biztalk Rest', 'SGL Ecommerce'] },
            search,
            LIMITS.searchResultLimit,
          ),
        );
        const { script, defines } = asPgbenchScript(q.sql, q.params);
        type Run = LoadResult & CpuPerRequest;
        const load = (a: RunningApp, name: string) => (): Promise<Run> =>
          withCpu(a.pid, () => searchLoad(a.port, a.token, customerId, search, 32), backendPids(url, name));
        await load(app, 'rd_after')(); // warm-up
        if (before) await load(before, 'rd_before')();
        const r = (await interleavedAll<unknown>(PAIRS, {
          ...(before ? { before: load(before, 'rd_before') } : {}),
          app: load(app, 'rd_after'),
          limit: async () => pgbenchRun({ url, script, defines, clients: 32, seconds: SECONDS }),
        })) as { before?: Run[]; app: Run[]; limit: ReturnType<typeof pgbenchRun>[] };
        const tps = r.limit.map((x) => x.tps);
        for (const [rowLabel, xs] of [
          ...(r.before ? [[`\`${search}\` (${label}), before`, r.before] as const] : []),
          [`\`${search}\` (${label})${r.before ? ', after' : ''}`, r.app] as const,
        ]) {
          const ratios = xs.map((x, i) => x.rps / tps[i]!);
          const failures = xs.reduce((n, x) => n + x.failures, 0);
          console.log(
            `| ${rowLabel} | ${fmt(xs)} | ${Math.round(median(tps)).toLocaleString('en')} tps | ${median(ratios).toFixed(2)} (pairs ${ratios.map((x) => x.toFixed(2)).join(', ')}) | ≥ 0.9, p99 ≤ 20 ms |${failures ? ` ${failures} failures` : ''}`,
          );
          cpu.push(`${rowLabel}: ${cpuLine(xs)}`);
        }
        cpu.push(`\`${search}\`, pgbench: its client ${median(r.limit.map((x) => x.clientCpuMs)).toFixed(3)} CPU ms a transaction`);
      }
      console.log(`\n${cpu.join('\n')}`);
      console.log(`(load client "${LOAD_CLIENT}", app run as ${APP_RUN}; ${loadAverage()} at the end)`);
    } finally {
      await before?.stop();
      await app.stop();
    }
  } finally {
    await client.end();
    await database.close();
    if (!process.env.KEEP_BENCH_DB) await dropDatabase(name);
  }
}

/** PGLITE_ORDERS orders of one customer, 1 line each, through the order import service. */
async function importOrders(database: Database) {
  const [customer] = await queryRows<{ id: number }>(
    database.db,
    sql`INSERT INTO customers (company, order_source) VALUES ('Bench', 'Biztalk') RETURNING id`,
  );
  const customerId = Number(customer!.id);
  const service = createOrderImportService({ db: database.db });
  const orders = Array.from({ length: PGLITE_ORDERS }, (_, g) => ({
    source_id: `S${g}`,
    delivery_number: `80${String(g).padStart(8, '0')}`,
    order_number: orderNumber(g),
    lines: [{ line_number: 1, quantity: 1, product: { sku: `SKU-${g % 500}` } }],
  }));
  const summary = await service.importOrders(customerId, orders);
  if (summary.summary.orders_created !== PGLITE_ORDERS) throw new Error(`import: ${JSON.stringify(summary.summary.errors.slice(0, 3))}`);
  return customerId;
}

async function pgliteVersusPostgres() {
  const name = 'rd_bench_search_pglite';
  const { url, database } = await freshDatabase(name);
  const dataDir = mkdtempSync(join(tmpdir(), 'rd-bench-pglite-'));
  const lite = await openPglite({ dataDir: join(dataDir, 'pglite') });
  try {
    await lite.migrate();
    const pgCustomer = await importOrders(database);
    const liteCustomer = await importOrders(lite);
    await lite.close();
    const onPg = await startApp({ DATABASE_URL: url, DATABASE_POOL_SIZE: '10' }, ['--services=web']);
    const onLite = await startApp({ DATA_DIR: dataDir });
    try {
      const search = orderNumber(4_004).slice(-5);
      await searchLoad(onLite.port, onLite.token, liteCustomer, search, 8);
      await searchLoad(onPg.port, onPg.token, pgCustomer, search, 8);
      const r = await interleaved(
        PAIRS,
        () => searchLoad(onLite.port, onLite.token, liteCustomer, search, 8),
        () => searchLoad(onPg.port, onPg.token, pgCustomer, search, 8),
      );
      const ratios = r.a.map((x, i) => x.rps / r.b[i]!.rps);
      console.log(
        `\n| order search \`${search}\`, ${PGLITE_ORDERS.toLocaleString('en')} orders, 8 conns | app on PGlite | app on PostgreSQL | ratio | goal |`,
      );
      console.log('|---|---|---|---|---|');
      console.log(
        `| as shipped (import, then search) | ${fmt(r.a)} | ${fmt(r.b)} | ${median(ratios).toFixed(2)} (pairs ${ratios.map((x) => x.toFixed(2)).join(', ')}) | ≥ 0.3 |`,
      );
    } finally {
      await onLite.stop();
      await onPg.stop();
    }
  } finally {
    await database.close();
    if (!process.env.KEEP_BENCH_DB) await dropDatabase(name);
  }
}

async function main() {
  if (process.env.ONLY !== 'pglite') await appVersusPgbench();
  if (process.env.ONLY !== 'postgres') await pgliteVersusPostgres();
  console.log(`\n(${PAIRS} interleaved pairs of ${SECONDS} s; load client in this process, the app its own process.) ${SHARED_BOX_NOTE}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
