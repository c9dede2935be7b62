/**
 * Submits of a 10-line return (POST /api/returns) on PostgreSQL, 8 connections, all for one
 * customer and spread over four, against pgbench's built-in simple-update (8 clients) as the
 * limit of a small write transaction on this server; interleaved pairs.
 * Run: npx tsx bench/submit-load.bench.ts  (BENCH_DATABASE_URL; PAIRS, SECONDS)
 */
import { spawnSync } from 'node:child_process';
import { openPostgres } from '../src/server/db/client.js';
import { makeConnection, makeOrder } from '../src/server/test/order-factory.js';
import { makeCustomer, makeReason } from '../src/server/test/factories.js';
import { draftFor } from '../src/server/test/receiving-fixtures.js';
import { freshDatabase } from './support.js';
import { forwardedFor, httpLoad, interleaved, median, SHARED_BOX_NOTE, startApp, type LoadResult } from './load.js';

const PAIRS = Number(process.env.PAIRS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 5);
const CONNECTIONS = 8;
const LINES = 10;
const dbName = 'rd_bench_submit';
/** Draft ids are never reused across runs: a repeated draft would be answered from the first submit. */
let drafts = 0;

async function main() {
  const fresh = await freshDatabase(dbName);
  const url = fresh.url;
  const database = await openPostgres(url, 2);
  try {
    await database.migrate();
    const db = database.db;
    // Four customers, each with enough 10-line orders (large quantities) that no submit runs out.
    const fixtures: { customer: { id: number }; orders: Awaited<ReturnType<typeof makeOrder>>[] }[] = [];
    for (let c = 0; c < 4; c++) {
      const customer = await makeCustomer(db);
      await makeReason(db, customer.id, 'DAMAGED', 'Damaged');
      await makeConnection(db, customer.id);
      const orders = [];
      for (let o = 0; o < 20; o++)
        orders.push(
          await makeOrder(
            db,
            customer.id,
            {},
            Array.from({ length: LINES }, () => 100_000),
          ),
        );
      fixtures.push({ customer, orders });
    }
    const init = spawnSync('pgbench', ['-i', '-q', '-s', '1', url], { encoding: 'utf8' });
    if (init.status !== 0) throw new Error(init.stderr);

    const app = await startApp({ DATABASE_URL: url, DATABASE_POOL_SIZE: '10' }, ['--services=web']);
    try {
      const submits = (customers: number) => () =>
        httpLoad({
          port: app.port,
          connections: CONNECTIONS,
          seconds: SECONDS,
          request: (i) => {
            const n = drafts++;
            const f = fixtures[i % customers]!;
            const made = f.orders[i % f.orders.length]!;
            const draft = draftFor(f.customer.id, made, { id: `__b${n.toString(36).padStart(5, '0')}` });
            draft.return_ledgers = draft.return_ledgers.map((l) => ({ ...l, condition: 'Pristine' }));
            return {
              method: 'POST',
              path: '/api/returns',
              headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor(i) },
              body: JSON.stringify(draft),
            };
          },
        });
      const limit = async () => {
        const r = spawnSync(
          'pgbench',
          ['-n', '-b', 'simple-update', '-M', 'prepared', '-c', String(CONNECTIONS), '-j', '2', '-T', String(SECONDS), url],
          {
            encoding: 'utf8',
          },
        );
        return Number(/tps = ([\d.]+) \(without/.exec(r.stdout)?.[1] ?? NaN);
      };
      const fmt = (xs: LoadResult[]) =>
        `${Math.round(median(xs.map((x) => x.rps))).toLocaleString('en')}/s, p50 ${median(xs.map((x) => x.p50)).toFixed(1)} ms, p99 ${median(xs.map((x) => x.p99)).toFixed(1)} ms`;
      console.log(`| submit of a ${LINES}-line return, ${CONNECTIONS} conns | app | pgbench simple-update | ratio | goal |`);
      console.log('|---|---|---|---|---|');
      for (const customers of [1, 4]) {
        await submits(customers)(); // warm-up
        const r = await interleaved(PAIRS, submits(customers), limit);
        const failures = r.a.reduce((n, x) => n + x.failures, 0);
        const ratios = r.a.map((x, i) => x.rps / r.b[i]!);
        console.log(
          `| ${customers === 1 ? 'one customer' : 'four customers'} | ${fmt(r.a)} | ${Math.round(median(r.b)).toLocaleString('en')} tps | ${median(ratios).toFixed(2)} | ≥ 1,000/s for one customer |${failures ? ` failed: ${JSON.stringify(r.a.map((x) => x.failed))}` : ''}`,
        );
      }
      console.log(
        `\n(${PAIRS} interleaved pairs of ${SECONDS} s; load client in this process, the app its own process.) ${SHARED_BOX_NOTE}`,
      );
    } finally {
      await app.stop();
    }
  } finally {
    await database.close();
    await fresh.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
