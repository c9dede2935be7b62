import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { createUsersService } from './users.service.js';
import { createInvitations } from './invitations.js';
import { makeCustomer, makeUser } from '../../test/factories.js';
import { adminSession, loginAs, operatorSession } from '../../test/sessions.js';
import { MSG } from '../../../contract/messages.js';
import { USER_MSG } from '../../../contract/users.js';
import { auditLog, sessions, users } from '../../db/schema/index.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app, t.deps.database.db);
});
afterAll(() => t.close());

const db = () => t.deps.database.db;
const uid = () => Math.random().toString(36).slice(2, 8);
const newUser = (over: Record<string, unknown> = {}) => {
  const u = `u_${uid()}`;
  return { name: `Name ${u}`, email: `${u}@example.com`, username: u, password: 'Pass-word-1', pass_confirmed: 'Pass-word-1', ...over };
};
const userCount = async () => (await db().select({ id: users.id }).from(users)).length;

describe('/api/su/users guards', () => {
  it('answers 401 without a token on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/su/users'],
      ['POST', '/api/su/users'],
      ['PUT', '/api/su/users/1'],
    ] as const) {
      const res = await call(t.app, method, url, { body: method === 'GET' ? undefined : {} });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 401, message: MSG.unauthorized });
    }
  });

  it('answers 403 Forbidden. to an operator and changes nothing', async () => {
    const op = await operatorSession(t.app, db());
    const before = await userCount();
    expect((await call(t.app, 'GET', '/api/su/users', { token: op.token })).body).toMatchObject({ code: 403, message: MSG.forbidden });
    const created = await call(t.app, 'POST', '/api/su/users', { token: op.token, body: newUser({ is_su: true }) });
    expect(created.status).toBe(403);
    const edited = await call(t.app, 'PUT', `/api/su/users/${op.user.id}`, {
      token: op.token,
      body: { name: 'Hacker', email: op.user.email, is_su: true },
    });
    expect(edited.status).toBe(403);
    expect(await userCount()).toBe(before);
    const [row] = await db().select().from(users).where(eq(users.id, op.user.id));
    expect(row!.isSu).toBe(false);
    expect(row!.name).toBe(op.user.name);
  });
});

describe('GET /api/su/users', () => {
  it('lists users sorted by name with customer links and never a password hash', async () => {
    const c = await makeCustomer(db());
    await makeUser(db(), { name: 'zz Last', customerIds: [c.id] });
    await makeUser(db(), { name: 'AA First' });
    const res = await call(t.app, 'GET', '/api/su/users', { token: admin.token });
    expect(res.status).toBe(200);
    const names = (res.body.message as { name: string }[]).map((u) => u.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const last = res.body.message.find((u: { name: string }) => u.name === 'zz Last');
    expect(last.customer_ids).toEqual([c.id]);
    const raw = JSON.stringify(res.body);
    expect(raw).not.toMatch(/password|argon2/i);
  });
});

describe('POST /api/su/users', () => {
  it('answers 422 with the spec messages and creates nothing', async () => {
    const before = await userCount();
    const res = await call(t.app, 'POST', '/api/su/users', { token: admin.token, body: { password: 'a', pass_confirmed: 'b' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toMatchObject({
      name: [MSG.nameRequired],
      email: [MSG.emailInvalid],
      username: [MSG.usernameRequired],
      pass_confirmed: [MSG.passwordsMustMatch],
    });
    const noPass = await call(t.app, 'POST', '/api/su/users', { token: admin.token, body: newUser({ password: '', pass_confirmed: '' }) });
    expect(noPass.body.errors).toMatchObject({ password: [MSG.newPasswordRequired] });
    expect(await userCount()).toBe(before);
  });

  it('refuses a taken username or email, in any letter case', async () => {
    const existing = await makeUser(db());
    const res = await call(t.app, 'POST', '/api/su/users', {
      token: admin.token,
      body: newUser({ username: existing.username.toUpperCase(), email: existing.email.toUpperCase() }),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ username: [USER_MSG.usernameTaken], email: [USER_MSG.emailTaken] });
  });

  it('refuses an unknown customer id', async () => {
    const res = await call(t.app, 'POST', '/api/su/users', { token: admin.token, body: newUser({ customer_ids: [987654] }) });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ customer_ids: [USER_MSG.unknownCustomer] });
  });

  it('creates a user linked to customers who can then log in and see them, and audits it without the password', async () => {
    const c = await makeCustomer(db());
    const body = newUser({ customer_ids: [c.id] });
    const res = await call(t.app, 'POST', '/api/su/users', { token: admin.token, body });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ username: body.username, is_su: false, user_status: 'Active', customer_ids: [c.id] });
    expect(JSON.stringify(res.body)).not.toContain(body.password);
    const token = await loginAs(t.app, body.username as string, body.password as string);
    const me = await call(t.app, 'POST', '/api/account/token', { token });
    expect(me.body.message.customers.map((x: { id: number }) => x.id)).toEqual([c.id]);

    const trail = await call(t.app, 'GET', `/api/su/audit?entity_type=user&entity_id=${res.body.message.id}`, { token: admin.token });
    expect(trail.status).toBe(200);
    expect(trail.body.message).toHaveLength(1);
    expect(trail.body.message[0]).toMatchObject({ action: 'create', actor_username: admin.user.username });
    const rows = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(res.body.message.id)));
    expect(JSON.stringify(rows)).not.toMatch(/argon2|Pass-word-1/);
  });
});

