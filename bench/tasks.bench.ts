/**
 * Task worker throughput and outbound latency on PostgreSQL:
 *  1. tasks per second drained by 1 and 4 workers (each a separate pool, WORKER_CONCURRENCY 2),
 *     with a no-op handler and with the real SGL Outbound handler writing to a file:// folder;
 *  2. time from submit (return + outbound task committed) to the file being on an FTP server
 *     (ftp-srv on 127.0.0.1): default poll of 1000 ms, 100 ms, and 1000 ms with the NOTIFY wake-up.
 * Run: npx tsx bench/tasks.bench.ts   (BENCH_DATABASE_URL, default local postgres; NOOP=n, FILES=n, SUBMITS=n)
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.js';
import { openPostgres, queryRows, type Database } from '../src/server/db/client.js';
import type { AppDeps } from '../src/server/deps.js';
import { folderUrl } from '../src/server/integrations/file-transport.js';
import { createOutboxMailer } from '../src/server/integrations/mailer.js';
import { systemClock } from '../src/server/lib/clock.js';
import { SecretBox } from '../src/server/lib/crypto.js';
import { fileTransportsFromConfig } from '../src/server/bootstrap/file-transports.js';
import { photoStorageFromConfig } from '../src/server/bootstrap/photo-storage.js';
import { createSettingsRepository } from '../src/server/modules/settings/settings.repository.js';
import { createTaskHandlers } from '../src/server/modules/tasks/handlers/task-handlers.js';
import { createTaskWorkerRepository } from '../src/server/modules/tasks/task-worker.repository.js';
import { createWorker, type TaskHandlers } from '../src/server/modules/tasks/task-worker.js';
import { startTaskWakeup } from '../src/server/modules/tasks/task-wakeup-listener.js';
import { makeCustomer, makeUser } from '../src/server/test/factories.js';
import { onlyHandlers } from '../src/server/test/test-handlers.js';
import { makeReturnFixture } from '../src/server/test/integration-fixtures.js';
import { startFtpServer } from '../src/server/test/integration-servers.js';
import { freshDatabase, percentile } from './support.js';

const NOOP = Number(process.env.NOOP ?? 10_000);
const FILES = Number(process.env.FILES ?? 3_000);
const SUBMITS = Number(process.env.SUBMITS ?? 20);
const dbName = 'rd_bench_tasks';
const quiet = { info: () => undefined, error: () => undefined };

async function drain(nodes: Database[], handlers: (node: Database) => TaskHandlers, pollMs = 20): Promise<number> {
  const workers = nodes.map((node) =>
    createWorker({
      repo: createTaskWorkerRepository(node.db),
      handlers: handlers(node),
      clock: systemClock,
      concurrency: 2,
      pollMs,
      leaseSeconds: 300,
      log: quiet,
    }),
  );
  const started = performance.now();
  workers.forEach((w) => w.start());
  for (;;) {
    const [row] = await queryRows<{ n: number }>(nodes[0]!.db, sql`SELECT count(*)::int AS n FROM tasks WHERE task_status = 'Pending'`);
    if (row!.n === 0) break;
    await new Promise((r) => setTimeout(r, 10));
  }
  const elapsed = performance.now() - started;
  await Promise.all(workers.map((w) => w.stop()));
  return elapsed;
}

async function main() {
  const fresh = await freshDatabase(dbName);
  const url = fresh.url;
  const main = await openPostgres(url, 4);
  await main.migrate();
  const nodes: Database[] = [];
  for (let i = 0; i < 4; i++) nodes.push(await openPostgres(url, 3));
  const dataDir = mkdtempSync(join(tmpdir(), 'rd-bench-tasks-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const depsOf = (database: Database): AppDeps => ({
    config,
    database,
    clock: systemClock,
    secretBox: new SecretBox('bench-secret'),
    mailer: createOutboxMailer(config.outboxDir, 'bench@example.com'),
    fileTransports: fileTransportsFromConfig(config),
    photoStorage: photoStorageFromConfig(config),
  });
  const db = main.db;
  console.log(`PostgreSQL ${url.replace(/\/\/[^@]*@/, '//')}; each worker = own pool, 2 slots\n`);

  console.log('| handler | workers | tasks | seconds | tasks/s |');
  console.log('|---|---|---|---|---|');
  for (const count of [1, 4]) {
    await db.execute(sql`DELETE FROM tasks`);
    await db.execute(
      sql`INSERT INTO tasks (task_type, message_1, details) SELECT 'System Log', 'bench ' || g, '[]'::jsonb FROM generate_series(1, ${NOOP}) g`,
    );
    const ms = await drain(nodes.slice(0, count), () => onlyHandlers({ 'System Log': async () => undefined }));
    console.log(`| no-op | ${count} | ${NOOP} | ${(ms / 1000).toFixed(1)} | ${Math.round(NOOP / (ms / 1000))} |`);
  }

  // Returns for the SGL Outbound handler: one customer, FILES returns of 2 lines each.
  const f = await makeReturnFixture(db, { sender: 'SGL', receiver: 'BENCH' });
  await db.execute(sql`
    INSERT INTO returns (customer_id, order_id, user_id, username, reference_1, return_date, draft_id)
    SELECT ${f.customer.id}, ${f.order.id}, ${f.user.id}, ${f.user.username}, 'RMA-' || g, '2026-11-20', '__b' || g FROM generate_series(1, ${FILES}) g`);
  await db.execute(sql`
    INSERT INTO return_ledgers (return_id, customer_id, order_id, order_line_id, product_id, condition, quantity, reason)
    SELECT r.id, r.customer_id, r.order_id, l.id, l.product_id, 'Reconditioning', 1, 'DAMAGED'
    FROM returns r JOIN order_lines l ON l.order_id = r.order_id WHERE r.draft_id LIKE '\\_\\_b%'`);
  const outDir = mkdtempSync(join(tmpdir(), 'rd-bench-out-'));
  await createSettingsRepository(db).set('BIZTALK_FTP_URL', folderUrl(outDir), new Date());
  for (const count of [1, 4]) {
    await db.execute(sql`DELETE FROM tasks`);
    await db.execute(sql`
      INSERT INTO tasks (task_type, message_1, payload, customer_id, order_id, return_id, details)
      SELECT 'SGL Outbound', 'Return #' || r.id, jsonb_build_object('returnId', r.id, 'connectionId', ${f.connection.id}::int),
             r.customer_id, r.order_id, r.id, '[]'::jsonb
      FROM returns r WHERE r.draft_id LIKE '\\_\\_b%'`);
    const ms = await drain(nodes.slice(0, count), (node) => createTaskHandlers(depsOf(node)));
    const [bad] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM tasks WHERE task_status <> 'Success'`);
    console.log(
      `| SGL Outbound → file:// | ${count} | ${FILES} | ${(ms / 1000).toFixed(1)} | ${Math.round(FILES / (ms / 1000))} |${bad!.n ? ` (${bad!.n} not Success)` : ''}`,
    );
  }

  // Submit → file on the FTP server.
  const ftp = await startFtpServer();
  const settings = createSettingsRepository(db);
  await settings.set('BIZTALK_FTP_URL', ftp.url, new Date());
  await settings.set('BIZTALK_FTP_USERNAME', ftp.username, new Date());
  await settings.set('BIZTALK_FTP_PASSWORD', new SecretBox('bench-secret').seal(ftp.password), new Date());
  await settings.set('BIZTALK_OUTBOUND_DIR', '/outbound', new Date());
  const customer = await makeCustomer(db);
  await makeUser(db, { customerIds: [customer.id] });
  console.log('\n| worker poll | submits | p50 ms | p95 ms | max ms |');
  console.log('|---|---|---|---|---|');
  for (const [pollMs, notify] of [
    [1000, false],
    [100, false],
    [1000, true],
  ] as const) {
    await db.execute(sql`DELETE FROM tasks`);
    const worker = createWorker({
      repo: createTaskWorkerRepository(nodes[0]!.db),
      handlers: createTaskHandlers(depsOf(nodes[0]!)),
      clock: systemClock,
      concurrency: 2,
      pollMs,
      leaseSeconds: 300,
      log: quiet,
    });
    worker.start();
    const wakeup = notify ? startTaskWakeup({ databaseUrl: url, onTask: () => worker.poke(), log: quiet }) : undefined;
    await new Promise((r) => setTimeout(r, 300));
    const times: number[] = [];
    for (let i = 0; i < SUBMITS; i++) {
      const started = performance.now();
      // What the submit transaction writes for a Biztalk Outbound Return connection.
      const [task] = await queryRows<{ id: number; return_id: number }>(
        db,
        sql`WITH r AS (
              INSERT INTO returns (customer_id, order_id, user_id, username, return_date, draft_id)
              SELECT ${f.customer.id}, ${f.order.id}, ${f.user.id}, ${f.user.username}, '2026-11-21', '__s' || ${`${pollMs}-${notify ? 'n' : 'p'}-${i}`} RETURNING id),
            l AS (
              INSERT INTO return_ledgers (return_id, customer_id, order_id, order_line_id, product_id, condition, quantity, reason)
              SELECT r.id, ${f.customer.id}, ${f.order.id}, ol.id, ol.product_id, 'Pristine', 1, 'DAMAGED' FROM r, order_lines ol WHERE ol.order_id = ${f.order.id}),
            n AS (SELECT pg_notify('rd_tasks', ''))
            INSERT INTO tasks (task_type, message_1, payload, customer_id, order_id, return_id)
            SELECT 'SGL Outbound', 'Return #' || r.id, jsonb_build_object('returnId', r.id, 'connectionId', ${f.connection.id}::int), ${f.customer.id}, ${f.order.id}, r.id FROM r, n
            RETURNING id, return_id`,
      );
      for (;;) {
        const [row] = await queryRows<{ file_name: string | null; task_status: string }>(
          db,
          sql`SELECT file_name, task_status FROM tasks WHERE id = ${task!.id}`,
        );
        if (row!.file_name && existsSync(join(ftp.root, 'outbound', row!.file_name))) break;
        await new Promise((r) => setTimeout(r, 2));
      }
      times.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, Math.random() * pollMs)); // submits arrive at random moments
    }
    await wakeup?.stop();
    await worker.stop();
    times.sort((a, b) => a - b);
    console.log(
      `| ${pollMs} ms${notify ? ' + NOTIFY' : ''} | ${SUBMITS} | ${Math.round(percentile(times, 50))} | ${Math.round(percentile(times, 95))} | ${Math.round(times.at(-1)!)} |`,
    );
  }
  await ftp.close();
  for (const n of nodes) await n.close();
  await main.close();
  await new Promise((r) => setTimeout(r, 500)); // let the server see the pools' sockets close
  await fresh.drop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
