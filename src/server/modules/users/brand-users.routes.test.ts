// Brand users (issue 25): made by an admin or invited by mail, they see their customers' returns,
// parcels and dashboard and nothing of the warehouse's. The route-by-route matrix is
// modules/access/brand-access.matrix.test.ts; this file holds the rules of the kind itself.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_HOURS, USER_MSG } from '../../../contract/users.js';
import { MSG } from '../../../contract/messages.js';
import { queryRows } from '../../db/client.js';
import { auditLog, sessions, users } from '../../db/schema/index.js';
import { makeCustomer, makeUser } from '../../test/factories.js';
import { makeReturnFixture, startTestWorker } from '../../test/integration-fixtures.js';
import { waitFor } from '../../test/integration-servers.js';
import { adminSession, brandSession, loginAs, operatorSession } from '../../test/sessions.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
const db = () => t.deps.database.db;
const uid = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app, db());
});
afterAll(() => t.close());

async function drainMail() {
  const worker = startTestWorker(t.deps);
  try {
    await waitFor(async () => {
      const [row] = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from tasks where task_type = 'Mail' and task_status = 'Pending'`,
      );
      return row!.n === 0;
    });
  } finally {
    await worker.stop();
  }
}

/** The username and token of the last invitation link mailed to the address. */
function invitationTo(email: string) {
  const mail = t.mailer.sent.findLast((m) => m.to === email);
  const match = mail && /\/auth\/password\/([^/\s]+)\/([A-Za-z0-9_-]+)\?invite=1/.exec(mail.text);
  if (!mail || !match) throw new Error(`no invitation to ${email}`);
  return { mail, username: decodeURIComponent(match[1]!), token: match[2]! };
}

const brandBody = (customerIds: number[], over: Record<string, unknown> = {}) => {
  const u = `brand_${uid()}`;
  return { name: `Buyer ${u}`, email: `${u}@brand.example`, username: u, is_brand: true, customer_ids: customerIds, ...over };
};

describe('an admin makes a brand user', () => {
  it('creates a brand user with a password, who signs in and is told it is a brand user with its customers only', async () => {
    const mine = await makeCustomer(db());
    await makeCustomer(db());
    const body = brandBody([mine.id], { password: 'Brand-pass-1', pass_confirmed: 'Brand-pass-1' });
    const res = await call(t.app, 'POST', '/api/su/users', { token: admin.token, body });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ is_brand: true, is_su: false, customer_ids: [mine.id] });
    const token = await loginAs(t.app, body.username, 'Brand-pass-1');
    const me = await call(t.app, 'POST', '/api/account/token', { token });
    expect(me.body.message.user).toMatchObject({ is_brand: true, is_su: false });
    expect(me.body.message.customers.map((c: { id: number }) => c.id)).toEqual([mine.id]);
  });

  it('refuses a brand admin and a brand user without customers (422), and creates nothing', async () => {
    const c = await makeCustomer(db());
    const count = async () => (await db().select({ id: users.id }).from(users)).length;
    const before = await count();
    const asAdmin = await call(t.app, 'POST', '/api/su/users', {
      token: admin.token,
      body: brandBody([c.id], { is_su: true, password: 'Brand-pass-1', pass_confirmed: 'Brand-pass-1' }),
    });
    expect(asAdmin.status).toBe(422);
    expect(asAdmin.body.errors).toEqual({ is_brand: [USER_MSG.brandNotAdmin] });
    const none = await call(t.app, 'POST', '/api/su/users', {
      token: admin.token,
      body: brandBody([], { password: 'Brand-pass-1', pass_confirmed: 'Brand-pass-1' }),
    });
    expect(none.body.errors).toEqual({ customer_ids: [USER_MSG.brandNeedsCustomer] });
    expect(none.body.error_codes).toEqual({ customer_ids: [{ code: 'user.brandNeedsCustomer' }] });
    const noPassword = await call(t.app, 'POST', '/api/su/users', { token: admin.token, body: brandBody([c.id]) });
    expect(noPassword.body.errors).toEqual({ password: [MSG.newPasswordRequired] });
    expect(await count()).toBe(before);
  });

  it('turning an operator into a brand user ends its sessions; removing its last customer is refused', async () => {
    const c = await makeCustomer(db());
    const op = await operatorSession(t.app, db(), [c.id]);
    const res = await call(t.app, 'PUT', `/api/su/users/${op.user.id}`, {
      token: admin.token,
      body: { name: op.user.name, email: op.user.email, is_brand: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.message.is_brand).toBe(true);
    expect((await call(t.app, 'POST', '/api/account/token', { token: op.token })).status).toBe(401);
    const unlink = await call(t.app, 'PUT', `/api/su/users/${op.user.id}`, {
      token: admin.token,
      body: { name: op.user.name, email: op.user.email, customer_ids: [] },
    });
    expect(unlink.status).toBe(422);
    expect(unlink.body.errors).toEqual({ customer_ids: [USER_MSG.brandNeedsCustomer] });
  });
});

describe('invitations by e-mail', () => {
  it('mails a link that sets the password once; the invited brand user signs in with it', async () => {
    const c = await makeCustomer(db());
    const body = brandBody([c.id], { invite: true });
    const res = await call(t.app, 'POST', '/api/su/users', { token: admin.token, body, headers: { host: 'desk.example' } });
    expect(res.status).toBe(200);
    await drainMail();
    const { mail, username, token } = invitationTo(body.email);
    expect(mail.subject).toBe('Returns Desk: your account is ready');
    expect(mail.text).toContain(`${admin.user.name} has opened a Returns Desk account for you`);
    expect(mail.text).toContain(`within ${INVITE_HOURS} hours`);
    expect(username).toBe(body.username);
    // Still good after a reset link's hour: an invitation lives 72 hours.
    t.clock.advance(2 * 3600_000);
    expect((await call(t.app, 'POST', '/api/auth/validate-reset-token', { body: { username, token } })).status).toBe(200);
    const set = await call(t.app, 'POST', '/api/auth/confirm-password', { body: { username, token, new_pass: 'Chosen-pass-7' } });
    expect(set.status).toBe(200);
    await loginAs(t.app, body.username, 'Chosen-pass-7');
    // Single use.
    expect((await call(t.app, 'POST', '/api/auth/confirm-password', { body: { username, token, new_pass: 'Again-pass-8' } })).status).toBe(
      422,
    );
    const trail = await call(t.app, 'GET', `/api/su/audit?entity_type=user&entity_id=${res.body.message.id}`, { token: admin.token });
    expect(trail.body.message[0]).toMatchObject({ action: 'create', after: { invited: true } });
    expect(JSON.stringify(trail.body)).not.toContain(token);
  });

  it('an invitation link dies after 72 hours; the admin sends a new one; a disabled user cannot be invited', async () => {
    const c = await makeCustomer(db());
    const body = brandBody([c.id], { invite: true });
    const created = await call(t.app, 'POST', '/api/su/users', { token: admin.token, body });
    await drainMail();
    const first = invitationTo(body.email);
    t.clock.advance((INVITE_HOURS + 1) * 3600_000);
    expect((await call(t.app, 'POST', '/api/auth/validate-reset-token', { body: first })).status).toBe(404);
    // The admin's session ended meanwhile too (12 hours).
    admin = await adminSession(t.app, db());
    const again = await call(t.app, 'POST', `/api/su/users/${created.body.message.id}/invite`, { token: admin.token });
    expect(again.status).toBe(200);
    await drainMail();
    const second = invitationTo(body.email);
    expect(second.token).not.toBe(first.token);
    expect((await call(t.app, 'POST', '/api/auth/validate-reset-token', { body: second })).status).toBe(200);
    const trail = await call(t.app, 'GET', `/api/su/audit?entity_type=user&entity_id=${created.body.message.id}`, { token: admin.token });
    expect(trail.body.message[0]).toMatchObject({ action: 'invite', actor_username: admin.user.username });

    const disabled = await makeUser(db(), { isBrand: true, customerIds: [c.id], userStatus: 'Disabled' });
    const refused = await call(t.app, 'POST', `/api/su/users/${disabled.id}/invite`, { token: admin.token });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ user_status: [USER_MSG.inviteDisabled] });
    expect((await call(t.app, 'POST', '/api/su/users/999999/invite', { token: admin.token })).status).toBe(404);
  });
});

describe("what a brand user sees: its customers' things only", () => {
  it("lists only its customers' returns and parcels (never a parcel of no customer), and no operator figures", async () => {
    const mine = await makeReturnFixture(db());
    const theirs = await makeReturnFixture(db());
    const op = await operatorSession(t.app, db(), [mine.customer.id, theirs.customer.id]);
    const intake = (customerId: number | null) =>
      call(t.app, 'POST', '/api/parcels', {
        token: op.token,
        body: { tracking_number: `1ZBRAND${uid().toUpperCase()}`, customer_id: customerId, location: 'B2' },
      });
    const ownParcel = (await intake(mine.customer.id)).body.message.id as number;
    const looseParcel = (await intake(null)).body.message.id as number;
    await intake(theirs.customer.id);
    const brand = await brandSession(t.app, db(), [mine.customer.id]);

    const history = await call(t.app, 'GET', '/api/returns', { token: brand.token });
    expect(history.status).toBe(200);
    expect(new Set(history.body.message.data.map((r: { customer_id: number }) => r.customer_id))).toEqual(new Set([mine.customer.id]));

    const parcels = await call(t.app, 'GET', '/api/parcels', { token: brand.token });
    expect(parcels.body.message.data.map((p: { id: number }) => p.id)).toEqual([ownParcel]);
    const opParcels = await call(t.app, 'GET', '/api/parcels', { token: op.token });
    expect(opParcels.body.message.data.map((p: { id: number }) => p.id)).toContain(looseParcel);
    expect((await call(t.app, 'GET', `/api/parcels/${looseParcel}`, { token: brand.token })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/parcels?customer_id=none', { token: brand.token })).status).toBe(403);

    const dash = await call(t.app, 'GET', '/api/dashboard', { token: brand.token });
    expect(dash.status).toBe(200);
    expect(dash.body.message.operators).toEqual([]);
  });

  it('is refused the warehouse statements (order search) with 403 even with a valid request', async () => {
    const mine = await makeReturnFixture(db());
    const brand = await brandSession(t.app, db(), [mine.customer.id]);
    const res = await call(t.app, 'PUT', `/api/returns/search/${mine.customer.id}`, { token: brand.token, body: { search: 'ON-' } });
    expect(res.status).toBe(403);
  });

  it('sends reports to its own e-mail domain only', async () => {
    const mine = await makeReturnFixture(db());
    const brand = await brandSession(t.app, db(), [mine.customer.id]);
    const body = { customer_id: mine.customer.id, date_from: '2026-11-01', date_to: '2026-11-27' };
    const elsewhere = await call(t.app, 'POST', '/api/reports', {
      token: brand.token,
      body: { ...body, email: 'someone@elsewhere.example' },
    });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body.errors).toEqual({ email: [USER_MSG.ownDomainOnly] });
    const domain = brand.user.email.split('@')[1]!;
    expect(
      (await call(t.app, 'POST', '/api/reports', { token: brand.token, body: { ...body, email: `team@${domain.toUpperCase()}` } })).status,
    ).toBe(200);
  });
});

describe("a brand user's actions are in the audit trail", () => {
  it('records a download and a report request on its own trail, and nothing for a refused call', async () => {
    const mine = await makeReturnFixture(db());
    const theirs = await makeReturnFixture(db());
    const brand = await brandSession(t.app, db(), [mine.customer.id]);
    const trail = () =>
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, String(brand.user.id)), eq(auditLog.action, 'portal')));
    expect(
      (await call(t.app, 'GET', `/api/returns/download?filter[customer_id]=${theirs.customer.id}&format=csv`, { token: brand.token }))
        .status,
    ).toBe(403);
    expect(await trail()).toHaveLength(0);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/returns/download?filter[customer_id]=${mine.customer.id}&format=csv`,
      headers: { authorization: `Bearer ${brand.token}` },
    });
    expect(download.statusCode).toBe(200);
    const domain = brand.user.email.split('@')[1]!;
    await call(t.app, 'POST', '/api/reports', {
      token: brand.token,
      body: { customer_id: mine.customer.id, date_from: '2026-11-01', date_to: '2026-11-27', email: `x@${domain}` },
    });
    const rows = await trail();
    expect(rows.map((r) => (r.after as { route: string }).route).sort()).toEqual(['downloadReturns', 'requestReport']);
    expect(rows.every((r) => r.actorUserId === brand.user.id)).toBe(true);
    const seen = await call(t.app, 'GET', `/api/su/audit?entity_type=user&entity_id=${brand.user.id}`, { token: admin.token });
    expect(seen.body.message.map((e: { action: string }) => e.action)).toEqual(['portal', 'portal']);
  });

  it("an operator's calls are not written to the trail by the portal hook", async () => {
    const mine = await makeReturnFixture(db());
    const op = await operatorSession(t.app, db(), [mine.customer.id]);
    await t.app.inject({
      method: 'GET',
      url: `/api/returns/download?filter[customer_id]=${mine.customer.id}&format=csv`,
      headers: { authorization: `Bearer ${op.token}` },
    });
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'portal'), eq(auditLog.actorUserId, op.user.id)));
    expect(rows).toHaveLength(0);
    // The session table is untouched by that read, too.
    expect((await db().select().from(sessions).where(eq(sessions.userId, op.user.id))).length).toBe(1);
  });
});
