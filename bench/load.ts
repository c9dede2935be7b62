/**
 * The method of issue 13: the app under load against its own SQL replayed raw (pgbench), or
 * against a bare server, in pairs run one after the other (interleaved), so that whatever else the
 * shared machine does at the time weighs on both halves of a pair; the ratio is the figure.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
 * Keeps `connections` keep-alive connections busy for `seconds`, one request after another on
 * each; `request(i)` builds the i-th request. An answer that is not 2xx counts as a failure.
 */
export async function httpLoad(opts: {
  port: number;
  connections: number;
  seconds: number;
  request: (i: number) => LoadRequest;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const times: number[] = [];
  let failures = 0;
  const failed: Record<number, number> = {};
  let next = 0;
  const started = performance.now();
  const deadline = started + opts.seconds * 1000;
  const one = (r: LoadRequest) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: opts.port, method: r.method ?? 'GET', path: r.path, agent, headers: r.headers },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(r.body);
    });
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      while (performance.now() < deadline) {
        const s = performance.now();
        const status = await one(opts.request(next++)).catch(() => 0);
        times.push(performance.now() - s);
        if (status < 200 || status >= 300) {
          failures++;
          failed[status] = (failed[status] ?? 0) + 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  times.sort((a, b) => a - b);
  return { rps: times.length / seconds, p50: percentile(times, 50), p99: percentile(times, 99), requests: times.length, failures, failed };
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
  const dir = mkdtempSync(join(tmpdir(), 'rd-pgbench-'));
  const file = join(dir, 'script.sql');
  writeFileSync(file, opts.script);
  const args = ['-n', '-M', 'prepared', '-c', String(opts.clients), '-j', '2', '-T', String(opts.seconds), '-f', file];
  for (const [k, v] of Object.entries(opts.defines ?? {})) args.push('-D', `${k}=${v}`);
  const r = spawnSync('pgbench', [...args, opts.url], { encoding: 'utf8' });
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(r.stdout);
  if (!m) throw new Error(`pgbench failed: ${r.stderr || r.stdout}`);
  return Number(m[1]);
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
  stop(): Promise<void>;
}

/** BENCH_APP_ROOT runs another checkout's server (e.g. the commit before a change, for a before/after row). */
const root = process.env.BENCH_APP_ROOT ?? fileURLToPath(new URL('..', import.meta.url));

/** Starts the real server (src/server/main.ts) as its own process, logs in the admin it creates. */
export async function startApp(env: Record<string, string>, args: string[] = [], appRoot = root): Promise<RunningApp> {
  const root = appRoot;
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'rd-bench-app-'));
  // BENCH_PROFILE_DIR=<dir>: the app writes a V8 CPU profile there when it stops (open in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', join(root, 'src/server/main.ts'), ...args], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      TRUST_PROXY: 'loopback',
      ADMIN_USERNAME: 'benchadmin',
      ADMIN_PASSWORD: 'bench-password-1',
      WORKER_POLL_MS: '3600000',
      INBOUND_POLL_SECONDS: '0',
      ...env,
    },
    // Logs go to a file as in production; a pipe to this busy process would slow the app down.
    stdio: ['ignore', openSync(join(dataDir, 'app.log'), 'w'), 'inherit'],
  });
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  for (;;) {
    if (exited !== undefined) throw new Error(`the app exited (${exited}): ${readFileSync(join(dataDir, 'app.log'), 'utf8')}`);
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
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** CPU time (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/**
 * Runs `load` and answers its result with the CPU milliseconds per request of the server process
 * and of this (the load client's) process: what each answer costs, whatever else the box runs.
 */
export async function withCpu<T extends { requests: number }>(
  pid: number,
  load: () => Promise<T>,
): Promise<T & { serverCpuMs: number; clientCpuMs: number }> {
  const server0 = processCpuMs(pid);
  const client0 = process.cpuUsage();
  const r = await load();
  const client = process.cpuUsage(client0);
  return {
    ...r,
    serverCpuMs: (processCpuMs(pid) - server0) / r.requests,
    clientCpuMs: (client.user + client.system) / 1000 / r.requests,
  };
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

export const SHARED_BOX_NOTE =
  'Measured on a 2-core machine shared with five other engineers building and testing at the same time: absolute figures are noisy, the ratios of interleaved pairs are the point.';
