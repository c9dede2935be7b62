import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeCustomer, makeReason } from '../../test/factories.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { MSG } from '../../../contract/messages.js';
import { CUSTOMER_MSG } from '../../../contract/customers.js';
import { RESERVED_COMPANY } from '../../../contract/constants.js';
import { auditLog, connections, customers, options } from '../../db/schema/index.js';

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
const uid = () => Math.random().toString(36).slice(2, 8);
const PASSWORD = 'ftp-Pa55-word-XYZ';
const API_TOKEN = 'api-token-0123456789abcdef';
const connectionBody = (over: Record<string, unknown> = {}) => ({
  connection_type: 'Biztalk Outbound Return',
  biztalk_schema: 'Default',
  biztalk_sender: 'SENDER',
  biztalk_receiver: 'RECEIVER',
  endpoint: 'ftp://files.example.com/out',
  username: 'ftpuser',
  secure_short_token: PASSWORD,
  secure_long_token: API_TOKEN,
  connection_meta: { format: 'XML' },
  ...over,
});
const snapshot = async (customerId: number) => ({
  customer: await db().select().from(customers).where(eq(customers.id, customerId)),
  options: await db().select().from(options).where(eq(options.customerId, customerId)),
  connections: await db().select().from(connections).where(eq(connections.customerId, customerId)),
});

describe('/api/su/customers guards', () => {
  it('answers 401 without a token and 403 to an operator on every route, changing nothing', async () => {
    const c = await makeCustomer(db());
    const reason = await makeReason(db(), c.id);
    const [conn] = await db().insert(connections).values({ customerId: c.id, connectionType: 'SGL Ecom' }).returning();
    const routes = [
      ['GET', '/api/su/customers', undefined],
      ['POST', '/api/su/customers', { company: `New ${uid()}` }],
      ['PUT', `/api/su/customers/${c.id}`, { company: 'Hacked' }],
      ['POST', `/api/su/customers/${c.id}/options`, { option_code: 'X', option_value: 'Y' }],
      ['PUT', `/api/su/customers/${c.id}/options/${reason.id}`, { option_code: 'X', option_value: 'Y' }],
      ['DELETE', `/api/su/customers/${c.id}/options/${reason.id}`, undefined],
      ['POST', `/api/su/customers/${c.id}/connections`, connectionBody()],
      ['PUT', `/api/su/customers/${c.id}/connections/${conn!.id}`, connectionBody()],
      ['DELETE', `/api/su/customers/${c.id}/connections/${conn!.id}`, undefined],
    ] as const;
    const before = await snapshot(c.id);
    const count = (await db().select().from(customers)).length;
    for (const [method, url, body] of routes) {
      const anon = await call(t.app, method, url, { body });
      expect(anon.status, `${method} ${url}`).toBe(401);
      const op = await call(t.app, method, url, { token: operator.token, body });
      expect(op.status, `${method} ${url}`).toBe(403);
      expect(op.body).toMatchObject({ code: 403, message: MSG.forbidden });
    }
    expect(await snapshot(c.id)).toEqual(before);
    expect((await db().select().from(customers)).length).toBe(count);
  });
});

