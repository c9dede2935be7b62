import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { tasks } from '../../db/schema/index.js';
import { CORRECTION_HEADER_TAIL, FLAT_LAYOUT } from '../../integrations/flat-return-file.format.js';
import { submittedReturn } from '../../test/correction-fixtures.js';
import { setSettings, startTestWorker } from '../../test/integration-fixtures.js';
import { startFtpServer, waitFor, type TestFtpServer } from '../../test/integration-servers.js';
import { adminSession } from '../../test/sessions.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { startTestShop, type TestShop } from '../../test/test-shop.js';

let t: TestApp;
let db: Db;
let ftp: TestFtpServer;
let shop: TestShop;
beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.database.db;
  ftp = await startFtpServer();
  shop = await startTestShop();
  await setSettings(t.deps, {
    BIZTALK_FTP_URL: ftp.url,
    BIZTALK_FTP_USERNAME: ftp.username,
    BIZTALK_FTP_PASSWORD: ftp.password,
    BIZTALK_OUTBOUND_DIR: '/to-biztalk',
    BIZTALK_MESSAGE_ID_COUNTER: '7000',
  });
});
afterAll(async () => {
  await shop.server.close();
  await ftp.close();
  await t.close();
});

const returnTasks = (returnId: number) => db.select().from(tasks).where(eq(tasks.returnId, returnId)).orderBy(asc(tasks.id));
const allDone = (returnId: number, n: number) =>
  waitFor(async () => {
    const rows = await returnTasks(returnId);
    return rows.length === n && rows.every((r) => r.taskStatus === 'Success' && !r.isRunning) ? rows : undefined;
  });
const xml = new XMLParser();

/** The flat file's header record cut into its fields by the layout. */
function flatHeader(content: string) {
  const line = content.split('\r\n')[0]!;
  const layout = line.startsWith('C') ? [...FLAT_LAYOUT.H, ...CORRECTION_HEADER_TAIL] : FLAT_LAYOUT.H;
  let at = 0;
  const fields: Record<string, string> = {};
  for (const [name, width] of layout) {
    fields[name] = line.slice(at, at + width).trim();
    at += width;
  }
  return { fields, length: line.length };
}

