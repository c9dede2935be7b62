/**
 * The receiving screen's order load (PUT /api/returns/order/:source/:id, a 10-line order of one
 * customer) on PostgreSQL, 8 connections. Since issue 27 the answer carries the order products'
 * inspection rules (one more statement after the order and its reasons). With BENCH_BEFORE_ROOT
 * another checkout's app (e.g. the commit before that) runs beside this one on the same database,
 * rounds interleaved; per request the CPU of the app process and of the load client from /proc.
 * Run: npm run bench order-load  (BENCH_DATABASE_URL; PAIRS, SECONDS, RULES=0 for no rule)
 */
import { openPostgres } from '../src/server/db/client.js';
import { inspectionRules } from '../src/server/db/schema/inspection.js';
import { makeConnection, makeOrder, type MadeOrder } from '../src/server/test/order-factory.js';
import { makeCustomer, makeReason } from '../src/server/test/factories.js';
import { freshDatabase } from './support.js';
import {
  BEFORE_ROOT,
  forwardedFor,
  httpLoad,
  interleavedAll,
  loadAverage,
  median,
  SHARED_BOX_NOTE,
  startApp,
  withCpu,
  type RunningApp,
} from './load.js';

const PAIRS = Number(process.env.PAIRS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 4);
const CONNECTIONS = 8;

async function main() {
  const fresh = await freshDatabase('rd_bench_order_load');
  const database = await openPostgres(fresh.url, 2);
  const apps: RunningApp[] = [];
  try {
    await database.migrate();
    const db = database.db;
    const customer = await makeCustomer(db);
    await makeReason(db, customer.id, 'DAMAGED', 'Damaged');
    await makeConnection(db, customer.id);
    const orders: MadeOrder[] = [];
    for (let o = 0; o < 20; o++)
      orders.push(
        await makeOrder(
          db,
          customer.id,
          {},
          Array.from({ length: 10 }, () => 1),
        ),
      );
    // The customer's default rule, which every product matches: the rules statement has a rule to send for each.
    if (process.env.RULES !== '0') await db.insert(inspectionRules).values({ customerId: customer.id, match: 'default', matchKey: '' });
    const app = await startApp({ DATABASE_URL: fresh.url, DATABASE_POOL_SIZE: '10' }, ['--services=web']);
    apps.push(app);
    const before = BEFORE_ROOT
      ? await startApp({ DATABASE_URL: fresh.url, DATABASE_POOL_SIZE: '10' }, ['--services=web'], BEFORE_ROOT)
      : undefined;
    if (before) apps.push(before);
    const load = (a: RunningApp) => () =>
      withCpu(a.pid, () =>
        httpLoad({
          port: a.port,
          connections: CONNECTIONS,
          seconds: SECONDS,
          request: (i) => {
            const order = orders[i % orders.length]!;
            return {
              method: 'PUT',
              path: `/api/returns/order/${order.order.source}/${order.order.id}`,
              headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor(i) },
              body: '{}',
            };
          },
        }),
      );
    // Warm-up, and a check that the load answers 200.
    for (const a of apps) {
      const w = await load(a)();
      if (w.failures) throw new Error(`order load failed: ${JSON.stringify(w.failed)}`);
    }
    const r = await interleavedAll(PAIRS, { ...(before ? { before: load(before) } : {}), after: load(app) });
    const row = (name: string, xs: Awaited<ReturnType<ReturnType<typeof load>>>[]) =>
      `| ${name} | ${Math.round(median(xs.map((x) => x.rps)))}/s, p50 ${median(xs.map((x) => x.p50)).toFixed(1)} ms, p99 ${median(xs.map((x) => x.p99)).toFixed(1)} ms | ${median(xs.map((x) => x.serverCpuMs)).toFixed(2)} | ${xs.map((x) => Math.round(x.rps)).join(', ')} |`;
    console.log(`| order load, 10-line order, ${CONNECTIONS} conns | req/s (median) | CPU ms a request, app | each round |`);
    console.log('|---|---|---|---|');
    if (r.before) console.log(row('before', r.before));
    console.log(row(before ? 'after' : 'app', r.after!));
    if (r.before) {
      const ratios = r.after!.map((x, i) => x.rps / r.before![i]!.rps);
      console.log(`\nafter ÷ before, each round: ${ratios.map((x) => x.toFixed(2)).join(', ')}; median ${median(ratios).toFixed(2)}`);
    }
    console.log(`\n(${PAIRS} interleaved rounds of ${SECONDS} s; ${loadAverage()} at the end.) ${SHARED_BOX_NOTE}`);
  } finally {
    for (const a of apps) await a.stop();
    await database.close();
    if (!process.env.KEEP_BENCH_DB) await fresh.drop();
  }
}

await main();
