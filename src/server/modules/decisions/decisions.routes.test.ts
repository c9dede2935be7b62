// Decisions on exceptions (issue 25) through HTTP: the rules, which lines wait, the brand's queue and
// decisions (own / other customer, staff 403), concurrent decisions, and the deadline by the clock.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 });
import { DECISION_BY_DEFAULT, DECISION_MSG } from '../../../contract/decisions.js';
import type { Db } from '../../db/client.js';
import { auditLog, lineDecisions, returnLedgers, returns, returnVersions, tasks } from '../../db/schema/index.js';
import { FIXTURE_DISPOSITIONS, submittedReturnCustomer } from '../../test/correction-fixtures.js';
import { databaseFingerprint } from '../../test/access-matrix.js';
import { adminSession, brandSession, operatorSession } from '../../test/sessions.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { createCustomerAccess } from '../customers/customer-access.service.js';
import { createAccessRepository } from '../access/access.repository.js';
import { createDecisionsService } from './decisions.service.js';
import { openMail } from '../../integrations/mail-message.js';
import { makeUser } from '../../test/factories.js';
import { users } from '../../db/schema/index.js';

let t: TestApp;
let db: Db;
let admin: { token: string };
let f: Awaited<ReturnType<typeof submittedReturnCustomer>>;
let other: Awaited<ReturnType<typeof submittedReturnCustomer>>;
let brand: Awaited<ReturnType<typeof brandSession>>;
let otherBrand: Awaited<ReturnType<typeof brandSession>>;
let operator: Awaited<ReturnType<typeof operatorSession>>;
const HOUR = 3600_000;

async function withDispositions(customerId: number) {
  for (const body of FIXTURE_DISPOSITIONS) {
    const res = await call(t.app, 'POST', `/api/su/customers/${customerId}/dispositions`, { token: admin.token, body });
    if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  }
}