describe('correction messages over FTP (XML, flat) and to the web shop', () => {
  it('sends the full corrected return with a new message id referencing the original, and a web-shop correction with its own key', async () => {
    const admin = await adminSession(t.app, db);
    const f = await submittedReturn(t.app, db, admin.token, { shopEndpoint: `${shop.server.url}/shop` });
    const worker = startTestWorker(t.deps);
    try {
      const originals = await allDone(f.returnId, 3);
      const [xmlTask, flatTask, shopTask] = originals;
      const originalIds = [xmlTask!.payload.messageId, flatTask!.payload.messageId];
      expect(originalIds).toEqual([7001, 7002]);

      const [a] = f.ledgers;
      const l3 = f.made.lines[2]!;
      const res = await call(t.app, 'POST', `/api/su/returns/${f.returnId}/corrections`, {
        token: admin.token,
        body: {
          version: 1,
          comment: 'Two units, not one; jacket found',
          lines: [
            { id: a!.id, quantity: 1, condition: 'Scrap', reason: 'WRONG', comment: 'torn' },
            { order_line_id: l3.id, quantity: 2, condition: 'Pristine', reason: 'DAMAGED' },
          ],
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      worker.poke();
      const rows = await allDone(f.returnId, 6);
      const corrections = rows.slice(3);
      expect(corrections.map((r) => [r.taskType, r.payload.version, r.payload.originalMessageId ?? null])).toEqual([
        ['SGL Outbound', 2, 7001],
        ['FGL Outbound', 2, 7002],
        ['Ecommerce Outbound', 2, null],
      ]);
      const [xmlFix, flatFix, shopFix] = corrections;
      // New ids, drawn by the same counter: never one of the originals.
      expect([xmlFix!.payload.messageId, flatFix!.payload.messageId]).toEqual([7003, 7004]);

      // XML: the same envelope, MessageType ReturnCorrection, the original referenced, the full corrected return.
      const uploaded = readFileSync(join(ftp.root, 'to-biztalk', `RET_${f.returnId}_7003.xml`), 'utf8');
      expect(uploaded).toBe(xmlFix!.fileContent);
      const doc = xml.parse(uploaded);
      expect(doc.Envelope.Header).toMatchObject({
        Sender: 'SGL',
        Receiver: 'ACME-BT',
        Schema: 'Default',
        MessageId: 7003,
        MessageType: 'ReturnCorrection',
        OriginalMessageId: 7001,
        ReturnVersion: 2,
        FormatVersion: 2, // the connection's format version: the correction fits v2 as v1
      });
      expect(doc.Envelope.Body.Return).toMatchObject({
        ReturnId: f.returnId,
        Reference1: 'RMA-9',
        TotalQuantity: 3,
        Correction: { Version: 2, OriginalMessageId: 7001, CorrectedBy: admin.user.username, Comment: 'Two units, not one; jacket found' },
      });
      expect(doc.Envelope.Body.Return.Lines.Line).toEqual([
        expect.objectContaining({
          LineNumber: 1,
          OrderLineNumber: 1,
          Sku: f.made.lines[0]!.product.sku,
          Quantity: 1,
          Condition: 'Scrap',
          ReasonCode: 'WRONG',
          Reason: 'Wrong size',
          Comment: 'torn',
        }),
        expect.objectContaining({
          LineNumber: 2,
          OrderLineNumber: 3,
          Sku: l3.product.sku,
          Quantity: 2,
          Condition: 'Pristine',
          ReasonCode: 'DAMAGED',
        }),
      ]);
      // The original file is untouched on the server and on its task.
      const original = xml.parse(readFileSync(join(ftp.root, 'to-biztalk', `RET_${f.returnId}_7001.xml`), 'utf8'));
      expect(original.Envelope.Header.MessageType).toBe('Return');
      expect(original.Envelope.Body.Return.TotalQuantity).toBe(3);
      expect(original.Envelope.Body.Return.Correction).toBeUndefined();

      // Flat: a C header (H's fields + original id + version), then the corrected D lines.
      const flat = readFileSync(join(ftp.root, 'to-biztalk', `RET_${f.returnId}_7004.txt`), 'utf8');
      const header = flatHeader(flat);
      expect(header.length).toBe(279); // H is 264
      expect(header.fields).toMatchObject({
        record: 'C',
        receiver: 'ACME-FLAT',
        messageId: '0000007004',
        originalMessageId: '0000007002',
        returnVersion: '00002',
      });
      const records = flat.split('\r\n').filter(Boolean);
      expect(records.map((r) => r[0])).toEqual(['C', 'D', 'D', 'T']);
      expect(records[3]).toBe('T0000004000000003');
      expect(flatHeader(readFileSync(join(ftp.root, 'to-biztalk', `RET_${f.returnId}_7002.txt`), 'utf8')).fields.record).toBe('H');

      // Web shop: the return under return-<id>, the correction under return-<id>-v2 at …/corrections.
      expect(shopTask!.message2).toBe('Shop return SR-1');
      const posted = shop.server.requests.filter((r) => r.method === 'POST');
      expect(posted.map((r) => [r.url, r.headers['idempotency-key']])).toEqual([
        ['/shop/returns', `return-${f.returnId}`],
        [`/shop/returns/${f.returnId}/corrections`, `return-${f.returnId}-v2`],
      ]);
      expect(JSON.parse(posted[1]!.body)).toMatchObject({
        return_id: f.returnId,
        return_version: 2,
        original_idempotency_key: `return-${f.returnId}`,
        corrected_by: admin.user.username,
        comment: 'Two units, not one; jacket found',
        lines: [
          {
            line_number: 1,
            sku: f.made.lines[0]!.product.sku,
            quantity: 1,
            condition: 'Scrap',
            reason: 'WRONG',
            reason_text: 'Wrong size',
            comment: 'torn',
          },
          {
            line_number: 3,
            sku: l3.product.sku,
            quantity: 2,
            condition: 'Pristine',
            reason: 'DAMAGED',
            reason_text: 'Damaged',
            comment: null,
          },
        ],
      });
      expect(shopFix!.message2).toBe('Shop return SC-2 (correction 2)');

      // The Return View's timeline shows the correction tasks, green (Success).
      const view = await call(t.app, 'GET', `/api/returns/${f.returnId}/order/${f.made.order.id}`, { token: admin.token });
      expect(view.body.message.tasks.filter((x: { message_1: string }) => x.message_1.endsWith('correction 2'))).toHaveLength(3);
      expect(view.body.message.message_id).toBe('7001');
      expect(readdirSync(join(ftp.root, 'to-biztalk')).filter((n) => n.startsWith(`RET_${f.returnId}_`))).toHaveLength(4);
    } finally {
      await worker.stop();
    }
  });

  it('a correction whose original file is not built yet waits for it, and a message built late carries its own version', async () => {
    const admin = await adminSession(t.app, db);
    const f = await submittedReturn(t.app, db, admin.token);
    const [a, b] = f.ledgers;
    // Corrected twice before any worker ran: the original file still has to carry version 1.
    const v2 = await call(t.app, 'POST', `/api/su/returns/${f.returnId}/corrections`, {
      token: admin.token,
      body: {
        version: 1,
        comment: 'one unit',
        lines: [
          { id: a!.id, quantity: 1, condition: 'Pristine', reason: 'DAMAGED', comment: 'box dented' },
          { id: b!.id, quantity: 1, condition: 'Scrap', reason: 'WRONG' },
        ],
      },
    });
    expect(v2.status).toBe(200);
    const v3 = await call(t.app, 'POST', `/api/su/returns/${f.returnId}/corrections`, {
      token: admin.token,
      body: {
        version: 2,
        comment: 'line 2 was not there',
        lines: [{ id: a!.id, quantity: 1, condition: 'Pristine', reason: 'DAMAGED', comment: 'box dented' }],
      },
    });
    expect(v3.status).toBe(200);
    // The corrections are tried first: they must wait for the original (retried, no id drawn).
    const queued = await returnTasks(f.returnId);
    expect(queued).toHaveLength(6);
    const later = new Date(t.clock.now().getTime() + 3_600_000);
    for (const original of queued.slice(0, 2)) await db.update(tasks).set({ runAfter: later }).where(eq(tasks.id, original.id));
    // The test clock stands still: a failed attempt waits until the test lets it run again.
    const worker = startTestWorker(t.deps, { retryDelay: () => 60_000 });
    try {
      const waiting = await waitFor(async () => {
        const rows = (await returnTasks(f.returnId)).slice(2);
        return rows.every((r) => !r.isRunning && r.details.some((d) => d.event === 'failed')) ? rows : undefined;
      });
      for (const row of waiting) {
        expect(row.taskStatus).toBe('Pending');
        expect(row.payload.messageId).toBeUndefined();
        expect(JSON.stringify(row.details)).toContain('is not built yet; the correction follows it');
      }
      await db.update(tasks).set({ runAfter: t.clock.now() }).where(eq(tasks.returnId, f.returnId));
      worker.poke();
      const rows = await allDone(f.returnId, 6);
      const content = (i: number) => xml.parse(rows[i]!.fileContent!).Envelope;
      const xmlOriginal = content(0);
      expect(xmlOriginal.Header.MessageType).toBe('Return');
      expect(xmlOriginal.Body.Return.TotalQuantity).toBe(3); // version 1: 2 + 1
      const byVersion = new Map(
        rows.filter((r) => r.taskType === 'SGL Outbound').map((r) => [r.payload.version ?? 1, xml.parse(r.fileContent!).Envelope]),
      );
      expect(byVersion.get(2)!.Body.Return.TotalQuantity).toBe(2); // 1 + 1
      expect(byVersion.get(3)!.Body.Return.TotalQuantity).toBe(1);
      expect(byVersion.get(3)!.Header).toMatchObject({ ReturnVersion: 3, OriginalMessageId: rows[0]!.payload.messageId });
      const ids = rows.map((r) => r.payload.messageId);
      expect(new Set(ids).size).toBe(6);
    } finally {
      await worker.stop();
    }
  });
});
