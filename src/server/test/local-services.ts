import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Debian's daemons started by a test on 127.0.0.1 (issue 29): PgBouncer (1.18 here: no prepared
 * statements in transaction mode) in front of the test server. `apt-get install -y pgbouncer`.
 * No vitest imports: `npm run test:scale` (scripts/scale-test.ts) uses these outside the runner.
 */

/** Polls `check` until it answers truthy (what vitest's waitFor does, usable outside vitest). */
export async function until(check: () => Promise<boolean> | boolean, timeoutMs = 15_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Stops a child and waits for it; SIGKILL after 5 s. */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

/** A folder the `postgres` system user can read and write, for daemons that drop root. */
export function sharedTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o777);
  return dir;
}

export interface PgBouncer {
  port: number;
  /** `url` with its host and port replaced by PgBouncer's (same database and user). */
  via(url: string): string;
  /** Kills it (SIGKILL: every client connection drops) and starts it again on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * PgBouncer in front of the PostgreSQL server `serverUrl` names, every database passed through.
 * Auth is trust on 127.0.0.1 (the test server is trust too). `poolSize` server connections per
 * database and user: small, so that transactions of one client land on different server
 * connections and anything session-bound shows.
 */
export async function startPgBouncer(
  serverUrl: string,
  options: { mode?: 'transaction' | 'session'; poolSize?: number } = {},
): Promise<PgBouncer> {
  const server = new URL(serverUrl);
  const port = await freePort();
  const dir = sharedTempDir('rd-pgbouncer-');
  const ini = join(dir, 'pgbouncer.ini');
  writeFileSync(join(dir, 'users.txt'), `"${decodeURIComponent(server.username) || 'postgres'}" ""\n`);
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      `pool_mode = ${options.mode ?? 'transaction'}`,
      `default_pool_size = ${options.poolSize ?? 2}`,
      'max_client_conn = 500',
      'ignore_startup_parameters = extra_float_digits,options',
      // It refuses to run as root; the test machines run tests as root.
      ...(process.getuid?.() === 0 ? ['user = postgres'] : []),
      '',
    ].join('\n'),
  );
  for (const f of ['pgbouncer.ini', 'users.txt']) chmodSync(join(dir, f), 0o644);
  let child: ChildProcess;
  const start = async () => {
    const c = spawn('pgbouncer', [ini], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    c.stderr!.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString('utf8')).slice(-4000);
    });
    child = c;
    try {
      await until(
        async () => {
          if (c.exitCode !== null) throw new Error(`pgbouncer exited: ${errors}`);
          return accepts(port);
        },
        15_000,
        'pgbouncer listening',
      );
    } catch (error) {
      c.kill('SIGKILL');
      throw error;
    }
  };
  await start();
  return {
    port,
    via(url) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async restart() {
      await stopChild(child, 'SIGKILL');
      await start();
    },
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
