import { eq, sql } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileTransportsFromConfig } from '../../../bootstrap/file-transports.js';
import { photoStorageFromConfig } from '../../../bootstrap/photo-storage.js';
import { loadConfig } from '../../../config.js';
import { openPostgres, queryRows, type Database } from '../../../db/client.js';
import { dashboardDeltas, lineDecisions, photos, reportSchedules, returnLedgers, tasks } from '../../../db/schema/index.js';
import type { AppDeps } from '../../../deps.js';
import type { ObjectStorage } from '../../../integrations/object-storage.js';
import { SecretBox } from '../../../lib/crypto.js';
import { makeCustomer, makeUser } from '../../../test/factories.js';
import { makeProduct, makeReturn } from '../../../test/return-factory.js';
import { waitFor } from '../../../test/integration-servers.js';
import { createRecordingMailer, createTestClock } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { countingRuns, drainOnNodes } from '../../../test/worker-harness.js';
import { createAccessRepository } from '../../access/access.repository.js';
import { createCustomerAccess } from '../../customers/customer-access.service.js';
import { foldRollups } from '../../dashboard/dashboard.service.js';
import { createDecisionsService } from '../../decisions/decisions.service.js';
import { removeAbandonedPhotos } from '../../photos/photo-cleanup.js';
import { startBackground } from '../worker-role.js';
import { ensureInboundScan } from './inbound-scan.scheduler.js';

const quiet = { info: () => undefined, error: () => undefined, warn: () => undefined, debug: () => undefined } as never;
const NODES = 3;

