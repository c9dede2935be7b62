import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeCustomer } from '../../test/factories.js';
import { makeProduct, makeReturn } from '../../test/return-factory.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { sha256 } from '../../lib/crypto.js';
import { API_KEY_MSG } from '../../../contract/api-keys.js';
import { MSG } from '../../../contract/messages.js';
import { apiKeys, returns } from '../../db/schema/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
let operator: Awaited<ReturnType<typeof operatorSession>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app, t.deps.database.db);
  operator = await operatorSession(t.app, t.deps.database.db);
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
async function makeKey(customerId: number, scopes = ['returns:read']) {
  const res = await call(t.app, 'POST', `/api/su/customers/${customerId}/api-keys`, { token: admin.token, body: { name: 'Loop', scopes } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message as { id: number; key: string; prefix: string };
}
/** A customer with `n` returns made a minute apart (oldest first). */
async function customerWithReturns(n: number) {
  const c = await makeCustomer(db());
  const product = await makeProduct(db(), c.id);
  const start = t.clock.now().getTime() - n * 60_000;
  const made = [];
  for (let i = 0; i < n; i++) {
    made.push(
      await makeReturn(db(), {
        customerId: c.id,
        userId: admin.user.id,
        username: admin.user.username,
        reference1: `RMA-${i}`,
        createdAt: new Date(start + i * 60_000),
        lines: [{ productId: product.id, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' }],
      }),
    );
  }
  return { customer: c, returns: made };
}

describe('admin routes of API keys', () => {
  it('answer 401 without a token, 403 to an operator, 422 for a bad name or scope, and change nothing', async () => {
    const c = await makeCustomer(db());
    const k = await makeKey(c.id);
    const routes = [
      ['GET', `/api/su/customers/${c.id}/api-keys`, undefined],
      ['POST', `/api/su/customers/${c.id}/api-keys`, { name: 'x', scopes: ['returns:read'] }],
      ['DELETE', `/api/su/api-keys/${k.id}`, undefined],
    ] as const;
    const before = await db().select().from(apiKeys).where(eq(apiKeys.customerId, c.id));
    for (const [method, url, body] of routes) {
      expect((await call(t.app, method, url, { body })).status).toBe(401);
      expect((await call(t.app, method, url, { token: operator.token, body })).body).toMatchObject({ code: 403, message: MSG.forbidden });
    }
    const bad = await call(t.app, 'POST', `/api/su/customers/${c.id}/api-keys`, {
      token: admin.token,
      body: { name: ' ', scopes: ['everything'] },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ name: [API_KEY_MSG.name], scopes: [API_KEY_MSG.scopes] });
    expect(await db().select().from(apiKeys).where(eq(apiKeys.customerId, c.id))).toEqual(before);
    expect((await call(t.app, 'DELETE', '/api/su/api-keys/999999', { token: admin.token })).status).toBe(404);
  });

  it('create shows the key once and keeps only its SHA-256; list never shows it; revoke ends it at once', async () => {
    const { customer } = await customerWithReturns(1);
    const k = await makeKey(customer.id);
    expect(k.key).toMatch(/^rdk_[A-Za-z0-9_-]{43}$/);
    expect(k.key.startsWith(k.prefix)).toBe(true);
    const [row] = await db().select().from(apiKeys).where(eq(apiKeys.id, k.id));
    expect(row!.tokenHash).toBe(sha256(k.key));
    expect(JSON.stringify(row)).not.toContain(k.key);
    const list = await call(t.app, 'GET', `/api/su/customers/${customer.id}/api-keys`, { token: admin.token });
    expect(JSON.stringify(list.body)).not.toContain(k.key);
    expect(list.body.message[0]).toMatchObject({ id: k.id, name: 'Loop', scopes: ['returns:read'], last_used_at: null, revoked_at: null });
    expect((await call(t.app, 'GET', '/api/v1/returns', { token: k.key })).status).toBe(200);
    const used = await call(t.app, 'GET', `/api/su/customers/${customer.id}/api-keys`, { token: admin.token });
    expect(used.body.message[0].last_used_at).toBe(t.clock.now().toISOString());
    expect((await call(t.app, 'DELETE', `/api/su/api-keys/${k.id}`, { token: admin.token })).body).toEqual({
      code: 200,
      message: API_KEY_MSG.revoked,
    });
    expect((await call(t.app, 'GET', '/api/v1/returns', { token: k.key })).status).toBe(401);
  });
});

describe('the key-scoped returns API', () => {
  it('refuses no token, a session token, an unknown key (401) and a key without the scope (403)', async () => {
    const c = await makeCustomer(db());
    const writeOnly = await makeKey(c.id, ['expected_returns:write']);
    expect((await call(t.app, 'GET', '/api/v1/returns')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/v1/returns', { token: admin.token })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/v1/returns', { token: `rdk_${'x'.repeat(43)}` })).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/v1/returns', { token: writeOnly.key })).body).toMatchObject({
      code: 403,
      message: MSG.forbidden,
    });
  });

  it('answers 422 for a bad cursor, updated_since or limit', async () => {
    const c = await makeCustomer(db());
    const k = await makeKey(c.id);
    const get = (q: string) => call(t.app, 'GET', `/api/v1/returns?${q}`, { token: k.key });
    expect((await get('cursor=bm90LWEtY3Vyc29y')).body.errors).toEqual({ cursor: [API_KEY_MSG.cursor] });
    expect((await get('updated_since=yesterday')).body.errors).toEqual({ updated_since: [API_KEY_MSG.updatedSince] });
    expect((await get('limit=0')).body.errors).toEqual({ limit: [API_KEY_MSG.limit] });
    expect((await get('limit=201')).status).toBe(422);
  });

  it('pages the customer’s returns by cursor, oldest change first, and filters by updated_since', async () => {
    const { customer, returns: made } = await customerWithReturns(5);
    await customerWithReturns(2); // another customer's: never listed
    const k = await makeKey(customer.id);
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(t.app, 'GET', `/api/v1/returns?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { token: k.key });
      expect(res.status).toBe(200);
      expect(res.body.message.returns.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.message.returns.map((r: { id: number }) => r.id));
      cursor = res.body.message.next_cursor;
    } while (cursor);
    expect(seen).toEqual(made.map((r) => r.id));
    // A correction moves a return to the end; updated_since lists what changed after it.
    await db().update(returns).set({ correctedAt: t.clock.now(), version: 2 }).where(eq(returns.id, made[0]!.id));
    const since = new Date(made[3]!.createdAt.getTime()).toISOString();
    const res = await call(t.app, 'GET', `/api/v1/returns?updated_since=${since}`, { token: k.key });
    expect(res.body.message.returns.map((r: { id: number }) => r.id)).toEqual([made[4]!.id, made[0]!.id]);
    expect(res.body.message.returns[1]).toMatchObject({ version: 2, updated_at: t.clock.now().toISOString() });
    expect(res.body.message.next_cursor).toBeNull();
  });

  it('reads one return of its customer with its lines; another customer’s return is a 404, like an unknown one', async () => {
    const mine = await customerWithReturns(1);
    const theirs = await customerWithReturns(1);
    const k = await makeKey(mine.customer.id);
    const res = await call(t.app, 'GET', `/api/v1/returns/${mine.returns[0]!.id}`, { token: k.key });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      return: { id: mine.returns[0]!.id, customer_id: mine.customer.id, reference_1: 'RMA-0', version: 1 },
      lines: [{ quantity: 1, condition: 'Pristine', reason: 'DAMAGED', bin: null, disposition: null, discrepancy: null, photos: [] }],
      photos: [],
    });
    for (const id of [theirs.returns[0]!.id, 999999]) {
      const other = await call(t.app, 'GET', `/api/v1/returns/${id}`, { token: k.key });
      expect(other.body).toMatchObject({ code: 404, message: API_KEY_MSG.returnNotFound });
    }
  });
});

describe('staff routes never accept an API key', () => {
  it('answers 401 to a key on every route that takes a session', async () => {
    const c = await makeCustomer(db());
    const k = await makeKey(c.id, ['returns:read', 'expected_returns:write']);
    const doc = (
      t.app as unknown as { swagger(): { paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>> } }
    ).swagger();
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!op.security?.some((s) => 'bearer' in s)) continue;
        const url = path.replace(/\{[^}]+\}/g, '1');
        const res = await call(t.app, method.toUpperCase() as 'GET', url, { token: k.key, body: method === 'get' ? undefined : {} });
        expect(res.status, `${method.toUpperCase()} ${path}`).toBe(401);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(60);
  });
});
