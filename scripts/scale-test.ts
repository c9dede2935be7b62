/**
 * `npm run test:scale` (issue 29; a tier of `npm test`): the reference topology from Debian's
 * packages on 127.0.0.1 (scripts/scale/topology.ts: PostgreSQL primary and streaming replica,
 * PgBouncer in transaction mode, Redis, an S3-protocol server, HAProxy, two web and two worker
 * processes of this checkout) and a brand's webhook receiver; then a mixed load from several clients
 * (scripts/scale/load.ts: submits with photos, searches, history, order imports, corrections) while
 * web and worker processes are killed with SIGKILL and started again, Redis restarted once and
 * PgBouncer once. Meanwhile it probes the login throttle straight on both web processes
 * (scripts/scale/throttle-probe.ts) and samples the replica against the primary
 * (scripts/scale/replica-sampler.ts). Prints the counts and exits 1 when anything acknowledged is
 * lost or stored twice, an outbound file or webhook event is missing or made twice for a return
 * version, a 5xx is not a 503 with Retry-After, a caller missed its own write, the throttle let more
 * through two processes than one allows, or a read was newer than the primary (scripts/scale/verdict.ts).
 * SCALE_REQUESTS (default 600), SCALE_CLIENTS (8), SCALE_KILL_EVERY_MS (3000), SCALE_MIN_FAULT_ROUNDS (8:
 * the load goes on until that many fault rounds have passed and a web and a worker process have
 * been killed), SCALE_KEEP=1 keeps the
 * folders; the processes run dist/server/main.js (built first when missing or older than the
 * sources), or the sources through tsx with SCALE_FROM_SOURCE=1.
 */
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openPostgres, queryRows } from '../src/server/db/client.js';
import { createSettingsRepository } from '../src/server/modules/settings/settings.repository.js';
import { makeUser } from '../src/server/test/factories.js';
import { sharedTempDir, stopChild, until } from '../src/server/test/local-services.js';
import { makeConnection, receivingFixture } from '../src/server/test/receiving-fixtures.js';
import { startReplicaPair } from '../src/server/test/replica-pair.js';
import { plainImage } from '../src/server/test/images.js';
import { AUTH_REQUESTS_PER_MINUTE } from '../src/server/http/rate-limits.js';
import { runLoad } from './scale/load.js';
import { replicaFailures, replicaReport, startReplicaSampler } from './scale/replica-sampler.js';
import { probeThrottle, throttleFailures, type ThrottleFinding } from './scale/throttle-probe.js';
import { LOGIN_MAX_FAILURES, startTopology } from './scale/topology.js';
import { verdict } from './scale/verdict.js';
import { startWebhookReceiver } from './scale/webhook-receiver.js';

const REQUESTS = Number(process.env.SCALE_REQUESTS ?? 600);
const CLIENTS = Number(process.env.SCALE_CLIENTS ?? 8);
const KILL_EVERY_MS = Number(process.env.SCALE_KILL_EVERY_MS ?? 3000);
/**
 * The load lasts at least this many fault rounds (round 2 restarts Redis, round 4 PgBouncer, the
 * others kill a process), however fast the machine serves the requests: on a quiet machine 300
 * requests take a dozen seconds, too few for the faults the test is about.
 */
const MIN_FAULT_ROUNDS = Number(process.env.SCALE_MIN_FAULT_ROUNDS ?? 8);
const root = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();
const say = (line: string) => console.log(`[scale ${((Date.now() - started) / 1000).toFixed(1)}s] ${line}`);
const children: ChildProcess[] = [];
const track = (c: ChildProcess) => (children.push(c), c);
/** What to stop at the end, whatever happened (the clusters and daemons are this run's own). */
const cleanups: (() => Promise<unknown>)[] = [];

