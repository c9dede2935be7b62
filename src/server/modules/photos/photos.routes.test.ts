import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MSG } from '../../../contract/photos.js';
import { DISPLAY_EDGE, THUMB_EDGE } from '../../integrations/image-processing.js';
import { makeCustomer } from '../../test/factories.js';
import { hasGpsTag, phoneJpeg, plainImage } from '../../test/images.js';
import { adminSession, operatorSession } from '../../test/sessions.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { queryRows } from '../../db/client.js';
import { sql } from 'drizzle-orm';

let t: TestApp;
const db = () => t.deps.database.db;
beforeAll(async () => {
  t = await createTestApp({ PHOTO_MAX_MB: 1 });
});
afterAll(() => t.close());

async function upload(token: string | undefined, body: Buffer | string, query = '', contentType = 'image/jpeg') {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/photos${query}`,
    payload: body,
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, body: res.json() as { code: number; message: any; errors?: Record<string, string[]> } };
}
async function image(token: string | undefined, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, type: res.headers['content-type'], raw: res.rawPayload, res };
}
const photoCount = async () => (await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM photos`))[0]!.n;

describe('POST /api/photos', () => {
  it('answers 401 without a token, before reading the body', async () => {
    const res = await upload(undefined, await phoneJpeg(), '?customer_id=1');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 401, message: 'Unauthorized.' });
  });

  it('answers 403 for a customer the operator is not linked to, 404 for none, and stores nothing', async () => {
    const mine = await makeCustomer(db());
    const other = await makeCustomer(db());
    const { token } = await operatorSession(t.app, db(), [mine.id]);
    const before = await photoCount();
    expect((await upload(token, await phoneJpeg(), `?customer_id=${other.id}`)).status).toBe(403);
    expect((await upload(token, await phoneJpeg(), '?customer_id=999999')).status).toBe(404);
    expect(await photoCount()).toBe(before);
  });

  it('checks the type by content: a text sent as image/jpeg, a GIF, a cut-off JPEG are 422; a PNG sent as image/jpeg is a PNG', async () => {
    const customer = await makeCustomer(db());
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const q = `?customer_id=${customer.id}`;
    const before = await photoCount();
    const text = await upload(token, Buffer.from('not an image at all, just words'), q);
    expect(text.status).toBe(422);
    expect(text.body.errors).toEqual({ body: [PHOTO_MSG.notAnImage] });
    const gif = await upload(token, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), q, 'image/gif');
    expect(gif.status).toBe(422);
    const jpeg = await phoneJpeg();
    const cut = await upload(token, jpeg.subarray(0, 40), q);
    expect(cut.status).toBe(422);
    expect(cut.body.message).toEqual(['The image cannot be read; it may be damaged or cut off.']);
    expect((await upload(token, Buffer.alloc(0), q)).status).toBe(422);
    expect(await photoCount()).toBe(before);

    const png = await upload(token, await plainImage('png'), q, 'image/jpeg');
    expect(png.status).toBe(200);
    expect(png.body.message).toMatchObject({ format: 'png', width: 64, height: 48, customer_id: customer.id, attached: false });
    const webp = await upload(token, await plainImage('webp'), q, 'application/octet-stream');
    expect(webp.body.message.format).toBe('webp');
  });

  it('refuses a JSON body (415) and a body over the limit (413 with a clear message)', async () => {
    const customer = await makeCustomer(db());
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const json = await call(t.app, 'POST', `/api/photos?customer_id=${customer.id}`, { token, body: { a: 1 } });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe(PHOTO_MSG.sendBytes);
    const big = await upload(token, Buffer.alloc(1024 * 1024 + 10, 1), `?customer_id=${customer.id}`);
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 413, message: PHOTO_MSG.tooLarge(1) });
  });

  it('removes EXIF (GPS too) and applies the orientation; makes a display size and a thumbnail', async () => {
    const customer = await makeCustomer(db());
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const input = await phoneJpeg(40, 20);
    const inMeta = await sharp(input).metadata();
    expect(inMeta.orientation).toBe(6);
    expect(hasGpsTag(inMeta.exif)).toBe(true);

    const res = await upload(token, input, `?customer_id=${customer.id}`);
    expect(res.status).toBe(200);
    const photo = res.body.message;
    expect(photo).toMatchObject({ format: 'jpeg', width: 20, height: 40, uploaded_bytes: input.length });
    expect(photo.sha256).toMatch(/^[0-9a-f]{64}$/);

    const original = await image(token, `/api/photos/${photo.id}/original`);
    expect(original.status).toBe(200);
    expect(original.type).toBe('image/jpeg');
    const stored = await sharp(original.raw).metadata();
    expect(stored).toMatchObject({ format: 'jpeg', width: 20, height: 40 });
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect(original.raw.includes(Buffer.from('PhoneCo'))).toBe(false);

    // A big image: display ≤ 1600, thumbnail ≤ 320 on the long edge, both WebP.
    const big = await upload(token, await plainImage('jpeg', 2400, 1800), `?customer_id=${customer.id}`);
    const display = await image(token, `/api/photos/${big.body.message.id}/display`);
    const thumb = await image(token, `/api/photos/${big.body.message.id}/thumb`);
    expect(display.type).toBe('image/webp');
    expect(await sharp(display.raw).metadata()).toMatchObject({ format: 'webp', width: DISPLAY_EDGE, height: 1200 });
    expect(await sharp(thumb.raw).metadata()).toMatchObject({ format: 'webp', width: THUMB_EDGE, height: 240 });
    const [row] = await queryRows<{ original_bytes: number; display_bytes: number; thumb_bytes: number }>(
      db(),
      sql`SELECT original_bytes, display_bytes, thumb_bytes FROM photos WHERE id = ${big.body.message.id}`,
    );
    expect(big.body.message.stored_bytes).toBe(row!.original_bytes + row!.display_bytes + row!.thumb_bytes);
    expect(row!.display_bytes).toBe(display.raw.length);
  });
});

