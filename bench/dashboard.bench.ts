/**
 * Issue 12 figures on PostgreSQL: (1) submits of a 10-line return, 8 connections, one customer, with
 * the dashboard's roll-up triggers on and off (interleaved pairs); (2) GET /api/dashboard (30 days,
 * admin, every customer) at 2M returns against its own roll-up SQL replayed raw (sequential,
 * interleaved pairs, ratio of medians); (3) the History download of 100,000 rows, CSV and XLSX.
 * Run: npm run bench dashboard  (BENCH_DATABASE_URL; PAIRS, SECONDS, RETURNS)
 */
import pg from 'pg';
import { openPostgres } from '../src/server/db/client.js';
import { makeConnection, makeOrder } from '../src/server/test/order-factory.js';
import { makeCustomer, makeReason } from '../src/server/test/factories.js';
import { draftFor } from '../src/server/test/receiving-fixtures.js';
import { foldRollups } from '../src/server/modules/dashboard/dashboard.service.js';
import { freshDatabase, percentile } from './support.js';
import { forwardedFor, httpLoad, interleaved, median, SHARED_BOX_NOTE, startApp } from './load.js';

const PAIRS = Number(process.env.PAIRS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 5);
const RETURNS = Number(process.env.RETURNS ?? 2_000_000);
const TRIGGERS = [
  ['returns', 'returns_dashboard_insert'],
  ['returns', 'returns_dashboard_delete'],
  ['returns', 'returns_dashboard_update'],
  ['return_ledgers', 'return_ledgers_dashboard_insert'],
  ['return_ledgers', 'return_ledgers_dashboard_delete'],
  ['return_ledgers', 'return_ledgers_dashboard_update'],
];
let drafts = 0;

