import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { operatorSession } from '../../test/sessions.js';
import { draftFor, makeConnection, receivingFixture, writtenFor } from '../../test/receiving-fixtures.js';

// PGlite is one connection and runs transactions one after another, so only PostgreSQL can show
// two submits of the same draft racing. CI runs the suite on both; this file counts on PostgreSQL.
describe('POST /api/returns: the same draft submitted at once (PostgreSQL)', () => {
  let t: TestApp;
  const db = () => t.deps.database.db;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates one return and answers it to every submit', async () => {
    const { customer, made } = await receivingFixture(db());
    await makeConnection(db(), customer.id);
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    for (let round = 0; round < 5; round++) {
      const draft = draftFor(customer.id, made);
      const answers = await Promise.all(Array.from({ length: 6 }, () => call(t.app, 'POST', '/api/returns', { token, body: draft })));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
      const ids = new Set(answers.map((a) => a.body.message.id));
      expect(ids.size).toBe(1);
      for (const a of answers) expect(a.body.message).toEqual(answers[0]!.body.message);
    }
    expect(await writtenFor(db(), customer.id, made.order.id)).toEqual({ returns: 5, ledgers: 10, tasks: 5, status: 'Return Created' });
  });
});