describe('GET /api/photos/{id}/{size}, DELETE /api/photos/{id}', () => {
  it("is checked like the customer's returns: 401 without a token, 403 for another customer's photo, 404 for none", async () => {
    const customer = await makeCustomer(db());
    const other = await makeCustomer(db());
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const { token: stranger } = await operatorSession(t.app, db(), [other.id]);
    const { token: admin } = await adminSession(t.app, db());
    const id = (await upload(token, await plainImage('png'), `?customer_id=${customer.id}`)).body.message.id;
    expect((await image(undefined, `/api/photos/${id}/thumb`)).status).toBe(401);
    const refused = await image(stranger, `/api/photos/${id}/thumb`);
    expect(refused.status).toBe(403);
    expect(refused.res.json()).toMatchObject({ code: 403, message: expect.any(String) });
    expect((await image(admin, `/api/photos/${id}/thumb`)).status).toBe(200);
    expect((await image(token, `/api/photos/999999/thumb`)).status).toBe(404);
    expect((await image(token, `/api/photos/${id}/huge`)).status).toBe(422);
    expect((await call(t.app, 'DELETE', `/api/photos/${id}`, { token: stranger })).status).toBe(403);
    expect((await call(t.app, 'GET', `/api/photos/${id}`, { token: stranger })).status).toBe(403);
  });

  it('a photo of no customer yet is its uploader’s (and admins’) only', async () => {
    const { token } = await operatorSession(t.app, db());
    const { token: someoneElse } = await operatorSession(t.app, db());
    const res = await upload(token, await plainImage('webp'));
    expect(res.body.message.customer_id).toBeNull();
    expect((await image(token, `/api/photos/${res.body.message.id}/display`)).status).toBe(200);
    expect((await image(someoneElse, `/api/photos/${res.body.message.id}/display`)).status).toBe(403);
  });

  it('removes a photo of a draft with its stored images', async () => {
    const customer = await makeCustomer(db());
    const { token } = await operatorSession(t.app, db(), [customer.id]);
    const id = (await upload(token, await plainImage('png'), `?customer_id=${customer.id}`)).body.message.id;
    const [{ key }] = (await queryRows<{ key: string }>(db(), sql`SELECT storage_key AS key FROM photos WHERE id = ${id}`)) as [
      { key: string },
    ];
    const files = ['original', 'display', 'thumb'].map((f) => join(t.deps.config.photoDir, key, f));
    expect(files.map((f) => existsSync(f))).toEqual([true, true, true]);
    const res = await call(t.app, 'DELETE', `/api/photos/${id}`, { token });
    expect(res.status).toBe(200);
    expect((await image(token, `/api/photos/${id}/thumb`)).status).toBe(404);
    expect(files.map((f) => existsSync(f))).toEqual([false, false, false]);
  });
});
