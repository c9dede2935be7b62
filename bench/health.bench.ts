/**
 * `/api/health` of the real app (PostgreSQL, web service only) against a bare node:http server
 * answering the same JSON, each in its own process, loaded by the same client; interleaved pairs.
 * With BENCH_BEFORE_ROOT another checkout's app runs too, in the same rounds (before / after / bare).
 * Run: npx tsx bench/health.bench.ts   (BENCH_DATABASE_URL; PAIRS=n, SECONDS=n, CONNECTIONS=n)
 */
import { spawn } from 'node:child_process';
import { adminUrl } from './support.js';
import {
  APP_RUN,
  BEFORE_ENV,
  BEFORE_ROOT,
  BEFORE_RUN,
  cpuLine,
  httpLoad,
  interleavedAll,
  LOAD_CLIENT,
  loadAverage,
  median,
  SHARED_BOX_NOTE,
  startApp,
  withCpu,
  type CpuPerRequest,
  type LoadResult,
} from './load.js';

const PAIRS = Number(process.env.PAIRS ?? 5);
const SECONDS = Number(process.env.SECONDS ?? 4);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 32);

const BARE = `
const http = require('node:http');
const body = JSON.stringify({ code: 200, message: 'up' });
http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }); res.end(body); })
  .listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));`;

async function startBare(port: number) {
  const child = spawn(process.execPath, ['-e', BARE], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  return { pid: child.pid!, stop: () => new Promise<void>((r) => (child.once('exit', () => r()), child.kill('SIGTERM'))) };
}

type Run = LoadResult & CpuPerRequest;

async function main() {
  console.log(`(${loadAverage()} at the start)`);
  const env = { DATABASE_URL: adminUrl, DATABASE_POOL_SIZE: '2' };
  const app = await startApp(env, ['--services=web']);
  const before = BEFORE_ROOT ? await startApp({ ...env, ...BEFORE_ENV }, ['--services=web'], BEFORE_ROOT, BEFORE_RUN) : undefined;
  const barePort = app.port + 1;
  const bare = await startBare(barePort);
  try {
    const load = (server: { port: number; pid: number }) => (): Promise<Run> =>
      withCpu(server.pid, () =>
        httpLoad({ port: server.port, connections: CONNECTIONS, seconds: SECONDS, request: () => ({ path: '/api/health' }) }),
      );
    await load(app)(); // warm-up: JIT, route caches
    if (before) await load(before)();
    const r = await interleavedAll<Run>(PAIRS, {
      ...(before ? { before: load(before) } : {}),
      app: load(app),
      bare: load({ port: barePort, pid: bare.pid }),
    });
    const fmt = (xs: LoadResult[]) =>
      `${Math.round(median(xs.map((x) => x.rps))).toLocaleString('en')} req/s, p50 ${median(xs.map((x) => x.p50)).toFixed(2)} ms, p99 ${median(xs.map((x) => x.p99)).toFixed(2)} ms`;
    const ratios = (xs: Run[]) => xs.map((x, i) => x.rps / r.bare![i]!.rps);
    console.log(`| figure | app | limit | ratio (median of pairs) | goal |`);
    console.log(`|---|---|---|---|---|`);
    for (const [label, xs] of [
      ...(r.before ? [['before (BENCH_BEFORE_ROOT)', r.before] as const] : []),
      [r.before ? 'after (this checkout)' : `/api/health, ${CONNECTIONS} conns`, r.app!] as const,
    ]) {
      console.log(`| ${label} | ${fmt(xs)} | bare node:http ${fmt(r.bare!)} | ${median(ratios(xs)).toFixed(2)} | ≥ 0.9 |`);
    }
    for (const [label, xs] of Object.entries(r)) {
      console.log(
        `\n${label}: ratios ${
          label === 'bare'
            ? '-'
            : ratios(xs)
                .map((x) => x.toFixed(2))
                .join(', ')
        }; failures ${xs.reduce((n, x) => n + x.failures, 0)}; ${cpuLine(xs)}`,
      );
    }
    console.log(
      `\n(${PAIRS} interleaved rounds of ${SECONDS} s, ${CONNECTIONS} keep-alive connections, load client "${LOAD_CLIENT}" in this process, app run as ${APP_RUN}, each server its own process; ${loadAverage()} at the end.) ${SHARED_BOX_NOTE}`,
    );
  } finally {
    await bare.stop();
    await before?.stop();
    await app.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
