/**
 * `npm run test:scale` (issue 29): the reference topology from Debian's packages on 127.0.0.1 —
 * a PostgreSQL 15 primary and streaming replica (the test's own, scripts/../src/server/test/
 * replica-pair.ts), PgBouncer (transaction mode), Redis, an S3-protocol server (s3rver), HAProxy,
 * two web and two worker processes of this checkout — then a mixed load from several clients
 * while web and worker processes are killed with SIGKILL and started again, Redis restarted once
 * and PgBouncer restarted once. Prints the counts and exits 1 when a return is lost or stored
 * twice, an outbound file is missing or sent twice, or a caller missed its own write.
 * SCALE_REQUESTS (default 600), SCALE_CLIENTS (8), SCALE_KILL_EVERY_MS (3000); the processes run
 * dist/server/main.js (built first when missing or older than the sources), or the sources through tsx with SCALE_FROM_SOURCE=1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openPostgres, queryRows } from '../src/server/db/client.js';
import { createSettingsRepository } from '../src/server/modules/settings/settings.repository.js';
import { makeUser } from '../src/server/test/factories.js';
import { accepts, freePort, sharedTempDir, startPgBouncer, stopChild, until } from '../src/server/test/local-services.js';
import { draftFor, makeConnection, receivingFixture } from '../src/server/test/receiving-fixtures.js';
import { startReplicaPair } from '../src/server/test/replica-pair.js';
import { plainImage } from '../src/server/test/images.js';

const REQUESTS = Number(process.env.SCALE_REQUESTS ?? 600);
const CLIENTS = Number(process.env.SCALE_CLIENTS ?? 8);
const KILL_EVERY_MS = Number(process.env.SCALE_KILL_EVERY_MS ?? 3000);
const root = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();
const say = (line: string) => console.log(`[scale ${((Date.now() - started) / 1000).toFixed(1)}s] ${line}`);
const children: ChildProcess[] = [];
const track = (c: ChildProcess) => (children.push(c), c);
/** What to stop at the end, whatever happened (the clusters and daemons are this run's own). */
const cleanups: (() => Promise<unknown>)[] = [];

