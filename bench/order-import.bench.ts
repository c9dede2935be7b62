/**
 * Order import of one big CSV file (ORDERS orders, default 10,000, with 1–6 lines each; 34,996
 * lines) — issue 13's method: the app against its own SQL replayed raw, in interleaved rounds.
 *
 * PostgreSQL, each round on a fresh copy of one template database (schema + customer):
 *  - app: the import service (parse, validate, write) for the file, then the same file again;
 *  - raw: the statements that very import sent (captured once, untimed: text, parameters already
 *    serialised, COPY data as sent) replayed by one node-postgres client on a fresh copy — same
 *    transaction, same savepoints, same COPY, same ANALYZE after. The copy starts from the same
 *    sequences, so the replayed rows get the same ids. That is the database's limit on this box;
 *  - before (with BENCH_BEFORE_ROOT=<a checkout of the commit before>): that checkout's service.
 * CPU per 1,000 lines: this process (the app, or the raw client) and the PostgreSQL backends of the
 * run's database (/proc); the WAL writer and checkpointer are shared with the box, not counted.
 * PGlite (the embedded default): the app (and before) on a data dir on disk, PGLITE_ROUNDS rounds.
 *
 * Run: npm run bench order-import   (BENCH_DATABASE_URL; ORDERS=n; ROUNDS=3; PGLITE_ROUNDS=1;
 *      ONLY=pglite|postgres|parse; BENCH_BEFORE_ROOT=/path/to/old/checkout)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { orderImportOrder, type ImportSummary } from '../src/contract/order-import.js';
import { openPglite, openPostgres, type Database } from '../src/server/db/client.js';
import { customers } from '../src/server/db/schema/index.js';
import { scanSimpleCsv } from '../src/server/modules/orders/order-csv.records.js';
import { parseOrderFile } from '../src/server/modules/orders/order-file.parser.js';
import { quickCheckOrder } from '../src/server/modules/orders/order-file.quick-check.js';
import { createOrderImportService } from '../src/server/modules/orders/order-import.service.js';
import { median } from './load.js';
import { adminUrl, withDatabase } from './support.js';

const ORDERS = Number(process.env.ORDERS ?? 10_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const PGLITE_ROUNDS = Number(process.env.PGLITE_ROUNDS ?? 1);
const PRODUCTS = 2_000;
const TEMPLATE = 'rd_import_bench_template';
const RUN_DB = 'rd_import_bench_run';
const BEFORE_ROOT = process.env.BENCH_BEFORE_ROOT;

/** Deterministic file: the same bytes on every run. */
function buildCsv(): { content: string; lines: number } {
  const header =
    'source_id,delivery_number,order_number,web_order_number,buyer_reference,order_type,created_at,delivery_name_1,delivery_address_1,delivery_city,delivery_zipcode,delivery_country,delivery_email,line_number,quantity,sku,upc,name_1,color,size';
  const rows = [header];
  let lines = 0;
  for (let i = 0; i < ORDERS; i++) {
    const n = 1 + ((i * 7) % 6);
    for (let l = 1; l <= n; l++) {
      const p = (i * 31 + l * 17) % PRODUCTS;
      const order =
        i === 0 || l === 1
          ? `B${i},${80000000 + i},SO-${100000 + i},W${500000 + i},PO-${i},Web,2026-03-01T10:00:00Z,Customer ${i},Main Street ${i},Springfield,12345,US,c${i}@example.com`
          : `B${i},,,,,,,,,,,,`;
      rows.push(`${order},${l},${1 + (l % 3)},BENCH-${p},${4006381000000 + p},Product ${p},Color ${p % 9},${['S', 'M', 'L', 'XL'][p % 4]}`);
      lines++;
    }
  }
  return { content: rows.join('\n') + '\n', lines };
}

const load = () => loadavg()[0]!.toFixed(1);
const ms = (x: number) => `${x.toFixed(0)} ms`;

/** CPU milliseconds (user + system) of one process so far, from /proc (clock ticks of 10 ms). */
function procCpuMs(pid: string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
}

