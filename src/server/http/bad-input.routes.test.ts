import { sql } from 'drizzle-orm';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_MSG } from '../../contract/common.js';
import { openPostgres, queryRows } from '../db/client.js';
import { DATABASE_UNAVAILABLE } from './envelope.js';
import { makeCustomer } from '../test/factories.js';
import { adminSession, loginAs, operatorSession } from '../test/sessions.js';
import { call, createTestApp, type TestApp } from '../test/test-app.js';

/** Issue 14: every row of its table answers a clear 4xx in the envelope and changes nothing. */

const UNSTORABLE = `Text ${TEXT_MSG.unstorable}`;

let t: TestApp;
let admin: string;
let operator: string;
let customerId: number;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  customerId = (await makeCustomer(db)).id;
  admin = (await adminSession(t.app, db)).token;
  operator = (await operatorSession(t.app, db, [customerId])).token;
});
afterAll(() => t.close());

const count = async (table: 'orders' | 'order_lines' | 'products' | 'users' | 'tasks', where = sql`true`) =>
  (await queryRows<{ n: number }>(t.deps.database.db, sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`))[0]!.n;

/** A raw request through Node's own HTTP parser (inject() skips it). */
async function rawRequest(head: string): Promise<{ status: number; headers: string; body: string }> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = new URL(address);
  try {
    const response = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(head));
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString('utf8')));
      socket.on('close', () => resolve(data));
      socket.on('error', (error) => (data ? resolve(data) : reject(error)));
    });
    const [headers = '', body = ''] = response.split('\r\n\r\n');
    return { status: Number(/^HTTP\/1\.1 (\d+)/.exec(headers)?.[1]), headers, body };
  } finally {
    await t.app.server.close();
  }
}

describe('U+0000 in any string', () => {
  it('POST /api/auth/login {"username":"a\\u0000b"} → 422 naming the field', async () => {
    const res = await call(t.app, 'POST', '/api/auth/login', { body: { username: 'a\u0000b', password: 'x' } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 422, message: [UNSTORABLE], errors: { username: [UNSTORABLE] } });
  });

  it('GET /api/returns?search[web_order_number]=a%00b → 422', async () => {
    const res = await call(t.app, 'GET', '/api/returns?search[web_order_number]=a%00bcd', { token: operator });
    expect(res.body).toMatchObject({ code: 422, message: [UNSTORABLE], errors: { 'search[web_order_number]': [UNSTORABLE] } });
  });

  it('GET /api/su/tasks?message_1=a%00b → 422', async () => {
    const res = await call(t.app, 'GET', '/api/su/tasks?message_1=a%00b', { token: admin });
    expect(res.body).toMatchObject({ code: 422, message: [UNSTORABLE], errors: { message_1: [UNSTORABLE] } });
  });
});

describe('an id above 2,147,483,647', () => {
  it('PUT /api/returns/search/99999999999 → 422 Invalid id', async () => {
    const res = await call(t.app, 'PUT', '/api/returns/search/99999999999', { token: operator, body: { search: 'SO-1' } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 422, message: ['Invalid id'], errors: { customerId: ['Invalid id'] } });
  });

  it('an id in a body → 422 naming it', async () => {
    const res = await call(t.app, 'POST', '/api/reports', {
      token: operator,
      body: { customer_id: 99_999_999_999, date_from: '2026-01-01', date_to: '2026-01-02', email: 'a@example.com' },
    });
    expect(res.body).toEqual({
      code: 422,
      message: ['Customer account is required'],
      errors: { customer_id: ['Customer account is required'] },
      // Each message's stable code beside it (issue 24), for clients that translate.
      codes: [{ code: 'auth.customerRequired' }],
      error_codes: { customer_id: [{ code: 'auth.customerRequired' }] },
    });
  });
});

describe('a null or list body', () => {
  const objectExpected = {
    code: 422,
    message: ['The request body must be a JSON object'],
    errors: { body: ['The request body must be a JSON object'] },
    codes: [{ code: 'input.bodyNotObject' }],
    error_codes: { body: [{ code: 'input.bodyNotObject' }] },
  };
  it('POST /api/su/users null → 422, no user', async () => {
    const before = await count('users');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/su/users',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(objectExpected);
    expect(await count('users')).toBe(before);
  });

  it('POST /api/reports null → 422 (a refinement that runs on every input sees no object)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect([res.statusCode, res.json()]).toEqual([422, objectExpected]);
  });

  it('PUT /api/su/users/{id} with a list → 422', async () => {
    const res = await call(t.app, 'PUT', '/api/su/users/1', { token: admin, body: [] });
    expect(res.body).toEqual(objectExpected);
  });
});

describe('a lone surrogate', () => {
  it('PUT /api/su/tasks/{id} message_2 "\\ud800" → 422', async () => {
    const res = await call(t.app, 'PUT', '/api/su/tasks/1', {
      token: admin,
      body: { message_2: 'a\ud800', is_running: false, task_status: 'Pending', attempts_count: 1 },
    });
    expect(res.body).toMatchObject({ code: 422, message: [UNSTORABLE], errors: { message_2: [UNSTORABLE] } });
  });

  it('in free JSON (an order search result) → 422 naming its path', async () => {
    const res = await call(t.app, 'PUT', '/api/returns/order/Biztalk/new', {
      token: operator,
      body: { customer_id: customerId, data: { lines: [{ sku: '\udc00' }] } },
    });
    expect(res.body).toMatchObject({ code: 422, message: [UNSTORABLE], errors: { 'data.lines.0.sku': [UNSTORABLE] } });
  });
});

describe('order files', () => {
  const upload = (content: string, format = 'json') =>
    call(t.app, 'POST', `/api/su/customers/${customerId}/orders/import`, { token: admin, body: { format, content } });
  const oneOrder = (sourceId: string) =>
    JSON.stringify({ orders: [{ source_id: sourceId, lines: [{ line_number: 1, quantity: 1, product: { sku: 'SKU-LS' } }] }] }, null, 2);

  it('a lone surrogate in source_id (a JSON escape) → 422 for the file, no order and no product stored', async () => {
    const content = oneOrder('LS-1').replace('LS-1', 'LS-\\ud800');
    const res = await upload(content);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 422,
      message: [`orders[0].source_id: source_id ${TEXT_MSG.unstorable}`],
      errors: { 'orders[0].source_id': [`orders[0].source_id: source_id ${TEXT_MSG.unstorable}`] },
      // A message composed with its place in the file has no code of its own: the status's, and the English text.
      codes: [{ code: 'http.422' }],
      error_codes: { 'orders[0].source_id': [{ code: 'http.422' }] },
    });
    expect(await count('orders', sql`customer_id = ${customerId}`)).toBe(0);
    expect(await count('products', sql`customer_id = ${customerId}`)).toBe(0);
  });

  it('NUL in the file → 422 with its line and column', async () => {
    const content = 'source_id,line_number,quantity,sku\nNUL-1,1,1,SK\u0000U\n';
    const res = await upload(content, 'csv');
    const message = 'Line 2, column 13: the file contains a NUL character (U+0000), which cannot be stored';
    expect(res.body).toMatchObject({ code: 422, message: [message], errors: { content: [message] } });
    expect(await count('orders', sql`customer_id = ${customerId}`)).toBe(0);
  });

  it('an order stored differently from the file → 422 and nothing of the file written', async () => {
    // The database changes what it is sent (a trigger here; an encoding in real life): the check catches it.
    const db = t.deps.database.db;
    await db.execute(
      sql.raw(`create function alter_source_id() returns trigger language plpgsql as $$
               begin if new.source_id_1 = 'ALTERED-2' then new.source_id_1 := 'ALTERED-2x'; end if; return new; end $$`),
    );
    await db.execute(sql.raw('create trigger alter_source_id before insert on orders for each row execute function alter_source_id()'));
    try {
      const orders = ['ALTERED-1', 'ALTERED-2'].map((source_id) => ({
        source_id,
        lines: [{ line_number: 1, quantity: 1, product: { sku: 'SKU-ALT' } }],
      }));
      const res = await upload(JSON.stringify({ orders }));
      expect(res.status).toBe(422);
      expect(res.body.message).toEqual([
        'Line 1: nothing of this file was imported: what the database stored differs from the file (order "ALTERED-2x" was stored under a source_id the file does not have)',
      ]);
      expect(await count('orders', sql`customer_id = ${customerId}`)).toBe(0);
      expect(await count('products', sql`customer_id = ${customerId}`)).toBe(0);
    } finally {
      await db.execute(sql.raw('drop trigger alter_source_id on orders'));
      await db.execute(sql.raw('drop function alter_source_id()'));
    }
  });
});

describe('errors raised before a route runs', () => {
  it('a 200-character path id → 414 in the envelope', async () => {
    const res = await call(t.app, 'PUT', `/api/returns/search/${'9'.repeat(200)}`, { token: operator, body: { search: 'abc' } });
    expect(res.status).toBe(414);
    expect(res.body).toMatchObject({ code: 414, message: 'A part of the path is too long.' });
  });

  it('a URL over 8 KB → 414 in the envelope', async () => {
    const res = await call(t.app, 'GET', `/api/health?q=${'a'.repeat(9000)}`);
    expect(res.status).toBe(414);
    expect(res.body).toMatchObject({ code: 414, message: 'The URL is too long (at most 8192 characters).' });
  });

  it('a 100 KB query string → 431 in the envelope from Node’s parser', async () => {
    const res = await rawRequest(`GET /api/health?q=${'a'.repeat(100 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(res.body)).toMatchObject({ code: 431, message: 'The request headers (the URL included) are too large.' });
  });

  it('bad JSON → 400, an empty JSON body → 400, text/plain → 415, a too large body → 413', async () => {
    const post = (payload: string, contentType = 'application/json') =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': contentType }, payload });
    expect((await post('{"username":')).json()).toMatchObject({ code: 400, message: 'The request body is not valid JSON.' });
    expect((await post('')).json()).toMatchObject({ code: 400, message: 'The request body is empty; send a JSON object.' });
    const plain = await post('username=a', 'text/plain');
    expect([plain.statusCode, plain.json()]).toEqual([
      415,
      { code: 415, message: 'Send the request body as application/json.', codes: [{ code: 'input.mediaType' }] },
    ]);
    const big = await post(JSON.stringify({ username: 'a'.repeat(3 * 1024 * 1024), password: 'x' }));
    expect([big.statusCode, big.json()]).toEqual([
      413,
      { code: 413, message: 'The request body is too large.', codes: [{ code: 'input.bodyTooLarge' }] },
    ]);
  });

  it('TRACE, OPTIONS and a wrong method → 405 with Allow', async () => {
    const trace = await t.app.inject({ method: 'TRACE', url: '/api/health' });
    expect(trace.statusCode).toBe(405);
    expect(trace.headers.allow).toBe('GET, HEAD');
    expect(trace.json()).toMatchObject({ code: 405, message: 'TRACE is not allowed here; use GET, HEAD.' });
    const options = await t.app.inject({ method: 'OPTIONS', url: '/api/su/users/12' });
    expect([options.statusCode, options.headers.allow]).toEqual([405, 'PUT']);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/su/customers' });
    expect([del.statusCode, del.headers.allow]).toEqual([405, 'GET, HEAD, POST']);
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing-here' })).statusCode).toBe(404);
  });
});

