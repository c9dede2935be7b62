/**
 * The method of issue 13: the app under load against its own SQL replayed raw (pgbench), or
 * against a bare server, in pairs run one after the other (interleaved), so that whatever else the
 * shared machine does at the time weighs on both halves of a pair; the ratio is the figure.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { percentile } from './support.js';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
  /** Count per non-2xx status (0: no answer). */
  failed: Record<number, number>;
}

export interface LoadRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Which load client httpLoad uses (BENCH_CLIENT). `node` (the default, the method of phases 1–3):
 * node:http's client, which spends 0.07 (health) to 0.6 (history page) CPU ms a request of the two
 * cores the app and PostgreSQL need, and caps /api/health and bare node:http alike. `raw`: prebuilt
 * request bytes on plain sockets, answers read only as far as status and length — ~0.02 ms a
 * request, about what pgbench's C client spends a transaction (issue 13, phase 4).
 */
export const LOAD_CLIENT = (process.env.BENCH_CLIENT ?? 'node') as 'raw' | 'node';

/**
 * Keeps `connections` keep-alive connections busy for `seconds`, one request after another on
 * each; `request(i)` builds the i-th request. An answer that is not 2xx counts as a failure.
 */
export async function httpLoad(opts: {
  port: number;
  connections: number;
  seconds: number;
  request: (i: number) => LoadRequest;
  client?: 'raw' | 'node';
}): Promise<LoadResult> {
  const send = (opts.client ?? LOAD_CLIENT) === 'node' ? nodeClient(opts.port, opts.connections) : rawClient(opts.port);
  const times: number[] = [];
  let failures = 0;
  const failed: Record<number, number> = {};
  let next = 0;
  const started = performance.now();
  const deadline = started + opts.seconds * 1000;
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      const connection = send.connection();
      try {
        while (performance.now() < deadline) {
          const s = performance.now();
          const status = await connection.send(opts.request(next++)).catch(() => 0);
          times.push(performance.now() - s);
          if (status < 200 || status >= 300) {
            failures++;
            failed[status] = (failed[status] ?? 0) + 1;
          }
        }
      } finally {
        connection.close();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  send.close();
  times.sort((a, b) => a - b);
  return { rps: times.length / seconds, p50: percentile(times, 50), p99: percentile(times, 99), requests: times.length, failures, failed };
}

interface ClientConnection {
  /** Sends one request and answers the status once the whole answer has arrived (0: no answer). */
  send(r: LoadRequest): Promise<number>;
  close(): void;
}

/** node:http's client with a keep-alive agent (phases 1–3). */
function nodeClient(port: number, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const one = (r: LoadRequest) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method: r.method ?? 'GET', path: r.path, agent, headers: r.headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(r.body);
    });
  return { connection: (): ClientConnection => ({ send: one, close: () => undefined }), close: () => agent.destroy() };
}

const HEADER_END = Buffer.from('\r\n\r\n');
const LAST_CHUNK = Buffer.from('0\r\n\r\n');

/**
 * One keep-alive socket per connection, one request at a time (no pipelining, like wrk): the
 * request is written as bytes, the answer is complete when Content-Length bytes (or the last
 * chunk) have arrived. A closed socket is opened again for the next request.
 */