/** pid → CPU ms of the PostgreSQL backends connected to one database. */
function backendsOf(database: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      // "postgres: 15/main: <user> <database> <client> <state>" (the cluster part may be absent)
      if (/^postgres: (?:\S+: )?\S+ (\S+) /.exec(cmd)?.[1] === database) out.set(pid, procCpuMs(pid));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

interface Timed {
  firstMs: number;
  againMs: number;
  /** CPU ms of this process and of the run database's backends, for the first import. */
  selfCpuMs: number;
  backendCpuMs: number;
  summary?: ImportSummary;
}

async function timed(database: string | undefined, first: () => Promise<unknown>, again: () => Promise<unknown>): Promise<Timed> {
  const backends0 = database ? backendsOf(database) : new Map<string, number>();
  const cpu0 = process.cpuUsage();
  let t0 = performance.now();
  const summary = (await first()) as ImportSummary | undefined;
  const firstMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  let backendCpuMs = 0;
  if (database) for (const [pid, after] of backendsOf(database)) backendCpuMs += after - (backends0.get(pid) ?? 0);
  t0 = performance.now();
  await again();
  const againMs = performance.now() - t0;
  return { firstMs, againMs, selfCpuMs: (cpu.user + cpu.system) / 1000, backendCpuMs, summary };
}

// ---- PostgreSQL: statements captured from the app, replayed raw ----

type Statement = { text: string; values?: unknown[] } | { copy: string; chunks: unknown[] };

/** Records what every node-postgres client of this process sends while `work` runs. */
async function capture(work: () => Promise<unknown>): Promise<Statement[]> {
  const log: Statement[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, config: unknown, values?: unknown, ...rest: unknown[]) {
    const c = config as { text?: string; values?: unknown[]; submit?: unknown; write?: (...a: unknown[]) => boolean };
    if (typeof c?.submit === 'function' && typeof c.text === 'string' && /^COPY /i.test(c.text)) {
      const entry = { copy: c.text, chunks: [] as unknown[] };
      log.push(entry);
      const write = c.write!.bind(c);
      c.write = (chunk: unknown, ...more: unknown[]) => {
        entry.chunks.push(chunk);
        return write(chunk, ...more);
      };
    } else {
      const text = typeof config === 'string' ? config : c.text!;
      const params = Array.isArray(values) ? values : c.values;
      // Serialised now, as the driver would: the replay sends ready text.
      log.push({ text, values: params?.map((v) => prepareValue(v)) });
    }
    return original.call(this, config, values, ...rest);
  };
  try {
    await work();
  } finally {
    proto.query = original;
  }
  return log;
}
/** node-postgres' own serialiser of a parameter (not exported by its entry). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue(v: unknown): unknown };

/** What the replay's statements took, by kind (for the arithmetic of the database's limit). */
const replayTimes = new Map<string, number>();
const kindOf = (text: string) =>
  /^\s*(copy \w+|insert into \w+|update \w+|select gin_clean|analyze|savepoint|release|begin|commit|select)/i
    .exec(text)?.[1]
    ?.toLowerCase() ?? text.slice(0, 20);

async function replay(client: pg.Client, statements: Statement[]) {
  for (const s of statements) {
    const t0 = performance.now();
    if ('copy' in s) await pipeline(Readable.from(s.chunks), client.query(copyFrom(s.copy)));
    else await client.query(s.text, s.values);
    const kind = kindOf('copy' in s ? s.copy : s.text);
    replayTimes.set(kind, (replayTimes.get(kind) ?? 0) + performance.now() - t0);
  }
}

async function postgresRounds(content: string, lines: number) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${RUN_DB} WITH (FORCE)`);
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  const template = await openPostgres(withDatabase(adminUrl, TEMPLATE), 1);
  await template.migrate();
  const [customer] = await template.db.insert(customers).values({ company: 'Bench import', orderSource: 'Biztalk' }).returning();
  await template.close();
  const customerId = customer!.id;
  const fresh = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${RUN_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${RUN_DB} TEMPLATE ${TEMPLATE}`);
    return withDatabase(adminUrl, RUN_DB);
  };
  type Open = (url: string) => Promise<Database>;
  type Service = (db: Database['db']) => { importFile(i: { customerId: number; format: 'csv'; content: string }): Promise<ImportSummary> };
  const appRun = async (open: Open, service: Service) => {
    const database = await open(await fresh());
    try {
      await database.ping(); // the pool's first connection is not the import's
      const s = service(database.db);
      const input = { customerId, format: 'csv' as const, content };
      return await timed(
        RUN_DB,
        () => s.importFile(input),
        () => s.importFile(input),
      );
    } finally {
      await database.close();
    }
  };
  const newApp = () =>
    appRun(
      (url) => openPostgres(url, 2),
      (db) => createOrderImportService({ db }),
    );
  const before = BEFORE_ROOT ? await importBefore() : undefined;
  const oldApp = before
    ? () =>
        appRun(
          (url) => before.openPostgres(url, 2),
          (db) => before.createOrderImportService({ db }),
        )
    : undefined;

  // The statements of one import (and of the same file again), captured once, untimed.
  const database = await openPostgres(await fresh(), 2);
  const s = createOrderImportService({ db: database.db });
  const input = { customerId, format: 'csv' as const, content };
  let firstSummary: ImportSummary | undefined;
  const firstSql = await capture(async () => (firstSummary = await s.importFile(input)));
  const againSql = await capture(() => s.importFile(input));
  await database.close();
  const copies = firstSql.filter((x) => 'copy' in x).length;
  console.log(`PostgreSQL: the import sends ${firstSql.length} statements (${copies} COPY) the first time, ${againSql.length} again`);
  console.log(`  ${JSON.stringify({ ...firstSummary, errors: firstSummary?.errors.length })}`);
  const rawRun = async () => {
    const client = new pg.Client({ connectionString: await fresh() });
    await client.connect();
    try {
      return await timed(
        RUN_DB,
        () => replay(client, firstSql),
        () => replay(client, againSql),
      );
    } finally {
      await client.end();
    }
  };

  // The capture run warmed the app's code up (JIT); the old service gets one untimed run too.
  if (oldApp) await oldApp();
  const results: Record<'before' | 'app' | 'raw', Timed[]> = { before: [], app: [], raw: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    const parts: [keyof typeof results, () => Promise<Timed>][] = [];
    if (oldApp) parts.push(['before', oldApp]);
    parts.push(['app', newApp], ['raw', rawRun]);
    for (const [name, run] of parts) {
      const l0 = load();
      const r = await run();
      results[name].push(r);
      console.log(
        `  round ${round} ${name.padEnd(6)} first ${ms(r.firstMs).padStart(8)} = ${Math.round(lines / (r.firstMs / 1000))
          .toLocaleString('en')
          .padStart(
            7,
          )} lines/s, again ${ms(r.againMs).padStart(7)}; CPU a 1,000 lines: this process ${((r.selfCpuMs * 1000) / lines).toFixed(1)} ms, backends ${((r.backendCpuMs * 1000) / lines).toFixed(1)} ms (load ${l0} → ${load()})`,
      );
    }
    if (round === 1) {
      const byKind = [...replayTimes].sort((a, b) => b[1] - a[1]);
      console.log(`  raw round 1 by statement (first import and again): ${byKind.map(([k, t]) => `${k} ${ms(t)}`).join(', ')}`);
    }
    const app = results.app[round - 1]!;
    const raw = results.raw[round - 1]!;
    console.log(`  round ${round}: app ÷ raw (lines/s) ${(raw.firstMs / app.firstMs).toFixed(2)}`);
  }
  await admin.query(`DROP DATABASE IF EXISTS ${RUN_DB} WITH (FORCE)`);
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
  await admin.end();

  console.log(`PostgreSQL, medians of ${ROUNDS} rounds (${lines.toLocaleString('en')} lines):`);
  for (const [name, rs] of Object.entries(results)) {
    if (!rs.length) continue;
    const first = median(rs.map((r) => r.firstMs));
    console.log(
      `  ${name.padEnd(6)} first ${ms(first)} = ${Math.round(lines / (first / 1000)).toLocaleString('en')} lines/s, again ${ms(median(rs.map((r) => r.againMs)))}; CPU a 1,000 lines: this process ${((median(rs.map((r) => r.selfCpuMs)) * 1000) / lines).toFixed(1)} ms, backends ${((median(rs.map((r) => r.backendCpuMs)) * 1000) / lines).toFixed(1)} ms`,
    );
  }
  const ratios = results.app.map((a, i) => results.raw[i]!.firstMs / a.firstMs);
  console.log(`  app ÷ raw, first import: ${median(ratios).toFixed(2)} (rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')})`);
  if (results.before.length) {
    const speedups = results.before.map((b, i) => b.firstMs / results.app[i]!.firstMs);
    console.log(
      `  before ÷ app time, first import: ${median(speedups).toFixed(2)}× (rounds: ${speedups.map((r) => r.toFixed(2)).join(', ')})`,
    );
  }
}

