import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { httpLoggerOptions } from '../../http/logging.js';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeCustomer } from '../../test/factories.js';
import { adminSession } from '../../test/sessions.js';
import { createTaskQueueRepository } from '../tasks/task-queue.repository.js';

// The back office handles three kinds of secret: connection passwords/tokens, the FTP password and
// signed download links. None may reach a log line, whatever the answer.
let t: TestApp;
let app: FastifyInstance;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  app = await buildApp(t.deps, { logger: { ...httpLoggerOptions('trace'), stream } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('secrets in logs', () => {
  it('connection secrets, the FTP password and file links never appear in a log line', async () => {
    const admin = await adminSession(app, t.deps.database.db);
    const c = await makeCustomer(t.deps.database.db);
    const secrets = ['conn-Password-4242', 'conn-ApiToken-9999', 'ftp-Password-7777'];
    const created = await call(app, 'POST', `/api/su/customers/${c.id}/connections`, {
      token: admin.token,
      body: { connection_type: 'SGL Ecom', secure_short_token: secrets[0], secure_long_token: secrets[1] },
    });
    expect(created.status).toBe(200);
    // A refused request with a secret in it is not logged with its body either.
    await call(app, 'POST', `/api/su/customers/${c.id}/connections`, {
      token: admin.token,
      body: { connection_type: 'Nope', secure_short_token: secrets[0] },
    });
    expect(
      (
        await call(app, 'POST', '/api/su/settings', {
          token: admin.token,
          body: { setting_key: 'BIZTALK_FTP_PASSWORD', setting_value: secrets[2] },
        })
      ).status,
    ).toBe(200);

    const id = await createTaskQueueRepository(t.deps.database.db).enqueue(
      { taskType: 'SGL Outbound', customerId: c.id, fileName: 'a.xml', fileContent: '<a/>', payload: { returnId: 1, connectionId: 1 } },
      t.clock.now(),
    );
    const link = await call(app, 'PUT', `/api/su/tasks/${id}/download`, { token: admin.token });
    const token = (link.body.message.url as string).split('/').at(-1)!;
    expect((await app.inject({ method: 'GET', url: link.body.message.url })).statusCode).toBe(200);

    const log = lines.join('');
    expect(log).toContain('/api/files/[redacted]');
    for (const s of [...secrets, token, admin.token]) expect(log).not.toContain(s);
  });
});
