/**
 * History page under load, the method of issue 13: the app on PostgreSQL (GET /api/returns as the
 * admin, page 1 and a page past the middle, 32 connections) against the same statement replayed
 * by pgbench (prepared, 32 clients) on RETURNS generated returns; pairs interleaved, ratios printed.
 * The app's statement is the whole request's SQL (session check, total and page in one round trip).
 * With BENCH_BEFORE_ROOT another checkout's app runs too, in the same rounds (before / after / pgbench).
 * Each row also prints the CPU a request costs: the app, its PostgreSQL backends, the load clients.
 * Run: npx tsx bench/history-load.bench.ts  (BENCH_DATABASE_URL; RETURNS, PAIRS, SECONDS)
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { LIMITS } from '../src/contract/constants.js';
import { openPostgres } from '../src/server/db/client.js';
import { sha256 } from '../src/server/lib/crypto.js';
import { historyCheckedQuery } from '../src/server/modules/history/history-query.repository.js';
import { freshDatabase } from './support.js';
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

const RETURNS = Number(process.env.RETURNS ?? 2_000_000);
const PAIRS = Number(process.env.PAIRS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 5);
const CUSTOMERS = 50;

const fmt = (xs: LoadResult[]) =>
  `${Math.round(median(xs.map((x) => x.rps))).toLocaleString('en')} req/s, p50 ${median(xs.map((x) => x.p50)).toFixed(1)} ms, p99 ${median(xs.map((x) => x.p99)).toFixed(1)} ms`;

async function main() {
  const fresh = await freshDatabase('rd_bench_history_load');
  const database = await openPostgres(fresh.url, 1);
  await database.migrate();
  await database.close();
  const client = new pg.Client({ connectionString: fresh.url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO customers (company, order_source, can_blind) SELECT 'Bench ' || lpad(c::text, 2, '0'), 'Biztalk', true FROM generate_series(1, ${CUSTOMERS}) c`,
    );
    const first = (await client.query<{ id: number }>('SELECT min(id) AS id FROM customers')).rows[0]!.id;
    const { rows: us } = await client.query<{ id: number }>(
      `INSERT INTO users (name, email, username, password_hash) VALUES ('Bench Operator', 'op@example.com', 'op', 'x') RETURNING id`,
    );
    // Every 5th return is blind; the others each have their own order.
    await client.query(`
      INSERT INTO orders (id, customer_id, source, source_id_1, delivery_number, order_number, order_status, delivery_name_1, created_at)
      SELECT g, ${first} + ((g / 7) % ${CUSTOMERS}), 'Biztalk', 'S' || g, '80' || lpad(g::text, 8, '0'),
             'SO-' || lpad((g::bigint * 7919 % 10000000)::text, 7, '0'), 'Return Created', 'Name ' || g,
             now() - make_interval(secs => (${RETURNS} - g) * 15 + 3600)
      FROM generate_series(1, ${RETURNS}) g WHERE g % 5 <> 0`);
    await client.query(`SELECT setval('orders_id_seq', ${RETURNS})`);
    await client.query(`
      INSERT INTO returns (customer_id, order_id, user_id, username, reference_1, return_date, is_blind, draft_id, created_at)
      SELECT ${first} + ((g / 7) % ${CUSTOMERS}), CASE WHEN g % 5 = 0 THEN NULL ELSE g END, ${us[0]!.id}, 'op', 'REF-' || g,
             (now() - make_interval(secs => (${RETURNS} - g) * 15))::date, g % 5 = 0, 'b' || g,
             now() - make_interval(secs => (${RETURNS} - g) * 15)
      FROM generate_series(1, ${RETURNS}) g`);
    await client.query('VACUUM ANALYZE');

    console.log(`(${loadAverage()} after loading the data)`);
    const appEnv = (name: string) => ({ DATABASE_URL: withApplicationName(fresh.url, name), DATABASE_POOL_SIZE: '10' });
    const app = await startApp(appEnv('rd_after'), ['--services=web']);
    const before = BEFORE_ROOT
      ? await startApp({ ...appEnv('rd_before'), ...BEFORE_ENV }, ['--services=web'], BEFORE_ROOT, BEFORE_RUN)
      : undefined;
    try {
      const dialect = new PgDialect();
      const perPage = LIMITS.historyPageSize;
      const lastPage = Math.ceil(RETURNS / perPage);
      console.log(
        `| history page, ${RETURNS.toLocaleString('en')} returns, admin, 32 conns | app | same SQL in pgbench (prepared) | ratio | goal |`,
      );
      console.log('|---|---|---|---|---|');
      const cpu: string[] = [];
      for (const [label, page] of [
        ['page 1', 1],
        ['page past the middle', Math.floor(lastPage * 0.75)],
      ] as const) {
        const q = dialect.sqlToQuery(
          historyCheckedQuery({ tokenHash: sha256(app.token), now: new Date(), isSu: true, links: null }, {}, page, perPage),
        );
        const { script, defines } = asPgbenchScript(q.sql, q.params);
        type Run = LoadResult & CpuPerRequest;
        const load = (a: RunningApp, name: string) => (): Promise<Run> =>
          withCpu(
            a.pid,
            () =>
              httpLoad({
                port: a.port,
                connections: 32,
                seconds: SECONDS,
                request: (i) => ({
                  path: `/api/returns?page=${page}`,
                  headers: { authorization: `Bearer ${a.token}`, 'x-forwarded-for': forwardedFor(i) },
                }),
              }),
            backendPids(fresh.url, name),
          );
        await load(app, 'rd_after')(); // warm-up
        if (before) await load(before, 'rd_before')();
        const limit = async () => pgbenchRun({ url: fresh.url, script, defines, clients: 32, seconds: SECONDS });
        const r = (await interleavedAll<unknown>(PAIRS, {
          ...(before ? { before: load(before, 'rd_before') } : {}),
          app: load(app, 'rd_after'),
          limit,
        })) as { before?: Run[]; app: Run[]; limit: ReturnType<typeof pgbenchRun>[] };
        const tps = r.limit.map((x) => x.tps);
        for (const [rowLabel, xs] of [
          ...(r.before ? [[`${label}, before`, r.before] as const] : []),
          [r.before ? `${label}, after` : label, r.app] as const,
        ]) {
          const ratios = xs.map((x, i) => x.rps / tps[i]!);
          const failures = xs.reduce((n, x) => n + x.failures, 0);
          console.log(
            `| ${rowLabel} | ${fmt(xs)} | ${Math.round(median(tps)).toLocaleString('en')} tps | ${median(ratios).toFixed(2)} (pairs ${ratios.map((x) => x.toFixed(2)).join(', ')}) | ≥ 0.8, p99 ≤ 30 ms |${failures ? ` ${failures} failures` : ''}`,
          );
          cpu.push(`${rowLabel}: ${cpuLine(xs)}`);
        }
        cpu.push(`${label}, pgbench: its client ${median(r.limit.map((x) => x.clientCpuMs)).toFixed(3)} CPU ms a transaction`);
      }
      console.log(`\n${cpu.join('\n')}`);
      console.log(
        `\n(${PAIRS} interleaved rounds of ${SECONDS} s; load client "${LOAD_CLIENT}" in this process, app run as ${APP_RUN}, its own process; ${loadAverage()} at the end.) ${SHARED_BOX_NOTE}`,
      );
    } finally {
      await before?.stop();
      await app.stop();
    }
  } finally {
    await client.end();
    await fresh.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