describe('PUT /api/su/users/{id}', () => {
  it('validates only name and email, and a blank password keeps the old one', async () => {
    const u = await makeUser(db());
    const bad = await call(t.app, 'PUT', `/api/su/users/${u.id}`, { token: admin.token, body: { name: '', email: 'nope' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ name: [MSG.nameRequired], email: [MSG.emailInvalid] });

    const res = await call(t.app, 'PUT', `/api/su/users/${u.id}`, {
      token: admin.token,
      body: { name: 'Renamed', email: u.email, username: '', password: '', pass_confirmed: '' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ name: 'Renamed', username: u.username });
    await loginAs(t.app, u.username, u.password);
  });

  it('changes the password when given with a matching confirmation', async () => {
    const u = await makeUser(db());
    const mismatch = await call(t.app, 'PUT', `/api/su/users/${u.id}`, {
      token: admin.token,
      body: { name: u.name, email: u.email, password: 'New-pass-2', pass_confirmed: 'other' },
    });
    expect(mismatch.body.errors).toEqual({ pass_confirmed: [MSG.passwordsMustMatch] });
    const res = await call(t.app, 'PUT', `/api/su/users/${u.id}`, {
      token: admin.token,
      body: { name: u.name, email: u.email, password: 'New-pass-2', pass_confirmed: 'New-pass-2' },
    });
    expect(res.status).toBe(200);
    await loginAs(t.app, u.username, 'New-pass-2');
  });

  it('a replaced password signs the user out elsewhere; an admin changing their own keeps the current session', async () => {
    const op = await operatorSession(t.app, db());
    await call(t.app, 'PUT', `/api/su/users/${op.user.id}`, {
      token: admin.token,
      body: { name: op.user.name, email: op.user.email, password: 'Other-pass-3', pass_confirmed: 'Other-pass-3' },
    });
    expect((await call(t.app, 'GET', '/api/su/users', { token: op.token })).status).toBe(401);

    const me = await adminSession(t.app, db());
    const other = await loginAs(t.app, me.user.username, me.user.password);
    const res = await call(t.app, 'PUT', `/api/su/users/${me.user.id}`, {
      token: me.token,
      body: { name: me.user.name, email: me.user.email, password: 'Own-new-pass-4', pass_confirmed: 'Own-new-pass-4' },
    });
    expect(res.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/su/users', { token: me.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/su/users', { token: other })).status).toBe(401);
  });

  it('refuses a username or email of another user', async () => {
    const a = await makeUser(db());
    const b = await makeUser(db());
    const res = await call(t.app, 'PUT', `/api/su/users/${a.id}`, {
      token: admin.token,
      body: { name: a.name, email: b.email.toUpperCase(), username: b.username },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ username: [USER_MSG.usernameTaken], email: [USER_MSG.emailTaken] });
  });

  it('answers 404 for an unknown user', async () => {
    const res = await call(t.app, 'PUT', '/api/su/users/999999', { token: admin.token, body: { name: 'x', email: 'x@example.com' } });
    expect(res.status).toBe(404);
  });

  it('replaces customer links and keeps them when omitted', async () => {
    const c1 = await makeCustomer(db());
    const c2 = await makeCustomer(db());
    const u = await makeUser(db(), { customerIds: [c1.id] });
    const res = await call(t.app, 'PUT', `/api/su/users/${u.id}`, {
      token: admin.token,
      body: { name: u.name, email: u.email, customer_ids: [c2.id] },
    });
    expect(res.body.message.customer_ids).toEqual([c2.id]);
    const kept = await call(t.app, 'PUT', `/api/su/users/${u.id}`, { token: admin.token, body: { name: 'Other', email: u.email } });
    expect(kept.body.message.customer_ids).toEqual([c2.id]);
  });

  it('disabling a user ends their sessions at once', async () => {
    const op = await operatorSession(t.app, db());
    expect((await call(t.app, 'POST', '/api/account/token', { token: op.token })).status).toBe(200);
    const res = await call(t.app, 'PUT', `/api/su/users/${op.user.id}`, {
      token: admin.token,
      body: { name: op.user.name, email: op.user.email, user_status: 'Disabled' },
    });
    expect(res.status).toBe(200);
    expect(await db().select().from(sessions).where(eq(sessions.userId, op.user.id))).toHaveLength(0);
    expect((await call(t.app, 'POST', '/api/account/token', { token: op.token })).status).toBe(401);
  });

  it('an admin cannot disable or demote themselves', async () => {
    const me = await adminSession(t.app, db());
    for (const change of [{ is_su: false }, { user_status: 'Disabled' }]) {
      const res = await call(t.app, 'PUT', `/api/su/users/${me.user.id}`, {
        token: me.token,
        body: { name: me.user.name, email: me.user.email, ...change },
      });
      expect(res.status).toBe(422);
      expect(res.body.message).toEqual([USER_MSG.notSelf]);
    }
    const [row] = await db().select().from(users).where(eq(users.id, me.user.id));
    expect(row).toMatchObject({ isSu: true, userStatus: 'Active' });
  });

  it('the last active admin cannot be disabled or demoted', async () => {
    // Through HTTP the acting admin is always a second active admin, so the rule matters when two
    // admins demote each other at the same moment: the later one acts with a stale session. The
    // service is called directly with such an actor, on a database of its own.
    const solo = await createTestApp();
    try {
      const sdb = solo.deps.database.db;
      const last = await makeUser(sdb, { isSu: true });
      const stale = await makeUser(sdb, { isSu: true, userStatus: 'Disabled' });
      const svc = createUsersService({
        db: sdb,
        clock: solo.clock,
        invitations: createInvitations({ clock: solo.clock, secretBox: solo.deps.secretBox }),
      });
      const actor = {
        id: stale.id,
        username: stale.username,
        name: stale.name,
        email: stale.email,
        isSu: true,
        isBrand: false,
        sessionId: 0,
      };
      for (const change of [{ is_su: false }, { user_status: 'Disabled' as const }]) {
        await expect(svc.update(actor, last.id, { name: last.name, email: last.email, ...change })).rejects.toMatchObject({
          status: 422,
          payload: [USER_MSG.lastAdmin],
        });
      }
      const [row] = await sdb.select().from(users).where(eq(users.id, last.id));
      expect(row).toMatchObject({ isSu: true, userStatus: 'Active' });
      // With a second active admin the same change goes through.
      await makeUser(sdb, { isSu: true });
      await expect(svc.update(actor, last.id, { name: last.name, email: last.email, is_su: false })).resolves.toMatchObject({
        is_su: false,
      });
    } finally {
      await solo.close();
    }
  });
});

