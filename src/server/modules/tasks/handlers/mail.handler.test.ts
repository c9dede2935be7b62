import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../../integrations/mailer.js';
import { sealMail } from '../../../integrations/mail-message.js';
import { createTaskQueueRepository } from '../task-queue.repository.js';
import { makeWorkerDeps, startTestWorker, taskRow } from '../../../test/integration-fixtures.js';
import { startSmtpSink, waitFor } from '../../../test/integration-servers.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { retryDelayMs } from '../task-outcome.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.close());

describe('Mail task over SMTP', () => {
  it('SMTP down: the mail waits and retries with delay; SMTP up: it is delivered once, nothing lost', async () => {
    // Learn a free port, then leave it closed: the mail server is "down".
    const probe = await startSmtpSink();
    await probe.close();
    const { deps, clock } = makeWorkerDeps(testDb);
    deps.mailer = createSmtpMailer(`${probe.url}?ignoreTLS=true`, 'Returns Desk <desk@example.com>');
    const db = testDb.database.db;
    const id = await createTaskQueueRepository(db).enqueue(
      {
        taskType: 'Mail',
        message1: 'Password reset',
        payload: sealMail(deps.secretBox, { to: 'ana@example.com', subject: 'Reset your password', text: 'Link: https://x/reset' }),
      },
      clock.now(),
    );
    const worker = startTestWorker(deps, { retryDelay: retryDelayMs });
    try {
      const waiting = await waitFor(async () => {
        const t = await taskRow(db, id);
        return t.attemptsCount === 1 && !t.isRunning ? t : undefined;
      });
      expect(waiting.taskStatus).toBe('Pending');
      expect(waiting.runAfter.getTime()).toBe(clock.now().getTime() + retryDelayMs(1));
      expect(waiting.details.at(-1)).toMatchObject({ event: 'failed', retry: true, error: expect.stringMatching(/ECONNREFUSED/) });

      const sink = await startSmtpSink(probe.port);
      try {
        clock.advance(retryDelayMs(1) + 1);
        worker.poke();
        const sent = await waitFor(async () => {
          const t = await taskRow(db, id);
          return t.taskStatus === 'Success' ? t : undefined;
        });
        expect(sent.attemptsCount).toBe(2);
        expect(sent.details.at(-1)).toMatchObject({ event: 'succeeded', to: 'ana@example.com', via: 'smtp' });
        expect(sink.mails).toHaveLength(1);
        expect(sink.mails[0]!.to).toEqual(['ana@example.com']);
        expect(sink.mails[0]!.raw).toContain('Subject: Reset your password');
        expect(sink.mails[0]!.raw).toContain('Link: https://x/reset');
      } finally {
        await sink.close();
      }
    } finally {
      await worker.stop();
    }
  });
});
