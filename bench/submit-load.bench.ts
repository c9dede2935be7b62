/**
 * Submits of a 10-line return (POST /api/returns) on PostgreSQL, 8 connections, all for one
 * customer and spread over four, against the app's own SQL replayed raw: the statements one submit
 * sends are captured from the server log and replayed by pgbench (-M prepared, 8 clients, a fresh
 * draft id per transaction, the same BEGIN/COMMIT shape). Pairs (or triples with the app before a
 * change) are interleaved; per submit the CPU of the app process, of the database's backends and of
 * the load client is measured from /proc.
 * Run: npm run bench submit-load  (BENCH_DATABASE_URL; PAIRS, SECONDS; BENCH_DB: the database's
 * name; BENCH_BEFORE_ROOT: another checkout whose app runs beside this one, e.g. a worktree of main)
 */
import pg from 'pg';
import { openPostgres } from '../src/server/db/client.js';
import { makeConnection, makeOrder } from '../src/server/test/order-factory.js';
import { makeCustomer, makeReason } from '../src/server/test/factories.js';
import { draftFor } from '../src/server/test/receiving-fixtures.js';
import { adminUrl, freshDatabase } from './support.js';
import { forwardedFor, httpLoad, median, SHARED_BOX_NOTE, startApp, withCpu, type RunningApp } from './load.js';
import {
  backendCpuDelta,
  backendCpuMs,
  captureStatements,
  loadReplayParams,
  pgbenchReplay,
  REPLAY_TABLE,
  replayScript,
  type CapturedRequest,
  type CapturedStatement,
  type Replay,
} from './sql-replay.js';

const PAIRS = Number(process.env.PAIRS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 5);
const CONNECTIONS = 8;
const LINES = 10;
const dbName = process.env.BENCH_DB ?? 'rd_bench_submit';
const beforeRoot = process.env.BENCH_BEFORE_ROOT;
/** Draft ids are never reused across runs: a repeated draft would be answered from the first submit. */
let drafts = 0;

type Fixture = { customer: { id: number }; orders: Awaited<ReturnType<typeof makeOrder>>[] };

function submitRequest(app: RunningApp, fixtures: Fixture[], customers: number, i: number, draftId?: string) {
  const n = drafts++;
  const f = fixtures[i % customers]!;
  const made = f.orders[Math.floor(i / customers) % f.orders.length]!;
  const draft = draftFor(f.customer.id, made, { id: draftId ?? `__b${n.toString(36).padStart(5, '0')}` });
  draft.return_ledgers = draft.return_ledgers.map((l) => ({ ...l, condition: 'Pristine' }));
  return {
    method: 'POST',
    path: '/api/returns',
    headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor(i) },
    body: JSON.stringify(draft),
  };
}

async function submitOnce(app: RunningApp, fixtures: Fixture[], order = 0, draftId?: string) {
  const r = submitRequest(app, fixtures, 1, order, draftId);
  const res = await fetch(`http://127.0.0.1:${app.port}${r.path}`, { method: r.method, headers: r.headers, body: r.body });
  if (!res.ok) throw new Error(`submit answered ${res.status}: ${await res.text()}`);
}

/**
 * The workers' wake-up sent after a commit (tasks/task-wakeup-notifier.ts) is not a statement of
 * one submit: at most one goes out per 5 ms whatever the number of submits, and it may fall into
 * the next submit's capture. One inside a transaction (the app before) stays.
 */
function withoutWakeups(statements: CapturedStatement[]): CapturedStatement[] {
  let open = false;
  return statements.filter((s) => {
    if (/^begin$/i.test(s.text)) open = true;
    if (/^commit$/i.test(s.text)) open = false;
    return open || !/^SELECT pg_notify\('rd_tasks', ''\)$/i.test(s.text);
  });
}

/**
 * The statements of one submit to each order of the first customer (after a few to warm the app
 * up), with the draft and return ids each used: the replay spreads over the orders as the load does.
 */
