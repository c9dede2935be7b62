/**
 * Task drain, the row of issue 13: FILES 'SGL Outbound' tasks (a 2-line return each) built and
 * written to a file:// folder by worker nodes — each worker its own process, started as deployed
 * (`src/server/main.ts --services=worker`) — on PostgreSQL. Shapes: 1 worker (concurrency 2, the
 * default), 2 workers (2 × 2), 1 worker with concurrency 4.
 *
 * Against the app: its own SQL replayed raw. The statements of one claim and the work on the tasks
 * it took are captured from the server's log (log_statement = all on the bench database) and
 * replayed by pgbench (as many clients as the shape's slots), plus the file writes timed alone;
 * raw tasks/s = 1 / (1 / pgbench tasks/s + file ms). Pairs interleaved (app, raw), ratios printed.
 * BENCH_OLD_ROOT=<checkout> adds the same rows for another checkout (the code before a change),
 * interleaved with this one, and prints new ÷ old.
 *
 * CPU per task: the worker processes (/proc/<pid>/stat), the PostgreSQL backends of the bench
 * database (the bench's own connection left out), and the server's shared writers (WAL writer,
 * checkpointer, background writer: also used by whatever else runs on the box).
 *
 * Run: npm run bench drain   (BENCH_DATABASE_URL; FILES, ROUNDS, SECONDS (pgbench), WORKER_BATCH_SIZE,
 *      BENCH_OLD_ROOT, BENCH_PROFILE_DIR (node --cpu-prof of every worker node), PG_LOG (server log))
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../src/server/db/client.js';
import { folderUrl } from '../src/server/integrations/file-transport.js';
import { createSettingsRepository } from '../src/server/modules/settings/settings.repository.js';
import { makeReturnFixture } from '../src/server/test/integration-fixtures.js';
import { claimEntry, fileWriteMs, loggedStatements, logSize, oneUnit, pgbenchAsync, unitScript } from './drain-replay.js';
import { median, processCpuMs, SHARED_BOX_NOTE, sharedPhotoDir } from './load.js';
import { freshDatabase } from './support.js';

const FILES = Number(process.env.FILES ?? 1000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 5);
const BATCH = process.env.WORKER_BATCH_SIZE ?? '16';
const NEW_ROOT = fileURLToPath(new URL('..', import.meta.url));
const OLD_ROOT = process.env.BENCH_OLD_ROOT;
const DB = 'rd_drain_bench';
const SHAPES = [
  { label: '1 worker', workers: 1, concurrency: 2 },
  { label: '2 workers', workers: 2, concurrency: 2 },
  { label: '1 worker × concurrency 4', workers: 1, concurrency: 4 },
] as const;
type Shape = (typeof SHAPES)[number];

interface Cpu {
  worker: number;
  backends: number;
  shared: number;
}
interface Run {
  tps: number;
  cpu: Cpu;
}

/** One worker node as deployed: its own process running main.ts --services=worker. */
async function startWorkerNode(root: string, url: string, concurrency: number): Promise<{ pid: number; stop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rd-drain-node-'));
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const logFile = join(dataDir, 'worker.log');
  const child: ChildProcess = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', join(root, 'src/server/main.ts'), '--services=worker'],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        PHOTO_DIR: sharedPhotoDir(url),
        APP_SECRET: 'bench-drain-secret-0123456789abcdef',
        DEMO_DATA: '0',
        ADMIN_USERNAME: 'benchadmin',
        ADMIN_PASSWORD: 'bench-password-1',
        LOG_LEVEL: 'info',
        WORKER_CONCURRENCY: String(concurrency),
        WORKER_POLL_MS: '20',
        WORKER_BATCH_SIZE: BATCH,
        INBOUND_POLL_SECONDS: '0',
      },
      stdio: ['ignore', openSync(logFile, 'w'), 'inherit'],
    },
  );
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  while (!(existsSync(logFile) && readFileSync(logFile, 'utf8').includes('"worker started"'))) {
    if (exited !== undefined) throw new Error(`worker node exited (${exited}): ${readFileSync(logFile, 'utf8')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited !== undefined) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function main() {
  const fresh = await freshDatabase(DB);
  const setup = await openPostgres(fresh.url, 2);
  await setup.migrate();
  const f = await makeReturnFixture(setup.db, { sender: 'SGL', receiver: 'BENCH' });
  await setup.db.execute(sql`
    INSERT INTO returns (customer_id, order_id, user_id, username, reference_1, return_date, draft_id)
    SELECT ${f.customer.id}, ${f.order.id}, ${f.user.id}, ${f.user.username}, 'RMA-' || g, '2026-11-20', '__b' || g FROM generate_series(1, ${FILES}) g`);
  await setup.db.execute(sql`
    INSERT INTO return_ledgers (return_id, customer_id, order_id, order_line_id, product_id, condition, quantity, reason)
    SELECT r.id, r.customer_id, r.order_id, l.id, l.product_id, 'Reconditioning', 1, 'DAMAGED'
    FROM returns r JOIN order_lines l ON l.order_id = r.order_id WHERE r.draft_id LIKE '\\_\\_b%'`);
  const settings = createSettingsRepository(setup.db);
  const control = new pg.Client({ connectionString: fresh.url });
  await control.connect();
  const q = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await control.query<T>(text, values)).rows;
  await q('ANALYZE');
  const [{ pid: ownPid } = { pid: 0 }] = await q<{ pid: number }>('SELECT pg_backend_pid() AS pid');

  /** Tasks for every bench return, as the submit queues them; `runAfter` far back for the replay's captured clock. */
  const queueTasks = (times = 1, runAfter = 'now()') =>
    q(
      `WITH ins AS (
         INSERT INTO tasks (task_type, message_1, payload, customer_id, order_id, return_id, details, run_after)
         SELECT 'SGL Outbound', 'Return #' || r.id, jsonb_build_object('returnId', r.id, 'connectionId', $1::int),
                r.customer_id, r.order_id, r.id, '[]'::jsonb, ${runAfter}
         FROM returns r, generate_series(1, $2::int) WHERE r.draft_id LIKE '\\_\\_b%' RETURNING 1)
       SELECT count(*), pg_notify('rd_tasks', '') FROM ins`,
      [f.connection.id, times],
    );
  const emptyQueue = async () => {
    await q('DELETE FROM tasks');
    await q('VACUUM ANALYZE tasks');
  };

  /** CPU ms so far of the bench database's backends (not this one) and of the server's shared writers. */
  const pgCpu = async () => {
    const rows = await q<{ pid: number; mine: boolean }>(
      `SELECT pid, datname = current_database() AS mine FROM pg_stat_activity
       WHERE (datname = current_database() AND pid <> $1) OR backend_type IN ('walwriter', 'checkpointer', 'background writer')`,
      [ownPid],
    );
    return new Map(rows.map((r) => [r.pid, { mine: r.mine, ms: processCpuMs(r.pid) }]));
  };
  const pgCpuSince = (before: Map<number, { mine: boolean; ms: number }>, after: Map<number, { mine: boolean; ms: number }>) => {
    let backends = 0;
    let shared = 0;
    for (const [pid, a] of after) {
      const used = a.ms - (before.get(pid)?.ms ?? 0);
      if (a.mine) backends += used;
      else shared += used;
    }
    return { backends, shared };
  };

  /** Drains FILES tasks with the shape's worker nodes of `root`; tasks/s from the queueing to the last task done. */
  async function appRun(root: string, shape: Shape, tasksTimes = 1): Promise<Run & { outDir: string }> {
    await emptyQueue();
    const outDir = mkdtempSync(join(tmpdir(), 'rd-drain-out-'));
    await settings.set('BIZTALK_FTP_URL', folderUrl(outDir), new Date());
    const nodes = await Promise.all(Array.from({ length: shape.workers }, () => startWorkerNode(root, fresh.url, shape.concurrency)));
    try {
      // Every node listens for the queue's NOTIFY before the tasks come.
      for (;;) {
        const [row] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query = 'LISTEN rd_tasks'`);
        if (row!.n >= shape.workers) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const worker0 = nodes.map((n) => processCpuMs(n.pid));
      const pg0 = await pgCpu();
      const started = performance.now();
      await queueTasks(tasksTimes);
      for (;;) {
        const [row] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM tasks WHERE task_status <> 'Success' OR is_running`);
        if (row!.n === 0) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      const seconds = (performance.now() - started) / 1000;
      const pgUsed = pgCpuSince(pg0, await pgCpu());
      const worker = nodes.reduce((sum, n, i) => sum + processCpuMs(n.pid) - worker0[i]!, 0);
      const n = FILES * tasksTimes;
      const files = readdirSync(outDir, { recursive: true }).filter((x) => String(x).endsWith('.xml')).length;
      if (files !== n) throw new Error(`${shape.label}: ${files} files written for ${n} tasks`);
      const [ids] = await q<{ n: number; d: number }>(
        `SELECT count(*)::int AS n, count(DISTINCT payload->>'messageId')::int AS d FROM tasks`,
      );
      if (ids!.n !== ids!.d) throw new Error(`${shape.label}: message ids not unique (${ids!.d} distinct of ${ids!.n})`);
      return { tps: n / seconds, cpu: { worker: worker / n, backends: pgUsed.backends / n, shared: pgUsed.shared / n }, outDir };
    } finally {
      await Promise.all(nodes.map((node) => node.stop()));
    }
  }

  /** The captured SQL of one claim of `root`'s worker (concurrency 1) and its tasks, as a pgbench script. */
  async function capture(root: string) {
    await q(`ALTER DATABASE ${DB} SET log_statement = 'all'`);
    const offset = logSize();
    let run;
    try {
      run = await appRun(root, { label: '1 worker', workers: 1, concurrency: 1 } as unknown as Shape);
    } finally {
      await q(`ALTER DATABASE ${DB} RESET log_statement`);
    }
    const unit = oneUnit(loggedStatements(offset, DB));
    const entry = claimEntry(unit[0]!);
    const claimed = await q<{ id: string }>(
      `SELECT id FROM tasks WHERE details @> jsonb_build_array(jsonb_build_object('event', 'claimed', 'at', $1::text, 'worker', $2::text)) ORDER BY id`,
      [entry.at, entry.worker],
    );
    const ids = claimed.map((r) => Number(r.id));
    const contents = (await q<{ c: string }>('SELECT file_content AS c FROM tasks ORDER BY id LIMIT 200')).map((r) => r.c);
    return { ...unitScript(unit, ids), perUnit: ids.length, statements: unit.length, contents, outDir: run.outDir };
  }

  /** pgbench replays the captured unit with as many clients as the shape has slots, plus the file writes timed alone. */
  async function rawRun(cap: Awaited<ReturnType<typeof capture>>, shape: Shape): Promise<Run & { fsMs: number; dbTps: number }> {
    await emptyQueue();
    await queueTasks(Math.max(1, Math.ceil(40_000 / FILES)), `'2000-01-01'::timestamptz`);
    await q('VACUUM ANALYZE tasks');
    // pgbench's backends end with it: their CPU is sampled while it runs (the last sample of each counts).
    const pg0 = await pgCpu();
    const seen = new Map(pg0);
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        for (const [pid, v] of await pgCpu()) if (Number.isFinite(v.ms)) seen.set(pid, v);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const client0 = performance.now();
    let tps: number;
    let elapsed: number;
    try {
      tps = await pgbenchAsync({
        url: fresh.url,
        script: cap.script,
        defines: cap.defines,
        clients: shape.workers * shape.concurrency,
        seconds: SECONDS,
      });
      elapsed = (performance.now() - client0) / 1000;
    } finally {
      // Also when pgbench refuses the replay: a sampler left running outlives the bench database.
      sampling = false;
      await sampler;
    }
    const pgUsed = pgCpuSince(pg0, seen);
    // The replay did the app's work: the tasks it claimed were stored and finished.
    const [done] = await q<{ claimed: number; succeeded: number; built: number }>(
      `SELECT count(*) FILTER (WHERE attempts_count > 0)::int AS claimed, count(*) FILTER (WHERE task_status = 'Success')::int AS succeeded,
              count(*) FILTER (WHERE file_name IS NOT NULL)::int AS built FROM tasks`,
    );
    if (done!.succeeded < done!.claimed - shape.workers * shape.concurrency * cap.perUnit || done!.built < done!.succeeded) {
      throw new Error(`the replay did not finish what it claimed: ${JSON.stringify(done)}`);
    }
    const dbTps = tps * cap.perUnit;
    const fsMs = await fileWriteMs(mkdtempSync(join(tmpdir(), 'rd-drain-fs-')), cap.contents);
    const n = dbTps * elapsed;
    return {
      tps: 1 / (1 / dbTps + fsMs / 1000),
      dbTps,
      fsMs,
      cpu: { worker: fsMs, backends: pgUsed.backends / n, shared: pgUsed.shared / n },
    };
  }

  const versions = [{ name: 'new', root: NEW_ROOT }, ...(OLD_ROOT ? [{ name: 'old', root: OLD_ROOT }] : [])];
  const captures = new Map<string, Awaited<ReturnType<typeof capture>>>();
  for (const v of versions) {
    const cap = await capture(v.root);
    captures.set(v.name, cap);
    console.log(
      `\n${v.name} (${v.root}): one claim of a worker = ${cap.perUnit} task(s), ${cap.statements} statements (${(cap.statements / cap.perUnit).toFixed(2)} a task). Replayed script:\n`,
    );
    console.log('```sql');
    console.log(cap.script.replace(/^(.{300}).*$/gm, '$1 …'));
    console.log('```');
  }

  const results = new Map<string, { app: Run[]; raw: (Run & { fsMs: number; dbTps: number })[] }>();
  const key = (v: string, s: Shape) => `${v}|${s.label}`;
  for (const v of versions) for (const s of SHAPES) results.set(key(v.name, s), { app: [], raw: [] });
  const loads: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of SHAPES) {
      for (const v of versions) {
        const r = results.get(key(v.name, s))!;
        r.app.push(await appRun(v.root, s));
        // A replay pgbench refuses (a parameter whose type only the app's driver context fixes) leaves
        // the raw column empty (NaN) instead of ending the bench: the app rows, new ÷ old, still count.
        r.raw.push(
          await rawRun(captures.get(v.name)!, s).catch((error: unknown) => {
            console.error(`(${v.name}: the replay was refused, its raw column is left empty: ${String(error).split('\n')[0]})`);
            return { tps: NaN, dbTps: NaN, fsMs: NaN, cpu: { worker: NaN, backends: NaN, shared: NaN } };
          }),
        );
      }
    }
    loads.push(Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]));
  }

  const fmt = (x: number) => Math.round(x).toLocaleString('en');
  const ms = (x: number) => x.toFixed(2);
  console.log(
    `\n| task drain, SGL Outbound → file://, ${FILES.toLocaleString('en')} tasks, batch ${BATCH} | app tasks/s (rounds) | raw: pgbench + file writes, tasks/s (rounds) | pgbench alone, tasks/s | app ÷ raw | goal |`,
  );
  console.log('|---|---|---|---|---|---|');
  for (const v of versions) {
    for (const s of SHAPES) {
      const r = results.get(key(v.name, s))!;
      const app = median(r.app.map((x) => x.tps));
      const raw = median(r.raw.map((x) => x.tps));
      console.log(
        `| ${v.name}: ${s.label} (${s.workers} × ${s.concurrency}) | ${fmt(app)} (${r.app.map((x) => fmt(x.tps)).join(', ')}) | ${fmt(raw)} (${r.raw.map((x) => fmt(x.tps)).join(', ')}) | ${fmt(median(r.raw.map((x) => x.dbTps)))} | ${(app / raw).toFixed(2)} | ≥ 1,000/s |`,
      );
    }
    const m = (label: string) =>
      median(
        results
          .get(
            key(
              v.name,
              SHAPES.find((s) => s.label === label)!,
            ),
          )!
          .app.map((x) => x.tps),
      );
    console.log(`| ${v.name}: 2 workers ÷ 1 worker | ${(m('2 workers') / m('1 worker')).toFixed(2)} (linear: 2.00) | | | | |`);
  }
  if (OLD_ROOT) {
    console.log(
      '\nnew ÷ old (median tasks/s): ' +
        SHAPES.map(
          (s) =>
            `${s.label} ${(median(results.get(key('new', s))!.app.map((x) => x.tps)) / median(results.get(key('old', s))!.app.map((x) => x.tps))).toFixed(2)}`,
        ).join(', '),
    );
  }
  console.log(
    '\nCPU per task, ms (medians): worker process(es) | PostgreSQL backends of the bench database | shared writers (WAL, checkpointer, bgwriter; box-wide) | sum',
  );
  console.log('\n| | worker | backends | shared writers | sum | raw: file write (wall ms, one at a time) | raw: backends | raw: shared |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const v of versions) {
    for (const s of SHAPES) {
      const r = results.get(key(v.name, s))!;
      const w = median(r.app.map((x) => x.cpu.worker));
      const b = median(r.app.map((x) => x.cpu.backends));
      const sh = median(r.app.map((x) => x.cpu.shared));
      console.log(
        `| ${v.name}: ${s.label} | ${ms(w)} | ${ms(b)} | ${ms(sh)} | ${ms(w + b + sh)} | ${ms(median(r.raw.map((x) => x.fsMs)))} | ${ms(median(r.raw.map((x) => x.cpu.backends)))} | ${ms(median(r.raw.map((x) => x.cpu.shared)))} |`,
      );
    }
  }
  console.log(`\nLoad average (1 min) after each round: ${loads.join(', ')}. ${SHARED_BOX_NOTE}`);
  await control.end();
  await setup.close();
  await new Promise((r) => setTimeout(r, 300));
  await fresh.drop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
