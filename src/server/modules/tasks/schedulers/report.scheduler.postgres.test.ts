import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config.js';
import { openPostgres, queryRows, type Database } from '../../../db/client.js';
import { reportSchedules, tasks } from '../../../db/schema/index.js';
import type { AppDeps } from '../../../deps.js';
import { SecretBox } from '../../../lib/crypto.js';
import { fileTransportsFromConfig } from '../../../bootstrap/file-transports.js';
import { photoStorageFromConfig } from '../../../bootstrap/photo-storage.js';
import { makeCustomer } from '../../../test/factories.js';
import { createRecordingMailer, createTestClock } from '../../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { waitFor } from '../../../test/integration-servers.js';
import { startBackground } from '../worker-role.js';

const quiet = { info: () => undefined, error: () => undefined, warn: () => undefined, debug: () => undefined } as never;
const DAY = 86_400_000;

// Two worker nodes, each with its own pool and the full worker role (task worker, report
// scheduler ticking every second), on one PostgreSQL database and one fake clock.
describe('scheduled reports with two worker nodes on PostgreSQL', () => {
  let testDb: TestDatabase;
  const pools: Database[] = [];
  const clock = createTestClock(new Date('2026-11-24T05:59:00Z'));
  const mailers: ReturnType<typeof createRecordingMailer>[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'returns-desk-sched-'));

  function node(i: number) {
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: testDb.url! }),
      WORKER_POLL_MS: 20,
      INBOUND_POLL_SECONDS: 0,
      REPORT_SCHEDULE_POLL_SECONDS: 1,
    };
    const deps: AppDeps = {
      config,
      database: pools[i]!,
      clock,
      secretBox: new SecretBox('test-secret'),
      mailer: mailers[i]!,
      fileTransports: fileTransportsFromConfig(config),
      photoStorage: photoStorageFromConfig(config),
    };
    return startBackground(deps, quiet);
  }

  const mails = () => mailers.flatMap((m) => m.sent);
  const reportTasks = () => testDb.database.db.select().from(tasks).where(eq(tasks.taskType, 'Return Report'));
  async function settled(count: number) {
    await waitFor(async () => {
      const rows = await reportTasks();
      return rows.length === count && rows.every((r) => r.taskStatus === 'Success');
    }, 30_000);
  }

  beforeAll(async () => {
    testDb = await createTestDatabase();
    for (let i = 0; i < 2; i++) {
      pools.push(await openPostgres(testDb.url!, 3));
      mailers.push(createRecordingMailer(join(dataDir, `outbox-${i}`)));
    }
  });
  afterAll(async () => {
    for (const p of pools) await p.close();
    await testDb.close();
  });

  it('sends each due run once, whatever the number of nodes ticking; a run missed while all were down goes out once', async () => {
    const db = testDb.database.db;
    const customers = [];
    for (let i = 0; i < 6; i++) customers.push(await makeCustomer(db));
    await db.insert(reportSchedules).values(
      customers.map((c, i) => ({
        customerId: c.id,
        frequency: 'Daily',
        timeOfDay: '06:00',
        timeZone: 'UTC',
        recipients: [`brand${i}@example.com`],
        formats: ['CSV'],
        createdBy: 'admin',
        startsAt: new Date('2026-11-24T00:00:00Z'),
      })),
    );
    const nodes = [node(0), node(1)];
    try {
      // Both nodes hammer the tick at the same moment as well as on their own timers.
      await Promise.all(nodes.flatMap((n) => [n.reportScheduler.tick(), n.reportScheduler.tick()]));
      expect(await reportTasks()).toEqual([]);
      clock.advance(60_000); // 06:00
      for (let round = 0; round < 10; round++) await Promise.all(nodes.map((n) => n.reportScheduler.tick()));
      await settled(6);
      for (let round = 0; round < 3; round++) await Promise.all(nodes.map((n) => n.reportScheduler.tick())); // more ticks of both nodes
      expect(await reportTasks()).toHaveLength(6);
      expect(
        mails()
          .map((m) => m.to)
          .sort(),
      ).toEqual(customers.map((_, i) => `brand${i}@example.com`).sort());
      // The next day, same again: one more run each.
      clock.advance(DAY);
      await Promise.all(nodes.flatMap((n) => [n.reportScheduler.tick(), n.reportScheduler.tick()]));
      await settled(12);
    } finally {
      await Promise.all(nodes.map((n) => n.stop()));
    }

    // Every node down for three days (three due times missed), then one comes back.
    clock.advance(3 * DAY + 3_600_000);
    const back = node(1);
    try {
      await settled(18);
      for (let round = 0; round < 3; round++) await back.reportScheduler.tick();
      expect(await reportTasks()).toHaveLength(18);
      // Back at Nov 28 07:00: the runs due Nov 26, 27 and 28 06:00 were missed; one per schedule
      // goes out, the latest (Nov 28, reporting Nov 27).
      const caughtUp = (await reportTasks()).filter((t) => t.createdAt.getTime() === clock.now().getTime());
      expect(caughtUp).toHaveLength(6);
      expect(new Set(caughtUp.map((t) => `${t.payload.dateFrom}..${t.payload.dateTo}`))).toEqual(new Set(['2026-11-27..2026-11-27']));
    } finally {
      await back.stop();
    }
    const keys = await queryRows<{ n: number; distinct_keys: number }>(
      db,
      sql`SELECT count(*)::int AS n, count(DISTINCT (schedule_id, due_at))::int AS distinct_keys FROM report_schedule_runs`,
    );
    expect(keys[0]).toEqual({ n: 18, distinct_keys: 18 });
    expect(mails()).toHaveLength(18);
  }, 120_000);
});