function rawClient(port: number) {
  const connection = (): ClientConnection => {
    let socket: net.Socket | undefined;
    let pending: Buffer | undefined;
    let waiting: ((status: number) => void) | undefined;
    let bodyless = false;
    const finish = (status: number) => {
      const w = waiting;
      waiting = undefined;
      pending = undefined;
      w?.(status);
    };
    const onData = (chunk: Buffer) => {
      pending = pending ? Buffer.concat([pending, chunk]) : chunk;
      const end = pending.indexOf(HEADER_END);
      if (end < 0) return;
      const head = pending.toString('latin1', 0, end);
      const status = Number(head.slice(9, 12));
      const done = (code: number) => {
        // An answer that closes the connection: the next request opens a new one.
        if (/\r\nconnection: *close/i.test(head)) {
          const s = socket;
          socket = undefined;
          s?.destroy();
        }
        finish(code);
      };
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (bodyless) done(status);
      else if (length) {
        if (pending.length >= end + 4 + Number(length[1])) done(status);
      } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
        if (pending.subarray(-LAST_CHUNK.length).equals(LAST_CHUNK)) done(status);
      } else done(status);
    };
    const open = () => {
      const s = net.connect({ host: '127.0.0.1', port, noDelay: true });
      s.on('data', onData);
      s.on('error', () => undefined);
      s.on('close', () => {
        if (socket !== s) return;
        socket = undefined;
        finish(0);
      });
      return s;
    };
    return {
      send(r) {
        socket ??= open();
        const body = r.body ?? '';
        let head = `${r.method ?? 'GET'} ${r.path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n`;
        for (const [k, v] of Object.entries(r.headers ?? {})) head += `${k}: ${v}\r\n`;
        if (body || (r.method && r.method !== 'GET' && r.method !== 'HEAD')) head += `content-length: ${Buffer.byteLength(body)}\r\n`;
        bodyless = r.method === 'HEAD';
        const promise = new Promise<number>((resolve) => (waiting = resolve));
        socket.write(head + '\r\n' + body);
        return promise;
      },
      close: () => socket?.destroy(),
    };
  };
  return { connection, close: () => undefined };
}

/** A distinct client address per request (the app trusts loopback proxies in benches), so the per-address rate limit measures its cost without refusing the load. */
export const forwardedFor = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** pgbench with a custom script, prepared statements (the best the server can do), tps excluding connection set-up. */
export function pgbench(opts: {
  url: string;
  script: string;
  clients: number;
  seconds: number;
  defines?: Record<string, string | number>;
}): number {
  return pgbenchRun(opts).tps;
}

/**
 * pgbench as above, with its transactions and its own CPU (the load client of the limit): it runs
 * under a shell that prints its reaped children's CPU (cutime + cstime of /proc/self/stat) after.
 */
export function pgbenchRun(opts: {
  url: string;
  script: string;
  clients: number;
  seconds: number;
  defines?: Record<string, string | number>;
}): { tps: number; transactions: number; clientCpuMs: number } {
  const dir = mkdtempSync(join(tmpdir(), 'rd-pgbench-'));
  const file = join(dir, 'script.sql');
  writeFileSync(file, opts.script);
  const args = ['-n', '-M', 'prepared', '-c', String(opts.clients), '-j', '2', '-T', String(opts.seconds), '-f', file];
  for (const [k, v] of Object.entries(opts.defines ?? {})) args.push('-D', `${k}=${v}`);
  const r = spawnSync(
    'sh',
    ['-c', 'pgbench "$@"; status=$?; echo "cpu-stat $(cat /proc/$$/stat)" >&2; exit $status', 'sh', ...args, opts.url],
    {
      encoding: 'utf8',
    },
  );
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(r.stdout);
  if (!m) throw new Error(`pgbench failed: ${r.stderr || r.stdout}`);
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(r.stdout)?.[1] ?? NaN);
  // `cat` is the shell's child too but has not been reaped when it reads the stat: only pgbench counts.
  const stat = /cpu-stat (.*)/.exec(r.stderr)?.[1] ?? '';
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const clientCpuMs = ((Number(fields[13]) + Number(fields[14])) * 10) / transactions;
  return { tps: Number(m[1]), transactions, clientCpuMs };
}

/** Turns drizzle's `$1…$n` into pgbench variables `:p1…:pn` (given with -D). */
export function asPgbenchScript(sqlText: string, params: unknown[]): { script: string; defines: Record<string, string> } {
  const defines: Record<string, string> = {};
  params.forEach((p, i) => (defines[`p${i + 1}`] = String(p)));
  return {
    script: `${sqlText
      .replace(/\$(\d+)/g, ':p$1')
      .replace(/\s+/g, ' ')
      .trim()};\n`,
    defines,
  };
}

export interface RunningApp {
  port: number;
  token: string;
  /** The app's process id (for CPU accounting: processCpuMs). */
  pid: number;
  /** Its DATA_DIR (a temp folder: the log, and PGlite's files when no DATABASE_URL is given). */
  dataDir: string;
  stop(): Promise<void>;
}

