import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { parcelEvents, parcels, returns } from '../../db/schema/index.js';
import { PARCEL_MSG } from '../../../contract/parcels.js';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeCustomer } from '../../test/factories.js';
import { makeProduct } from '../../test/return-factory.js';
import { draftFor, receivingFixture, writtenFor } from '../../test/receiving-fixtures.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { parcelFixture } from '../../test/parcel-fixtures.js';

let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.database.db;
});
afterAll(() => t.close());

const { tracking, intake, parcelCounts, linkedOperator } = parcelFixture(() => t, '1Z999AA1');

describe('POST /api/parcels (intake)', () => {
  it('answers 401 without a token, before validating', async () => {
    expect((await call(t.app, 'POST', '/api/parcels', { body: {} })).status).toBe(401);
  });

  it('answers 422 with a message per field and writes nothing', async () => {
    const { op } = await linkedOperator();
    const before = await parcelCounts();
    const res = await intake(op.token, { tracking_number: ' ', location: '' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ tracking_number: [PARCEL_MSG.trackingRequired], location: [PARCEL_MSG.locationRequired] });
    const bad = await intake(op.token, { tracking_number: '1Z/99', location: 'A-1' });
    expect(bad.body.errors).toEqual({ tracking_number: [PARCEL_MSG.trackingInvalid] });
    expect(await parcelCounts()).toEqual(before);
  });

  it('answers 403 for another customer and 422 for a disabled one, writing nothing', async () => {
    const { op } = await linkedOperator();
    const other = await makeCustomer(db);
    const before = await parcelCounts();
    const res = await intake(op.token, { tracking_number: tracking(), customer_id: other.id, location: 'A-1' });
    expect(res.status).toBe(403);
    const disabled = await makeCustomer(db, { customerStatus: 'Disabled' });
    const admin = await adminSession(t.app, db);
    const off = await intake(admin.token, { tracking_number: tracking(), customer_id: disabled.id, location: 'A-1' });
    expect(off.status).toBe(422);
    expect(off.body.errors).toEqual({ customer_id: [PARCEL_MSG.customerDisabled] });
    expect((await intake(op.token, { tracking_number: tracking(), customer_id: 99_999_999, location: 'A-1' })).status).toBe(404);
    expect(await parcelCounts()).toEqual(before);
  });

  it('takes in a parcel with what is printed on it and records it on its timeline', async () => {
    const { customer, op } = await linkedOperator();
    const number = tracking();
    const res = await intake(op.token, {
      tracking_number: ` ${number.slice(0, 6)} ${number.slice(6)} `,
      customer_id: customer.id,
      sender_name: 'Emma de Vries',
      sender_address: 'Keizersgracht 1\n1015 CJ Amsterdam',
      note: 'Box taped twice',
      location: 'ISSUES-3',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      tracking_number: number,
      customer_id: customer.id,
      company: customer.company,
      sender_name: 'Emma de Vries',
      sender_address: 'Keizersgracht 1\n1015 CJ Amsterdam',
      note: 'Box taped twice',
      location: 'ISSUES-3',
      state: 'Waiting',
      return_id: null,
      received_by: op.user.username,
      age_days: 0,
      age_level: 'fresh',
      amber_days: 2,
      red_days: 5,
    });
    expect(res.body.message.events).toEqual([
      {
        id: expect.any(Number),
        action: 'Received',
        text: `Received for ${customer.company}, parked on shelf ISSUES-3`,
        // The English text's code, for the SPA to translate (issue 24).
        text_codes: [{ code: 'parcelEvent.receivedFor', params: { 0: customer.company, 1: 'ISSUES-3' } }],
        username: op.user.username,
        created_at: expect.any(String),
      },
    ]);
  });

  it('refuses a second waiting parcel with the same tracking number (any case), writing nothing', async () => {
    const { op } = await linkedOperator();
    const number = tracking();
    expect((await intake(op.token, { tracking_number: number, location: 'A-1' })).status).toBe(200);
    const before = await parcelCounts();
    const again = await intake(op.token, { tracking_number: number.toLowerCase(), location: 'A-2' });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ tracking_number: [PARCEL_MSG.trackingWaiting] });
    expect(await parcelCounts()).toEqual(before);
  });
});