describe('while the database is unreachable', () => {
  const unavailable = { code: 503, message: DATABASE_UNAVAILABLE, codes: [{ code: 'input.databaseUnavailable' }] };
  it('every route that needs it answers 503 with Retry-After, /api/ready too (a pool pointed at a port nobody listens on)', async () => {
    const down = await createTestApp({}, { database: await openPostgres('postgres://postgres@127.0.0.1:9/nowhere', 1) });
    try {
      for (const [method, url, body] of [
        ['POST', '/api/auth/login', { username: 'someone', password: 'secret' }],
        ['GET', '/api/returns', undefined],
        ['GET', '/api/ready', undefined],
      ] as const) {
        const res = await call(down.app, method, url, { token: 'a-token-of-someone', body });
        expect([url, res.status, res.body, res.headers['retry-after']]).toEqual([url, 503, unavailable, '5']);
      }
      expect((await call(down.app, 'GET', '/api/health')).status).toBe(200);
    } finally {
      await down.app.close();
      await down.testDb.close();
    }
  });

  it('a database closed mid-test answers 503, never 500', async () => {
    const local = await createTestApp();
    try {
      const { token } = await adminSession(local.app, local.deps.database.db);
      expect((await call(local.app, 'GET', '/api/su/users', { token })).status).toBe(200);
      await local.deps.database.close();
      const res = await call(local.app, 'GET', '/api/su/users', { token });
      expect([res.status, res.body, res.headers['retry-after']]).toEqual([503, unavailable, '5']);
    } finally {
      await local.app.close();
      await local.testDb.close().catch(() => undefined); // PGlite: closed already above
    }
  });
});

describe('a changed password', () => {
  it('ends every other session of the user and keeps the current one', async () => {
    const { user, token: first } = await operatorSession(t.app, t.deps.database.db, [customerId]);
    const second = await loginAs(t.app, user.username, user.password);
    const res = await call(t.app, 'POST', '/api/account/password', {
      token: first,
      body: { old_password: user.password, password: 'New-pass-22', password_confirmation: 'New-pass-22' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await call(t.app, 'POST', '/api/account/token', { token: second })).status).toBe(401);
    const refreshed = await call(t.app, 'POST', '/api/account/token', { token: first });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
  });

  it('login answers carry Cache-Control: no-store, failures too', async () => {
    const res = await call(t.app, 'POST', '/api/auth/login', { body: { username: 'nobody-here', password: 'x' } });
    expect(res.status).toBe(401);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
