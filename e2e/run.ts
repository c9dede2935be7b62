// `npm run test:e2e [-- e2e/auth.spec.ts ...]`: build the SPA into a temp folder, start the real
// server on a free port with its own PGlite data dir, run the specs with node:test, stop the server.
// Parallel runs by different people never share a port, a data dir or a web build.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const useDist = process.env.E2E_USE_DIST === '1';
const keep = process.env.E2E_KEEP === '1';

function specFiles(args: string[]): string[] {
  const given = args.filter((a) => !a.startsWith('--'));
  if (given.length > 0) return given.map((f) => resolve(f));
  return readdirSync(join(root, 'e2e'))
    .filter((f) => f.endsWith('.spec.ts'))
    .sort()
    .map((f) => join(root, 'e2e', f));
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => ok(port));
    });
  });
}

async function waitReady(baseUrl: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode} before it was ready`);
    try {
      const res = await fetch(`${baseUrl}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server was not ready within ${timeoutMs / 1000} s`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const hard = setTimeout(() => server.kill('SIGKILL'), 10_000);
    server.once('exit', () => {
      clearTimeout(hard);
      done();
    });
    server.kill('SIGTERM');
  });
}

async function main(): Promise<number> {
  const files = specFiles(process.argv.slice(2));
  const missing = files.filter((f) => !existsSync(f));
  if (missing.length > 0) {
    console.error(`No such spec file: ${missing.join(', ')}`);
    return 2;
  }
  const runDir = mkdtempSync(join(tmpdir(), 'returns-desk-e2e-run-'));
  const dataDir = join(runDir, 'data');
  const shotsDir = process.env.E2E_SHOTS_DIR ? resolve(process.env.E2E_SHOTS_DIR) : join(runDir, 'shots');
  let server: ChildProcess | undefined;
  let failed = true;

  const cleanup = async () => {
    if (server) await stop(server);
    if (!failed && !keep) rmSync(runDir, { recursive: true, force: true });
    else console.log(`e2e: run folder kept for inspection: ${runDir}`);
  };
  const onSignal = () => void cleanup().then(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    let baseUrl = process.env.E2E_BASE_URL;
    const admin = { username: 'e2e-admin', password: `Adm-${randomBytes(9).toString('base64url')}` };
    if (baseUrl) {
      console.log(`e2e: using the running server at ${baseUrl}`);
      if (!process.env.E2E_ADMIN_PASSWORD || !process.env.E2E_DATA_DIR) {
        console.error('e2e: with E2E_BASE_URL also set E2E_ADMIN_USERNAME, E2E_ADMIN_PASSWORD and E2E_DATA_DIR');
        return 2;
      }
    } else {
      let webRoot = join(root, 'dist', 'web');
      if (!useDist) {
        webRoot = join(runDir, 'web');
        const started = Date.now();
        const build = spawnSync(
          process.execPath,
          [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', webRoot, '--logLevel', 'warn'],
          {
            cwd: root,
            stdio: 'inherit',
          },
        );
        if (build.status !== 0) throw new Error('the web build failed');
        console.log(`e2e: web build ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } else if (!existsSync(join(webRoot, 'index.html')) || !existsSync(join(root, 'dist', 'server', 'main.js'))) {
        throw new Error('E2E_USE_DIST=1 needs `npm run build` first (dist/server/main.js and dist/web/index.html)');
      }

      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
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
        // The test clients stand behind a "proxy" on loopback that names a different address for
        // each, so the per-address login limits do not trip over a long suite.
        TRUST_PROXY: 'loopback',
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      };
      // A developer's own settings must not leak in: the run is always on a fresh PGlite with mail to the outbox.
      for (const key of ['DATABASE_URL', 'SMTP_URL', 'PUBLIC_URL', 'APP_SECRET', 'DEMO_DATA']) delete env[key];
      const args = useDist ? [join(root, 'dist', 'server', 'main.js')] : ['--import', 'tsx', join(root, 'src', 'server', 'main.ts')];
      const log = createWriteStream(join(runDir, 'server.log'));
      server = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
      server.stdout?.pipe(log);
      server.stderr?.pipe(log);
      const started = Date.now();
      await waitReady(baseUrl, server, 120_000);
      console.log(
        `e2e: server ready on ${baseUrl} in ${((Date.now() - started) / 1000).toFixed(1)} s (log: ${join(runDir, 'server.log')})`,
      );
    }

    const testEnv: NodeJS.ProcessEnv = {
      ...process.env,
      E2E_BASE_URL: baseUrl,
      E2E_DATA_DIR: process.env.E2E_BASE_URL ? process.env.E2E_DATA_DIR : dataDir,
      E2E_ADMIN_USERNAME: process.env.E2E_BASE_URL ? (process.env.E2E_ADMIN_USERNAME ?? 'admin') : admin.username,
      E2E_ADMIN_PASSWORD: process.env.E2E_BASE_URL ? process.env.E2E_ADMIN_PASSWORD : admin.password,
      E2E_SHOTS_DIR: shotsDir,
    };
    const passThrough = process.argv.slice(2).filter((a) => a.startsWith('--'));
    const code = await new Promise<number>((done) => {
      const runner = spawn(
        process.execPath,
        ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...passThrough, ...files],
        { cwd: root, env: testEnv, stdio: 'inherit' },
      );
      runner.on('exit', (c) => done(c ?? 1));
    });
    failed = code !== 0;
    if (failed || keep || process.env.E2E_SHOTS_DIR) console.log(`e2e: screenshots in ${shotsDir}`);
    return code;
  } catch (error) {
    console.error(`e2e: ${(error as Error).message}`);
    const logFile = join(runDir, 'server.log');
    if (existsSync(logFile)) {
      const lines = readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-30);
      console.error(`e2e: last lines of the server log:\n${lines.join('\n')}`);
    }
    return 1;
  } finally {
    await cleanup();
  }
}

process.exitCode = await main();
