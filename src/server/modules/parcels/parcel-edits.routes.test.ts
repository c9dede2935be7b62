import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { parcels, photos } from '../../db/schema/index.js';
import { PARCEL_MSG } from '../../../contract/parcels.js';
import { MAX_PHOTOS_PER_ITEM, PHOTO_MSG } from '../../../contract/photos.js';
import { MSG } from '../../../contract/messages.js';
import { createTestApp, call, type TestApp } from '../../test/test-app.js';
import { makeCustomer } from '../../test/factories.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { parcelFixture } from '../../test/parcel-fixtures.js';

// Issue 11: editing a waiting parcel and adding photos later. A file of its own (own app), so its
// logins stay under the login route's per-address rate limit; the sessions are made once.
let t: TestApp;
let db: Db;
type Session = Awaited<ReturnType<typeof operatorSession>>;
let op: Session, colleague: Session, stranger: Session, admin: Session;
let customer: Awaited<ReturnType<typeof makeCustomer>>;
const fx = parcelFixture(() => t, '1ZED');
const { tracking, intake, parcelCounts, upload } = fx;

beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.database.db;
  ({ customer, op } = await fx.linkedOperator());
  colleague = await operatorSession(t.app, db, [customer.id]);
  stranger = await operatorSession(t.app, db, []);
  admin = await adminSession(t.app, db);
});
afterAll(() => t.close());

const edit = (token: string | undefined, id: number, body: Record<string, unknown>) =>
  call(t.app, 'PUT', `/api/parcels/${id}`, { token, body });
const addPhotos = (token: string | undefined, id: number, photoIds: unknown) =>
  call(t.app, 'POST', `/api/parcels/${id}/photos`, { token, body: { photo_ids: photoIds } });
const row = async (id: number) => (await db.select().from(parcels).where(eq(parcels.id, id)))[0]!;
type Event = { action: string; text: string; username: string };
const steps = (detail: { events: Event[] }) => detail.events.map((e) => [e.action, e.text, e.username]);

/** A waiting parcel of no customer, with a note and a sender, as an operator takes it in. */
async function unknownParcel(extra: Record<string, unknown> = {}) {
  const res = await intake(op.token, {
    tracking_number: tracking(),
    location: 'A-1',
    sender_name: 'Emma',
    note: 'Box taped twice',
    ...extra,
  });
  expect(res.status).toBe(200);
  return res.body.message as { id: number; tracking_number: string; location: string };
}