describe('GET /api/parcels (queue) and GET /api/parcels/{id}', () => {
  it('shows an operator their customers’ parcels and those without a customer, an admin all; 403 on another’s', async () => {
    const { customer, op } = await linkedOperator();
    const other = await makeCustomer(db);
    const admin = await adminSession(t.app, db);
    const mine = (await intake(op.token, { tracking_number: tracking(), customer_id: customer.id, location: 'A-1' })).body.message;
    const nobodys = (await intake(op.token, { tracking_number: tracking(), location: 'A-2' })).body.message;
    const theirs = (await intake(admin.token, { tracking_number: tracking(), customer_id: other.id, location: 'A-3' })).body.message;

    const seen = await call(t.app, 'GET', '/api/parcels?state=Waiting', { token: op.token });
    expect(seen.status).toBe(200);
    const ids = seen.body.message.data.map((p: { id: number }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, nobodys.id]));
    expect(ids).not.toContain(theirs.id);
    const all = await call(t.app, 'GET', '/api/parcels?state=Waiting', { token: admin.token });
    expect(all.body.message.data.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([mine.id, nobodys.id, theirs.id]));

    expect((await call(t.app, 'GET', `/api/parcels/${theirs.id}`, { token: op.token })).status).toBe(403);
    expect((await call(t.app, 'GET', `/api/parcels?customer_id=${other.id}`, { token: op.token })).status).toBe(403);
    expect((await call(t.app, 'GET', `/api/parcels/99999999`, { token: op.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/parcels/${nobodys.id}`, { token: op.token })).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/parcels`)).status).toBe(401);

    const none = await call(t.app, 'GET', '/api/parcels?customer_id=none&state=Waiting', { token: op.token });
    expect(none.body.message.data.every((p: { customer_id: number | null }) => p.customer_id === null)).toBe(true);
    const byTracking = await call(t.app, 'GET', `/api/parcels?tracking_number=${mine.tracking_number.toLowerCase()}&state=All`, {
      token: op.token,
    });
    expect(byTracking.body.message.data.map((p: { id: number }) => p.id)).toEqual([mine.id]);
    const hidden = await call(t.app, 'GET', `/api/parcels?tracking_number=${theirs.tracking_number}`, { token: op.token });
    expect(hidden.body.message.data).toEqual([]);
  });

  it('lists oldest first with the age against the customer’s limits, filters by age, pages by 50', async () => {
    const customer = await makeCustomer(db, { parcelAmberDays: 1, parcelRedDays: 3 });
    const op = await operatorSession(t.app, db, [customer.id]);
    const made: number[] = [];
    for (let i = 0; i < 3; i++) {
      made.push((await intake(op.token, { tracking_number: tracking(), customer_id: customer.id, location: `B-${i}` })).body.message.id);
    }
    // Received 4, 2 and 0 days ago.
    await db
      .update(parcels)
      .set({ receivedAt: sql`${parcels.receivedAt} - interval '4 days'` })
      .where(eq(parcels.id, made[0]!));
    await db
      .update(parcels)
      .set({ receivedAt: sql`${parcels.receivedAt} - interval '2 days'` })
      .where(eq(parcels.id, made[1]!));
    const q = (extra: string) => call(t.app, 'GET', `/api/parcels?customer_id=${customer.id}${extra}`, { token: op.token });
    const page = (await q('')).body.message;
    expect(page.data.map((p: { id: number }) => p.id)).toEqual(made);
    expect(page.data.map((p: { age_level: string }) => p.age_level)).toEqual(['red', 'amber', 'fresh']);
    expect(page.data.map((p: { age_days: number }) => p.age_days)).toEqual([4, 2, 0]);
    expect(page).toMatchObject({ on_page: 1, per_page: 50, total_records: 3, total_pages: 1 });
    expect((await q('&age=red')).body.message.data.map((p: { id: number }) => p.id)).toEqual([made[0]]);
    expect((await q('&age=amber')).body.message.data.map((p: { id: number }) => p.id)).toEqual([made[1]]);
    expect((await q('&age=fresh')).body.message.data.map((p: { id: number }) => p.id)).toEqual([made[2]]);
    expect((await q('&page=2')).body.message).toMatchObject({ data: [], total_records: 3 });

    const bad = await call(t.app, 'GET', '/api/parcels?state=Lost&age=old&customer_id=x&page=0', { token: op.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      state: [PARCEL_MSG.stateInvalid],
      age: [PARCEL_MSG.ageInvalid],
      customer_id: [PARCEL_MSG.customerInvalid],
      page: [PARCEL_MSG.pageInvalid],
    });
  });
});

