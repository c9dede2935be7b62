/**
 * Webhook delivery (issue 26) on PostgreSQL, to a receiver on 127.0.0.1 (node:http, answers 200):
 *  1. events delivered per second by one worker (its own pool), WORKER_CONCURRENCY 2 and 8, with the
 *     real 'Webhook Delivery' handler (sign, post, log the attempt); each event its own subject;
 *  2. time from a submit (the return and its return.received event in one statement) to the receiver
 *     holding the signed delivery, with the NOTIFY wake-up (poll 1000 ms): p50 / p99.
 * Run: npm run bench webhooks   (BENCH_DATABASE_URL, default local postgres; EVENTS=n, SUBMITS=n)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.js';
import { openPostgres, queryRows, type Database } from '../src/server/db/client.js';
import type { AppDeps } from '../src/server/deps.js';
import { createOutboxMailer } from '../src/server/integrations/mailer.js';
import { systemClock } from '../src/server/lib/clock.js';
import { SecretBox } from '../src/server/lib/crypto.js';
import { fileTransportsFromConfig } from '../src/server/bootstrap/file-transports.js';
import { photoStorageFromConfig } from '../src/server/bootstrap/photo-storage.js';
import { webhookEndpoints } from '../src/server/db/schema/index.js';
import { createReturnCommand } from '../src/server/modules/returns/create-return.js';
import { createTaskHandlers } from '../src/server/modules/tasks/handlers/task-handlers.js';
import { createTaskWorkerRepository } from '../src/server/modules/tasks/task-worker.repository.js';
import { createWorker } from '../src/server/modules/tasks/task-worker.js';
import { startTaskWakeup } from '../src/server/modules/tasks/task-wakeup-listener.js';
import { createWebhookEventsRepository } from '../src/server/modules/webhooks/webhook-events.repository.js';
import { newWebhookSecret } from '../src/server/modules/webhooks/webhook-signature.js';
import { makeReturnFixture } from '../src/server/test/integration-fixtures.js';
import { freshDatabase, percentile } from './support.js';

const EVENTS = Number(process.env.EVENTS ?? 2_000);
const SUBMITS = Number(process.env.SUBMITS ?? 100);
const dbName = 'rd_bench_webhooks';
const quiet = { info: () => undefined, error: () => undefined };
const secretBox = new SecretBox('bench-secret');

/** The receiver: counts deliveries and tells when the one of a return arrives. */
async function startReceiver() {
  const waiting = new Map<string, () => void>();
  const arrivedAt = new Map<string, number>();
  let received = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received++;
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { return?: { id: number } } };
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      const id = event.data.return?.id;
      if (id === undefined) return;
      arrivedAt.set(`return:${id}`, performance.now());
      waiting.get(`return:${id}`)?.();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received: () => received,
    /** When the delivery of this subject arrived (performance.now()), waiting for it if need be. */
    arrival: (subject: string) =>
      new Promise<number>((r) => {
        if (arrivedAt.has(subject)) return r(arrivedAt.get(subject)!);
        waiting.set(subject, () => r(arrivedAt.get(subject)!));
      }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function main() {
  const fresh = await freshDatabase(dbName);
  const url = fresh.url;
  const main = await openPostgres(url, 4);
  await main.migrate();
  const node: Database = await openPostgres(url, 10);
  const dataDir = mkdtempSync(join(tmpdir(), 'rd-bench-webhooks-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEBHOOK_ALLOW_HTTP: '1' });
  const deps: AppDeps = {
    config,
    database: node,
    clock: systemClock,
    secretBox,
    mailer: createOutboxMailer(config.outboxDir, 'bench@example.com'),
    fileTransports: fileTransportsFromConfig(config),
    photoStorage: photoStorageFromConfig(config),
  };
  const db = main.db;
  const receiver = await startReceiver();
  const f = await makeReturnFixture(db);
  await db.insert(webhookEndpoints).values({
    customerId: f.customer.id,
    url: receiver.url,
    eventTypes: ['return.received', 'parcel.received'],
    secretSealed: secretBox.seal(newWebhookSecret()),
    createdBy: 'bench',
  });
  const worker = (concurrency: number, pollMs: number) =>
    createWorker({
      repo: createTaskWorkerRepository(node.db),
      handlers: createTaskHandlers(deps),
      clock: systemClock,
      concurrency,
      pollMs,
      leaseSeconds: 300,
      log: quiet,
    });
  console.log(`PostgreSQL ${url.replace(/\/\/[^@]*@/, '//')}; one worker (own pool of 10); receiver on 127.0.0.1\n`);

  console.log('| worker slots | events | seconds | events/s |');
  console.log('|---|---|---|---|');
  const events = createWebhookEventsRepository(db);
  for (const concurrency of [2, 8]) {
    await db.execute(sql`DELETE FROM tasks`);
    for (let i = 0; i < EVENTS; i++) {
      // parcel.received carries its data, so the delivery is sign + post + log (no snapshot to build).
      await events.emit(
        {
          customerId: f.customer.id,
          eventType: 'parcel.received',
          subject: `parcel:${concurrency}-${i}`,
          data: { parcel_id: i, tracking_number: `1ZBENCH${i}`, location: 'P-1' },
        },
        new Date(),
      );
    }
    const before = receiver.received();
    const w = worker(concurrency, 20);
    const started = performance.now();
    w.start();
    for (;;) {
      const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM tasks WHERE task_status = 'Pending'`);
      if (row!.n === 0) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const ms = performance.now() - started;
    await w.stop();
    const delivered = receiver.received() - before;
    console.log(
      `| ${concurrency} | ${EVENTS} | ${(ms / 1000).toFixed(1)} | ${Math.round(EVENTS / (ms / 1000))} |${delivered !== EVENTS ? ` (${delivered} delivered)` : ''}`,
    );
  }

  // Submit → the receiver holds return.received.
  await db.execute(sql`DELETE FROM tasks`);
  const w = worker(2, 1000);
  w.start();
  const wakeup = startTaskWakeup({ databaseUrl: url, onTask: () => w.poke(), log: quiet });
  await new Promise((r) => setTimeout(r, 300));
  const createReturn = createReturnCommand(main.db);
  const [line] = await queryRows<{ id: number; product_id: number }>(
    db,
    sql`SELECT id, product_id FROM order_lines WHERE order_id = ${f.order.id} ORDER BY id LIMIT 1`,
  );
  const times: number[] = [];
  for (let i = 0; i < SUBMITS; i++) {
    const started = performance.now();
    const saved = await createReturn(
      {
        draftId: `__w${i}`,
        customerId: f.customer.id,
        orderId: f.order.id,
        userId: f.user.id,
        username: f.user.username,
        reference1: `RMA-${i}`,
        reference2: null,
        returnDate: '2026-11-27',
        isBlind: false,
        ledgers: [
          { orderLineId: line!.id, productId: line!.product_id, quantity: 1, condition: 'Pristine', reason: 'DAMAGED', comment: '' },
        ],
        connections: [],
      },
      new Date(),
    );
    times.push((await receiver.arrival(`return:${saved.ret.id}`)) - started);
    await new Promise((r) => setTimeout(r, Math.random() * 200)); // submits arrive at random moments
  }
  await wakeup.stop();
  await w.stop();
  times.sort((a, b) => a - b);
  console.log('\n| submit → return.received at the receiver | submits | p50 ms | p99 ms | max ms |');
  console.log('|---|---|---|---|---|');
  console.log(
    `| poll 1000 ms + NOTIFY, 2 slots | ${SUBMITS} | ${Math.round(percentile(times, 50))} | ${Math.round(percentile(times, 99))} | ${Math.round(times.at(-1)!)} |`,
  );

  await receiver.close();
  await node.close();
  await main.close();
  await new Promise((r) => setTimeout(r, 500));
  await fresh.drop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