/** BENCH_APP_ROOT runs another checkout's server (e.g. the commit before a change, for a before/after row). */
const root = process.env.BENCH_APP_ROOT ?? fileURLToPath(new URL('..', import.meta.url));

const mtime = (p: string) => (existsSync(p) ? statSync(p).mtimeMs : 0);
/** The newest modification time of the files under dir (tests excluded: they are not built). */
function newest(dir: string): number {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) max = Math.max(max, newest(p));
    else if (!entry.name.endsWith('.test.ts')) max = Math.max(max, statSync(p).mtimeMs);
  }
  return max;
}

/** A TCP port nothing listens on at the moment (the system's pick for port 0 on 127.0.0.1). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * What `npm start` runs: the compiled server, dist/server/main.js. Built here (`npm run
 * build:server`, the server only) when it is missing or older than its sources.
 */
export function ensureServerBuild(appRoot: string): string {
  const main = join(appRoot, 'dist', 'server', 'main.js');
  const stamp = join(appRoot, 'dist', '.server-build-stamp');
  const sources = Math.max(
    newest(join(appRoot, 'src', 'server')),
    newest(join(appRoot, 'src', 'contract')),
    ...['package.json', 'tsconfig.json', 'tsconfig.server.json'].map((f) => mtime(join(appRoot, f))),
  );
  // npm start's own stamp (server and web built together) counts as well.
  const built = Math.max(mtime(stamp), mtime(join(appRoot, 'dist', '.build-stamp')));
  if (existsSync(main) && built >= sources) return main;
  console.error(`(building the server in ${appRoot}: npm run build:server)`);
  const r = spawnSync('npm', ['run', 'build:server'], { cwd: appRoot, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`npm run build:server failed in ${appRoot}`);
  writeFileSync(stamp, new Date().toISOString());
  return main;
}

/**
 * The SPA `npm run build` writes (dist/web, which the server serves by default), built here
 * (`npm run build:web`) when it is missing or older than its sources.
 */
export function ensureWebBuild(appRoot: string): string {
  const index = join(appRoot, 'dist', 'web', 'index.html');
  const sources = Math.max(
    newest(join(appRoot, 'src', 'web')),
    newest(join(appRoot, 'src', 'contract')),
    ...['package.json', 'vite.config.ts'].map((f) => mtime(join(appRoot, f))),
  );
  if (existsSync(index) && mtime(index) >= sources) return dirname(index);
  console.error(`(building the SPA in ${appRoot}: npm run build:web)`);
  const r = spawnSync('npm', ['run', 'build:web'], { cwd: appRoot, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`npm run build:web failed in ${appRoot}`);
  return dirname(index);
}

/**
 * How the bench runs the app: `dist` (the default) the compiled JS, as `npm start` ships it;
 * `tsx` the TypeScript sources through the tsx loader (phases 1–3: the loader's hooks were 13% of a
 * /api/health profile, a cost production does not pay).
 */
export const APP_RUN = (process.env.BENCH_APP_RUN ?? 'dist') as 'dist' | 'tsx';

/**
 * Starts the real server as its own process (compiled, see APP_RUN), logs in the admin it creates.
 * BENCH_APP_ENV="K=V,K=V" adds settings to every app a bench starts (e.g. DATABASE_POOL_SIZE=32).
 */
export async function startApp(
  env: Record<string, string>,
  args: string[] = [],
  appRoot = root,
  run: 'dist' | 'tsx' = APP_RUN,
): Promise<RunningApp> {
  const root = appRoot;
  const entry = run === 'tsx' ? ['--import', 'tsx', join(root, 'src/server/main.ts')] : [ensureServerBuild(root)];
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'rd-bench-app-'));
  // BENCH_PROFILE_DIR=<dir>: the app writes a V8 CPU profile there when it stops (open in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, ...entry, ...args], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Apps started on one database share its photo folder, as nodes must (the server refuses
      // otherwise); a caller that names its DATA_DIR (photos.bench.ts) keeps the photos there.
      ...(env.DATABASE_URL && !env.DATA_DIR ? { PHOTO_DIR: sharedPhotoDir(env.DATABASE_URL) } : {}),
      DEMO_DATA: '0',
      TRUST_PROXY: 'loopback',
      ADMIN_USERNAME: 'benchadmin',
      ADMIN_PASSWORD: 'bench-password-1',
      WORKER_POLL_MS: '3600000',
      INBOUND_POLL_SECONDS: '0',
      ...envList(process.env.BENCH_APP_ENV),
      ...env,
    },
    // Logs go to a file as in production; a pipe to this busy process would slow the app down.
    stdio: ['ignore', openSync(join(dataDir, 'app.log'), 'w'), 'inherit'],
  });
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  for (;;) {
    const log = readFileSync(join(dataDir, 'app.log'), 'utf8');
    if (exited !== undefined) throw new Error(`the app exited (${exited}): ${log}`);
    // The line main prints once the server listens: the app is up and its admin exists.
    if (!log.includes('is ready on')) {
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'benchadmin', password: 'bench-password-1' }),
  });
  const token = ((await login.json()) as { message: { token: string } }).message.token;
  return {
    port,
    token,
    pid: child.pid!,
    dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The process and its descendants (node:cluster's workers), from /proc (Linux). */
export function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // no such process, or not Linux
  }
  return [pid, ...children.flatMap(processTree)];
}

