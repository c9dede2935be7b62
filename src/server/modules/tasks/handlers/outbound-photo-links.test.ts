// Photo links in what leaves the building (issue 16): format-version-2 return files (XML, flat), the
// web-shop post, correction messages and the mailed report carry signed links that open the photo
// without a login; version 1 stays without them.
import { asc, eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MSG } from '../../../../contract/photos.js';
import type { Db } from '../../../db/client.js';
import { returnLedgers, tasks } from '../../../db/schema/index.js';
import { FLAT_LAYOUT_V2 } from '../../../integrations/flat-return-file.format.js';
import { makeCustomer, makeReason } from '../../../test/factories.js';
import { plainImage } from '../../../test/images.js';
import { setSettings, startTestWorker } from '../../../test/integration-fixtures.js';
import { waitFor } from '../../../test/integration-servers.js';
import { makeConnection, makeOrder } from '../../../test/order-factory.js';
import { adminSession, operatorSession } from '../../../test/sessions.js';
import { call, createTestApp, type TestApp } from '../../../test/test-app.js';
import { startTestShop, type TestShop } from '../../../test/test-shop.js';

const PUBLIC_URL = 'https://returns.example.com';
let t: TestApp;
let db: Db;
let shop: TestShop;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  db = t.deps.database.db;
  shop = await startTestShop();
  await setSettings(t.deps, { BIZTALK_FTP_URL: '', BIZTALK_OUTBOUND_DIR: '/outbound', BIZTALK_MESSAGE_ID_COUNTER: '9000' });
});
afterAll(async () => {
  await shop.server.close();
  await t.close();
});

const xml = new XMLParser({ parseTagValue: false });
const returnTasks = (returnId: number) => db.select().from(tasks).where(eq(tasks.returnId, returnId)).orderBy(asc(tasks.id));
const allDone = (returnId: number, n: number) =>
  waitFor(async () => {
    const rows = await returnTasks(returnId);
    return rows.length === n && rows.every((r) => r.taskStatus === 'Success' && !r.isRunning) ? rows : undefined;
  });