async function capture(url: string, fixtures: Fixture[], root?: string): Promise<CapturedRequest[]> {
  return captureStatements(adminUrl, dbName, async (logged) => {
    const app = await startApp({ DATABASE_URL: url, DATABASE_POOL_SIZE: '10' }, ['--services=web'], root);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      for (let i = 0; i < 5; i++) await submitOnce(app, fixtures);
      // Return ids no other parameter can equal by chance, so the replay knows which values are one.
      await client.query(`SELECT setval('returns_id_seq', greatest(900000000, (SELECT max(id) FROM returns)))`);
      const out: CapturedRequest[] = [];
      for (let order = 0; order < fixtures[0]!.orders.length; order++) {
        const draftId = `__c${(drafts++).toString(36).padStart(5, '0')}`;
        const statements = withoutWakeups(await logged(() => submitOnce(app, fixtures, order, draftId)));
        const { rows } = await client.query<{ id: number }>('SELECT id FROM returns WHERE draft_id = $1', [draftId]);
        out.push({ statements, draftId, returnId: String(rows[0]!.id) });
      }
      return out;
    } finally {
      await client.end();
      await app.stop();
    }
  });
}

function describeStatements(statements: CapturedStatement[]): string {
  const named = statements.filter((s) => s.name).length;
  return `${statements.length} statements (${named} named), ${statements.filter((s) => /^(BEGIN|COMMIT)$/i.test(s.text)).length} of them BEGIN/COMMIT:\n${statements
    .map((s, i) => `  ${i + 1}. ${s.name ? `[${s.name}] ` : ''}${s.text.replace(/\s+/g, ' ').slice(0, 110)}`)
    .join('\n')}`;
}

interface Half {
  rps: number;
  p50?: number;
  p99?: number;
  appMs?: number;
  pgMs: number;
  clientMs: number;
  failed?: Record<number, number>;
}