/** utime + stime of one process, in ms (fields 14 and 15 of stat(5), clock ticks of 10 ms). */
function ownCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** CPU time (user + system) a process and its descendants (cluster workers) have used so far; NaN off Linux. */
export function processCpuMs(pid: number): number {
  return processTree(pid).reduce((sum, p) => sum + ownCpuMs(p), 0);
}

/**
 * How long the main threads (event loops) of the process tree ran on a CPU and how long they
 * waited runnable for one, in ms (/proc/<pid>/schedstat: run ns, wait ns, timeslices).
 */
export function eventLoopSchedMs(pid: number): { run: number; wait: number } {
  let run = 0;
  let wait = 0;
  for (const p of processTree(pid)) {
    try {
      const [r, w] = readFileSync(`/proc/${p}/schedstat`, 'utf8').trim().split(' ').map(Number);
      run += r! / 1e6;
      wait += w! / 1e6;
    } catch {
      // gone
    }
  }
  return { run, wait };
}

export interface CpuPerRequest {
  /** CPU ms a request of the app's processes (user + system, every thread, cluster workers included). */
  serverCpuMs: number;
  /** CPU ms a request of this process (the load client). */
  clientCpuMs: number;
  /** ms a request the app's event-loop threads ran, and waited runnable (the box's share). */
  loopRunMs: number;
  loopWaitMs: number;
  /** CPU ms a request of the PostgreSQL backends given (the app's pool), NaN when none given. */
  postgresCpuMs: number;
}

/**
 * Runs `load` and answers its result with the CPU milliseconds per request of the server process
 * and of this (the load client's) process: what each answer costs, whatever else the box runs.
 * `backends`: the PostgreSQL backends to account as well, asked before and after the load (a
 * backend that is new at the end counts from zero; see backendPids).
 */
export async function withCpu<T extends { requests: number }>(
  pid: number,
  load: () => Promise<T>,
  backends?: () => Promise<number[]>,
): Promise<T & CpuPerRequest> {
  const pg0 = new Map((backends ? await backends() : []).map((p) => [p, ownCpuMs(p)]));
  const server0 = processCpuMs(pid);
  const loop0 = eventLoopSchedMs(pid);
  const client0 = process.cpuUsage();
  const r = await load();
  const client = process.cpuUsage(client0);
  const loop = eventLoopSchedMs(pid);
  const server = processCpuMs(pid);
  const pg1 = backends ? await backends() : [];
  const postgres = pg1.reduce((sum, p) => sum + ((ownCpuMs(p) || 0) - (pg0.get(p) || 0)), 0);
  return {
    ...r,
    serverCpuMs: (server - server0) / r.requests,
    clientCpuMs: (client.user + client.system) / 1000 / r.requests,
    loopRunMs: (loop.run - loop0.run) / r.requests,
    loopWaitMs: (loop.wait - loop0.wait) / r.requests,
    postgresCpuMs: backends ? postgres / r.requests : NaN,
  };
}

