// Playwright's global setup: build the SPA into a temp folder (or use dist with E2E_USE_DIST=1), start
// one real server per Playwright worker, each on a free port with its own PGlite data dir, and hand their
// addresses, the admin account and the folders to the workers through the environment (server.ts reads
// them; a worker uses the server of its parallel index). One server per worker keeps the specs that change
// global settings (schedules, system settings) apart while two of them run at once on two cores.
// The function it returns is the global teardown: it stops the servers and removes the run folder unless a
// test failed or E2E_KEEP=1.
// Parallel runs by different people never share a port, a data dir or a web build.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type FullConfig } from '@playwright/test';
import { FAILED_MARKER } from './run-folder';

const root = fileURLToPath(new URL('../..', import.meta.url));

async function freePort(): Promise<number> {
  const srv = createServer();
  srv.listen(0, '127.0.0.1');
  await once(srv, 'listening');
  const address = srv.address();
  srv.close();
  await once(srv, 'close');
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

/** Polls /api/ready (the server migrates its fresh database first: slow on a busy machine); fails at once if the server exits. */
async function waitReady(baseUrl: string, server: ChildProcess): Promise<void> {
  await expect
    .poll(
      async () => {
        if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode} before it was ready`);
        return fetch(`${baseUrl}/api/ready`).then(
          (res) => res.ok,
          () => false, // not listening yet
        );
      },
      { message: 'the server answers /api/ready', timeout: 300_000 },
    )
    .toBe(true);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  const hard = AbortSignal.timeout(10_000);
  hard.addEventListener('abort', () => server.exitCode === null && server.kill('SIGKILL'));
  await exited;
}

function buildWeb(outDir: string): void {
  const started = Date.now();
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const build = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web build failed');
  console.log(`e2e: web build ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function serverEnv(port: number, dataDir: string, webRoot: string, admin: { username: string; password: string }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_ROOT: webRoot,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    ADMIN_EMAIL: 'e2e-admin@example.com',
    WORKER_POLL_MS: '200',
    // Issue 25: the decision deadline scheduler's round, so a 0-hour deadline's default comes within a second.
    DECISION_POLL_SECONDS: '1',
    // Webhook receivers started by the specs listen on http://127.0.0.1 (issue 26).
    WEBHOOK_ALLOW_HTTP: '1',
    // The test clients stand behind a "proxy" on loopback that names a different address for
    // each, so the per-address login limits do not trip over a long suite.
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  };
  // A developer's own settings must not leak in: the run is always on a fresh PGlite with mail to the outbox.
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'APP_SECRET', 'DEMO_DATA']) delete env[key];
  return env;
}

/** A server of its own for one worker: its data dir and log inside the run folder. */
async function startServer(
  index: number,
  runDir: string,
  webRoot: string,
  useDist: boolean,
  admin: { username: string; password: string },
  started: ChildProcess[],
): Promise<{ baseUrl: string; dataDir: string }> {
  const dataDir = join(runDir, `data-${index}`);
  const logFile = join(runDir, `server-${index}.log`);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const args = useDist ? [join(root, 'dist', 'server', 'main.js')] : ['--import', 'tsx', join(root, 'src', 'server', 'main.ts')];
  const log = createWriteStream(logFile);
  const server = spawn(process.execPath, args, {
    cwd: root,
    env: serverEnv(port, dataDir, webRoot, admin),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(server);
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const startedAt = Date.now();
  try {
    await waitReady(baseUrl, server);
  } catch (error) {
    if (existsSync(logFile)) {
      const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-30);
      console.error(`e2e: last lines of server ${index}'s log:\n${lines.join('\n')}`);
    }
    throw error;
  }
  console.log(`e2e: server ${index} ready on ${baseUrl} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s (log: ${logFile})`);
  return { baseUrl, dataDir };
}

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const runDir = mkdtempSync(join(tmpdir(), 'returns-desk-e2e-run-'));
  const keep = process.env.E2E_KEEP === '1';
  const shotsAsked = Boolean(process.env.E2E_SHOTS_DIR);
  const shotsDir = process.env.E2E_SHOTS_DIR ? resolve(process.env.E2E_SHOTS_DIR) : join(runDir, 'shots');
  const servers: ChildProcess[] = [];

  const teardown = async () => {
    await Promise.all(servers.map(stop));
    if (keep || existsSync(join(runDir, FAILED_MARKER))) {
      console.log(`e2e: run folder kept for inspection: ${runDir} (server log, data dir, screenshots)`);
    } else {
      rmSync(runDir, { recursive: true, force: true });
    }
    if (shotsAsked) console.log(`e2e: screenshots in ${shotsDir}`);
  };

  // What the workers read (fixtures.ts): they inherit this process's environment.
  process.env.E2E_RUN_DIR = runDir;
  process.env.E2E_SHOTS_DIR = shotsDir;
  if (process.env.E2E_BASE_URL) {
    if (!process.env.E2E_ADMIN_PASSWORD || !process.env.E2E_DATA_DIR) {
      throw new Error('e2e: with E2E_BASE_URL also set E2E_ADMIN_USERNAME, E2E_ADMIN_PASSWORD and E2E_DATA_DIR');
    }
    process.env.E2E_ADMIN_USERNAME ??= 'admin';
    // Every worker shares that one server: run such a suite with --workers=1 when specs change settings.
    process.env.E2E_SERVERS = JSON.stringify([{ baseUrl: process.env.E2E_BASE_URL, dataDir: process.env.E2E_DATA_DIR }]);
    console.log(`e2e: using the running server at ${process.env.E2E_BASE_URL}`);
    return teardown;
  }

  const useDist = process.env.E2E_USE_DIST === '1';
  const admin = { username: 'e2e-admin', password: `Adm-${randomBytes(9).toString('base64url')}` };
  try {
    let webRoot = join(root, 'dist', 'web');
    if (!useDist) {
      webRoot = join(runDir, 'web');
      buildWeb(webRoot);
    } else if (!existsSync(join(webRoot, 'index.html')) || !existsSync(join(root, 'dist', 'server', 'main.js'))) {
      throw new Error('E2E_USE_DIST=1 needs `npm run build` first (dist/server/main.js and dist/web/index.html)');
    }

    const count = Math.max(1, config.workers);
    const ready = await Promise.all(Array.from({ length: count }, (_, i) => startServer(i, runDir, webRoot, useDist, admin, servers)));
    Object.assign(process.env, {
      E2E_SERVERS: JSON.stringify(ready),
      E2E_ADMIN_USERNAME: admin.username,
      E2E_ADMIN_PASSWORD: admin.password,
    });
    return teardown;
  } catch (error) {
    await Promise.all(servers.map(stop));
    console.log(`e2e: run folder kept for inspection: ${runDir}`);
    throw error;
  }
}