async function main() {
  const fresh = await freshDatabase(dbName);
  const url = fresh.url;
  const database = await openPostgres(url, 2);
  try {
    await database.migrate();
    const db = database.db;
    // Four customers, each with enough 10-line orders (large quantities) that no submit runs out.
    const fixtures: Fixture[] = [];
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

    const captured = await capture(url, fixtures);
    console.log(`One submit sends ${describeStatements(captured[0]!.statements)}\n`);
    const replay = replayScript(captured);
    await loadReplayParams(url, replay);
    let beforeReplay: Replay | undefined;
    if (beforeRoot) {
      const before = await capture(url, fixtures, beforeRoot);
      console.log(`Before (${beforeRoot}): one submit sends ${describeStatements(before[0]!.statements)}\n`);
      beforeReplay = replayScript(before, `${REPLAY_TABLE}_before`);
      await loadReplayParams(url, beforeReplay);
    }

    const app = await startApp({ DATABASE_URL: url, DATABASE_POOL_SIZE: '10' }, ['--services=web']);
    const old = beforeRoot ? await startApp({ DATABASE_URL: url, DATABASE_POOL_SIZE: '10' }, ['--services=web'], beforeRoot) : undefined;
    try {
      const submits = (target: RunningApp, customers: number) => async (): Promise<Half> => {
        const pg0 = backendCpuMs(dbName);
        const r = await withCpu(target.pid, () =>
          httpLoad({
            port: target.port,
            connections: CONNECTIONS,
            seconds: SECONDS,
            request: (i) => submitRequest(target, fixtures, customers, i),
          }),
        );
        const pgMs = backendCpuDelta(pg0, backendCpuMs(dbName)) / r.requests;
        return {
          rps: r.rps,
          p50: r.p50,
          p99: r.p99,
          appMs: r.serverCpuMs,
          pgMs,
          clientMs: r.clientCpuMs,
          failed: r.failures ? r.failed : undefined,
        };
      };
      // A replay pgbench refuses (e.g. a parameter whose type only the app's driver context fixes)
      // leaves its column empty (NaN) instead of ending the bench: the app pairs still count.
      const refused = new Set<Replay>();
      const raw = (script: Replay) => async (): Promise<Half> => {
        if (refused.has(script)) return { rps: NaN, pgMs: NaN, clientMs: NaN };
        try {
          const r = await pgbenchReplay({ url, database: dbName, replay: script, clients: CONNECTIONS, seconds: SECONDS });
          return { rps: r.tps, pgMs: r.pgMs, clientMs: r.clientMs };
        } catch (error) {
          refused.add(script);
          console.error(`(a replay was refused by pgbench, its column is left empty: ${String(error).split('\n')[0]})`);
          return { rps: NaN, pgMs: NaN, clientMs: NaN };
        }
      };
      const ms = (x: number | undefined) => (x === undefined ? '' : x.toFixed(2));
      const fmt = (xs: Half[]) =>
        `${Math.round(median(xs.map((x) => x.rps))).toLocaleString('en')}/s, p50 ${median(xs.map((x) => x.p50!)).toFixed(1)} ms, p99 ${median(xs.map((x) => x.p99!)).toFixed(1)} ms`;
      const cpu = (xs: Half[]) =>
        `${ms(median(xs.map((x) => x.appMs ?? 0)))} / ${ms(median(xs.map((x) => x.pgMs)))} / ${ms(median(xs.map((x) => x.clientMs)))}`;
      console.log(
        `| submit of a ${LINES}-line return, ${CONNECTIONS} conns | ${old ? "app before | CPU ms/submit app / PostgreSQL / client | before's SQL in pgbench | CPU ms/tx PostgreSQL / pgbench | ratio before | " : ''}app | CPU ms/submit app / PostgreSQL / client | its SQL in pgbench | CPU ms/tx PostgreSQL / pgbench | ratio (pairs) | goal |`,
      );
      console.log(`|---|${old ? '---|---|---|---|---|' : ''}---|---|---|---|---|---|`);
      for (const customers of [1, 4]) {
        await submits(app, customers)(); // warm-up
        if (old) await submits(old, customers)();
        const a: Half[] = [];
        const b: Half[] = [];
        const o: Half[] = [];
        const ob: Half[] = [];
        for (let p = 0; p < PAIRS; p++) {
          if (old) o.push(await submits(old, customers)());
          if (beforeReplay) ob.push(await raw(beforeReplay)());
          a.push(await submits(app, customers)());
          b.push(await raw(replay)());
        }
        const ratios = a.map((x, i) => x.rps / b[i]!.rps);
        const limit = (xs: Half[]) =>
          `${Math.round(median(xs.map((x) => x.rps))).toLocaleString('en')} tps | ${ms(median(xs.map((x) => x.pgMs)))} / ${ms(median(xs.map((x) => x.clientMs)))}`;
        const oldRatio = old ? `${median(o.map((x, i) => x.rps / ob[i]!.rps)).toFixed(2)}` : '';
        const failed = [...o, ...a].filter((x) => x.failed).map((x) => x.failed);
        console.log(
          `| ${customers === 1 ? 'one customer' : 'four customers'} | ${old ? `${fmt(o)} | ${cpu(o)} | ${limit(ob)} | ${oldRatio} | ` : ''}${fmt(a)} | ${cpu(a)} | ${limit(b)} | ${median(ratios).toFixed(2)} (${ratios.map((r) => r.toFixed(2)).join(', ')}) | ≥ 1,000/s for one customer |${failed.length ? ` failed: ${JSON.stringify(failed)}` : ''}`,
        );
      }
      console.log(
        `\n(${PAIRS} interleaved ${old ? 'rounds of four (app before, its SQL, app, its SQL)' : 'pairs'} of ${SECONDS} s; the replay is one submit per order of one customer, each transaction one of them at random after a primary-key lookup of its parameters; load client in this process, the app its own process; PostgreSQL CPU is that of the bench database's backends.) ${SHARED_BOX_NOTE}`,
      );
    } finally {
      await app.stop();
      await old?.stop();
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