async function timed<T>(f: () => Promise<T>): Promise<number> {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

async function main() {
  const fresh = await freshDatabase('rd_bench_dashboard');
  const database = await openPostgres(fresh.url, 2);
  const raw = new pg.Client({ connectionString: fresh.url });
  await raw.connect();
  try {
    await database.migrate();
    const db = database.db;
    const customer = await makeCustomer(db);
    await makeReason(db, customer.id, 'DAMAGED', 'Damaged');
    await makeConnection(db, customer.id);
    const orders: Awaited<ReturnType<typeof makeOrder>>[] = [];
    for (let o = 0; o < 20; o++)
      orders.push(
        await makeOrder(
          db,
          customer.id,
          {},
          Array.from({ length: 10 }, () => 100_000),
        ),
      );

    const app = await startApp({ DATABASE_URL: fresh.url, DATABASE_POOL_SIZE: '10', ROLLUP_FOLD_SECONDS: '5' }, ['--services=web']);
    try {
      // (1) Submits with and without the roll-up triggers.
      const submits = () =>
        httpLoad({
          port: app.port,
          connections: 8,
          seconds: SECONDS,
          request: (i) => {
            const made = orders[i % orders.length]!;
            const draft = draftFor(customer.id, made, { id: `__d${(drafts++).toString(36).padStart(5, '0')}` });
            draft.return_ledgers = draft.return_ledgers.map((l) => ({ ...l, condition: 'Pristine' }));
            return {
              method: 'POST',
              path: '/api/returns',
              headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor(i) },
              body: JSON.stringify(draft),
            };
          },
        });
      const setTriggers = async (on: boolean) => {
        for (const [table, name] of TRIGGERS) await raw.query(`ALTER TABLE ${table} ${on ? 'ENABLE' : 'DISABLE'} TRIGGER ${name}`);
      };
      await submits(); // warm-up
      const r = await interleaved(
        PAIRS,
        async () => {
          await setTriggers(true);
          return submits();
        },
        async () => {
          await setTriggers(false);
          return submits();
        },
      );
      await setTriggers(true);
      const fmt = (xs: Awaited<ReturnType<typeof submits>>[]) =>
        `${Math.round(median(xs.map((x) => x.rps))).toLocaleString('en')}/s, p50 ${median(xs.map((x) => x.p50)).toFixed(1)} ms, p99 ${median(xs.map((x) => x.p99)).toFixed(1)} ms`;
      const failures = [...r.a, ...r.b].reduce((n, x) => n + x.failures, 0);
      console.log('| submit of a 10-line return, 8 conns, one customer | with roll-ups | without | ratio |');
      console.log('|---|---|---|---|');
      console.log(
        `| ${PAIRS} interleaved pairs of ${SECONDS} s | ${fmt(r.a)} | ${fmt(r.b)} | ${median(r.a.map((x, i) => x.rps / r.b[i]!.rps)).toFixed(2)} |${failures ? ` failures: ${failures}` : ''}`,
      );
      const [locks] = (await raw.query(`SELECT count(*)::int AS n FROM dashboard_deltas`)).rows;
      console.log(`(unfolded deltas after the runs: ${locks.n}; the submits' own deltas are folded by the worker in production)\n`);

      // (2) 2M returns over a year, 3 customers, 10 operators, one 1–3 unit line each, loaded in one statement each.
      const t0 = performance.now();
      const more = [customer.id, (await makeCustomer(db)).id, (await makeCustomer(db)).id];
      const users = (await raw.query(`SELECT id, username FROM users LIMIT 1`)).rows as { id: number; username: string }[];
      const product = orders[0]!.lines[0]!.productId;
      await raw.query(
        `INSERT INTO returns (customer_id, user_id, username, return_date, is_blind, draft_id, created_at)
         SELECT ($1::int[])[1 + g % 3], $2, $3, date '2026-01-01' + (g % 365), g % 5 = 0, '__m' || g,
                timestamptz '2025-11-24 00:00:00+00' + (g::float8 / $4) * interval '365 days'
         FROM generate_series(1, $4) g`,
        [more, users[0]!.id, users[0]!.username, RETURNS],
      );
      await raw.query(
        `INSERT INTO return_ledgers (return_id, customer_id, product_id, condition, quantity, reason, created_at)
         SELECT id, customer_id, $1, (ARRAY['Pristine','Reconditioning','Scrap'])[1 + id % 3], 1 + id % 3,
                (ARRAY['DAMAGED','WRONG_SIZE','CHANGED_MIND','LATE'])[1 + id % 4], created_at
         FROM returns WHERE draft_id LIKE '__m%'`,
        [product],
      );
      await foldRollups(db);
      await raw.query('ANALYZE');
      const [count] = (await raw.query('SELECT count(*)::int AS n, (SELECT count(*) FROM dashboard_daily)::int AS daily FROM returns'))
        .rows;
      console.log(
        `loaded ${count.n.toLocaleString('en')} returns in ${((performance.now() - t0) / 1000).toFixed(0)} s; ${count.daily.toLocaleString('en')} daily roll-up rows\n`,
      );

      const dash = async (n: number) => {
        const ms: number[] = [];
        for (let i = 0; i < n; i++)
          ms.push(
            await timed(async () => {
              const res = await fetch(`http://127.0.0.1:${app.port}/api/dashboard?period=30d`, {
                headers: { authorization: `Bearer ${app.token}`, 'x-forwarded-for': forwardedFor(i) },
              });
              if (res.status !== 200) throw new Error(`dashboard ${res.status}`);
              await res.arrayBuffer();
            }),
          );
        return ms.sort((a, b) => a - b);
      };
      const ids = `{${more.join(',')}}`;
      const to = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
      const rollupSql = `SELECT to_char(day, 'YYYY-MM-DD') AS day, metric, key, sum(n)::bigint AS n, sum(units)::bigint AS units FROM (
          SELECT day, metric, key, n, units FROM dashboard_daily WHERE customer_id = ANY($1::int[]) AND day BETWEEN $2::date AND $3::date
          UNION ALL
          SELECT day, metric, key, n, units FROM dashboard_deltas WHERE customer_id = ANY($1::int[]) AND day BETWEEN $2::date AND $3::date
        ) x GROUP BY day, metric, key HAVING sum(n) <> 0 OR sum(units) <> 0`;
      const rawSql = async (n: number) => {
        const ms: number[] = [];
        for (let i = 0; i < n; i++) ms.push(await timed(() => raw.query({ name: 'rollup', text: rollupSql, values: [ids, from, to] })));
        return ms.sort((a, b) => a - b);
      };
      await dash(20);
      await rawSql(20);
      const d = await interleaved(
        PAIRS,
        () => dash(100),
        () => rawSql(100),
      );
      const p50 = (xs: number[][]) => median(xs.map((x) => percentile(x, 50)));
      const p99 = (xs: number[][]) => median(xs.map((x) => percentile(x, 99)));
      console.log('| dashboard, 30 days, admin (3 customers), sequential | app | its roll-up SQL raw | ratio of p50 |');
      console.log('|---|---|---|---|');
      console.log(
        `| ${count.n.toLocaleString('en')} returns | p50 ${p50(d.a).toFixed(1)} ms, p99 ${p99(d.a).toFixed(1)} ms | p50 ${p50(d.b).toFixed(2)} ms, p99 ${p99(d.b).toFixed(2)} ms | ${(p50(d.b) / p50(d.a)).toFixed(2)} |`,
      );
      const scan = await timed(() =>
        raw.query(
          `SELECT l.reason, l.condition, count(*), sum(l.quantity) FROM returns r JOIN return_ledgers l ON l.return_id = r.id
           WHERE r.created_at >= now() - interval '30 days' GROUP BY 1, 2`,
        ),
      );
      console.log(`(for scale: the same reasons × conditions counted from the ledger itself take ${scan.toFixed(0)} ms)\n`);

      // (3) The History download of 100,000 rows: the newest 100,000 returns of one customer by range.
      const [edge] = (
        await raw.query(
          `SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day FROM returns WHERE customer_id = $1
           ORDER BY created_at DESC OFFSET 99999 LIMIT 1`,
          [more[1]],
        )
      ).rows;
      console.log('| History download | rows | time | size |');
      console.log('|---|---|---|---|');
      for (const format of ['csv', 'xlsx']) {
        const q = `format=${format}&filter%5Bcustomer_id%5D=${more[1]}&filter%5Bfrom%5D=${edge.day}`;
        let rows = '';
        let bytes = 0;
        const ms = await timed(async () => {
          const res = await fetch(`http://127.0.0.1:${app.port}/api/returns/download?${q}`, {
            headers: { authorization: `Bearer ${app.token}`, 'accept-encoding': 'identity' },
          });
          rows = res.headers.get('x-total-rows') ?? '?';
          bytes = (await res.arrayBuffer()).byteLength;
        });
        console.log(
          `| ${format.toUpperCase()} | ${Number(rows).toLocaleString('en')} | ${(ms / 1000).toFixed(2)} s | ${(bytes / 1_048_576).toFixed(1)} MB |`,
        );
      }
      console.log(`\n${SHARED_BOX_NOTE}`);
    } finally {
      await app.stop();
    }
  } finally {
    await raw.end();
    await database.close();
    await fresh.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