/** A return of the fixture's order: line 1 × 1 Pristine in A-01, line 2 × 1 Scrap. */
async function submit(c = f) {
  const [l1, l2] = c.made.lines;
  const res = await call(t.app, 'POST', '/api/returns', {
    token: admin.token,
    body: {
      id: `__${Math.random().toString(36).slice(2, 8).padEnd(6, 'x')}`,
      customer_id: c.customer.id,
      order_id: c.made.order.id,
      reference_1: 'RMA-25',
      return_date: '2026-11-20',
      return_ledgers: [
        { order_line_id: l1!.id, product_id: l1!.productId, quantity: 1, condition: 'Pristine', reason: 'DAMAGED', location: 'A-01' },
        { order_line_id: l2!.id, product_id: l2!.productId, quantity: 1, condition: 'Scrap', reason: 'WRONG' },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message.id as number;
}

const decisionsOf = (returnId: number) =>
  db.select().from(lineDecisions).where(eq(lineDecisions.returnId, returnId)).orderBy(asc(lineDecisions.id));
const deadlines = () => createDecisionsService({ db, clock: t.clock, customerAccess: createCustomerAccess(createAccessRepository(db)) });

beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.database.db;
  admin = await adminSession(t.app, db);
  f = await submittedReturnCustomer(db);
  other = await submittedReturnCustomer(db);
  await withDispositions(f.customer.id);
  await withDispositions(other.customer.id);
  brand = await brandSession(t.app, db, [f.customer.id]);
  otherBrand = await brandSession(t.app, db, [other.customer.id]);
  operator = await operatorSession(t.app, db, [f.customer.id]);
}, 300_000);
afterAll(() => t.close());

describe('decision rules (admin, customer drawer)', () => {
  const url = () => `/api/su/customers/${f.customer.id}/decision-rules`;

  it('refuses bad rules with clear messages and writes nothing', async () => {
    const before = await databaseFingerprint(db);
    const cases: [unknown, Record<string, string[]>][] = [
      [{ kind: 'colour', default_disposition: 'SCRAP' }, { kind: [DECISION_MSG.kindInvalid] }],
      [{ kind: 'condition', value: 'Broken', default_disposition: 'SCRAP' }, { value: [DECISION_MSG.conditionInvalid] }],
      [{ kind: 'discrepancy', value: 'MISSING', default_disposition: 'SCRAP' }, { value: [DECISION_MSG.discrepancyInvalid] }],
      [{ kind: 'unit_value', default_disposition: 'SCRAP' }, { min_value: [DECISION_MSG.amountRequired] }],
      [
        { kind: 'condition', value: 'Scrap', deadline_hours: -1, default_disposition: 'SCRAP' },
        { deadline_hours: [DECISION_MSG.hoursInvalid] },
      ],
      [{ kind: 'condition', value: 'Scrap' }, { default_disposition: [DECISION_MSG.dispositionRequired] }],
      [{ kind: 'condition', value: 'Scrap', default_disposition: 'BURN' }, { default_disposition: [DECISION_MSG.dispositionUnknown] }],
      [{ kind: 'condition', value: 'Scrap', default_disposition: 'RESTOCK' }, { default_disposition: [DECISION_MSG.dispositionNeedsBin] }],
    ];
    for (const [body, errors] of cases) {
      const res = await call(t.app, 'POST', url(), { token: admin.token, body });
      expect({ body, status: res.status, errors: res.body.errors }).toEqual({ body, status: 422, errors: expect.objectContaining(errors) });
    }
    expect(await databaseFingerprint(db)).toEqual(before);
  });

  it('is admin only: operators and brand users get 403, anonymous 401', async () => {
    const body = { kind: 'condition', value: 'Scrap', default_disposition: 'SCRAP' };
    expect((await call(t.app, 'POST', url(), { body })).status).toBe(401);
    expect((await call(t.app, 'POST', url(), { token: operator.token, body })).status).toBe(403);
    expect((await call(t.app, 'POST', url(), { token: brand.token, body })).status).toBe(403);
    expect((await call(t.app, 'GET', url(), { token: brand.token })).status).toBe(403);
  });

  it('creates, lists, changes and deletes a rule (48 hours by default), audited', async () => {
    const made = await call(t.app, 'POST', url(), {
      token: admin.token,
      body: { kind: 'unit_value', min_value: 5000, default_disposition: 'REFURB' },
    });
    expect(made.status).toBe(200);
    expect(made.body.message).toMatchObject({
      kind: 'unit_value',
      value: null,
      min_value: 5000,
      deadline_hours: 48,
      default_disposition: 'REFURB',
    });
    const ruleId = made.body.message.id as number;
    const changed = await call(t.app, 'PUT', `${url()}/${ruleId}`, {
      token: admin.token,
      body: { kind: 'discrepancy', value: 'WRONG_ITEM', deadline_hours: 24, default_disposition: 'SCRAP' },
    });
    expect(changed.body.message).toMatchObject({ kind: 'discrepancy', value: 'WRONG_ITEM', min_value: null, deadline_hours: 24 });
    const list = await call(t.app, 'GET', url(), { token: admin.token });
    expect(list.body.message.map((r: { id: number }) => r.id)).toEqual([ruleId]);
    // Another customer's rule id is not found under this customer.
    expect(
      (
        await call(t.app, 'PUT', `/api/su/customers/${other.customer.id}/decision-rules/${ruleId}`, {
          token: admin.token,
          body: { kind: 'condition', value: 'Scrap', default_disposition: 'SCRAP' },
        })
      ).status,
    ).toBe(404);
    expect((await call(t.app, 'DELETE', `${url()}/${ruleId}`, { token: admin.token })).status).toBe(200);
    expect((await call(t.app, 'GET', url(), { token: admin.token })).body.message).toEqual([]);
    const trail = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'decision_rule'), eq(auditLog.entityId, String(ruleId))));
    expect(trail.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update']);
  });
});

