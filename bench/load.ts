/**
 * The method of issue 13: the app under load against its own SQL replayed raw (pgbench), or
 * against a bare server, in pairs run one after the other (interleaved), so that whatever else the
 * shared machine does at the time weighs on both halves of a pair; the ratio is the figure.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CpuPerRequest } from './proc-cpu.js';
import { percentile } from './support.js';

// The app's process and the CPU accounting live in their own files; the benches import them from here.
export * from './app-process.js';
export * from './proc-cpu.js';

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
    // pgbench reads `:name` as a variable even inside a string literal (History's created_key formats
    // 'HH24:MI:SS'): such a colon is spliced in as its own literal, the same text.
    script: `${sqlText
      .replace(/'(?:[^']|'')*'/g, (literal) => literal.replace(/:(?=[A-Za-z_])/g, "' || ':' || '"))
      .replace(/\$(\d+)/g, ':p$1')
      .replace(/\s+/g, ' ')
      .trim()};\n`,
    defines,
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

/** Runs each of `runs` in turn, `rounds` times (a, b, c, a, b, c, …), and answers every series. */
export async function interleavedAll<T>(rounds: number, runs: Record<string, () => Promise<T>>): Promise<Record<string, T[]>> {
  const out: Record<string, T[]> = Object.fromEntries(Object.keys(runs).map((k) => [k, []]));
  for (let i = 0; i < rounds; i++) for (const [k, run] of Object.entries(runs)) out[k]!.push(await run());
  return out;
}

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