async function main() {
  const dir = sharedTempDir('rd-scale-');
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
  const adminUser = await makeUser(db, { isSu: true });
  say(`primary and replica up (${primaryUrl}), schema migrated`);

  const topology = await startTopology({ root, dir, pair, primaryUrl, say, track, cleanups });
  const receiver = await startWebhookReceiver();
  cleanups.push(() => receiver.close());
  const adminLogin = await post(`${topology.base}/auth/login`, { username: adminUser.username, password: adminUser.password });
  const endpoint = await post(
    `${topology.base}/su/customers/${customer.id}/webhooks`,
    { url: receiver.url, event_types: ['return.received', 'return.corrected'] },
    adminLogin.token as string,
  );
  receiver.secret = endpoint.secret as string;
  say(`webhook endpoint ${endpoint.id as number} → ${receiver.url}`);

  const sampler = startReplicaSampler({
    base: topology.base,
    token: (await post(`${topology.base}/auth/login`, { username: operator.username, password: operator.password })).token as string,
    customerId: customer.id,
    primary: db,
    replicaUrl: pair.replicaUrl('rd'),
  });
  const chaos = topology.startChaos(KILL_EVERY_MS);
  // The throttle probes start once Redis has been restarted (round 2): the limits must hold after it.
  const probes = (async () => {
    await until(() => chaos.rounds() >= 3, 120_000, 'the Redis restart');
    const options = {
      webPorts: topology.webPorts,
      newUsername: async () => (await makeUser(db)).username,
      sparingWeb: <T>(fn: () => Promise<T>) => chaos.sparingWeb(fn),
    };
    const account = await probeThrottle('account', LOGIN_MAX_FAILURES, options);
    say(`throttle probe, one account: ${account ? `${account.allowed} failed logins, then 429` : 'disturbed on every try'}`);
    const address = await probeThrottle('address', AUTH_REQUESTS_PER_MINUTE, options);
    say(`throttle probe, one address: ${address ? `${address.allowed} failed logins, then 429` : 'disturbed on every try'}`);
    return { account, address };
  })();
  const loadDone = runLoad({
    base: topology.base,
    requests: REQUESTS,
    clients: CLIENTS,
    customerId: customer.id,
    made,
    operator,
    admin: adminUser,
    image: await plainImage('jpeg', 320, 240),
    faultsDone: () => chaos.rounds() >= MIN_FAULT_ROUNDS && chaos.killsOf('web') > 0 && chaos.killsOf('worker') > 0,
  });
  const [load, throttle] = await Promise.all([loadDone, probes]);
  const samples = await sampler.stop();
  const { kills, redisRestarts, bouncerRestarts } = await chaos.stop();
  say('load done; waiting for the workers to finish every task and delivery');
  await until(
    async () => {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`SELECT (SELECT count(*) FROM tasks WHERE task_status <> 'Success' OR is_running)::int
                 + (SELECT count(*) FROM webhook_deliveries WHERE status = 'pending')::int AS n`,
      );
      return row!.n === 0;
    },
    180_000,
    'every task and delivery done',
  );

  // Every photo of an acknowledged return, read from each web process directly (not through HAProxy).
  const reader = await post(`${topology.base}/auth/login`, { username: operator.username, password: operator.password });
  let photosReadable = 0;
  for (const photoId of load.photosOf.values()) {
    const answers = await Promise.all(
      topology.webPorts.map((port) =>
        fetch(`http://127.0.0.1:${port}/api/photos/${photoId}/thumb`, {
          headers: { authorization: `Bearer ${reader.token as string}` },
        }).then((r) => r.status),
      ),
    );
    if (answers.every((s) => s === 200)) photosReadable++;
  }
  const [replica] = await pair.onReplica<{ n: number; scans: number }>(
    'rd',
    `SELECT xact_commit::int AS n,
            (SELECT coalesce(sum(seq_scan + coalesce(idx_scan, 0)), 0)::int FROM pg_stat_user_tables WHERE relname = 'returns') AS scans
       FROM pg_stat_database WHERE datname = current_database()`,
  );
  const found = await verdict(db, { customerId: customer.id, dir, nodes: topology.nodes, load, receiver, photosReadable });
  const webKills = chaos.killsOf('web');
  if (redisRestarts < 1 || bouncerRestarts < 1 || webKills < 1 || kills - webKills < 1)
    found.failures.push('a planned fault did not happen');
  found.failures.push(
    ...throttleFailures('account', LOGIN_MAX_FAILURES, throttle.account, false),
    ...throttleFailures('address', AUTH_REQUESTS_PER_MINUTE, throttle.address, true),
    ...replicaFailures(samples),
  );
  console.log(
    JSON.stringify(
      {
        kills: `${kills} (web ${webKills}, worker ${kills - webKills})`,
        'redis restarts': redisRestarts,
        'web process start to ready, each start (s)': topology.webStarts.map((ms) => Math.round(ms / 1000)).join(', '),
        'pgbouncer restarts': bouncerRestarts,
        ...found.report,
        'transactions committed on the replica (reads and read-routing checks)': replica!.n,
        'scans of the returns table served by the replica': replica!.scans,
        'login throttle, one account (lockout; one process allows)': throttleReport(throttle.account, LOGIN_MAX_FAILURES),
        'login throttle, one address (Redis rate limit; one process allows)': throttleReport(throttle.address, AUTH_REQUESTS_PER_MINUTE),
        'replica against the primary during the load': replicaReport(samples),
      },
      null,
      2,
    ),
  );
  await database.close();
  return found.failures;
}

function throttleReport(f: ThrottleFinding | undefined, limit: number) {
  if (!f) return 'disturbed on every try';
  return {
    'one process allows': limit,
    'failed logins let through by web1 + web2': `${f.allowed} (${f.perNode.join(' + ')})`,
    'then 429, Retry-After (s)': f.retryAfter,
    ...(f.remaining.length ? { 'x-ratelimit-remaining seen': f.remaining.join(',') } : {}),
    'tries thrown away (a fault disturbed them)': f.spoiled,
  };
}

/** A POST through HAProxy that must succeed (the set-up, before any process is killed). */
async function post(url: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.0.9.9', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { message: Record<string, unknown> };
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(answer)}`);
  return answer.message;
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
