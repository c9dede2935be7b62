import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { photos } from '../../db/schema/index.js';
import { PARCEL_MSG } from '../../../contract/parcels.js';
import { PHOTO_MSG } from '../../../contract/photos.js';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeCustomer } from '../../test/factories.js';
import { draftFor, receivingFixture } from '../../test/receiving-fixtures.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { parcelFixture } from '../../test/parcel-fixtures.js';

// Issue 11 with issue 16: photos of unknown parcels. A file of its own (own app), so the logins of
// parcels.routes.test.ts and these stay under the login route's per-address rate limit.
let t: TestApp;
let db: Db;
beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.database.db;
});
afterAll(() => t.close());

const { tracking, intake, parcelCounts, linkedOperator, upload } = parcelFixture(() => t, '1ZPH');

describe('parcel photos (the photo evidence store, issue 16)', () => {
  it('keeps the photos with the parcel, shows them to every operator who sees it, and carries them to the return', async () => {
    const { customer, made } = await receivingFixture(db);
    const op = await operatorSession(t.app, db, [customer.id]);
    const colleague = await operatorSession(t.app, db, [customer.id]);
    const stranger = await operatorSession(t.app, db, []);
    const [label, box] = [await upload(op.token), await upload(op.token)];
    const res = await intake(op.token, { tracking_number: tracking(), location: 'P-1', photo_ids: [label, box] });
    expect(res.status).toBe(200);
    const parcel = res.body.message;
    expect(parcel.photos.map((p: { id: number }) => p.id)).toEqual([label, box]);
    expect(parcel.events[0].text).toBe('Received (customer unknown) with 2 photos, parked on shelf P-1');
    const [kept] = await db.select().from(photos).where(eq(photos.id, label));
    expect(kept!.attachedAt).not.toBeNull();

    // A parcel of no customer is everyone's: a colleague sees its photo through the parcel.
    const image = await t.app.inject({
      method: 'GET',
      url: `/api/parcels/${parcel.id}/photos/${label}/thumb`,
      headers: { authorization: `Bearer ${colleague.token}` },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    // A photo id that is not this parcel's is a 404; no token 401.
    const other = await upload(op.token);
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/parcels/${parcel.id}/photos/${other}/thumb`,
      headers: { authorization: `Bearer ${op.token}` },
    });
    expect(wrong.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/parcels/${parcel.id}/photos/${label}/thumb` })).statusCode).toBe(401);

    // Matched: the return keeps the parcel's photos (as photos of the whole return).
    const submitted = await call(t.app, 'POST', '/api/returns', {
      token: op.token,
      body: draftFor(customer.id, made, { parcel_id: parcel.id }),
    });
    expect(submitted.status).toBe(200);
    const linked = await db.select().from(photos).where(eq(photos.returnId, submitted.body.message.id));
    expect(linked.map((p) => [p.id, p.ledgerId, p.customerId]).sort()).toEqual([
      [label, null, customer.id],
      [box, null, customer.id],
    ]);
    const view = await call(t.app, 'GET', `/api/returns/${submitted.body.message.id}/order/${made.order.id}`, { token: op.token });
    expect(view.body.message.photos.map((p: { id: number }) => p.id).sort()).toEqual([label, box].sort());

    // Another customer's parcel photo: 403 through the parcel.
    const theirs = await makeCustomer(db);
    const admin = await adminSession(t.app, db);
    const theirPhoto = await upload(admin.token, theirs.id);
    const theirParcel = (
      await intake(admin.token, { tracking_number: tracking(), customer_id: theirs.id, location: 'P-2', photo_ids: [theirPhoto] })
    ).body.message;
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/parcels/${theirParcel.id}/photos/${theirPhoto}/thumb`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(refused.statusCode).toBe(403);
  });

  it("refuses another's photo, another customer's photo, a photo of another parcel: 422, nothing written", async () => {
    const { customer, op } = await linkedOperator();
    const colleague = await operatorSession(t.app, db, [customer.id]);
    const other = await makeCustomer(db);
    const admin = await adminSession(t.app, db);
    const colleaguesPhoto = await upload(colleague.token);
    const otherCustomersPhoto = await upload(admin.token, other.id);
    const before = await parcelCounts();
    const notMine = await intake(op.token, { tracking_number: tracking(), location: 'Q-1', photo_ids: [colleaguesPhoto] });
    expect(notMine.status).toBe(422);
    expect(notMine.body.errors).toEqual({ photo_ids: [PHOTO_MSG.otherCustomer] });
    const wrongCustomer = await intake(admin.token, {
      tracking_number: tracking(),
      customer_id: customer.id,
      location: 'Q-1',
      photo_ids: [otherCustomersPhoto],
    });
    expect(wrongCustomer.body.errors).toEqual({ photo_ids: [PHOTO_MSG.otherCustomer] });
    const unknown = await intake(op.token, { tracking_number: tracking(), location: 'Q-1', photo_ids: [99_999_999] });
    expect(unknown.body.errors).toEqual({ photo_ids: [PHOTO_MSG.unknownPhoto] });
    expect(await parcelCounts()).toEqual(before);
    const mine = await upload(op.token);
    expect((await intake(op.token, { tracking_number: tracking(), location: 'Q-2', photo_ids: [mine] })).status).toBe(200);
    const again = await intake(op.token, { tracking_number: tracking(), location: 'Q-3', photo_ids: [mine] });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ photo_ids: [PARCEL_MSG.photoOfOtherParcel] });
  });
});