describe('lines awaiting decision, the queue and the decisions', () => {
  let returnId: number;
  let decisionId: number;

  beforeAll(async () => {
    for (const c of [f, other]) {
      const res = await call(t.app, 'POST', `/api/su/customers/${c.customer.id}/decision-rules`, {
        token: admin.token,
        body: { kind: 'condition', value: 'Scrap', default_disposition: 'SCRAP' },
      });
      expect(res.status).toBe(200);
    }
    returnId = await submit();
    decisionId = (await decisionsOf(returnId))[0]!.id;
  }, 120_000);

  it('makes a submitted Scrap line wait (stored, in the return view), the Pristine line not', async () => {
    const rows = await decisionsOf(returnId);
    expect(rows).toHaveLength(1);
    const [ledger1, ledger2] = await db
      .select()
      .from(returnLedgers)
      .where(eq(returnLedgers.returnId, returnId))
      .orderBy(asc(returnLedgers.id));
    expect(rows[0]).toMatchObject({ ledgerId: ledger2!.id, state: 'awaiting', ruleLabel: 'condition:Scrap', defaultDisposition: 'SCRAP' });
    expect(rows[0]!.dueAt.getTime() - rows[0]!.createdAt.getTime()).toBe(48 * HOUR);
    expect(ledger1!.id).not.toBe(rows[0]!.ledgerId);
    const view = await call(t.app, 'GET', `/api/returns/${returnId}/order/${f.made.order.id}`, { token: brand.token });
    expect(view.status).toBe(200);
    expect(view.body.message.awaiting_decisions).toBe(1);
    expect(view.body.message.decisions).toMatchObject([{ id: decisionId, state: 'awaiting', condition: 'Scrap', seconds_left: 48 * 3600 }]);
    // History: the filter and the row's mark.
    const waiting = await call(t.app, 'GET', `/api/returns?filter[customer_id]=${f.customer.id}&filter[awaiting_decision]=1`, {
      token: brand.token,
    });
    expect(waiting.status).toBe(200);
    expect(waiting.body.message.data.map((r: { id: number; awaiting_decisions: number }) => [r.id, r.awaiting_decisions])).toEqual([
      [returnId, 1],
    ]);
    const notWaiting = await call(t.app, 'GET', `/api/returns?filter[customer_id]=${f.customer.id}&filter[awaiting_decision]=0`, {
      token: brand.token,
    });
    expect(notWaiting.body.message.data.map((r: { id: number }) => r.id)).not.toContain(returnId);
    const bad = await call(t.app, 'GET', '/api/returns?filter[awaiting_decision]=maybe', { token: brand.token });
    expect(bad.status).toBe(422);
  });

  it("lists the brand's queue, oldest first, with time left; another brand sees none of it and gets 403 naming the customer", async () => {
    const mine = await call(t.app, 'GET', '/api/decisions', { token: brand.token });
    expect(mine.status).toBe(200);
    expect(mine.body.message.data).toMatchObject([
      { id: decisionId, return_id: returnId, state: 'awaiting', sku: expect.any(String), photo_ids: [] },
    ]);
    const theirs = await call(t.app, 'GET', '/api/decisions', { token: otherBrand.token });
    expect(theirs.body.message.data).toEqual([]);
    expect((await call(t.app, 'GET', `/api/decisions?customer_id=${f.customer.id}`, { token: otherBrand.token })).status).toBe(403);
    expect((await call(t.app, 'GET', '/api/decisions')).status).toBe(401);
    // The warehouse sees what waits too (its dashboard and return view), without deciding.
    expect((await call(t.app, 'GET', '/api/decisions', { token: operator.token })).body.message.data).toHaveLength(1);
  });

  it('refuses a decision by staff (403), by another brand (403), and bad input (422), writing nothing', async () => {
    const body = { decisions: [{ id: decisionId, disposition: 'REFURB' }] };
    const before = await databaseFingerprint(db);
    expect((await call(t.app, 'POST', '/api/decisions', { body })).status).toBe(401);
    expect((await call(t.app, 'POST', '/api/decisions', { token: operator.token, body })).status).toBe(403);
    expect((await call(t.app, 'POST', '/api/decisions', { token: admin.token, body })).status).toBe(403);
    expect((await call(t.app, 'POST', '/api/decisions', { token: otherBrand.token, body })).status).toBe(403);
    const unknown = await call(t.app, 'POST', '/api/decisions', {
      token: brand.token,
      body: { decisions: [{ id: decisionId, disposition: 'BURN' }] },
    });
    expect(unknown).toMatchObject({ status: 422, body: { errors: { 'decisions.0.disposition': [DECISION_MSG.dispositionUnknown] } } });
    const bin = await call(t.app, 'POST', '/api/decisions', {
      token: brand.token,
      body: { decisions: [{ id: decisionId, disposition: 'RESTOCK' }] },
    });
    expect(bin).toMatchObject({ status: 422, body: { errors: { 'decisions.0.disposition': [DECISION_MSG.dispositionNeedsBin] } } });
    const none = await call(t.app, 'POST', '/api/decisions', { token: brand.token, body: { decisions: [] } });
    expect(none).toMatchObject({ status: 422, body: { errors: { decisions: [DECISION_MSG.linesRequired] } } });
    expect(
      (
        await call(t.app, 'POST', '/api/decisions', {
          token: brand.token,
          body: { decisions: [{ id: 2_000_000_000, disposition: 'REFURB' }] },
        })
      ).status,
    ).toBe(404);
    expect(await databaseFingerprint(db)).toEqual(before);
  });

  it('decides a line: a new version (who, before → after), the disposition on the line, correction messages to both connections', async () => {
    const tasksBefore = await db.select().from(tasks).where(eq(tasks.returnId, returnId));
    const res = await call(t.app, 'POST', '/api/decisions', {
      token: brand.token,
      body: { decisions: [{ id: decisionId, disposition: 'REFURB', comment: 'Worth a repair' }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message.data).toMatchObject([
      {
        id: decisionId,
        state: 'decided',
        disposition: 'REFURB',
        disposition_before: 'SCRAP',
        decided_by: brand.user.username,
        by_default: false,
      },
    ]);
    const [ret] = await db.select().from(returns).where(eq(returns.id, returnId));
    expect(ret).toMatchObject({ version: 2, awaitingDecisions: 0 });
    const versions = await db
      .select()
      .from(returnVersions)
      .where(eq(returnVersions.returnId, returnId))
      .orderBy(asc(returnVersions.version));
    expect(versions.map((v) => [v.version, v.username])).toEqual([
      [1, ret!.username],
      [2, brand.user.username],
    ]);
    expect(versions[1]!.comment).toMatch(/^Decision: .+ → REFURB \(Worth a repair\)$/);
    expect(versions[1]!.changes).toMatchObject([{ kind: 'changed', fields: [{ field: 'disposition', before: 'SCRAP', after: 'REFURB' }] }]);
    const ledgers = await db.select().from(returnLedgers).where(eq(returnLedgers.returnId, returnId)).orderBy(asc(returnLedgers.id));
    expect(ledgers.map((l) => l.disposition)).toEqual(['RESTOCK', 'REFURB']);
    const queued = (await db.select().from(tasks).where(eq(tasks.returnId, returnId))).filter(
      (x) => !tasksBefore.some((b) => b.id === x.id),
    );
    const outbound = queued.filter((x) => x.taskType !== 'Webhook Delivery');
    expect(outbound.map((x) => [x.taskType, x.payload.version, x.payload.connectionId]).sort()).toEqual(
      [
        ['SGL Outbound', 2, f.connections.xml.id],
        ['FGL Outbound', 2, f.connections.flat.id],
      ].sort(),
    );
    const view = await call(t.app, 'GET', `/api/returns/${returnId}/order/${f.made.order.id}`, { token: operator.token });
    expect(view.body.message).toMatchObject({
      version: 2,
      awaiting_decisions: 0,
      decisions: [{ state: 'decided', decided_by: brand.user.username }],
    });
    const trail = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'return'), eq(auditLog.entityId, String(returnId))));
    expect(trail.map((a) => a.action)).toContain('decide');
  });

  it('tells the second decision of a line that it was decided already (409), changing nothing', async () => {
    const before = await databaseFingerprint(db);
    const again = await call(t.app, 'POST', '/api/decisions', {
      token: brand.token,
      body: { decisions: [{ id: decisionId, disposition: 'SCRAP' }] },
    });
    expect(again).toMatchObject({ status: 409, body: { message: DECISION_MSG.alreadyDecided } });
    expect(await databaseFingerprint(db)).toEqual(before);
  });

  it('of two concurrent decisions on one line, one wins and the other gets 409', async () => {
    const id2 = await submit();
    const { id } = (await decisionsOf(id2))[0]!;
    const second = await brandSession(t.app, db, [f.customer.id]);
    const results = await Promise.all([
      call(t.app, 'POST', '/api/decisions', { token: brand.token, body: { decisions: [{ id, disposition: 'REFURB' }] } }),
      call(t.app, 'POST', '/api/decisions', { token: second.token, body: { decisions: [{ id, disposition: 'SCRAP' }] } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const [row] = await decisionsOf(id2);
    const winner = results.findIndex((r) => r.status === 200);
    expect(row).toMatchObject({ state: 'decided', disposition: winner === 0 ? 'REFURB' : 'SCRAP' });
    expect((await db.select().from(returnVersions).where(eq(returnVersions.returnId, id2))).map((v) => v.version).sort()).toEqual([1, 2]);
  });

  it('decides several lines at once, all or nothing', async () => {
    const a = await submit();
    const b = await submit();
    const [da] = await decisionsOf(a);
    const [db2] = await decisionsOf(b);
    // One of them decided meanwhile: the call is refused whole.
    await call(t.app, 'POST', '/api/decisions', { token: brand.token, body: { decisions: [{ id: db2!.id, disposition: 'SCRAP' }] } });
    const refused = await call(t.app, 'POST', '/api/decisions', {
      token: brand.token,
      body: {
        decisions: [
          { id: da!.id, disposition: 'REFURB' },
          { id: db2!.id, disposition: 'REFURB' },
        ],
      },
    });
    expect(refused.status).toBe(409);
    expect((await decisionsOf(a))[0]!.state).toBe('awaiting');
    const c = await submit();
    const [dc] = await decisionsOf(c);
    const both = await call(t.app, 'POST', '/api/decisions', {
      token: brand.token,
      body: {
        decisions: [
          { id: da!.id, disposition: 'REFURB' },
          { id: dc!.id, disposition: 'SCRAP', comment: 'gone' },
        ],
      },
    });
    expect(both.status).toBe(200);
    expect(both.body.message.data.map((d: { state: string }) => d.state)).toEqual(['decided', 'decided']);
  });
});

describe('the deadline, by the injected clock', () => {
  it('applies the default once, marked "by default, no answer", when the deadline has passed; several workers apply it once', async () => {
    const rule = await call(t.app, 'POST', `/api/su/customers/${other.customer.id}/decision-rules`, {
      token: admin.token,
      body: { kind: 'condition', value: 'Pristine', deadline_hours: 2, default_disposition: 'REFURB' },
    });
    expect(rule.status).toBe(200);
    const returnId = await submit(other);
    const waiting = await decisionsOf(returnId);
    expect(waiting.map((d) => [d.ruleLabel, d.state])).toEqual([
      ['condition:Pristine', 'awaiting'],
      ['condition:Scrap', 'awaiting'],
    ]);
    const svc = deadlines();
    // Before the deadline nothing happens.
    t.clock.advance(2 * HOUR - 1000);
    expect(await svc.applyDue(t.clock.now())).toBe(0);
    t.clock.advance(1000);
    const [a, b] = await Promise.all([svc.applyDue(t.clock.now()), deadlines().applyDue(t.clock.now())]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    let rows = await decisionsOf(returnId);
    expect(rows.map((d) => d.state)).toEqual(['defaulted', 'awaiting']);
    expect(rows[0]).toMatchObject({ disposition: 'REFURB', decidedBy: 'system', decidedByUserId: null });
    // The Scrap line's 48 hours.
    t.clock.advance(46 * HOUR);
    expect(await svc.applyDue(t.clock.now())).toBe(1);
    expect(await svc.applyDue(t.clock.now())).toBe(0);
    rows = await decisionsOf(returnId);
    expect(rows.map((d) => d.state)).toEqual(['defaulted', 'defaulted']);
    const versions = await db
      .select()
      .from(returnVersions)
      .where(eq(returnVersions.returnId, returnId))
      .orderBy(asc(returnVersions.version));
    expect(versions.map((v) => [v.version, v.username])).toEqual([
      [1, expect.any(String)],
      [2, 'system'],
      [3, 'system'],
    ]);
    expect(versions[2]!.comment).toMatch(new RegExp(`^${DECISION_BY_DEFAULT}: .+ → SCRAP$`));
    // Two days later the sessions of the morning have expired: the brand signs in again.
    const lateBrand = await brandSession(t.app, db, [other.customer.id]);
    const view = await call(t.app, 'GET', `/api/returns/${returnId}/order/${other.made.order.id}`, { token: lateBrand.token });
    expect(view.body.message.decisions.map((d: { by_default: boolean }) => d.by_default)).toEqual([true, true]);
    // A brand arriving late is told.
    const late = await call(t.app, 'POST', '/api/decisions', {
      token: lateBrand.token,
      body: { decisions: [{ id: rows[1]!.id, disposition: 'REFURB' }] },
    });
    expect(late.status).toBe(409);
  });
});

describe('the digest mail to the brand users', () => {
  it('mails each active brand user of a customer with news once an hour at most, in their language, with a link to the queue', async () => {
    // The morning's sessions expired with the deadline test's clock: the admin signs in again.
    admin = await adminSession(t.app, db);
    const c = await submittedReturnCustomer(db);
    await withDispositions(c.customer.id);
    await call(t.app, 'POST', `/api/su/customers/${c.customer.id}/decision-rules`, {
      token: admin.token,
      body: { kind: 'condition', value: 'Scrap', default_disposition: 'SCRAP' },
    });
    const de = await makeUser(db, { isBrand: true, customerIds: [c.customer.id], language: 'de' });
    const en = await makeUser(db, { isBrand: true, customerIds: [c.customer.id] });
    const disabled = await makeUser(db, { isBrand: true, customerIds: [c.customer.id], userStatus: 'Disabled' });
    const svc = createDecisionsService({
      db,
      clock: t.clock,
      customerAccess: createCustomerAccess(createAccessRepository(db)),
      mail: { secretBox: t.deps.secretBox, linkBase: 'https://desk.example/' },
    });
    const mails = async () =>
      (
        await db
          .select()
          .from(tasks)
          .where(and(eq(tasks.taskType, 'Mail'), eq(tasks.customerId, c.customer.id)))
          .orderBy(asc(tasks.id))
      ).map((m) => openMail(t.deps.secretBox, m.payload as never));
    // Nothing waits yet: no mail.
    await svc.sendDigests(t.clock.now());
    expect(await mails()).toEqual([]);
    await submit(c);
    await submit(c);
    await Promise.all([svc.sendDigests(t.clock.now()), svc.sendDigests(t.clock.now())]);
    let sent = await mails();
    expect(sent.map((m) => m.to).sort()).toEqual([de.email, en.email].sort());
    expect(sent.map((m) => m.to)).not.toContain(disabled.email);
    const german = sent.find((m) => m.to === de.email)!;
    expect(german.subject).toBe(`Returns Desk: 2 Retourenartikel von ${c.customer.company} warten auf Ihre Entscheidung`);
    expect(german.text).toContain(`https://desk.example/decisions?customer_id=${c.customer.id}`);
    expect(sent.find((m) => m.to === en.email)!.subject).toBe(
      `Returns Desk: 2 returned item(s) of ${c.customer.company} wait for your decision`,
    );
    // A new decision within the hour: no second mail until the hour has passed.
    await submit(c);
    t.clock.advance(59 * 60_000);
    await svc.sendDigests(t.clock.now());
    expect(await mails()).toHaveLength(2);
    t.clock.advance(60_000);
    await svc.sendDigests(t.clock.now());
    sent = await mails();
    expect(sent).toHaveLength(4);
    expect(sent[3]!.subject).toContain('3 ');
    // An hour later with nothing new: no mail.
    t.clock.advance(2 * HOUR);
    await svc.sendDigests(t.clock.now());
    expect(await mails()).toHaveLength(4);
    expect((await db.select().from(users).where(eq(users.id, disabled.id)))[0]!.userStatus).toBe('Disabled');
  });
});
