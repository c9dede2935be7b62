// The hot routes answer in one round trip to the database (issue 13): the submit's checks, the
// order search and the history page each send one statement that checks the session and the
// caller's access itself (the access repository's fragments), besides the submit's writes.
// Counted at the driver (node-postgres or PGlite), so a guard that queries first would show.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '../test/order-factory.js';
import { draftFor, receivingFixture } from '../test/receiving-fixtures.js';
import { operatorSession } from '../test/sessions.js';
import { call, createTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
/** The text of every statement sent since the last reset. */
let sent: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  const count = <T extends object>(proto: T, method: keyof T) => {
    const original = proto[method] as (...args: unknown[]) => unknown;
    vi.spyOn(proto, method as never).mockImplementation(function (this: unknown, ...args: unknown[]) {
      const query = args[0] as string | { text?: string };
      sent.push(typeof query === 'string' ? query : (query.text ?? ''));
      return original.apply(this, args);
    } as never);
  };
  count(pg.Client.prototype, 'query');
  count(PGlite.prototype, 'query');
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
});

/** The statements one request sends. */
async function statementsOf(request: () => Promise<{ status: number }>, status = 200): Promise<string[]> {
  sent = [];
  const res = await request();
  expect(res.status).toBe(status);
  return sent;
}
const readsSessions = (text: string) => /\bFROM sessions\b/i.test(text);

describe('statements per request of the hot routes', () => {
  it('order search, history page, submit: one statement each for the checks and the read', async () => {
    const db = t.deps.database.db;
    const { customer, made } = await receivingFixture(db);
    await makeOrder(db, customer.id, { deliveryNumber: 'DN-ROUND-TRIP' });
    const { token } = await operatorSession(t.app, db, [customer.id]);

    const search = () => call(t.app, 'PUT', `/api/returns/search/${customer.id}`, { token, body: { search: 'DN-ROUND' } });
    await search(); // warm
    expect(await statementsOf(search)).toHaveLength(1);

    const page = () => call(t.app, 'GET', '/api/returns?page=1', { token });
    await page(); // the first page resolves the caller's links once (principals), later pages do not
    expect(await statementsOf(page)).toHaveLength(1);

    const submit = () => call(t.app, 'POST', '/api/returns', { token, body: draftFor(customer.id, made) });
    // Then the writes (one statement on PGlite; a transaction on node-postgres), none of them a check.
    const submitted = await statementsOf(submit);
    expect(readsSessions(submitted[0]!)).toBe(true);
    expect(submitted.filter(readsSessions)).toHaveLength(1);
  });

  it('bad input with a live token: the caller is resolved once before the 422', async () => {
    const db = t.deps.database.db;
    const { customer } = await receivingFixture(db);
    const { token } = await operatorSession(t.app, db, [customer.id]);
    const bad = () => call(t.app, 'PUT', `/api/returns/search/${customer.id}`, { token, body: { search: 42 } });
    expect(await statementsOf(bad, 422)).toHaveLength(1);
    expect(await statementsOf(() => call(t.app, 'PUT', `/api/returns/search/${customer.id}`, { body: {} }), 401)).toHaveLength(0);
  });
});
