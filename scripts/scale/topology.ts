// The scale test's reference topology on 127.0.0.1, from Debian's packages and this checkout's build:
// a PostgreSQL primary and streaming replica, PgBouncer (transaction mode), Redis, an S3-protocol
// server, two web and two worker processes, HAProxy in front of the web processes; and the chaos that
// kills and restarts them while the load runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { accepts, freePort, startPgBouncer, stopChild, until, type PgBouncer } from '../../src/server/test/local-services.js';
import type { ReplicaPair } from '../../src/server/test/replica-pair.js';

export type Role = 'web' | 'worker';
/** The account lockout the throttle probe expects (set here: a developer's own setting must not change it). */
export const LOGIN_MAX_FAILURES = 5;
export interface AppNode {
  name: string;
  role: Role;
  port?: number;
  child?: ChildProcess;
}

export interface Topology {
  /** HAProxy's address, `http://127.0.0.1:<port>/api`. */
  base: string;
  nodes: AppNode[];
  webPorts: number[];
  /** Each web process's time from spawn to ready, in ms (the first starts and every restart). */
  webStarts: number[];
  /** Kills a random process (or restarts Redis, then PgBouncer) every `everyMs` until stopped. */
  startChaos(everyMs: number): {
    /** The fault rounds done so far (a kill, or the Redis or PgBouncer restart). */
    rounds(): number;
    /** The kills so far of each role. */
    killsOf(role: Role): number;
    /**
     * Runs `fn` while no web process is killed (workers still are): a probe that must reach both web
     * processes in turn for a few seconds, when a web restart takes 15–50 s on a busy 2-core machine.
     */
    sparingWeb<T>(fn: () => Promise<T>): Promise<T>;
    stop(): Promise<{ kills: number; redisRestarts: number; bouncerRestarts: number }>;
  };
}

export interface TopologyOptions {
  root: string;
  dir: string;
  pair: ReplicaPair;
  primaryUrl: string;
  say(line: string): void;
  /** Each started child, so the caller stops them whatever happens. */
  track(child: ChildProcess): ChildProcess;
  cleanups: (() => Promise<unknown>)[];
}