/**
 * The PostgreSQL backends of one application (its `application_name`, e.g. set in the app's
 * DATABASE_URL with `?application_name=…`), on the database of `url`.
 */
export function backendPids(url: string, applicationName: string): () => Promise<number[]> {
  return async () => {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
        [applicationName],
      );
      return rows.map((r) => r.pid);
    } finally {
      await client.end();
    }
  };
}

/** The URL with `application_name` set, so that backendPids finds the connections made with it. */
export function withApplicationName(url: string, name: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Runs a, b, a, b, … `pairs` times and answers both series; the ratio of medians is the figure. */
export async function interleaved<A, B>(pairs: number, a: () => Promise<A>, b: () => Promise<B>): Promise<{ a: A[]; b: B[] }> {
  const out = { a: [] as A[], b: [] as B[] };
  for (let i = 0; i < pairs; i++) {
    out.a.push(await a());
    out.b.push(await b());
  }
  return out;
}

/** Runs each of `runs` in turn, `rounds` times (a, b, c, a, b, c, …), and answers every series. */
export async function interleavedAll<T>(rounds: number, runs: Record<string, () => Promise<T>>): Promise<Record<string, T[]>> {
  const out: Record<string, T[]> = Object.fromEntries(Object.keys(runs).map((k) => [k, []]));
  for (let i = 0; i < rounds; i++) for (const [k, run] of Object.entries(runs)) out[k]!.push(await run());
  return out;
}

/**
 * BENCH_BEFORE_ROOT=<checkout> (e.g. a git worktree of main's commit before a change): the
 * benches that support it run that checkout's app too, interleaved with this one and the limit.
 */
export const BEFORE_ROOT = process.env.BENCH_BEFORE_ROOT;
/** `K=V,K=V` as an object (BENCH_APP_ENV, BENCH_BEFORE_ENV). */
export const envList = (list: string | undefined): Record<string, string> =>
  Object.fromEntries(
    (list ?? '')
      .split(',')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
/** Settings of the before app only (BENCH_BEFORE_ENV="K=V,…"), over BENCH_APP_ENV: e.g. the same checkout with DATABASE_POOL_SIZE=10. */
export const BEFORE_ENV = envList(process.env.BENCH_BEFORE_ENV);
/** How the before app runs (BENCH_BEFORE_RUN, default: as the app, APP_RUN). */
export const BEFORE_RUN = (process.env.BENCH_BEFORE_RUN ?? APP_RUN) as 'dist' | 'tsx';

/** `app 0.41 ms, client 0.05 ms, PostgreSQL 0.62 ms CPU a request; event loop ran 0.30, waited 0.02 ms` (medians). */
export function cpuLine(xs: CpuPerRequest[]): string {
  const m = (f: (x: CpuPerRequest) => number) => median(xs.map(f)).toFixed(3);
  const pg = xs.some((x) => !Number.isNaN(x.postgresCpuMs)) ? `, PostgreSQL ${m((x) => x.postgresCpuMs)}` : '';
  return `CPU ms a request: app ${m((x) => x.serverCpuMs)}, load client ${m((x) => x.clientCpuMs)}${pg}; app event loop ran ${m((x) => x.loopRunMs)}, waited runnable ${m((x) => x.loopWaitMs)}`;
}

/** `1m load average 0.42` now, for the figures' record. */
export const loadAverage = () => `load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`;

export const SHARED_BOX_NOTE =
  'Measured on a 2-core machine shared with five other engineers building and testing at the same time: absolute figures are noisy, the ratios of interleaved pairs are the point.';

/** One photo folder per bench database: apps and worker nodes on that database share it. */
export function sharedPhotoDir(databaseUrl: string): string {
  return join(tmpdir(), `rd-bench-photos-${new URL(databaseUrl).pathname.slice(1) || 'postgres'}`);
}
