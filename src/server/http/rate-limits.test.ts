import type { FastifyInstance } from 'fastify';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { connect, createServer } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../contract/messages.js';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { AUTH_REQUESTS_PER_MINUTE } from './rate-limits.js';
import { makeUser } from '../test/factories.js';
import { waitFor } from '../test/integration-servers.js';
import { call, createTestApp } from '../test/test-app.js';

/** The Redis every developer machine and CI job runs (docs/operations.md). */
const SHARED_REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The auth routes' own limit (auth.routes.ts). */
const AUTH_LIMIT = AUTH_REQUESTS_PER_MINUTE;

/** Two web "nodes": two apps on one database and one configuration, as two processes would be. */
async function twoNodes(overrides: Partial<Config>, logger?: pino.Logger) {
  const t = await createTestApp(overrides);
  const nodes: FastifyInstance[] = [];
  for (let i = 0; i < 2; i++) {
    const node = await buildApp(t.deps, logger ? { loggerInstance: logger } : {});
    await node.ready();
    nodes.push(node);
  }
  return {
    t,
    nodes: nodes as [FastifyInstance, FastifyInstance],
    async close() {
      for (const node of nodes) await node.close();
      await t.close();
    },
  };
}

type Attempt = (app: FastifyInstance, i: number) => Promise<{ status: number; headers: Record<string, unknown> }>;

const failedLogin: Attempt = (app, i) =>
  call(app, 'POST', '/api/auth/login', { body: { username: `nobody${i}`, password: 'wrong' }, ip: '10.29.0.1' });
/** Same limit as a login, without a password hash to compute: the outage test makes many. */
const badResetToken: Attempt = (app, i) =>
  call(app, 'POST', '/api/auth/validate-reset-token', { body: { username: `nobody${i}`, token: 'wrong' }, ip: '10.29.0.2' });

/** Makes `count` attempts from one address, alternating between the nodes; answers the statuses. */
async function alternate(nodes: FastifyInstance[], count: number, attempt = failedLogin): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await attempt(nodes[i % nodes.length]!, i)).status);
  return statuses;
}

// The account lockout must not answer first: only the request rate limit is measured here.
const noLockout = { LOGIN_MAX_FAILURES: 1000 };

describe('rate limits across two web nodes', { timeout: 60_000 }, () => {
  it('with one Redis, the 21st login attempt across both nodes is refused as on one node', async () => {
    const cluster = await twoNodes({ ...noLockout, REDIS_URL: SHARED_REDIS, REDIS_KEY_PREFIX: `rd-test:${randomUUID()}:` });
    try {
      expect(await alternate(cluster.nodes, AUTH_LIMIT)).toEqual(Array<number>(AUTH_LIMIT).fill(401));
      for (const node of cluster.nodes) {
        const refused = await failedLogin(node, 99);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await cluster.close();
    }
  });

  it('without Redis each node counts on its own (why REDIS_URL is needed for several nodes)', async () => {
    const cluster = await twoNodes(noLockout);
    try {
      expect(await alternate(cluster.nodes, AUTH_LIMIT + 2, badResetToken)).toEqual(Array<number>(AUTH_LIMIT + 2).fill(404));
    } finally {
      await cluster.close();
    }
  });

  it('the account lockout is global already: it lives in the shared database', async () => {
    const cluster = await twoNodes({ LOGIN_MAX_FAILURES: 3 });
    try {
      const user = await makeUser(cluster.t.deps.database.db);
      for (let i = 0; i < 3; i++) {
        const res = await call(cluster.nodes[i % 2]!, 'POST', '/api/auth/login', {
          body: { username: user.username, password: 'wrong' },
          ip: `10.29.1.${i}`,
        });
        expect(res.status).toBe(401);
      }
      const locked = await call(cluster.nodes[1], 'POST', '/api/auth/login', {
        body: { username: user.username, password: user.password },
        ip: '10.29.1.9',
      });
      expect(locked.status).toBe(429);
      expect(locked.body.message).toBe(MSG.tooManyAttempts);
    } finally {
      await cluster.close();
    }
  });
});

describe('when Redis goes away', { timeout: 60_000 }, () => {
  let redis: ChildProcess;
  let port: number;
  const startRedis = async () => {
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    await waitFor(() => accepts(port));
  };
  const stopRedis = () =>
    new Promise<void>((resolve) => {
      redis.once('exit', () => resolve());
      redis.kill('SIGKILL');
    });

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
  });
  afterAll(async () => {
    if (redis.exitCode === null && redis.signalCode === null) await stopRedis();
  });

  it('fails open with one warning per outage, and enforces the limits again once it is back', async () => {
    const lines: { level: number; msg: string }[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString('utf8')) as { level: number; msg: string });
          done();
        },
      }),
    );
    const cluster = await twoNodes({ ...noLockout, REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_KEY_PREFIX: 'rd-test:' }, logger);
    const outageWarnings = () => lines.filter((l) => l.msg.startsWith('Redis not reachable')).length;
    const reconnected = () => lines.filter((l) => l.msg.startsWith('Redis reachable again')).length;
    try {
      // Both nodes connected: the shared limit holds.
      expect(outageWarnings()).toBe(0);

      await stopRedis();
      await waitFor(() => outageWarnings() === 2); // one per node
      const during = await alternate(cluster.nodes, AUTH_LIMIT + 5, badResetToken);
      expect(during).toEqual(Array<number>(AUTH_LIMIT + 5).fill(404));
      expect(outageWarnings()).toBe(2); // not one per request

      await startRedis();
      // Each node reconnects on its own retry schedule: both say so once, then the shared limit holds.
      await waitFor(() => reconnected() === 2);
      await waitFor(async () => (await alternate(cluster.nodes, AUTH_LIMIT + 1, badResetToken)).includes(429));
      expect(outageWarnings()).toBe(2);
      expect(reconnected()).toBe(2);
    } finally {
      await cluster.close();
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