describe('PUT /api/parcels/{id} (edit a waiting parcel)', () => {
  it('answers 401 without a token, before validating', async () => {
    const parcel = await unknownParcel();
    expect((await edit(undefined, parcel.id, {})).status).toBe(401);
  });

  it('changes the shelf, sender and note, gives a parcel of no customer its customer; the timeline says what changed', async () => {
    const label = await upload(op.token);
    const parcel = await unknownParcel({ photo_ids: [label] });
    const res = await edit(op.token, parcel.id, {
      location: 'B-7',
      customer_id: customer.id,
      sender_name: 'Emma de Vries',
      sender_address: 'Keizersgracht 1\n1015 CJ Amsterdam',
      note: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      location: 'B-7',
      customer_id: customer.id,
      company: customer.company,
      sender_name: 'Emma de Vries',
      sender_address: 'Keizersgracht 1\n1015 CJ Amsterdam',
      note: null,
      state: 'Waiting',
    });
    expect(steps(res.body.message)).toEqual([
      ['Received', 'Received (customer unknown) with 1 photo, parked on shelf A-1', op.user.username],
      [
        'Edited',
        `Edited: shelf A-1 → B-7; customer unknown → ${customer.company}; sender name "Emma" → "Emma de Vries"; ` +
          'sender address — → "Keizersgracht 1, 1015 CJ Amsterdam"; note "Box taped twice" → —',
        op.user.username,
      ],
    ]);
    // The photo kept with it takes the customer; the parcel is now that customer's alone.
    const [photo] = await db.select().from(photos).where(eq(photos.id, label));
    expect(photo!.customerId).toBe(customer.id);
    expect((await call(t.app, 'GET', `/api/parcels/${parcel.id}`, { token: colleague.token })).status).toBe(200);
    expect((await call(t.app, 'GET', `/api/parcels/${parcel.id}`, { token: stranger.token })).status).toBe(403);

    // Only what changed is recorded.
    const shelf = await edit(colleague.token, parcel.id, { ...editable(res.body.message), location: 'C-3' });
    expect(shelf.status).toBe(200);
    expect(steps(shelf.body.message).at(-1)).toEqual(['Edited', 'Edited: shelf B-7 → C-3', colleague.user.username]);
  });

  it('lets an admin edit any customer’s parcel', async () => {
    const other = await makeCustomer(db);
    const parcel = (await intake(admin.token, { tracking_number: tracking(), customer_id: other.id, location: 'X-1' })).body.message;
    const res = await edit(admin.token, parcel.id, { customer_id: other.id, location: 'X-2', note: 'Heavy' });
    expect(res.status).toBe(200);
    expect(steps(res.body.message).at(-1)).toEqual(['Edited', 'Edited: shelf X-1 → X-2; note — → "Heavy"', admin.user.username]);
  });

  it('answers 422 with clear messages and changes nothing', async () => {
    const parcel = await unknownParcel();
    const known = (await intake(op.token, { tracking_number: tracking(), customer_id: customer.id, location: 'K-1' })).body.message;
    const disabled = await makeCustomer(db, { customerStatus: 'Disabled' });
    const before = await parcelCounts();
    const [unknownBefore, knownBefore] = [await row(parcel.id), await row(known.id)];

    const blank = await edit(op.token, parcel.id, { location: ' ', customer_id: 'x', note: 'n'.repeat(1001) });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({
      location: [PARCEL_MSG.locationRequired],
      customer_id: ['Invalid customer'],
      note: ['At most 1000 characters'],
    });
    const same = await edit(op.token, parcel.id, { location: 'A-1', sender_name: 'Emma', note: 'Box taped twice' });
    expect(same.status).toBe(422);
    expect(same.body.errors).toEqual({ parcel: [PARCEL_MSG.nothingChanged] });
    // A known customer stays: neither another one nor none.
    const other = await makeCustomer(db);
    for (const customer_id of [other.id, null]) {
      const res = await edit(admin.token, known.id, { customer_id, location: 'K-2' });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ customer_id: [PARCEL_MSG.customerKnown] });
    }
    const off = await edit(admin.token, parcel.id, { customer_id: disabled.id, location: 'A-1' });
    expect(off.status).toBe(422);
    expect(off.body.errors).toEqual({ customer_id: [PARCEL_MSG.customerDisabled] });

    expect(await parcelCounts()).toEqual(before);
    expect([await row(parcel.id), await row(known.id)]).toEqual([unknownBefore, knownBefore]);
  });

  it('answers 403 for another customer’s parcel or a customer the operator is not linked to, 404 for unknown ones; nothing changed', async () => {
    const other = await makeCustomer(db);
    const theirs = (await intake(admin.token, { tracking_number: tracking(), customer_id: other.id, location: 'T-1' })).body.message;
    const parcel = await unknownParcel();
    const before = await parcelCounts();
    const [theirsBefore, parcelBefore] = [await row(theirs.id), await row(parcel.id)];

    const foreign = await edit(op.token, theirs.id, { customer_id: other.id, location: 'T-2' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe(MSG.forbidden);
    const notLinked = await edit(op.token, parcel.id, { customer_id: other.id, location: 'A-1' });
    expect(notLinked.status).toBe(403);
    expect(notLinked.body.message).toBe(PARCEL_MSG.customerNotLinked);
    expect((await edit(op.token, parcel.id, { customer_id: 99_999_999, location: 'A-1' })).status).toBe(404);
    const gone = await edit(op.token, 99_999_999, { location: 'A-1' });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(PARCEL_MSG.notFound);

    expect(await parcelCounts()).toEqual(before);
    expect([await row(theirs.id), await row(parcel.id)]).toEqual([theirsBefore, parcelBefore]);
  });

  it('answers 409 for a parcel that is no longer waiting; nothing changed', async () => {
    const parcel = await unknownParcel();
    expect((await call(t.app, 'POST', `/api/parcels/${parcel.id}/close`, { token: op.token, body: { reason: 'Disposed' } })).status).toBe(
      200,
    );
    const before = await parcelCounts();
    const closedBefore = await row(parcel.id);
    const res = await edit(op.token, parcel.id, { location: 'Z-9' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`${PARCEL_MSG.notWaiting} (closed)`);
    expect(await parcelCounts()).toEqual(before);
    expect(await row(parcel.id)).toEqual(closedBefore);
  });
});

describe('POST /api/parcels/{id}/photos (photos taken later)', () => {
  it('answers 401 without a token', async () => {
    const parcel = await unknownParcel();
    expect((await addPhotos(undefined, parcel.id, [1])).status).toBe(401);
  });

  it('keeps the photos with the parcel and says so on its timeline; everyone who sees the parcel sees them', async () => {
    const first = await upload(op.token, customer.id);
    const parcel = (await intake(op.token, { tracking_number: tracking(), customer_id: customer.id, location: 'P-1', photo_ids: [first] }))
      .body.message;
    const [later, another] = [await upload(op.token), await upload(op.token, customer.id)];
    const res = await addPhotos(op.token, parcel.id, [later, another]);
    expect(res.status).toBe(200);
    expect(res.body.message.photos.map((p: { id: number }) => p.id)).toEqual([first, later, another]);
    expect(steps(res.body.message).at(-1)).toEqual(['Photos added', 'Added 2 photos (3 in all)', op.user.username]);
    const kept = await db
      .select()
      .from(photos)
      .where(inArray(photos.id, [later, another]));
    expect(kept.map((p) => [p.customerId, p.attachedAt !== null])).toEqual([
      [customer.id, true],
      [customer.id, true],
    ]);
    const image = await t.app.inject({
      method: 'GET',
      url: `/api/parcels/${parcel.id}/photos/${later}/thumb`,
      headers: { authorization: `Bearer ${colleague.token}` },
    });
    expect(image.statusCode).toBe(200);
    // An admin adds to any parcel.
    const adminsPhoto = await upload(admin.token);
    const byAdmin = await addPhotos(admin.token, parcel.id, [adminsPhoto]);
    expect(steps(byAdmin.body.message).at(-1)).toEqual(['Photos added', 'Added 1 photo (4 in all)', admin.user.username]);
  });

  it('answers 422 with clear messages and adds nothing', async () => {
    const full = await unknownParcel({
      photo_ids: await Promise.all(Array.from({ length: MAX_PHOTOS_PER_ITEM }, () => upload(op.token))),
    });
    const parcel = await unknownParcel();
    const [colleagues, mine, otherCustomers] = [
      await upload(colleague.token),
      await upload(op.token),
      await upload(admin.token, (await makeCustomer(db)).id),
    ];
    const kept = (await intake(op.token, { tracking_number: tracking(), location: 'P-3', photo_ids: [await upload(op.token)] })).body
      .message.photos[0].id;
    const before = await parcelCounts();
    const expectRefused = async (id: number, ids: unknown, errors: Record<string, string[]>) => {
      const res = await addPhotos(op.token, id, ids);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual(errors);
    };
    await expectRefused(parcel.id, [], { photo_ids: [PARCEL_MSG.photosRequired] });
    await expectRefused(parcel.id, 'x', { photo_ids: ['photo_ids must be a list of photo ids'] });
    await expectRefused(parcel.id, [99_999_999], { photo_ids: [PHOTO_MSG.unknownPhoto] });
    await expectRefused(parcel.id, [colleagues], { photo_ids: [PHOTO_MSG.otherCustomer] });
    await expectRefused(parcel.id, [otherCustomers], { photo_ids: [PHOTO_MSG.otherCustomer] });
    await expectRefused(parcel.id, [mine, mine], { photo_ids: [PHOTO_MSG.usedTwice] });
    await expectRefused(parcel.id, [kept], { photo_ids: [PARCEL_MSG.photoOfOtherParcel] });
    await expectRefused(full.id, [mine], { photo_ids: [PARCEL_MSG.tooManyPhotos(MAX_PHOTOS_PER_ITEM, MAX_PHOTOS_PER_ITEM)] });
    expect(await parcelCounts()).toEqual(before);
    const [photo] = await db.select().from(photos).where(eq(photos.id, mine));
    expect(photo!.attachedAt).toBeNull();
  });

  it('answers 403 for another customer’s parcel, 404 for an unknown one, 409 for one no longer waiting; adds nothing', async () => {
    const other = await makeCustomer(db);
    const theirs = (await intake(admin.token, { tracking_number: tracking(), customer_id: other.id, location: 'T-1' })).body.message;
    const closed = await unknownParcel();
    await call(t.app, 'POST', `/api/parcels/${closed.id}/close`, { token: op.token, body: { reason: 'Disposed' } });
    const mine = await upload(op.token);
    const before = await parcelCounts();
    expect((await addPhotos(op.token, theirs.id, [mine])).status).toBe(403);
    expect((await addPhotos(op.token, 99_999_999, [mine])).status).toBe(404);
    const late = await addPhotos(op.token, closed.id, [mine]);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(`${PARCEL_MSG.notWaiting} (closed)`);
    expect(await parcelCounts()).toEqual(before);
  });
});

/** The edit body of a parcel as the API shows it (the form sends all of it). */
function editable(p: {
  customer_id: number | null;
  sender_name: string | null;
  sender_address: string | null;
  note: string | null;
  location: string;
}) {
  return { customer_id: p.customer_id, sender_name: p.sender_name, sender_address: p.sender_address, note: p.note, location: p.location };
}
