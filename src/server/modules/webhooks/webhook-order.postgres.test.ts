// Order per subject with several worker slots claiming at once: only PostgreSQL runs claims in
// parallel (PGlite is one connection), so this runs in the PostgreSQL tier.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { adminSession } from '../../test/sessions.js';
import { makeCustomer } from '../../test/factories.js';
import { startTestWorker } from '../../test/integration-fixtures.js';
import { waitFor } from '../../test/integration-servers.js';
import { registerEndpoint, startWebhookReceiver } from '../../test/webhook-fixtures.js';
import { tasks, webhookDeliveries } from '../../db/schema/index.js';
import { queryRows } from '../../db/client.js';
import type { Worker } from '../tasks/task-worker.js';
import { createWebhookEventsRepository } from './webhook-events.repository.js';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let worker: Worker;
beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_HTTP: true });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await worker?.stop();
  await receiver.close();
  await t.close();
});

describe('webhook order under concurrency (PostgreSQL)', () => {
  it('deliveries of one subject reach the receiver in order while subjects go in parallel, failures included', async () => {
    const db = t.deps.database.db;
    const admin = await adminSession(t.app, db);
    const c = await makeCustomer(db);
    const hook = await registerEndpoint(t.app, admin.token, c.id, `${receiver.url}/order-pg`, ['parcel.received', 'parcel.matched']);
    const SUBJECTS = 12;
    const STEPS = 3;
    // Every third request fails: retries must not let a later step overtake.
    let n = 0;
    receiver.setHandler(async (_req, res) => {
      res.statusCode = n++ % 3 === 0 ? 503 : 200;
      res.end('{}');
    });
    await Promise.all(
      Array.from({ length: SUBJECTS }, async (_x, s) => {
        for (let step = 1; step <= STEPS; step++) {
          await createWebhookEventsRepository(db).emit(
            { customerId: c.id, eventType: step === 1 ? 'parcel.received' : 'parcel.matched', subject: `parcel:${s}`, data: { s, step } },
            t.clock.now(),
          );
        }
      }),
    );
    worker = startTestWorker(t.deps, { concurrency: 4 });
    const pending = () =>
      db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.endpointId, hook.id), eq(webhookDeliveries.status, 'pending')));
    for (let round = 0; round < 200; round++) {
      // Wait until every task in hand is settled, then jump to the next due attempt.
      await waitFor(async () => {
        const running = await db
          .select({ id: tasks.id })
          .from(tasks)
          .where(
            and(
              eq(tasks.customerId, c.id),
              eq(tasks.isRunning, true),
              sql`${tasks.runAfter} <= ${t.clock.now().toISOString()}::timestamptz`,
            ),
          );
        const due = await db
          .select({ id: tasks.id })
          .from(tasks)
          .where(
            and(
              eq(tasks.customerId, c.id),
              eq(tasks.taskStatus, 'Pending'),
              sql`${tasks.runAfter} <= ${t.clock.now().toISOString()}::timestamptz`,
            ),
          );
        return running.length === 0 && due.length === 0;
      });
      const left = await pending();
      if (!left.length) break;
      const [nextTask] = await queryRows<{ taskNext: string }>(
        db,
        sql`SELECT min(run_after) AS "taskNext" FROM tasks WHERE customer_id = ${c.id} AND task_status = 'Pending'`,
      );
      // The next task due: a retry's backoff, or a later delivery waiting for an earlier one.
      t.clock.advance(Math.max(1, new Date(nextTask!.taskNext).getTime() - t.clock.now().getTime()));
      worker.poke();
    }
    expect(await pending()).toEqual([]);
    const delivered = receiver.requests.map((r, i) => ({ ...(JSON.parse(r.body).data as { s: number; step: number }), ok: i % 3 !== 0 }));
    for (let s = 0; s < SUBJECTS; s++) {
      const seen = delivered.filter((d) => d.s === s);
      // Each step is attempted only once the one before it was delivered: attempts never go back.
      const steps = seen.map((d) => d.step);
      expect(steps, `subject ${s}`).toEqual([...steps].sort((a, b) => a - b));
      expect(
        seen.filter((d) => d.ok).map((d) => d.step),
        `subject ${s}`,
      ).toEqual([1, 2, 3]);
    }
  });
});