export async function startTopology(o: TopologyOptions): Promise<Topology> {
  const bouncer: PgBouncer = await startPgBouncer(o.primaryUrl, { mode: 'transaction', poolSize: 10 });
  o.cleanups.push(() => bouncer.stop());
  const redisPort = await freePort();
  const startRedis = async () => {
    const r = o.track(
      spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' }),
    );
    await until(() => accepts(redisPort), 10_000, 'redis');
    return r;
  };
  let redis = await startRedis();
  const { default: S3rver } = await import('s3rver');
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(o.dir, 's3'),
    configureBuckets: [{ name: 'photos' }],
  });
  const { port: s3Port } = await s3.run();
  o.cleanups.push(() => s3.close());

  const env = (name: string): NodeJS.ProcessEnv => ({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATA_DIR: join(o.dir, name),
    WEB_ROOT: join(o.dir, 'no-spa'),
    APP_SECRET: 'scale-test-secret-scale-test-secret',
    PUBLIC_URL: 'http://127.0.0.1',
    DATABASE_URL: bouncer.via(o.primaryUrl),
    DATABASE_POOLER: 'transaction',
    DIRECT_DATABASE_URL: o.primaryUrl,
    REPLICA_DATABASE_URL: o.pair.replicaUrl('rd'),
    DATABASE_POOL_SIZE: '5',
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    TRUST_PROXY: 'loopback',
    S3_BUCKET: 'photos',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    LOGIN_MAX_FAILURES: String(LOGIN_MAX_FAILURES),
    WORKER_POLL_MS: '200',
    TASK_LEASE_SECONDS: '5',
    INBOUND_POLL_SECONDS: '0',
    // The brand's receiver is a plain http:// server on this machine.
    WEBHOOK_ALLOW_HTTP: '1',
  });
  const webPorts = [await freePort(), await freePort()];
  const useDist = process.env.SCALE_FROM_SOURCE !== '1';
  if (useDist && buildIsStale(o.root)) {
    o.say('dist/server is missing or older than src: npm run build:server');
    const build = spawn('npm', ['run', '-s', 'build:server'], { cwd: o.root, stdio: 'inherit' });
    if ((await new Promise((r) => build.on('exit', r))) !== 0) throw new Error('npm run build:server failed');
  }
  const entry = useDist ? [join(o.root, 'dist/server/main.js')] : ['--import', 'tsx', join(o.root, 'src/server/main.ts')];
  const nodes: AppNode[] = [
    { name: 'web1', role: 'web', port: webPorts[0] },
    { name: 'web2', role: 'web', port: webPorts[1] },
    { name: 'worker1', role: 'worker' },
    { name: 'worker2', role: 'worker' },
  ];
  /**
   * How long a web process may take from spawn to ready: 8 s when the box is quiet, 50–60 s when its
   * two cores run other engineers' suites too (a boot is ≈ 6 s of CPU).
   */
  const READY_WITHIN_MS = 180_000;
  const webStarts: number[] = [];
  const startNode = async (n: AppNode) => {
    const spawnedAt = Date.now();
    mkdirSync(join(o.dir, n.name), { recursive: true });
    const e = { ...env(n.name), ...(n.port ? { PORT: String(n.port) } : {}) };
    n.child = o.track(
      spawn(process.execPath, [...entry, `--services=${n.role}`], { env: e, stdio: ['ignore', 'ignore', 'inherit'], cwd: o.root }),
    );
    if (n.port) {
      await until(
        async () => (await fetch(`http://127.0.0.1:${n.port}/api/ready`).catch(() => undefined))?.ok === true,
        READY_WITHIN_MS,
        n.name,
      );
      webStarts.push(Date.now() - spawnedAt);
    }
  };
  // All four at once: on a busy box their boots overlap instead of queueing.
  await Promise.all(nodes.map(startNode));
  o.say(`2 web and 2 worker processes up (${useDist ? 'dist build' : 'source through tsx'})`);

  const lbPort = await freePort();
  // deploy/haproxy.cfg's answer for a node that dies mid-answer: 503 with Retry-After, not a bare 502.
  copyFileSync(join(o.root, 'deploy/haproxy-502.http'), join(o.dir, '502.http'));
  writeFileSync(
    join(o.dir, 'haproxy.cfg'),
    `global\n  maxconn 2000\ndefaults\n  mode http\n  timeout connect 2s\n  timeout check 3s\n  timeout client 30s\n  timeout server 30s\n  retries 3\n  option redispatch\n  option forwardfor\n  errorfile 502 ${join(o.dir, '502.http')}\n` +
      `frontend http\n  bind 127.0.0.1:${lbPort}\n  default_backend web\n` +
      `backend web\n  balance leastconn\n  option httpchk GET /api/ready\n  http-check expect status 200\n  default-server inter 1s fall 2 rise 1\n` +
      nodes
        .filter((n) => n.port)
        .map((n) => `  server ${n.name} 127.0.0.1:${n.port} check\n`)
        .join(''),
  );
  o.track(spawn('haproxy', ['-f', join(o.dir, 'haproxy.cfg'), '-db', '-q'], { stdio: 'ignore' }));
  await until(() => accepts(lbPort), 10_000, 'haproxy');

  const startChaos = (everyMs: number): ReturnType<Topology['startChaos']> => {
    let stopping = false;
    let kills = 0;
    const killsByRole: Record<Role, number> = { web: 0, worker: 0 };
    let redisRestarts = 0;
    let bouncerRestarts = 0;
    let rounds = 0;
    let spared = 0;
    const restarting = new Set<AppNode>();
    const loop = (async () => {
      for (let round = 1; !stopping; round++) {
        await new Promise((r) => setTimeout(r, everyMs));
        if (stopping) break;
        rounds = round;
        if (round === 2) {
          o.say('restarting Redis (SIGKILL)');
          await stopChild(redis, 'SIGKILL');
          redis = await startRedis();
          redisRestarts++;
          continue;
        }
        if (round === 4) {
          o.say('restarting PgBouncer (SIGKILL: every client connection dropped)');
          await bouncer.restart();
          bouncerRestarts++;
          continue;
        }
        // Never both web processes at once: HAProxy needs one to send to.
        const webDown = [...restarting].some((r) => r.role === 'web');
        const candidates = nodes.filter((n) => !restarting.has(n) && !(n.role === 'web' && (webDown || spared > 0)));
        // The role killed least so far, when it may be killed: each run kills web and worker processes
        // both, whatever the dice (a run whose probes spared the web processes once killed only workers).
        const least = Math.min(...candidates.map((n) => killsByRole[n.role]));
        const pool = candidates.filter((n) => killsByRole[n.role] === least);
        const victim = pool[Math.floor(Math.random() * pool.length)];
        if (!victim) continue;
        o.say(`kill -9 ${victim.name}`);
        kills++;
        killsByRole[victim.role]++;
        restarting.add(victim);
        await stopChild(victim.child!, 'SIGKILL');
        // Started again in the background: the next kill does not wait for it.
        void startNode(victim).then(
          () => (restarting.delete(victim), o.say(`${victim.name} back`)),
          (error: unknown) => o.say(`${victim.name} did not come back: ${String(error)}`),
        );
      }
    })();
    return {
      rounds: () => rounds,
      killsOf: (role) => killsByRole[role],
      async sparingWeb<T>(fn: () => Promise<T>): Promise<T> {
        spared++;
        try {
          return await fn();
        } finally {
          spared--;
        }
      },
      async stop() {
        stopping = true;
        await loop;
        await until(() => restarting.size === 0, READY_WITHIN_MS, 'every killed process back');
        return { kills, redisRestarts, bouncerRestarts };
      },
    };
  };
  return { base: `http://127.0.0.1:${lbPort}/api`, nodes, webPorts, webStarts, startChaos };
}

/** Whether dist/server/main.js is missing or older than a file under src/server or src/contract. */
function buildIsStale(root: string): boolean {
  const built = join(root, 'dist/server/main.js');
  if (!existsSync(built)) return true;
  const at = statSync(built).mtimeMs;
  const newer = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((e) =>
      e.isDirectory()
        ? newer(join(dir, e.name))
        : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && statSync(join(dir, e.name)).mtimeMs > at,
    );
  return newer(join(root, 'src/server')) || newer(join(root, 'src/contract'));
}
