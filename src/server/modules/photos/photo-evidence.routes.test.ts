// Photos on the paths that record a return (issue 16): linked in the submit transaction, the
// required-photo rule, abandoned photos removed, signed links, and the S3 store behind the app.
import { eq, sql } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MSG } from '../../../contract/photos.js';
import { queryRows } from '../../db/client.js';
import { customers, photos } from '../../db/schema/index.js';
import { photoStorageFromConfig } from '../../bootstrap/photo-storage.js';
import { createS3Storage } from '../../integrations/object-storage.js';
import { makeCustomer, makeReason } from '../../test/factories.js';
import { plainImage } from '../../test/images.js';
import { startS3Server, type TestS3Server } from '../../test/integration-servers.js';
import { draftFor, receivingFixture, writtenFor } from '../../test/receiving-fixtures.js';
import { makeProduct } from '../../test/return-factory.js';
import { operatorSession } from '../../test/sessions.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { removeAbandonedPhotos } from './photo-cleanup.js';
import { createPhotoLinks } from './photo-links.js';

let t: TestApp;
const db = () => t.deps.database.db;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://returns.example.com' });
});
afterAll(() => t.close());

async function upload(token: string, customerId: number | undefined, bytes?: Buffer): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/photos${customerId ? `?customer_id=${customerId}` : ''}`,
    payload: bytes ?? (await plainImage('jpeg')),
    headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return (res.json() as { message: { id: number } }).message.id;
}
const photoRow = async (id: number) => (await db().select().from(photos).where(eq(photos.id, id)))[0];
const submit = (token: string, body: unknown) => call(t.app, 'POST', '/api/returns', { token, body });

describe('photos on an order-based return', () => {
  it('links line and return photos in the submit transaction; the return counts them', async () => {
    const { customer, made } = await receivingFixture(db());
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const [a, b, parcel] = [await upload(token, customer.id), await upload(token, customer.id), await upload(token, customer.id)];
    const draft = draftFor(customer.id, made, { photo_ids: [parcel] });
    Object.assign(draft.return_ledgers[0]!, { photo_ids: [a, b] });
    const res = await submit(token, draft);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [l0, l1] = res.body.message.ledgers;
    for (const [id, ledger] of [
      [a, l0.id],
      [b, l0.id],
      [parcel, null],
    ] as const) {
      const row = await photoRow(id);
      expect(row).toMatchObject({ returnId: res.body.message.id, ledgerId: ledger, customerId: customer.id });
      expect(row!.attachedAt).toBeInstanceOf(Date);
    }
    expect(l1).toBeDefined();
    const [{ n }] = (await queryRows<{ n: number }>(db(), sql`SELECT photo_count AS n FROM returns WHERE id = ${res.body.message.id}`)) as [
      { n: number },
    ];
    expect(n).toBe(3);

    // The same draft again (a lost answer): the same return, nothing doubled.
    const again = await submit(token, draft);
    expect(again.status).toBe(200);
    expect(again.body.message.id).toBe(res.body.message.id);
  });

  it("refuses another customer's photo, an unknown one, one twice and one another return has, and writes nothing", async () => {
    const { customer, made } = await receivingFixture(db());
    const other = await makeCustomer(db());
    const { token } = await operatorSession(t.app, db(), [customer.id, other.id]);
    const foreign = await upload(token, other.id);
    const mine = await upload(token, customer.id);
    const cases: [number[], string][] = [
      [[foreign], PHOTO_MSG.otherCustomer],
      [[999_999], PHOTO_MSG.unknownPhoto],
      [[mine, mine], PHOTO_MSG.usedTwice],
    ];
    for (const [ids, message] of cases) {
      const draft = draftFor(customer.id, made);
      Object.assign(draft.return_ledgers[1]!, { photo_ids: ids });
      const res = await submit(token, draft);
      expect(res.status, message).toBe(422);
      expect(res.body.errors?.['return_ledgers.1.photo_ids']).toEqual([message]);
    }
    expect(await writtenFor(db(), customer.id, made.order.id)).toEqual({ returns: 0, ledgers: 0, tasks: 0, status: 'New' });
    expect((await photoRow(mine))!.attachedAt).toBeNull();

    const first = draftFor(customer.id, made, { photo_ids: [mine] });
    expect((await submit(token, first)).status).toBe(200);
    const second = draftFor(customer.id, made, { photo_ids: [mine] });
    const res = await submit(token, second);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ photo_ids: [PHOTO_MSG.alreadyUsed] });
  });

  it('carries a photo of no customer yet (an unknown parcel) into the return of its uploader', async () => {
    const { customer, made } = await receivingFixture(db());
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const { token: colleague } = await operatorSession(t.app, db(), [customer.id]);
    const parcel = await upload(token, undefined);
    const refused = await submit(colleague, draftFor(customer.id, made, { photo_ids: [parcel] }));
    expect(refused.status).toBe(422);
    const res = await submit(token, draftFor(customer.id, made, { photo_ids: [parcel] }));
    expect(res.status).toBe(200);
    expect(await photoRow(parcel)).toMatchObject({ customerId: customer.id, returnId: res.body.message.id });
  });
});

describe('required photo per condition (customer rule)', () => {
  it('refuses a submit whose Scrap line has no photo, naming the line; accepts it with one', async () => {
    const { customer, made } = await receivingFixture(db());
    await db()
      .update(customers)
      .set({ photoRequiredConditions: ['Scrap'] })
      .where(eq(customers.id, customer.id));
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const draft = draftFor(customer.id, made); // line 0 Pristine, line 1 Scrap
    const res = await submit(token, draft);
    expect(res.status).toBe(422);
    const message = PHOTO_MSG.required('Scrap', `line 2 (${made.lines[1]!.product.sku})`);
    expect(res.body.errors).toEqual({ 'return_ledgers.1.photo_ids': [message] });
    expect(res.body.message).toEqual([message]);
    expect(await writtenFor(db(), customer.id, made.order.id)).toEqual({ returns: 0, ledgers: 0, tasks: 0, status: 'New' });

    Object.assign(draft.return_ledgers[1]!, { photo_ids: [await upload(token, customer.id)] });
    expect((await submit(token, draft)).status).toBe(200);
  });

  it('applies to blind returns too', async () => {
    const customer = await makeCustomer(db(), { canBlind: true, photoRequiredConditions: ['Scrap', 'Reconditioning'] });
    await makeReason(db(), customer.id, 'DAMAGED');
    const product = await makeProduct(db(), customer.id, { sku: 'BLIND-SKU-1' });
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const body = {
      reference_1: 'RMA-B',
      return_date: '2026-03-04',
      return_ledgers: [
        { product_id: product.id, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' },
        { product_id: product.id, quantity: 1, condition: 'Scrap', reason: 'DAMAGED' },
      ],
    };
    const res = await call(t.app, 'PUT', `/api/returns/blind/${customer.id}`, { token, body });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ 'return_ledgers.1.photo_ids': [PHOTO_MSG.required('Scrap', 'line 2 (BLIND-SKU-1)')] });
    const photo = await upload(token, customer.id);
    const ok = await call(t.app, 'PUT', `/api/returns/blind/${customer.id}`, {
      token,
      body: { ...body, return_ledgers: [body.return_ledgers[0], { ...body.return_ledgers[1], photo_ids: [photo] }] },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await photoRow(photo))!.returnId).toBe(ok.body.message.id);
  });

  it('an admin sets the rule in the customer form; a condition outside the list is a 422', async () => {
    const { adminSession } = await import('../../test/sessions.js');
    const { token } = await adminSession(t.app, db());
    const customer = await makeCustomer(db());
    const body = { company: customer.company, can_blind: false, customer_status: 'Active', order_source: 'Biztalk' };
    const res = await call(t.app, 'PUT', `/api/su/customers/${customer.id}`, {
      token,
      body: { ...body, photo_required_conditions: ['Scrap'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message.photo_required_conditions).toEqual(['Scrap']);
    const bad = await call(t.app, 'PUT', `/api/su/customers/${customer.id}`, {
      token,
      body: { ...body, photo_required_conditions: ['Broken'] },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['photo_required_conditions.0']);
  });
});

describe('abandoned photos', () => {
  it('removes photos nothing attached after a day, with their stored images; kept and young photos stay', async () => {
    const { customer, made } = await receivingFixture(db());
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const abandoned = await upload(token, customer.id);
    const kept = await upload(token, customer.id);
    expect((await submit(token, draftFor(customer.id, made, { photo_ids: [kept] }))).status).toBe(200);
    t.clock.advance(25 * 3_600_000);
    const { token: nextDay } = await operatorSession(t.app, db(), [customer.id]);
    const young = await upload(nextDay, customer.id);
    const key = (await photoRow(abandoned))!.storageKey;
    expect(existsSync(join(t.deps.config.photoDir, key, 'thumb'))).toBe(true);

    const storage = photoStorageFromConfig(t.deps.config);
    const removed = await removeAbandonedPhotos({ db: db(), storage, now: t.clock.now(), olderThanHours: 24 });
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await photoRow(abandoned)).toBeUndefined();
    expect(existsSync(join(t.deps.config.photoDir, key, 'thumb'))).toBe(false);
    expect(existsSync(join(t.deps.config.photoDir, key, 'original'))).toBe(false);
    expect(await photoRow(kept)).toBeDefined();
    expect(await photoRow(young)).toBeDefined();
  });
});

describe('signed photo links (GET /api/photo-links/{token})', () => {
  it('serves a photo without a token with a valid signature; refuses a changed, foreign-key or expired one', async () => {
    const customer = await makeCustomer(db());
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const id = await upload(token, customer.id, await plainImage('png', 900, 600));
    const links = createPhotoLinks(t.deps.secretBox, 365);
    const good = links.token(id, 'display', t.clock.now());
    const res = await t.app.inject({ method: 'GET', url: `/api/photo-links/${good}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(900);

    const [pid, , exp, mac] = good.split('.');
    const refused = [
      `${pid}.o.${exp}.${mac}`, // another size under the same signature
      `${Number(pid) + 1}.d.${exp}.${mac}`, // another photo
      `${pid}.d.${Number(exp) + 86_400}.${mac}`, // a later expiry
      `${pid}.d.${exp}.${mac!.slice(0, -2)}AA`, // a changed signature
      createPhotoLinks(new (await import('../../lib/crypto.js')).SecretBox('another-secret'), 365).token(id, 'display', t.clock.now()),
      'garbage',
    ];
    for (const link of refused) {
      const r = await t.app.inject({ method: 'GET', url: `/api/photo-links/${link}` });
      expect(r.statusCode, link).toBe(404);
      expect(r.json()).toMatchObject({ code: 404, message: PHOTO_MSG.linkInvalid });
    }
    t.clock.advance(366 * 86_400_000);
    const expired = await t.app.inject({ method: 'GET', url: `/api/photo-links/${good}` });
    expect(expired.statusCode).toBe(404);
  });
});

describe('the app on an S3-compatible store (s3rver on 127.0.0.1)', () => {
  let s3: TestS3Server;
  let s3App: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    const storage = createS3Storage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    });
    s3App = await createTestApp({}, { photoStorage: storage });
  });
  afterAll(async () => {
    await s3App?.close();
    await s3?.close();
  });

  it('stores the three sizes in the bucket and serves them back', { timeout: 60_000 }, async () => {
    const d = s3App.deps.database.db;
    const customer = await makeCustomer(d);
    const { token } = await operatorSession(s3App.app, d, [customer.id]);
    const res = await s3App.app.inject({
      method: 'POST',
      url: `/api/photos?customer_id=${customer.id}`,
      payload: await plainImage('jpeg', 800, 600),
      headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const id = (res.json() as { message: { id: number } }).message.id;
    const [row] = await d.select().from(photos).where(eq(photos.id, id));
    const listed = await s3App.deps.photoStorage!.get(`${row!.storageKey}/thumb`);
    expect(listed?.length).toBe(row!.thumbBytes);
    const thumb = await s3App.app.inject({ method: 'GET', url: `/api/photos/${id}/thumb`, headers: { authorization: `Bearer ${token}` } });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
  });
});