async function main() {
  const dir = sharedTempDir('rd-scale-');
  // Kept when SCALE_KEEP=1 (the processes' data folders and outbound files, to look into).
  cleanups.push(async () => process.env.SCALE_KEEP === '1' || rmSync(dir, { recursive: true, force: true }));
  const pair = await startReplicaPair();
  cleanups.push(() => pair.stop());
  const admin = await openPostgres(pair.primaryUrl('postgres'), 1);
  await admin.db.execute(sql`CREATE DATABASE rd`);
  await admin.close();
  const primaryUrl = pair.primaryUrl('rd');
  const database = await openPostgres(primaryUrl, 4);
  await database.migrate();
  const db = database.db;
  const { customer, made } = await receivingFixture(db, [1_000_000, 1_000_000]);
  await makeConnection(db, customer.id);
  const settings = createSettingsRepository(db);
  for (const [key, value] of Object.entries({ BIZTALK_FTP_URL: '', BIZTALK_OUTBOUND_DIR: '/scale', H2O_CUSTOMER_ID: '' }))
    await settings.set(key as never, value, new Date());
  const operator = await makeUser(db, { customerIds: [customer.id] });
  say(`primary and replica up (${primaryUrl}), schema migrated`);

  const bouncer = await startPgBouncer(primaryUrl, { mode: 'transaction', poolSize: 10 });
  cleanups.push(() => bouncer.stop());
  const redisPort = await freePort();
  const startRedis = async () => {
    const r = track(
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
    directory: join(dir, 's3'),
    configureBuckets: [{ name: 'photos' }],
  });
  const { port: s3Port } = await s3.run();
  cleanups.push(() => s3.close());

  const env = (name: string): NodeJS.ProcessEnv => ({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATA_DIR: join(dir, name),
    WEB_ROOT: join(dir, 'no-spa'),
    APP_SECRET: 'scale-test-secret-scale-test-secret',
    PUBLIC_URL: 'http://127.0.0.1',
    DATABASE_URL: bouncer.via(primaryUrl),
    DATABASE_POOLER: 'transaction',
    DIRECT_DATABASE_URL: primaryUrl,
    REPLICA_DATABASE_URL: pair.replicaUrl('rd'),
    DATABASE_POOL_SIZE: '5',
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    TRUST_PROXY: 'loopback',
    S3_BUCKET: 'photos',
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    WORKER_POLL_MS: '200',
    TASK_LEASE_SECONDS: '5',
    INBOUND_POLL_SECONDS: '0',
  });
  const webPorts = [await freePort(), await freePort()];
  const useDist = process.env.SCALE_FROM_SOURCE !== '1';
  if (useDist && buildIsStale()) {
    say('dist/server is missing or older than src: npm run build:server');
    const build = spawn('npm', ['run', '-s', 'build:server'], { cwd: root, stdio: 'inherit' });
    if ((await new Promise((r) => build.on('exit', r))) !== 0) throw new Error('npm run build:server failed');
  }
  const entry = useDist ? [join(root, 'dist/server/main.js')] : ['--import', 'tsx', join(root, 'src/server/main.ts')];
  type Node = { name: string; role: 'web' | 'worker'; port?: number; child?: ChildProcess };
  const nodes: Node[] = [
    { name: 'web1', role: 'web', port: webPorts[0] },
    { name: 'web2', role: 'web', port: webPorts[1] },
    { name: 'worker1', role: 'worker' },
    { name: 'worker2', role: 'worker' },
  ];
  const startNode = async (n: Node) => {
    mkdirSync(join(dir, n.name), { recursive: true });
    const e = { ...env(n.name), ...(n.port ? { PORT: String(n.port) } : {}) };
    n.child = track(
      spawn(process.execPath, [...entry, `--services=${n.role}`], { env: e, stdio: ['ignore', 'ignore', 'inherit'], cwd: root }),
    );
    if (n.port)
      await until(async () => (await fetch(`http://127.0.0.1:${n.port}/api/ready`).catch(() => undefined))?.ok === true, 60_000, n.name);
  };
  for (const n of nodes) await startNode(n);
  say(`2 web and 2 worker processes up (${useDist ? 'dist build' : 'source through tsx'})`);

  const lbPort = await freePort();
  writeFileSync(
    join(dir, 'haproxy.cfg'),
    `global\n  maxconn 2000\ndefaults\n  mode http\n  timeout connect 2s\n  timeout check 3s\n  timeout client 30s\n  timeout server 30s\n  retries 3\n  option redispatch\n  option forwardfor\n` +
      `frontend http\n  bind 127.0.0.1:${lbPort}\n  default_backend web\n` +
      `backend web\n  balance leastconn\n  option httpchk GET /api/ready\n  http-check expect status 200\n  default-server inter 1s fall 2 rise 1\n` +
      nodes
        .filter((n) => n.port)
        .map((n) => `  server ${n.name} 127.0.0.1:${n.port} check\n`)
        .join(''),
  );
  track(spawn('haproxy', ['-f', join(dir, 'haproxy.cfg'), '-db', '-q'], { stdio: 'ignore' }));
  await until(() => accepts(lbPort), 10_000, 'haproxy');
  const base = `http://127.0.0.1:${lbPort}/api`;

  // The load: each client logs in once, then searches, submits (retrying the same draft until it is
  // acknowledged), reads its return back at once, and reads history pages.
  const statuses: Record<string, number> = {};
  const count = (key: string | number) => (statuses[key] = (statuses[key] ?? 0) + 1);
  const acknowledged = new Map<string, number>();
  let ownWriteMisses = 0;
  let sent = 0;
  const image = await plainImage('jpeg', 320, 240);
  const photosOf = new Map<number, number>(); // return id → its photo
  const send = async (method: string, path: string, token?: string, body?: unknown, ip = '10.0.0.1') => {
    sent++;
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          'content-type': Buffer.isBuffer(body) ? 'image/jpeg' : 'application/json',
          'x-forwarded-for': ip,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
      });
      count(res.status);
      if (res.status >= 500 && !(res.status === 503 && res.headers.get('retry-after'))) count(`${res.status} (no Retry-After)`);
      return { status: res.status, body: (await res.json().catch(() => undefined)) as { message: any } | undefined };
    } catch {
      count('no answer');
      return { status: 0, body: undefined };
    }
  };
  let stopKilling = false;
  let kills = 0;
  let redisRestarts = 0;
  let bouncerRestarts = 0;
  const restarting = new Set<Node>();
  const killer = (async () => {
    let round = 0;
    while (!stopKilling) {
      await new Promise((r) => setTimeout(r, KILL_EVERY_MS));
      if (stopKilling) break;
      round++;
      if (round === 2) {
        say('restarting Redis (SIGKILL)');
        await stopChild(redis, 'SIGKILL');
        redis = await startRedis();
        redisRestarts++;
        continue;
      }
      if (round === 4) {
        say('restarting PgBouncer (SIGKILL: every client connection dropped)');
        await bouncer.restart();
        bouncerRestarts++;
        continue;
      }
      // Never both web processes at once: HAProxy needs one to send to.
      const candidates = nodes.filter((n) => !restarting.has(n) && !(n.role === 'web' && [...restarting].some((r) => r.role === 'web')));
      const victim = candidates[Math.floor(Math.random() * candidates.length)];
      if (!victim) continue;
      say(`kill -9 ${victim.name}`);
      kills++;
      restarting.add(victim);
      await stopChild(victim.child!, 'SIGKILL');
      // Started again in the background: the next kill does not wait for it.
      void startNode(victim).then(
        () => (restarting.delete(victim), say(`${victim.name} back`)),
        (error: unknown) => say(`${victim.name} did not come back: ${String(error)}`),
      );
    }
  })();

  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      const ip = `10.0.1.${c + 1}`;
      let token: string | undefined;
      while (!token) {
        const login = await send('POST', '/auth/login', undefined, { username: operator.username, password: operator.password }, ip);
        token = login.status === 200 ? (login.body!.message.token as string) : undefined;
      }
      while (next < REQUESTS) {
        const i = next++;
        const kind = i % 10;
        if (kind < 3) {
          // Every other submit carries a photo of the parcel, uploaded first (to the object store).
          let photoId: number | undefined;
          for (let attempt = 0; i % 2 === 0 && photoId === undefined && attempt < 100; attempt++) {
            const res = await send('POST', `/photos?customer_id=${customer.id}`, token, image, ip);
            if (res.status === 200) photoId = res.body!.message.id as number;
            else await new Promise((r) => setTimeout(r, 100));
          }
          const draft = draftFor(customer.id, made, { reference_1: `SCALE-${i}`, ...(photoId ? { photo_ids: [photoId] } : {}) });
          let id: number | undefined;
          for (let attempt = 0; id === undefined && attempt < 100; attempt++) {
            const res = await send('POST', '/returns', token, draft, ip);
            if (res.status === 200) id = res.body!.message.id as number;
            else await new Promise((r) => setTimeout(r, 100));
          }
          if (id === undefined) continue;
          acknowledged.set(draft.id, id);
          if (photoId) photosOf.set(id, photoId);
          const view = await send('GET', `/returns/${id}/order/${made.order.id}`, token, undefined, ip);
          const listed = await send('GET', `/returns?search[id]=${id}`, token, undefined, ip);
          if (view.status === 200 && listed.status === 200 && !(listed.body!.message.data as { id: number }[]).some((r) => r.id === id))
            ownWriteMisses++;
        } else if (kind < 6) {
          await send('PUT', `/returns/search/${customer.id}`, token, { search: made.order.orderNumber }, ip);
        } else {
          await send('GET', `/returns?page=${1 + (i % 3)}`, token, undefined, ip);
        }
      }
    }),
  );
  stopKilling = true;
  await killer;
  await until(() => restarting.size === 0, 90_000, 'every killed process back');
  say('load done; waiting for the workers to finish every task');
  await until(
    async () => {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM tasks WHERE task_status <> 'Success' OR is_running`,
      );
      return row!.n === 0;
    },
    120_000,
    'every task done',
  );

  const [stored] = await queryRows<{ returns: number; drafts: number; tasks: number; message_ids: number; attempts: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM returns WHERE customer_id = ${customer.id}) AS returns,
               (SELECT count(DISTINCT draft_id)::int FROM returns WHERE customer_id = ${customer.id}) AS drafts,
               (SELECT count(*)::int FROM tasks WHERE task_type = 'SGL Outbound') AS tasks,
               (SELECT count(DISTINCT payload->>'messageId')::int FROM tasks WHERE task_type = 'SGL Outbound') AS message_ids,
               (SELECT coalesce(max(attempts_count), 0)::int FROM tasks WHERE task_type = 'SGL Outbound') AS attempts`,
  );
  const files = nodes
    .filter((n) => n.role === 'worker')
    .flatMap((n) => {
      const folder = join(dir, n.name, 'ftp', 'scale');
      return existsSync(folder) ? readdirSync(folder).filter((f) => !f.startsWith('.')) : [];
    });
  const ackedIds = new Set(acknowledged.values());
  // Every photo of an acknowledged return, read from each web process directly (not through HAProxy).
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.2.1' },
    body: JSON.stringify({ username: operator.username, password: operator.password }),
  });
  const readerToken = ((await login.json()) as { message: { token: string } }).message.token;
  let photosReadable = 0;
  for (const photoId of photosOf.values()) {
    const answers = await Promise.all(
      webPorts.map((port) =>
        fetch(`http://127.0.0.1:${port}/api/photos/${photoId}/thumb`, { headers: { authorization: `Bearer ${readerToken}` } }).then(
          (r) => r.status,
        ),
      ),
    );
    if (answers.every((s) => s === 200)) photosReadable++;
  }
  const [attached] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM photos WHERE return_id = ANY(${`{${[...ackedIds].join(',')}}`}::int[])`,
  );
  const [found] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM returns WHERE id = ANY(${`{${[...ackedIds].join(',')}}`}::int[])`,
  );
  const [replica] = await pair.onReplica<{ n: number }>(
    'rd',
    'SELECT xact_commit::int AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  const report = {
    requests: sent,
    statuses,
    kills,
    'redis restarts': redisRestarts,
    'pgbouncer restarts': bouncerRestarts,
    'returns acknowledged': acknowledged.size,
    'acknowledged returns found': found!.n,
    'returns stored': stored!.returns,
    'distinct drafts stored': stored!.drafts,
    'outbound tasks': stored!.tasks,
    'distinct message ids': stored!.message_ids,
    'most attempts of one outbound task': stored!.attempts,
    'outbound files written (both workers)': files.length,
    'distinct outbound file names': new Set(files).size,
    'own writes not seen at once': ownWriteMisses,
    'returns acknowledged with a photo': photosOf.size,
    'their photos attached in the database': attached!.n,
    'their photos readable from both web processes': photosReadable,
    'transactions committed on the replica (reads served there)': replica!.n,
  };
  console.log(JSON.stringify(report, null, 2));
  const failures = [
    found!.n !== acknowledged.size && 'an acknowledged return is missing',
    stored!.returns !== stored!.drafts && 'a draft was stored twice',
    stored!.returns !== acknowledged.size && 'a return was stored that no client saw acknowledged',
    stored!.tasks !== stored!.returns && 'not one outbound task per return',
    stored!.message_ids !== stored!.tasks && 'two outbound tasks share a message id',
    new Set(files).size !== stored!.returns && 'not one outbound file per return',
    ownWriteMisses > 0 && 'a caller missed its own write',
    attached!.n !== photosOf.size && 'a photo of an acknowledged return is not attached',
    photosReadable !== photosOf.size && 'a photo is not readable from both web processes',
  ].filter(Boolean);
  await database.close();
  return failures;
}

/** Whether dist/server/main.js is missing or older than a file under src/server or src/contract. */
function buildIsStale(): boolean {
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

async function cleanUp(signal: NodeJS.Signals) {
  for (const c of children.reverse()) await stopChild(c, signal);
  for (const f of cleanups.reverse()) await f().catch(() => undefined);
}

main()
  .then(async (failures) => {
    await cleanUp('SIGTERM');
    say(failures.length ? `FAILED: ${failures.join('; ')}` : 'OK: nothing lost, nothing stored or sent twice');
    process.exit(failures.length ? 1 : 0);
  })
  .catch(async (error: unknown) => {
    console.error(error);
    await cleanUp('SIGKILL');
    process.exit(2);
  });