// Issue 29: "each happens once whatever the number of nodes", with three worker nodes (three
// pools, as three processes would have) on one PostgreSQL database, every timed job at once.
describe('timed jobs with three worker nodes', { timeout: 120_000 }, () => {
  let testDb: TestDatabase;
  const pools: Database[] = [];
  const together = <T>(job: (node: Database, i: number) => Promise<T>) => Promise.all(pools.map((p, i) => job(p, i)));

  beforeAll(async () => {
    testDb = await createTestDatabase();
    for (let i = 0; i < NODES; i++) pools.push(await openPostgres(testDb.url!, 3));
  });
  afterAll(async () => {
    for (const p of pools) await p.close();
    await testDb.close();
  });

  it('report schedules: each due run queued once and its mail sent once by the three full worker roles', async () => {
    const db = testDb.database.db;
    const clock = createTestClock(new Date('2026-11-24T05:59:00Z'));
    const dataDir = mkdtempSync(join(tmpdir(), 'rd-three-'));
    const mailers = pools.map((_, i) => createRecordingMailer(join(dataDir, `outbox-${i}`)));
    const customers = [];
    for (let i = 0; i < 5; i++) customers.push(await makeCustomer(db));
    await db.insert(reportSchedules).values(
      customers.map((c, i) => ({
        customerId: c.id,
        frequency: 'Daily',
        timeOfDay: '06:00',
        timeZone: 'UTC',
        recipients: [`three${i}@example.com`],
        formats: ['CSV'],
        createdBy: 'admin',
        startsAt: new Date('2026-11-24T00:00:00Z'),
      })),
    );
    const nodes = pools.map((database, i) => {
      const config = {
        ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: testDb.url!, PUBLIC_URL: 'http://returns.test' }),
        WORKER_POLL_MS: 20,
        INBOUND_POLL_SECONDS: 0,
        REPORT_SCHEDULE_POLL_SECONDS: 3600, // ticked by the test
      };
      const deps: AppDeps = {
        config,
        database,
        clock,
        secretBox: new SecretBox('test-secret'),
        mailer: mailers[i]!,
        fileTransports: fileTransportsFromConfig(config),
        photoStorage: photoStorageFromConfig(config),
      };
      return startBackground(deps, quiet);
    });
    const reportTasks = () => db.select().from(tasks).where(eq(tasks.taskType, 'Return Report'));
    try {
      clock.advance(60_000); // 06:00: due
      for (let round = 0; round < 5; round++) await Promise.all(nodes.flatMap((n) => [n.reportScheduler.tick(), n.reportScheduler.tick()]));
      await waitFor(async () => {
        const rows = await reportTasks();
        return rows.length === 5 && rows.every((r) => r.taskStatus === 'Success');
      }, 30_000);
    } finally {
      await Promise.all(nodes.map((n) => n.stop()));
    }
    const sent = mailers.flatMap((m) => m.sent.map((mail) => String(mail.to)));
    expect(sent.sort()).toEqual(customers.map((_, i) => `three${i}@example.com`).sort());
    const [runs] = await queryRows<{ n: number; keys: number }>(
      db,
      sql`SELECT count(*)::int AS n, count(DISTINCT (schedule_id, due_at))::int AS keys FROM report_schedule_runs`,
    );
    expect(runs).toEqual({ n: 5, keys: 5 });
  });

  it('dashboard roll-up fold: 3,000 deltas folded by three nodes at once, each counted once', async () => {
    const db = testDb.database.db;
    const customer = await makeCustomer(db);
    await db.insert(dashboardDeltas).values(
      Array.from({ length: 3000 }, (_, i) => ({
        day: '2026-11-20',
        customerId: customer.id,
        metric: 'kind',
        key: i % 3 ? 'order' : 'blind',
        n: 1,
        units: 2,
      })),
    );
    // Small batches so the three nodes' folds interleave.
    const folded = await together((p) => foldRollups(p.db, 100));
    const [left] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM dashboard_deltas WHERE customer_id = ${customer.id}`,
    );
    const daily = await queryRows<{ key: string; n: number; units: number }>(
      db,
      sql`SELECT key, n::int AS n, units::int AS units FROM dashboard_daily WHERE customer_id = ${customer.id} ORDER BY key`,
    );
    // Nothing folded twice, nothing left, and a later fold by any node finds nothing.
    expect({ folded: folded.reduce((a, b) => a + b, 0), left: left!.n, daily }).toEqual({
      folded: 3000,
      left: 0,
      daily: [
        { key: 'blind', n: 1000, units: 2000 },
        { key: 'order', n: 2000, units: 4000 },
      ],
    });
    expect(await together((p) => foldRollups(p.db, 100))).toEqual([0, 0, 0]);
  });

  it('photo clean-up: 120 abandoned photos removed by three nodes at once, each row and object once', async () => {
    const db = testDb.database.db;
    const user = await makeUser(db);
    const old = new Date(Date.now() - 48 * 3_600_000);
    await db.insert(photos).values(
      Array.from({ length: 120 }, (_, i) => ({
        storageKey: `three/${i}`,
        uploadedBy: user.id,
        uploadedAt: old,
        sha256: 'x',
        format: 'jpeg',
        uploadedBytes: 1,
        originalBytes: 1,
        displayBytes: 1,
        thumbBytes: 1,
        width: 1,
        height: 1,
      })),
    );
    const deleted: string[] = [];
    const storage: ObjectStorage = {
      kind: 'folder',
      put: async () => undefined,
      get: async () => undefined,
      delete: async (keys) => void deleted.push(...keys),
    };
    const removed = await together((p) => removeAbandonedPhotos({ db: p.db, storage, now: new Date(), olderThanHours: 24 }));
    expect(removed.reduce((a, b) => a + b, 0)).toBe(120);
    expect(deleted).toHaveLength(120 * 3); // original, display, thumbnail of each
    expect(new Set(deleted).size).toBe(deleted.length);
    const [left] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM photos WHERE storage_key LIKE 'three/%'`);
    expect(left!.n).toBe(0);
  });

  it('inbound scan: three nodes ticking together for ten rounds queue one scan', async () => {
    const db = testDb.database.db;
    for (let round = 0; round < 10; round++) await together((p) => ensureInboundScan(p.db, new Date()));
    const [scans] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM tasks WHERE task_type = 'SGL Inbound' AND payload->>'kind' = 'scan'`,
    );
    expect(scans!.n).toBe(1);
  });

  it('decision deadlines: 60 overdue decisions of 30 returns defaulted by three nodes at once, each once', async () => {
    const db = testDb.database.db;
    const customer = await makeCustomer(db);
    const user = await makeUser(db);
    const product = await makeProduct(db, customer.id);
    const due = new Date('2026-11-20T10:00:00Z');
    for (let i = 0; i < 30; i++) {
      const ret = await makeReturn(db, {
        customerId: customer.id,
        userId: user.id,
        username: user.username,
        lines: [
          { productId: product.id, condition: 'Scrap' },
          { productId: product.id, condition: 'Scrap' },
        ],
      });
      const ledgers = await db.select().from(returnLedgers).where(eq(returnLedgers.returnId, ret.id));
      await db.insert(lineDecisions).values(
        ledgers.map((l) => ({
          returnId: ret.id,
          ledgerId: l.id,
          customerId: customer.id,
          ruleLabel: 'condition:Scrap',
          defaultDisposition: 'SCRAP',
          createdAt: new Date(due.getTime() - 48 * 3_600_000),
          dueAt: due,
        })),
      );
    }
    const clock = createTestClock(new Date(due.getTime() + 60_000));
    const services = pools.map((p) =>
      createDecisionsService({ db: p.db, clock, customerAccess: createCustomerAccess(createAccessRepository(p.db)) }),
    );
    // Small batches, so the three nodes' rounds interleave over the same returns.
    let applied = 0;
    for (let round = 0; round < 20; round++) {
      const counts = await Promise.all(services.map((svc) => svc.applyDue(clock.now(), 4)));
      applied += counts.reduce((a, b) => a + b, 0);
    }
    expect(applied).toBe(60);
    const [decided] = await queryRows<{ defaulted: number; versioned: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE state = 'defaulted')::int AS defaulted, count(version)::int AS versioned
          FROM line_decisions WHERE customer_id = ${customer.id}`,
    );
    expect(decided).toEqual({ defaulted: 60, versioned: 60 });
    // Each return's versions follow one another (1, 2 and maybe 3): none written twice, none skipped.
    const versions = await queryRows<{ return_id: number; versions: number[] }>(
      db,
      sql`SELECT v.return_id, array_agg(v.version ORDER BY v.version) AS versions FROM return_versions v
          JOIN returns r ON r.id = v.return_id WHERE r.customer_id = ${customer.id} GROUP BY v.return_id`,
    );
    expect(versions).toHaveLength(30);
    for (const v of versions) expect(v.versions).toEqual(Array.from({ length: v.versions.length }, (_, i) => i + 1));
  });

  it('tasks: three workers drain 1,500 tasks, each run once', async () => {
    const db = testDb.database.db;
    await db.execute(sql`DELETE FROM tasks`);
    await db.execute(
      sql`INSERT INTO tasks (task_type, message_1, details) SELECT 'System Log', 'three ' || g, '[]'::jsonb FROM generate_series(1, 1500) g`,
    );
    const { runs, handlers } = countingRuns();
    await drainOnNodes(db, pools, () => handlers, { timeoutMs: 60_000 });
    expect(runs.size).toBe(1500);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    const [spread] = await queryRows<{ workers: number }>(db, sql`SELECT count(DISTINCT details->0->>'worker')::int AS workers FROM tasks`);
    expect(spread!.workers).toBe(NODES);
  });
});