describe('two admins demoting each other at the same moment', () => {
  it('one wins, the other gets the last-admin answer, and one active admin remains', async () => {
    const solo = await createTestApp();
    try {
      const sdb = solo.deps.database.db;
      const a = await adminSession(solo.app, sdb);
      const b = await adminSession(solo.app, sdb);
      const [ra, rb] = await Promise.all([
        call(solo.app, 'PUT', `/api/su/users/${b.user.id}`, {
          token: a.token,
          body: { name: b.user.name, email: b.user.email, is_su: false },
        }),
        call(solo.app, 'PUT', `/api/su/users/${a.user.id}`, {
          token: b.token,
          body: { name: a.user.name, email: a.user.email, is_su: false },
        }),
      ]);
      // The loser is refused either by the guard (already demoted when it signed in) or by the rule.
      const statuses = [ra.status, rb.status].sort();
      expect(statuses[0]).toBe(200);
      expect([403, 422]).toContain(statuses[1]);
      const loser = [ra, rb].find((r) => r.status !== 200)!;
      if (loser.status === 422) expect(loser.body.message).toEqual([USER_MSG.lastAdmin]);
      const admins = (await sdb.select().from(users)).filter((u) => u.isSu && u.userStatus === 'Active');
      expect(admins).toHaveLength(1);
    } finally {
      await solo.close();
    }
  });
});

describe('GET /api/su/audit', () => {
  it('answers 401, 403 to an operator, and 422 without an entity', async () => {
    const op = await operatorSession(t.app, db());
    expect((await call(t.app, 'GET', '/api/su/audit?entity_type=user&entity_id=1')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/su/audit?entity_type=user&entity_id=1', { token: op.token })).status).toBe(403);
    const bad = await call(t.app, 'GET', '/api/su/audit?entity_type=planet', { token: admin.token });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors!).sort()).toEqual(['entity_id', 'entity_type']);
  });
});
