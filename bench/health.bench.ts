/**
 * `/api/health` of the real app (PostgreSQL, web service only) against a bare node:http server
 * answering the same JSON, each in its own process, loaded by the same client; interleaved pairs.
 * Run: npx tsx bench/health.bench.ts   (BENCH_DATABASE_URL; PAIRS=n, SECONDS=n, CONNECTIONS=n)
 */
import { spawn } from 'node:child_process';
import { adminUrl } from './support.js';
import { httpLoad, interleaved, median, SHARED_BOX_NOTE, startApp, type LoadResult } from './load.js';

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
  return { stop: () => new Promise<void>((r) => (child.once('exit', () => r()), child.kill('SIGTERM'))) };
}

async function main() {
  const app = await startApp({ DATABASE_URL: adminUrl, DATABASE_POOL_SIZE: '2' }, ['--services=web']);
  const barePort = app.port + 1;
  const bare = await startBare(barePort);
  try {
    const load = (port: number) => () =>
      httpLoad({ port, connections: CONNECTIONS, seconds: SECONDS, request: () => ({ path: '/api/health' }) });
    await load(app.port)(); // warm-up: JIT, route caches
    const r = await interleaved<LoadResult, LoadResult>(PAIRS, load(app.port), load(barePort));
    const ratios = r.a.map((x, i) => x.rps / r.b[i]!.rps);
    const fmt = (xs: LoadResult[]) =>
      `${Math.round(median(xs.map((x) => x.rps))).toLocaleString('en')} req/s, p50 ${median(xs.map((x) => x.p50)).toFixed(2)} ms, p99 ${median(xs.map((x) => x.p99)).toFixed(2)} ms`;
    console.log(`| figure | app | limit | ratio (median of pairs) | goal |`);
    console.log(`|---|---|---|---|---|`);
    console.log(`| /api/health, ${CONNECTIONS} conns | ${fmt(r.a)} | bare node:http ${fmt(r.b)} | ${median(ratios).toFixed(2)} | ≥ 0.9 |`);
    console.log(
      `\npairs: ${ratios.map((x) => x.toFixed(2)).join(', ')}; failures ${r.a.reduce((n, x) => n + x.failures, 0)}/${r.b.reduce((n, x) => n + x.failures, 0)}`,
    );
    console.log(
      `(${PAIRS} interleaved pairs of ${SECONDS} s, ${CONNECTIONS} keep-alive connections, load client in this process, each server its own process.) ${SHARED_BOX_NOTE}`,
    );
  } finally {
    await bare.stop();
    await app.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
