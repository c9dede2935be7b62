/**
 * The app a bench measures, as its own process: built as `npm start` ships it (or run from its
 * sources), on a free port, its admin logged in; BENCH_APP_ROOT / BENCH_BEFORE_ROOT name the
 * checkouts (the code after and before a change). Split out of load.ts, which re-exports it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

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
        // An app that died already (a crash under load) has nothing to stop: waiting for its exit would hang.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
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

/** One photo folder per bench database: apps and worker nodes on that database share it. */
export function sharedPhotoDir(databaseUrl: string): string {
  return join(tmpdir(), `rd-bench-photos-${new URL(databaseUrl).pathname.slice(1) || 'postgres'}`);
}