describe('customers', () => {
  it('answers 422 Company is required, and a bad order source or image URL, creating nothing', async () => {
    const count = (await db().select().from(customers)).length;
    const res = await call(t.app, 'POST', '/api/su/customers', {
      token: admin.token,
      body: { company: '  ', order_source: 'Fax', cdn_url_1: 'not a url' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      company: [MSG.companyRequired],
      order_source: [CUSTOMER_MSG.orderSource],
      cdn_url_1: [CUSTOMER_MSG.urlInvalid],
    });
    expect((await db().select().from(customers)).length).toBe(count);
  });

  it('creates and edits a customer, refuses a duplicate company in any case, and lists sorted by company with counts', async () => {
    const name = `Acme ${uid()}`;
    const created = await call(t.app, 'POST', '/api/su/customers', {
      token: admin.token,
      body: { company: name, can_blind: true, order_source: 'SGL Ecommerce', cdn_url_1: 'https://cdn.example.com/a/', cdn_url_2: '' },
    });
    expect(created.status).toBe(200);
    expect(created.body.message).toMatchObject({
      company: name,
      can_blind: true,
      customer_status: 'Active',
      order_source: 'SGL Ecommerce',
      cdn_url_1: 'https://cdn.example.com/a/',
      cdn_url_2: null,
      options_count: 0,
      connections_count: 0,
      is_reserved: false,
    });
    const id = created.body.message.id;

    const dup = await call(t.app, 'POST', '/api/su/customers', { token: admin.token, body: { company: name.toUpperCase() } });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ company: [CUSTOMER_MSG.companyTaken] });

    const edited = await call(t.app, 'PUT', `/api/su/customers/${id}`, {
      token: admin.token,
      body: { company: `${name} Ltd`, can_blind: false, customer_status: 'Disabled', order_source: 'Biztalk Rest' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.message).toMatchObject({
      company: `${name} Ltd`,
      can_blind: false,
      customer_status: 'Disabled',
      order_source: 'Biztalk Rest',
    });

    await makeReason(db(), id, 'A1', 'One');
    const list = await call(t.app, 'GET', '/api/su/customers', { token: admin.token });
    const companies = list.body.message.map((c: { company: string }) => c.company);
    expect(companies).toEqual([...companies].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(list.body.message.find((c: { id: number }) => c.id === id)).toMatchObject({ options_count: 1, connections_count: 0 });

    const trail = await call(t.app, 'GET', `/api/su/audit?entity_type=customer&entity_id=${id}`, { token: admin.token });
    expect(trail.body.message.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    expect(trail.body.message[0].before.company).toBe(name);
    expect(trail.body.message[0].after.company).toBe(`${name} Ltd`);
  });

  it('answers 404 for an unknown customer', async () => {
    const res = await call(t.app, 'PUT', '/api/su/customers/999999', { token: admin.token, body: { company: 'Nobody' } });
    expect(res.status).toBe(404);
  });

  it('the reserved customer cannot be changed, nor its reasons or connections, nor can another take its name', async () => {
    const [reserved] = await db().select().from(customers).where(eq(customers.company, RESERVED_COMPANY));
    const r = reserved ?? (await makeCustomer(db(), { company: RESERVED_COMPANY }));
    const reason = await makeReason(db(), r.id, `R${uid()}`, 'x');
    const [conn] = await db().insert(connections).values({ customerId: r.id, connectionType: 'SGL Ecom' }).returning();
    const before = await snapshot(r.id);
    for (const [method, url, body] of [
      ['PUT', `/api/su/customers/${r.id}`, { company: 'Renamed' }],
      ['PUT', `/api/su/customers/${r.id}`, { company: RESERVED_COMPANY, can_blind: true }],
      ['POST', `/api/su/customers/${r.id}/options`, { option_code: 'X', option_value: 'Y' }],
      ['PUT', `/api/su/customers/${r.id}/options/${reason.id}`, { option_code: 'X', option_value: 'Y' }],
      ['DELETE', `/api/su/customers/${r.id}/options/${reason.id}`, undefined],
      ['POST', `/api/su/customers/${r.id}/connections`, connectionBody()],
      ['PUT', `/api/su/customers/${r.id}/connections/${conn!.id}`, connectionBody()],
      ['DELETE', `/api/su/customers/${r.id}/connections/${conn!.id}`, undefined],
    ] as const) {
      const res = await call(t.app, method, url, { token: admin.token, body });
      expect(res.status, `${method} ${url}`).toBe(403);
      expect(res.body.message).toBe(CUSTOMER_MSG.reserved);
    }
    expect(await snapshot(r.id)).toEqual(before);

    const other = await makeCustomer(db());
    const rename = await call(t.app, 'PUT', `/api/su/customers/${other.id}`, {
      token: admin.token,
      body: { company: RESERVED_COMPANY.toLowerCase() },
    });
    expect(rename.status).toBe(422);
    expect(rename.body.errors).toEqual({ company: [CUSTOMER_MSG.companyReserved] });
    const create = await call(t.app, 'POST', '/api/su/customers', { token: admin.token, body: { company: RESERVED_COMPANY } });
    expect(create.status).toBe(422);

    const list = await call(t.app, 'GET', '/api/su/customers', { token: admin.token });
    expect(list.body.message.find((c: { id: number }) => c.id === r.id).is_reserved).toBe(true);
  });
});

describe('options', () => {
  it('answers 422 Code is required / Value is required, and a duplicate code, writing nothing', async () => {
    const c = await makeCustomer(db());
    await makeReason(db(), c.id, 'DMG', 'Damaged');
    const res = await call(t.app, 'POST', `/api/su/customers/${c.id}/options`, {
      token: admin.token,
      body: { option_code: '', option_value: ' ' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ option_code: [MSG.codeRequired], option_value: [MSG.valueRequired] });
    const dup = await call(t.app, 'POST', `/api/su/customers/${c.id}/options`, {
      token: admin.token,
      body: { option_code: 'DMG', option_value: 'Again' },
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ option_code: [CUSTOMER_MSG.codeTaken] });
    const type = await call(t.app, 'POST', `/api/su/customers/${c.id}/options`, {
      token: admin.token,
      body: { option_type: 'Color', option_code: 'A', option_value: 'B' },
    });
    expect(type.status).toBe(422);
    expect(await db().select().from(options).where(eq(options.customerId, c.id))).toHaveLength(1);
  });

  it('adds, edits and deletes a reason; another customer’s option id answers 404', async () => {
    const c = await makeCustomer(db());
    const other = await makeCustomer(db());
    const foreign = await makeReason(db(), other.id, 'F', 'Foreign');
    const added = await call(t.app, 'POST', `/api/su/customers/${c.id}/options`, {
      token: admin.token,
      body: { option_code: 'WRONG', option_value: 'Wrong item' },
    });
    expect(added.status).toBe(200);
    expect(added.body.message).toMatchObject({
      customer_id: c.id,
      option_type: 'Reason',
      option_code: 'WRONG',
      option_value: 'Wrong item',
    });
    const id = added.body.message.id;
    const edited = await call(t.app, 'PUT', `/api/su/customers/${c.id}/options/${id}`, {
      token: admin.token,
      body: { option_code: 'WRONG', option_value: 'Wrong size' },
    });
    expect(edited.body.message.option_value).toBe('Wrong size');

    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await call(t.app, method, `/api/su/customers/${c.id}/options/${foreign.id}`, {
        token: admin.token,
        body: method === 'PUT' ? { option_code: 'Z', option_value: 'Z' } : undefined,
      });
      expect(res.status).toBe(404);
    }
    expect((await db().select().from(options).where(eq(options.id, foreign.id)))[0]!.optionCode).toBe('F');

    const del = await call(t.app, 'DELETE', `/api/su/customers/${c.id}/options/${id}`, { token: admin.token });
    expect(del.status).toBe(200);
    expect(await db().select().from(options).where(eq(options.customerId, c.id))).toHaveLength(0);
    const trail = await call(t.app, 'GET', `/api/su/audit?entity_type=option&entity_id=${id}`, { token: admin.token });
    expect(trail.body.message.map((e: { action: string }) => e.action)).toEqual(['delete', 'update', 'create']);
  });
});

describe('connections', () => {
  it('answers 422 for an unknown type or format, writing nothing', async () => {
    const c = await makeCustomer(db());
    const res = await call(t.app, 'POST', `/api/su/customers/${c.id}/connections`, {
      token: admin.token,
      body: connectionBody({ connection_type: 'Carrier pigeon', connection_meta: { format: 'CSV' } }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      connection_type: [CUSTOMER_MSG.connectionType],
      'connection_meta.format': [CUSTOMER_MSG.format],
    });
    expect(await db().select().from(connections).where(eq(connections.customerId, c.id))).toHaveLength(0);
  });

  it('keeps the outbound format version in connection_meta; an unknown version is a 422 naming it', async () => {
    const c = await makeCustomer(db());
    const bad = await call(t.app, 'POST', `/api/su/customers/${c.id}/connections`, {
      token: admin.token,
      body: connectionBody({ connection_meta: { format: 'XML', format_version: 4 } }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ 'connection_meta.format_version': [CUSTOMER_MSG.formatVersion] });
    expect(await db().select().from(connections).where(eq(connections.customerId, c.id))).toHaveLength(0);
    const text = await call(t.app, 'POST', `/api/su/customers/${c.id}/connections`, {
      token: admin.token,
      body: connectionBody({ connection_meta: { format_version: '2' } }),
    });
    expect(text.status).toBe(422);

    const created = await call(t.app, 'POST', `/api/su/customers/${c.id}/connections`, {
      token: admin.token,
      body: connectionBody({ connection_meta: { format: 'FLAT', format_version: 2 } }),
    });
    expect(created.status).toBe(200);
    expect(created.body.message.connection_meta).toEqual({ format: 'FLAT', format_version: 2 });
    const back = await call(t.app, 'PUT', `/api/su/customers/${c.id}/connections/${created.body.message.id}`, {
      token: admin.token,
      body: connectionBody({ connection_meta: { format: 'FLAT', format_version: 1 } }),
    });
    expect(back.body.message.connection_meta).toEqual({ format: 'FLAT', format_version: 1 });
  });

  it('stores secrets sealed and never answers them; blank keeps, a value replaces, the clear flag removes', async () => {
    const c = await makeCustomer(db());
    const created = await call(t.app, 'POST', `/api/su/customers/${c.id}/connections`, { token: admin.token, body: connectionBody() });
    expect(created.status).toBe(200);
    expect(created.body.message).toMatchObject({
      has_short_token: true,
      has_long_token: true,
      connection_meta: { format: 'XML' },
      endpoint: 'ftp://files.example.com/out',
    });
    const id = created.body.message.id;
    const [row] = await db().select().from(connections).where(eq(connections.id, id));
    expect(row!.secureShortTokenEnc).not.toContain(PASSWORD);
    expect(t.deps.secretBox.open(row!.secureShortTokenEnc!)).toBe(PASSWORD);
    expect(t.deps.secretBox.open(row!.secureLongTokenEnc!)).toBe(API_TOKEN);

    // Blank secrets keep the stored ones.
    const kept = await call(t.app, 'PUT', `/api/su/customers/${c.id}/connections/${id}`, {
      token: admin.token,
      body: connectionBody({ secure_short_token: '', secure_long_token: null, username: 'other', connection_meta: { format: 'FLAT' } }),
    });
    expect(kept.body.message).toMatchObject({
      has_short_token: true,
      has_long_token: true,
      username: 'other',
      connection_meta: { format: 'FLAT' },
    });
    const [keptRow] = await db().select().from(connections).where(eq(connections.id, id));
    expect(t.deps.secretBox.open(keptRow!.secureShortTokenEnc!)).toBe(PASSWORD);

    // A new value replaces; the clear flag removes the other.
    const replaced = await call(t.app, 'PUT', `/api/su/customers/${c.id}/connections/${id}`, {
      token: admin.token,
      body: connectionBody({ secure_short_token: 'second-secret-pw', secure_long_token: '', clear_long_token: true }),
    });
    expect(replaced.body.message).toMatchObject({ has_short_token: true, has_long_token: false });
    const [after] = await db().select().from(connections).where(eq(connections.id, id));
    expect(t.deps.secretBox.open(after!.secureShortTokenEnc!)).toBe('second-secret-pw');
    expect(after!.secureLongTokenEnc).toBeNull();

    const list = await call(t.app, 'GET', '/api/su/customers', { token: admin.token });
    const mine = list.body.message.find((x: { id: number }) => x.id === c.id);
    expect(mine.connections_count).toBe(1);
    // Neither the secrets nor their sealed form appear in any answer or audit row.
    const answers = JSON.stringify([created.body, kept.body, replaced.body, list.body]);
    const audit = JSON.stringify(await db().select().from(auditLog).where(eq(auditLog.entityType, 'connection')));
    for (const text of [answers, audit]) {
      for (const secret of [PASSWORD, API_TOKEN, 'second-secret-pw', row!.secureShortTokenEnc!, after!.secureShortTokenEnc!]) {
        expect(text).not.toContain(secret);
      }
      expect(text).not.toMatch(/secure_short_token"|secure_long_token"|_enc/);
    }
  });

  it('another customer’s connection id answers 404 and changes nothing; delete removes', async () => {
    const c = await makeCustomer(db());
    const other = await makeCustomer(db());
    const [foreign] = await db()
      .insert(connections)
      .values({ customerId: other.id, connectionType: 'SGL Ecom', username: 'keep' })
      .returning();
    const put = await call(t.app, 'PUT', `/api/su/customers/${c.id}/connections/${foreign!.id}`, {
      token: admin.token,
      body: connectionBody(),
    });
    expect(put.status).toBe(404);
    const del = await call(t.app, 'DELETE', `/api/su/customers/${c.id}/connections/${foreign!.id}`, { token: admin.token });
    expect(del.status).toBe(404);
    expect((await db().select().from(connections).where(eq(connections.id, foreign!.id)))[0]!.username).toBe('keep');

    const ok = await call(t.app, 'DELETE', `/api/su/customers/${other.id}/connections/${foreign!.id}`, { token: admin.token });
    expect(ok.status).toBe(200);
    expect(await db().select().from(connections).where(eq(connections.id, foreign!.id))).toHaveLength(0);
  });
});