/** The service and database client of another checkout (the commit before a change). */
async function importBefore() {
  const client = (await import(join(BEFORE_ROOT!, 'src/server/db/client.ts'))) as typeof import('../src/server/db/client.js');
  const service = (await import(
    join(BEFORE_ROOT!, 'src/server/modules/orders/order-import.service.ts')
  )) as typeof import('../src/server/modules/orders/order-import.service.js');
  const parser = (await import(
    join(BEFORE_ROOT!, 'src/server/modules/orders/order-file.parser.ts')
  )) as typeof import('../src/server/modules/orders/order-file.parser.js');
  return { ...client, ...service, parseOrderFile: parser.parseOrderFile };
}

// ---- the parse on its own ----

async function parseFigures(content: string, lines: number) {
  // CPU time of this process, not wall time: on the shared box the wall time is mostly waiting for a core.
  const best = (f: () => unknown) => {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const cpu0 = process.cpuUsage();
      f();
      const cpu = process.cpuUsage(cpu0);
      times.push((cpu.user + cpu.system) / 1000);
    }
    return median(times);
  };
  const per = (x: number) => `${ms(x).padStart(7)} = ${((x * 1000) / lines).toFixed(2)} µs a line`;
  const parsed = parseOrderFile('csv', content);
  if (parsed.errors.length) throw new Error(JSON.stringify(parsed.errors.slice(0, 3)));
  // The orders as the CSV parser hands them to validation (every cell text).
  const raw = parsed.orders.map(({ order }) => ({
    ...Object.fromEntries(Object.entries(order).filter(([k, v]) => k !== 'lines' && k !== 'order_status' && v !== undefined)),
    lines: order.lines.map((l) => ({ line_number: String(l.line_number), quantity: String(l.quantity), product: { ...l.product } })),
  }));
  const l0 = load();
  console.log(`Parse of ${lines.toLocaleString('en')} lines (CPU time of this process, median of 5):`);
  console.log(
    `  CSV records by csv-parse (before)  ${per(best(() => parse(content, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true })))}`,
  );
  console.log(`  CSV records by the plain scan      ${per(best(() => scanSimpleCsv(content)))}`);
  console.log(`  orders validated by zod (before)   ${per(best(() => raw.map((o) => orderImportOrder.safeParse(o))))}`);
  console.log(`  orders by the quick check          ${per(best(() => raw.map((o) => quickCheckOrder(o))))}`);
  console.log(`  whole parse (parseOrderFile)       ${per(best(() => parseOrderFile('csv', content)))}`);
  if (BEFORE_ROOT) {
    const before = await importBefore();
    console.log(`  whole parse, before                ${per(best(() => before.parseOrderFile('csv', content)))}`);
  }
  console.log(`  (load ${l0} → ${load()})`);
}

