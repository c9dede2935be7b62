/**
 * Task drain, the row of issue 13: FILES 'SGL Outbound' tasks (a 2-line return each) built and
 * written to a file:// folder by the real handler, on PostgreSQL. Three shapes, each worker its own
 * pool as on its own node: 1 worker (concurrency 2, the default), 2 workers (2 × 2), 1 worker with
 * concurrency 4. ROUNDS rounds interleave the shapes; the median tasks/s per shape is printed with
 * the 2-worker / 1-worker ratio (linear would be 2.0).
 * Run: npx tsx bench/drain.bench.ts   (BENCH_DATABASE_URL; FILES=n, ROUNDS=n)
 */
import { mkdtempSync, readdirSync } from 'node:fs';
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
import { createSettingsRepository } from '../src/server/modules/settings/settings.repository.js';
import { createTaskHandlers } from '../src/server/tasks/handlers/index.js';
import { createTaskRunnerRepository } from '../src/server/tasks/task-runner.repository.js';
import { createWorker } from '../src/server/tasks/worker.js';
import { makeReturnFixture } from '../src/server/test/integration-fixtures.js';
import { median, SHARED_BOX_NOTE } from './load.js';
import { freshDatabase } from './support.js';

const FILES = Number(process.env.FILES ?? 3_000);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const quiet = { info: () => undefined, error: () => undefined };
const SHAPES = [
  { label: '1 worker', workers: 1, concurrency: 2 },
  { label: '2 workers', workers: 2, concurrency: 2 },
  { label: '1 worker × concurrency 4', workers: 1, concurrency: 4 },
] as const;

async function main() {
  const fresh = await freshDatabase('rd_bench_drain');
  const main = await openPostgres(fresh.url, 2);
  await main.migrate();
  const db = main.db;
  const nodes: Database[] = [];
  for (let i = 0; i < 2; i++) nodes.push(await openPostgres(fresh.url, 5));
  const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'rd-bench-drain-')), LOG_LEVEL: 'silent' });
  const depsOf = (database: Database): AppDeps => ({
    config,
    database,
    clock: systemClock,
    secretBox: new SecretBox('bench-secret'),
    mailer: createOutboxMailer(config.outboxDir, 'bench@example.com'),
  });

  const f = await makeReturnFixture(db, { sender: 'SGL', receiver: 'BENCH' });
  await db.execute(sql`
    INSERT INTO returns (customer_id, order_id, user_id, username, reference_1, return_date, draft_id)
    SELECT ${f.customer.id}, ${f.order.id}, ${f.user.id}, ${f.user.username}, 'RMA-' || g, '2026-11-20', '__b' || g FROM generate_series(1, ${FILES}) g`);
  await db.execute(sql`
    INSERT INTO return_ledgers (return_id, customer_id, order_id, order_line_id, product_id, condition, quantity, reason)
    SELECT r.id, r.customer_id, r.order_id, l.id, l.product_id, 'Reconditioning', 1, 'DAMAGED'
    FROM returns r JOIN order_lines l ON l.order_id = r.order_id WHERE r.draft_id LIKE '\\_\\_b%'`);
  await db.execute(sql`ANALYZE`);

  const results = new Map<string, number[]>(SHAPES.map((s) => [s.label, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const shape of SHAPES) {
      const outDir = mkdtempSync(join(tmpdir(), 'rd-bench-drain-out-'));
      await createSettingsRepository(db).set('BIZTALK_FTP_URL', folderUrl(outDir), new Date());
      await db.execute(sql`DELETE FROM tasks`);
      await db.execute(sql`
        INSERT INTO tasks (task_type, message_1, payload, customer_id, order_id, return_id, details)
        SELECT 'SGL Outbound', 'Return #' || r.id, jsonb_build_object('returnId', r.id, 'connectionId', ${f.connection.id}::int),
               r.customer_id, r.order_id, r.id, '[]'::jsonb
        FROM returns r WHERE r.draft_id LIKE '\\_\\_b%'`);
      await db.execute(sql`VACUUM ANALYZE tasks`);
      const workers = nodes.slice(0, shape.workers).map((node) =>
        createWorker({
          repo: createTaskRunnerRepository(node.db),
          handlers: createTaskHandlers(depsOf(node)),
          clock: systemClock,
          concurrency: shape.concurrency,
          pollMs: 20,
          leaseSeconds: 300,
          log: quiet,
        }),
      );
      const started = performance.now();
      workers.forEach((w) => w.start());
      for (;;) {
        const [row] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM tasks WHERE task_status <> 'Success'`);
        if (row!.n === 0) break;
        await new Promise((r) => setTimeout(r, 5));
      }
      const seconds = (performance.now() - started) / 1000;
      await Promise.all(workers.map((w) => w.stop()));
      const files = readdirSync(outDir, { recursive: true }).filter((f) => String(f).endsWith('.xml')).length;
      if (files !== FILES) throw new Error(`${shape.label}: ${files} files written for ${FILES} tasks`);
      const [ids] = await queryRows<{ n: number; d: number }>(
        db,
        sql`SELECT count(*)::int AS n, count(DISTINCT payload->>'messageId')::int AS d FROM tasks`,
      );
      if (ids!.n !== ids!.d) throw new Error(`${shape.label}: message ids not unique (${ids!.d} distinct of ${ids!.n})`);
      results.get(shape.label)!.push(FILES / seconds);
    }
  }

  const m = (label: string) => median(results.get(label)!);
  console.log(
    `| task drain, SGL Outbound → file://, ${FILES.toLocaleString('en')} tasks | tasks/s (median of ${ROUNDS}) | rounds | goal |`,
  );
  console.log('|---|---|---|---|');
  for (const s of SHAPES) {
    console.log(
      `| ${s.label} (${s.workers} × ${s.concurrency}) | ${Math.round(m(s.label)).toLocaleString('en')} | ${results
        .get(s.label)!
        .map((x) => Math.round(x))
        .join(', ')} | ≥ 1,000/s |`,
    );
  }
  console.log(`\n2 workers / 1 worker: ${(m('2 workers') / m('1 worker')).toFixed(2)} (linear: 2.00). ${SHARED_BOX_NOTE}`);
  for (const n of nodes) await n.close();
  await main.close();
  await new Promise((r) => setTimeout(r, 300));
  await fresh.drop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