describe('POST /api/parcels/{id}/close', () => {
  it('closes a waiting parcel with a reason, once; records who and why', async () => {
    const { customer, op } = await linkedOperator();
    const parcel = (await intake(op.token, { tracking_number: tracking(), customer_id: customer.id, location: 'C-1' })).body.message;
    const res = await call(t.app, 'POST', `/api/parcels/${parcel.id}/close`, {
      token: op.token,
      body: { reason: 'Returned to sender', comment: 'refused at the door' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ state: 'Closed', close_reason: 'Returned to sender', closed_at: expect.any(String) });
    expect(res.body.message.events.map((e: { action: string; text: string; username: string }) => [e.action, e.text, e.username])).toEqual([
      ['Received', `Received for ${customer.company}, parked on shelf C-1`, op.user.username],
      ['Closed', 'Closed without a return: Returned to sender (refused at the door)', op.user.username],
    ]);
    const before = await parcelCounts();
    const again = await call(t.app, 'POST', `/api/parcels/${parcel.id}/close`, { token: op.token, body: { reason: 'Disposed' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`${PARCEL_MSG.notWaiting} (closed)`);
    expect(await parcelCounts()).toEqual(before);
    // A closed parcel is waiting no more, so its tracking number can come in again.
    expect((await intake(op.token, { tracking_number: parcel.tracking_number, location: 'C-2' })).status).toBe(200);
  });

  it('refuses a bad reason (422), another customer’s parcel (403), an unknown one (404); nothing written', async () => {
    const { op } = await linkedOperator();
    const other = await makeCustomer(db);
    const admin = await adminSession(t.app, db);
    const theirs = (await intake(admin.token, { tracking_number: tracking(), customer_id: other.id, location: 'D-1' })).body.message;
    const before = await parcelCounts();
    const bad = await call(t.app, 'POST', `/api/parcels/${theirs.id}/close`, { token: admin.token, body: { reason: 'Lost' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ reason: [PARCEL_MSG.reasonInvalid] });
    expect((await call(t.app, 'POST', `/api/parcels/${theirs.id}/close`, { token: op.token, body: { reason: 'Disposed' } })).status).toBe(
      403,
    );
    expect((await call(t.app, 'POST', `/api/parcels/99999999/close`, { token: op.token, body: { reason: 'Disposed' } })).status).toBe(404);
    expect((await call(t.app, 'POST', `/api/parcels/${theirs.id}/close`, { body: { reason: 'Disposed' } })).status).toBe(401);
    expect(await parcelCounts()).toEqual(before);
  });
});

describe('matching a parcel to an order (POST /api/returns with parcel_id)', () => {
  async function fixture() {
    const { customer, made } = await receivingFixture(db);
    const op = await operatorSession(t.app, db, [customer.id]);
    const parcel = (await intake(op.token, { tracking_number: tracking(), note: 'no paperwork', location: 'E-1' })).body.message;
    return { customer, made, op, parcel };
  }

  it('closes the parcel with the submit: the return keeps its tracking number, the parcel takes the customer', async () => {
    const { customer, made, op, parcel } = await fixture();
    const draft = draftFor(customer.id, made, { parcel_id: parcel.id });
    const res = await call(t.app, 'POST', '/api/returns', { token: op.token, body: draft });
    expect(res.status).toBe(200);
    const returnId = res.body.message.id;
    const [ret] = await db.select().from(returns).where(eq(returns.id, returnId));
    expect(ret!.trackingNumber).toBe(parcel.tracking_number);
    const detail = (await call(t.app, 'GET', `/api/parcels/${parcel.id}`, { token: op.token })).body.message;
    expect(detail).toMatchObject({
      state: 'Matched',
      return_id: returnId,
      customer_id: customer.id,
      return_path: `/orders/${made.order.id}/returns/${returnId}`,
    });
    expect(detail.events.at(-1)).toMatchObject({
      action: 'Matched',
      text: `Matched to order ${made.order.orderNumber}: return #${returnId}`,
      username: op.user.username,
    });
    // The same submit again (a lost answer) answers the same return.
    const again = await call(t.app, 'POST', '/api/returns', { token: op.token, body: draft });
    expect(again.status).toBe(200);
    expect(again.body.message.id).toBe(returnId);
    // The return view shows the tracking number and the parcel's note; history finds it by tracking number.
    const view = await call(t.app, 'GET', `/api/returns/${returnId}/order/${made.order.id}`, { token: op.token });
    expect(view.body.message).toMatchObject({ tracking_number: parcel.tracking_number, parcel: { id: parcel.id, note: 'no paperwork' } });
    const history = await call(t.app, 'GET', `/api/returns?search[tracking_number]=${parcel.tracking_number.toLowerCase()}`, {
      token: op.token,
    });
    expect(history.body.message.data.map((r: { id: number; tracking_number: string }) => [r.id, r.tracking_number])).toEqual([
      [returnId, parcel.tracking_number],
    ]);
  });

  it('refuses a closed parcel (409), another customer’s (422 or 403) and an unknown one (404): no return, parcel unchanged', async () => {
    const { customer, made, op, parcel } = await fixture();
    await call(t.app, 'POST', `/api/parcels/${parcel.id}/close`, { token: op.token, body: { reason: 'Disposed' } });
    const closed = await call(t.app, 'POST', '/api/returns', {
      token: op.token,
      body: draftFor(customer.id, made, { parcel_id: parcel.id }),
    });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(`${PARCEL_MSG.notWaiting} (closed)`);

    const other = await makeCustomer(db);
    const admin = await adminSession(t.app, db);
    const theirs = (await intake(admin.token, { tracking_number: tracking(), customer_id: other.id, location: 'E-2' })).body.message;
    const forbidden = await call(t.app, 'POST', '/api/returns', {
      token: op.token,
      body: draftFor(customer.id, made, { parcel_id: theirs.id }),
    });
    expect(forbidden.status).toBe(403);
    const wrong = await call(t.app, 'POST', '/api/returns', {
      token: admin.token,
      body: draftFor(customer.id, made, { parcel_id: theirs.id }),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ parcel_id: [PARCEL_MSG.otherCustomer] });
    const unknown = await call(t.app, 'POST', '/api/returns', {
      token: op.token,
      body: draftFor(customer.id, made, { parcel_id: 99_999_999 }),
    });
    expect(unknown.status).toBe(404);

    expect(await writtenFor(db, customer.id, made.order.id)).toEqual({ returns: 0, ledgers: 0, tasks: 0, status: 'New' });
    const [stillTheirs] = await db.select().from(parcels).where(eq(parcels.id, theirs.id));
    expect(stillTheirs).toMatchObject({ state: 'Waiting', returnId: null });
  });

  it('writes no return when the parcel stops waiting inside the submit (the return and the close are one transaction)', async () => {
    const { customer, made, op, parcel } = await fixture();
    // The parcel is closed between the service's check and the return's transaction: the
    // conditional close inside the transaction finds nothing to close and rolls the return back.
    const trigger = `close_parcel_${parcel.id}`;
    await db.execute(
      sql.raw(`CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN UPDATE parcels SET state = 'Closed', close_reason = 'Disposed', closed_at = now() WHERE id = ${parcel.id}; RETURN NEW; END $$`),
    );
    await db.execute(sql.raw(`CREATE TRIGGER ${trigger} AFTER INSERT ON returns FOR EACH ROW EXECUTE FUNCTION ${trigger}()`));
    try {
      const res = await call(t.app, 'POST', '/api/returns', {
        token: op.token,
        body: draftFor(customer.id, made, { parcel_id: parcel.id }),
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(PARCEL_MSG.notWaiting);
    } finally {
      await db.execute(sql.raw(`DROP TRIGGER ${trigger} ON returns`));
      await db.execute(sql.raw(`DROP FUNCTION ${trigger}()`));
    }
    expect(await writtenFor(db, customer.id, made.order.id)).toEqual({ returns: 0, ledgers: 0, tasks: 0, status: 'New' });
    const events = await db.select().from(parcelEvents).where(eq(parcelEvents.parcelId, parcel.id));
    expect(events.map((e) => e.action)).toEqual(['Received']);
  });
});

describe('converting a parcel to a blind return (PUT /api/returns/blind/{customerId} with parcel_id)', () => {
  it('saves the blind return and marks the parcel Converted; a second conversion is refused', async () => {
    const { customer, op } = await linkedOperator();
    const product = await makeProduct(db, customer.id, { sku: 'PARCEL-SKU-1' });
    const parcel = (await intake(op.token, { tracking_number: tracking(), customer_id: customer.id, location: 'F-1' })).body.message;
    const body = {
      reference_1: parcel.tracking_number,
      return_date: '2026-11-20',
      parcel_id: parcel.id,
      return_ledgers: [{ product_id: product.id, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' }],
    };
    const res = await call(t.app, 'PUT', `/api/returns/blind/${customer.id}`, { token: op.token, body });
    expect(res.status).toBe(200);
    const detail = (await call(t.app, 'GET', `/api/parcels/${parcel.id}`, { token: op.token })).body.message;
    expect(detail).toMatchObject({ state: 'Converted', return_id: res.body.message.id, return_path: res.body.message.to });
    expect(detail.events.at(-1)).toMatchObject({ action: 'Converted', text: `Converted to blind return #${res.body.message.id}` });
    const again = await call(t.app, 'PUT', `/api/returns/blind/${customer.id}`, { token: op.token, body });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`${PARCEL_MSG.notWaiting} (converted)`);
    const blind = await db.select().from(returns).where(eq(returns.customerId, customer.id));
    expect(blind.map((r) => r.trackingNumber)).toEqual([parcel.tracking_number]);
  });
});

describe('customer age limits (PUT /api/su/customers/{id})', () => {
  it('edits the amber and red limits; red must come after amber', async () => {
    const admin = await adminSession(t.app, db);
    const customer = await makeCustomer(db);
    const base = { company: customer.company, order_source: 'Biztalk' };
    const res = await call(t.app, 'PUT', `/api/su/customers/${customer.id}`, {
      token: admin.token,
      body: { ...base, parcel_amber_days: 3, parcel_red_days: 7 },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ parcel_amber_days: 3, parcel_red_days: 7 });
    const kept = await call(t.app, 'PUT', `/api/su/customers/${customer.id}`, { token: admin.token, body: base });
    expect(kept.body.message).toMatchObject({ parcel_amber_days: 3, parcel_red_days: 7 });
    const bad = await call(t.app, 'PUT', `/api/su/customers/${customer.id}`, {
      token: admin.token,
      body: { ...base, parcel_amber_days: 4, parcel_red_days: 4 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ parcel_red_days: [PARCEL_MSG.redNotAfterAmber] });
    const halfBad = await call(t.app, 'PUT', `/api/su/customers/${customer.id}`, {
      token: admin.token,
      body: { ...base, parcel_amber_days: 9 },
    });
    expect(halfBad.status).toBe(422);
    expect(halfBad.body.errors).toEqual({ parcel_red_days: [PARCEL_MSG.redNotAfterAmber] });
    const zero = await call(t.app, 'PUT', `/api/su/customers/${customer.id}`, {
      token: admin.token,
      body: { ...base, parcel_amber_days: 0 },
    });
    expect(zero.body.errors).toEqual({ parcel_amber_days: [PARCEL_MSG.amberInvalid] });
    const after = (await call(t.app, 'GET', '/api/su/customers', { token: admin.token })).body.message.find(
      (c: { id: number }) => c.id === customer.id,
    );
    expect(after).toMatchObject({ parcel_amber_days: 3, parcel_red_days: 7 });
  });
});