/** GET of a link as a receiver would: no token, only the path after PUBLIC_URL. */
async function open(link: string) {
  expect(link.startsWith(`${PUBLIC_URL}/api/photo-links/`), link).toBe(true);
  return t.app.inject({ method: 'GET', url: link.slice(PUBLIC_URL.length) });
}
async function stored(token: string, id: number, size: 'display' | 'original') {
  const res = await t.app.inject({ method: 'GET', url: `/api/photos/${id}/${size}`, headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

async function upload(token: string, customerId: number, width: number): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/photos?customer_id=${customerId}`,
    payload: await plainImage('jpeg', width, 48),
    headers: { 'content-type': 'image/jpeg', authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { message: { id: number } }).message.id;
}

/** A customer with four outbound connections (XML v2, flat v2, XML v1, web shop v2) and a return with photos. */
async function returnWithPhotos() {
  const customer = await makeCustomer(db, { orderSource: 'SGL Ecommerce' });
  await makeReason(db, customer.id, 'DAMAGED', 'Damaged');
  const connections = {
    xml2: await makeConnection(db, customer.id, { connectionMeta: { format_version: 2 } }),
    flat2: await makeConnection(db, customer.id, { connectionMeta: { format: 'FLAT', format_version: 2 } }),
    xml1: await makeConnection(db, customer.id, { connectionMeta: {} }),
    shop2: await makeConnection(db, customer.id, {
      connectionType: 'SGL Ecom',
      endpoint: `${shop.server.url}/shop`,
      biztalkSender: null,
      biztalkReceiver: null,
      connectionMeta: { format_version: 2 },
    }),
  };
  const made = await makeOrder(db, customer.id, {}, [2, 1]);
  const operator = await operatorSession(t.app, db, [customer.id]);
  const photos = {
    lineA: await upload(operator.token, customer.id, 64),
    lineB: await upload(operator.token, customer.id, 72),
    parcel: await upload(operator.token, customer.id, 80),
  };
  const [l1, l2] = made.lines;
  const res = await call(t.app, 'POST', '/api/returns', {
    token: operator.token,
    body: {
      id: `__${Math.random().toString(36).slice(2, 8).padEnd(6, 'x')}`,
      customer_id: customer.id,
      order_id: made.order.id,
      reference_1: 'RMA-P',
      return_date: '2026-11-20',
      photo_ids: [photos.parcel],
      return_ledgers: [
        {
          order_line_id: l1!.id,
          product_id: l1!.productId,
          quantity: 2,
          condition: 'Reconditioning',
          reason: 'DAMAGED',
          photo_ids: [photos.lineA, photos.lineB],
        },
        { order_line_id: l2!.id, product_id: l2!.productId, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { customer, made, connections, operator, photos, returnId: res.body.message.id as number };
}

/** The flat file's records of a type, cut into their fields. */
function flatRecords(content: string, type: 'P' | 'D') {
  const layout = FLAT_LAYOUT_V2[type];
  return content
    .split('\r\n')
    .filter((r) => r.startsWith(type))
    .map((r) => {
      let at = 0;
      return Object.fromEntries(
        layout.map(([name, width]) => {
          const value = r.slice(at, at + width).trimEnd();
          at += width;
          return [name, value];
        }),
      );
    });
}

describe('signed photo links in outbound messages', () => {
  it('version 2 (XML, flat, web shop) carries working links per line and per return; version 1 carries none', async () => {
    const f = await returnWithPhotos();
    const worker = startTestWorker(t.deps);
    try {
      const [xml2, flat2, xml1, shop2] = await allDone(f.returnId, 4);
      expect([xml2, flat2, xml1, shop2].map((r) => r!.taskType)).toEqual([
        'SGL Outbound',
        'FGL Outbound',
        'SGL Outbound',
        'Ecommerce Outbound',
      ]);

      // XML v2: line 1 has its two photos in the order taken, line 2 none, the return the parcel.
      const ret = xml.parse(xml2!.fileContent!).Envelope.Body.Return;
      const [line1, line2] = ret.Lines.Line;
      const ids = (photos: { Photo: unknown } | '') =>
        photos === '' ? [] : [photos.Photo].flat().map((p) => Number((p as { PhotoId: string }).PhotoId));
      expect(ids(line1.Photos)).toEqual([f.photos.lineA, f.photos.lineB]);
      expect(line2.Photos).toBe('');
      expect(ids(ret.Photos)).toEqual([f.photos.parcel]);

      // Each link opens its photo without a login: the display size and the original, byte for byte.
      const [a, b] = line1.Photos.Photo as { PhotoId: string; Url: string; OriginalUrl: string }[];
      for (const [photo, id] of [
        [a!, f.photos.lineA],
        [b!, f.photos.lineB],
        [ret.Photos.Photo, f.photos.parcel],
      ] as const) {
        const display = await open(photo.Url);
        expect(display.statusCode).toBe(200);
        expect(display.headers['content-type']).toBe('image/webp');
        expect(display.rawPayload.equals(await stored(f.operator.token, id, 'display'))).toBe(true);
        const original = await open(photo.OriginalUrl);
        expect(original.statusCode).toBe(200);
        expect(original.headers['content-type']).toBe('image/jpeg');
        expect(original.rawPayload.equals(await stored(f.operator.token, id, 'original'))).toBe(true);
      }

      // A tampered link opens nothing: another photo's id under the same signature, a changed signature, a longer expiry.
      const [, token] = a!.Url.split('/api/photo-links/') as [string, string];
      const [, size, expires, mac] = token.split('.') as [string, string, string, string];
      const flipped = mac.slice(0, -1) + (mac.endsWith('A') ? 'B' : 'A');
      for (const bad of [
        `${f.photos.parcel}.${size}.${expires}.${mac}`,
        `${f.photos.lineA}.${size}.${expires}.${flipped}`,
        `${f.photos.lineA}.${size}.${Number(expires) + 86_400}.${mac}`,
        `${f.photos.lineA}.o.${expires}.${mac}`,
      ]) {
        const res = await open(`${PUBLIC_URL}/api/photo-links/${bad}`);
        expect(res.statusCode, bad).toBe(404);
        expect(res.json()).toMatchObject({ code: 404, message: PHOTO_MSG.linkInvalid });
      }

      // Flat v2: one P record per photo, after the D records, with the same links as the XML.
      const p = flatRecords(flat2!.fileContent!, 'P');
      expect(p.map((r) => [r.recordNumber, r.lineNumber, Number(r.photoId)])).toEqual([
        ['00001', '00001', f.photos.lineA],
        ['00002', '00001', f.photos.lineB],
        ['00003', '00000', f.photos.parcel],
      ]);
      expect(p.map((r) => [r.url, r.originalUrl])).toEqual([
        [a!.Url, a!.OriginalUrl],
        [b!.Url, b!.OriginalUrl],
        [ret.Photos.Photo.Url, ret.Photos.Photo.OriginalUrl],
      ]);
      expect(
        flat2!
          .fileContent!.split('\r\n')
          .filter(Boolean)
          .map((r) => r[0]),
      ).toEqual(['H', 'D', 'D', 'P', 'P', 'P', 'T']);

      // Version 1 is untouched by photos.
      expect(xml1!.fileContent).not.toMatch(/Photo|photo-links/);

      // The web shop: photos per line and per return, the same links.
      const posted = shop.byKey.get(`return-${f.returnId}`)!.body as {
        lines: { photos: { id: number; url: string; original_url: string }[] }[];
        photos: { id: number; url: string; original_url: string }[];
      };
      expect(posted.lines.map((l) => l.photos.map((x) => x.id))).toEqual([[f.photos.lineA, f.photos.lineB], []]);
      expect(posted.lines[0]!.photos[0]).toEqual({ id: f.photos.lineA, url: a!.Url, original_url: a!.OriginalUrl });
      expect(posted.photos).toEqual([{ id: f.photos.parcel, url: ret.Photos.Photo.Url, original_url: ret.Photos.Photo.OriginalUrl }]);

      // A correction a day later: every message carries the line's photos again, with links issued at the correction.
      t.clock.advance(86_400_000);
      const admin = await adminSession(t.app, db);
      const [ledger1, ledger2] = await db
        .select()
        .from(returnLedgers)
        .where(eq(returnLedgers.returnId, f.returnId))
        .orderBy(asc(returnLedgers.id));
      const corrected = await call(t.app, 'POST', `/api/su/returns/${f.returnId}/corrections`, {
        token: admin.token,
        body: {
          version: 1,
          comment: 'One unit only',
          lines: [
            { id: ledger1!.id, quantity: 1, condition: 'Scrap', reason: 'DAMAGED' },
            { id: ledger2!.id, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' },
          ],
        },
      });
      expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
      worker.poke();
      const [xmlFix, flatFix, xml1Fix, shopFix] = (await allDone(f.returnId, 8)).slice(4);
      const fixed = xml.parse(xmlFix!.fileContent!).Envelope;
      expect(fixed.Header.MessageType).toBe('ReturnCorrection');
      const fixedPhotos = fixed.Body.Return.Lines.Line[0].Photos.Photo as { PhotoId: string; Url: string }[];
      expect(fixedPhotos.map((x) => Number(x.PhotoId))).toEqual([f.photos.lineA, f.photos.lineB]);
      const expiry = (url: string) => Number(url.split('/').pop()!.split('.')[2]);
      expect(expiry(fixedPhotos[0]!.Url) - expiry(a!.Url)).toBe(86_400);
      expect((await open(fixedPhotos[0]!.Url)).statusCode).toBe(200);
      expect(flatRecords(flatFix!.fileContent!, 'P').map((r) => r.url)).toEqual([
        fixedPhotos[0]!.Url,
        fixedPhotos[1]!.Url,
        expect.any(String),
      ]);
      expect(xml1Fix!.fileContent).not.toContain('photo-links');
      const shopBody = shop.byKey.get(`return-${f.returnId}-v2`)!.body as { lines: { photos: { url: string }[] }[] };
      expect(shopBody.lines[0]!.photos.map((x) => x.url)).toEqual(fixedPhotos.map((x) => x.Url));
      expect(shopFix!.taskStatus).toBe('Success');
    } finally {
      await worker.stop();
    }
  });
});

describe('photo links in the mailed report', () => {
  it('adds Photo Links and Return Photo Links after the existing columns; each link opens its photo', async () => {
    const f = await returnWithPhotos();
    const admin = await adminSession(t.app, db);
    const requested = await call(t.app, 'POST', '/api/reports', {
      token: admin.token,
      body: {
        customer_id: f.customer.id,
        date_from: '2026-11-01',
        date_to: '2026-11-30',
        email: 'brand@example.com',
        report_name: 'photos',
      },
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const sentBefore = t.mailer.sent.length;
    const worker = startTestWorker(t.deps);
    try {
      await waitFor(async () => (t.mailer.sent.length > sentBefore ? true : undefined));
    } finally {
      await worker.stop();
    }
    const mail = t.mailer.sent.find((m) => m.to === 'brand@example.com' && m.attachments?.some((x) => x.filename === 'photos.csv'))!;
    const csv = Buffer.from(mail.attachments!.find((x) => x.filename === 'photos.csv')!.content, 'base64')
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const [head, ...rows] = csv
      .trimEnd()
      .split('\r\n')
      .map((r) => r.split(','));
    // The columns before stay where they were; the two new ones come last.
    expect(head!.slice(0, 8)).toEqual([
      'Return ID',
      'Return Date',
      'Created At (UTC)',
      'Order #',
      'Delivery #',
      'Web Order #',
      'Reference 1',
      'Reference 2',
    ]);
    expect(head!.slice(-8)).toEqual([
      'Disposition',
      'Location',
      'Discrepancy',
      'Corrected',
      'Photo Links',
      'Return Photo Links',
      'Grade',
      'Serial',
    ]);
    const col = (name: string) => head!.indexOf(name);
    const mine = rows.filter((r) => Number(r[col('Return ID')]) === f.returnId);
    expect(mine).toHaveLength(2);
    const lineLinks = mine[0]![col('Photo Links')]!.split(' ');
    expect(lineLinks).toHaveLength(2);
    expect(mine[1]![col('Photo Links')]).toBe('');
    for (const row of mine) expect(row[col('Return Photo Links')]!.split(' ')).toHaveLength(1);
    const first = await open(lineLinks[0]!);
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.equals(await stored(f.operator.token, f.photos.lineA, 'display'))).toBe(true);
    const parcel = await open(mine[0]![col('Return Photo Links')]!);
    expect(parcel.rawPayload.equals(await stored(f.operator.token, f.photos.parcel, 'display'))).toBe(true);
  });
});

describe('a correction that removes a line with photos', () => {
  it('keeps the photos and their stored files (the earlier version and its links still show them); the corrected message leaves them out', async () => {
    const f = await returnWithPhotos();
    const admin = await adminSession(t.app, db);
    const [, ledger2] = await db.select().from(returnLedgers).where(eq(returnLedgers.returnId, f.returnId)).orderBy(asc(returnLedgers.id));
    const worker = startTestWorker(t.deps);
    try {
      const [xml2] = await allDone(f.returnId, 4);
      const sent = xml.parse(xml2!.fileContent!).Envelope.Body.Return.Lines.Line[0].Photos.Photo as { Url: string }[];
      const corrected = await call(t.app, 'POST', `/api/su/returns/${f.returnId}/corrections`, {
        token: admin.token,
        body: {
          version: 1,
          comment: 'Line 1 was never in the parcel',
          lines: [{ id: ledger2!.id, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' }],
        },
      });
      expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
      worker.poke();
      const [xmlFix] = (await allDone(f.returnId, 8)).slice(4);
      // The photos stay with the return, as evidence of what version 1 said.
      for (const id of [f.photos.lineA, f.photos.lineB]) {
        expect((await stored(f.operator.token, id, 'original')).length).toBeGreaterThan(0);
      }
      for (const link of sent) expect((await open(link.Url)).statusCode).toBe(200);
      const view = await call(t.app, 'GET', `/api/returns/${f.returnId}/order/${f.made.order.id}`, { token: f.operator.token });
      expect(view.status).toBe(200);
      expect(view.body.message.photos.map((p: { id: number }) => p.id).sort()).toEqual(
        [f.photos.lineA, f.photos.lineB, f.photos.parcel].sort(),
      );
      // The corrected return has one line, without those photos; the return's own photo goes on.
      const fixed = xml.parse(xmlFix!.fileContent!).Envelope.Body.Return;
      expect(fixed.Lines.Line.Photos).toBe('');
      expect(Number(fixed.Photos.Photo.PhotoId)).toBe(f.photos.parcel);
    } finally {
      await worker.stop();
    }
  });
});