// ---- PGlite ----

async function pgliteRounds(content: string, lines: number) {
  const before = BEFORE_ROOT ? await importBefore() : undefined;
  const run = async (open: typeof openPglite, service: (db: Database['db']) => { importFile: (i: never) => Promise<ImportSummary> }) => {
    const dir = mkdtempSync(join(tmpdir(), 'rd-bench-import-'));
    const database = await open({ dataDir: dir });
    try {
      await database.migrate();
      const [customer] = await database.db.insert(customers).values({ company: 'Bench import', orderSource: 'Biztalk' }).returning();
      const s = service(database.db);
      const input = { customerId: customer!.id, format: 'csv', content } as never;
      return await timed(
        undefined,
        () => s.importFile(input),
        () => s.importFile(input),
      );
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const parts: [string, () => Promise<Timed>][] = [];
  if (before) parts.push(['before', () => run(before.openPglite, (db) => before.createOrderImportService({ db }))]);
  parts.push(['app', () => run(openPglite, (db) => createOrderImportService({ db }))]);
  // One untimed run each first: the first import in a process also compiles PGlite and our code.
  for (const [, f] of parts) await f();
  for (let round = 1; round <= PGLITE_ROUNDS; round++) {
    for (const [name, f] of parts) {
      const l0 = load();
      const r = await f();
      console.log(
        `PGlite round ${round} ${name.padEnd(6)} first ${ms(r.firstMs)} = ${Math.round(lines / (r.firstMs / 1000)).toLocaleString('en')} lines/s, again ${ms(r.againMs)}; CPU a 1,000 lines (app and database, one process) ${((r.selfCpuMs * 1000) / lines).toFixed(1)} ms (load ${l0} → ${load()})`,
      );
    }
  }
}

async function main() {
  const { content, lines } = buildCsv();
  console.log(`file: ${(content.length / 1024 / 1024).toFixed(1)} MB CSV, ${ORDERS} orders, ${lines} lines, ${PRODUCTS} products`);
  const only = process.env.ONLY;
  if (!only || only === 'parse') await parseFigures(content, lines);
  if (!only || only === 'postgres') await postgresRounds(content, lines);
  if (!only || only === 'pglite') await pgliteRounds(content, lines);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
