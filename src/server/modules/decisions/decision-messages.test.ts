// The outbound decision message (issue 25), field by field: a brand's decision goes to every
// connection the return went to as a correction message of the new version (XML format version 2,
// flat format version 1, the web shop), and so does a default applied at the deadline.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.js';
import { lineDecisions, tasks } from '../../db/schema/index.js';
import { CORRECTION_HEADER_TAIL, FLAT_LAYOUT } from '../../integrations/flat-return-file.format.js';
import { FIXTURE_DISPOSITIONS, submittedReturnCustomer } from '../../test/correction-fixtures.js';
import { setSettings, startTestWorker } from '../../test/integration-fixtures.js';
import { startFtpServer, waitFor, type TestFtpServer } from '../../test/integration-servers.js';
import { adminSession, brandSession } from '../../test/sessions.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';
import { startTestShop, type TestShop } from '../../test/test-shop.js';

vi.setConfig({ testTimeout: 240_000, hookTimeout: 300_000 });

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
    BIZTALK_MESSAGE_ID_COUNTER: '8000',
  });
});
afterAll(async () => {
  await shop.server.close();
  await ftp.close();
  await t.close();
});

const returnTasks = (returnId: number) => db.select().from(tasks).where(eq(tasks.returnId, returnId)).orderBy(asc(tasks.id));
const outboundDone = (returnId: number, n: number) =>
  waitFor(async () => {
    const rows = (await returnTasks(returnId)).filter((r) => r.taskType !== 'Webhook Delivery');
    last = rows.map((r) => `${r.taskType} ${r.taskStatus} ${r.message2 ?? ''}`);
    return rows.length === n && rows.every((r) => r.taskStatus === 'Success' && !r.isRunning) ? rows : undefined;
  }, 90_000).catch((error: unknown) => {
    throw new Error(`${String(error)}: ${JSON.stringify(last)}`);
  });
let last: string[] = [];
const xml = new XMLParser();

function flatHeader(content: string) {
  const line = content.split('\r\n')[0]!;
  const layout = line.startsWith('C') ? [...FLAT_LAYOUT.H, ...CORRECTION_HEADER_TAIL] : FLAT_LAYOUT.H;
  let at = 0;
  const fields: Record<string, string> = {};
  for (const [name, width] of layout) {
    fields[name] = line.slice(at, at + width).trim();
    at += width;
  }
  return fields;
}

describe('the decision message', () => {
  it('sends a decision as a correction of the new version to the XML, flat and shop connections, field by field', async () => {
    const admin = await adminSession(t.app, db);
    const f = await submittedReturnCustomer(db, { shopEndpoint: `${shop.server.url}/shop` });
    for (const body of FIXTURE_DISPOSITIONS)
      await call(t.app, 'POST', `/api/su/customers/${f.customer.id}/dispositions`, { token: admin.token, body });
    const rule = await call(t.app, 'POST', `/api/su/customers/${f.customer.id}/decision-rules`, {
      token: admin.token,
      body: { kind: 'condition', value: 'Scrap', default_disposition: 'SCRAP' },
    });
    expect(rule.status).toBe(200);
    const brand = await brandSession(t.app, db, [f.customer.id]);
    const [l1, l2] = f.made.lines;
    const submitted = await call(t.app, 'POST', '/api/returns', {
      token: admin.token,
      body: {
        id: '__decmsg',
        customer_id: f.customer.id,
        order_id: f.made.order.id,
        reference_1: 'RMA-25',
        return_date: '2026-11-20',
        return_ledgers: [
          { order_line_id: l1!.id, product_id: l1!.productId, quantity: 1, condition: 'Reconditioning', reason: 'DAMAGED' },
          { order_line_id: l2!.id, product_id: l2!.productId, quantity: 1, condition: 'Scrap', reason: 'WRONG', comment: 'cracked' },
        ],
      },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const returnId = submitted.body.message.id as number;
    const worker = startTestWorker(t.deps);
    try {
      const originals = await outboundDone(returnId, 3);
      expect(originals.map((r) => r.payload.messageId ?? null)).toEqual([8001, 8002, null]);
      const [decision] = await db.select().from(lineDecisions).where(eq(lineDecisions.returnId, returnId));
      const res = await call(t.app, 'POST', '/api/decisions', {
        token: brand.token,
        body: { decisions: [{ id: decision!.id, disposition: 'REFURB', comment: 'Send it to repair' }] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const decidedAt = Date.now();
      worker.poke();
      const rows = await outboundDone(returnId, 6);
      // For the closing note: from the decision's answer until all three messages are delivered (as seen by the test's poll).
      console.info(`decision → its three outbound messages delivered: ${Date.now() - decidedAt} ms`);
      const fixes = rows.slice(3);
      expect(fixes.map((r) => [r.taskType, r.payload.version])).toEqual([
        ['SGL Outbound', 2],
        ['FGL Outbound', 2],
        ['Ecommerce Outbound', 2],
      ]);
      const comment = `Decision: ${l2!.product.sku} → REFURB (Send it to repair)`;

      // XML, format version 2: ReturnCorrection of the original, the decided line's new disposition, who and why.
      const doc = xml.parse(readFileSync(join(ftp.root, 'to-biztalk', `RET_${returnId}_${fixes[0]!.payload.messageId}.xml`), 'utf8'));
      expect(doc.Envelope.Header).toMatchObject({
        MessageType: 'ReturnCorrection',
        OriginalMessageId: 8001,
        ReturnVersion: 2,
        FormatVersion: 2,
      });
      expect(doc.Envelope.Body.Return.Correction).toMatchObject({
        Version: 2,
        OriginalMessageId: 8001,
        CorrectedBy: brand.user.username,
        Comment: comment,
      });
      expect(doc.Envelope.Body.Return.Lines.Line).toEqual([
        expect.objectContaining({ Sku: l1!.product.sku, Condition: 'Reconditioning', DispositionCode: 'REFURB' }),
        expect.objectContaining({
          Sku: l2!.product.sku,
          Condition: 'Scrap',
          Comment: 'cracked',
          DispositionCode: 'REFURB',
          Disposition: 'Refurbish',
        }),
      ]);

      // Flat, format version 1: the C header with the original id and the version.
      const header = flatHeader(readFileSync(join(ftp.root, 'to-biztalk', `RET_${returnId}_${fixes[1]!.payload.messageId}.txt`), 'utf8'));
      expect(header).toMatchObject({ record: 'C', originalMessageId: '0000008002', returnVersion: '00002' });

      // Web shop: the correction post with who decided and the comment.
      const posted = shop.server.requests.filter((r) => r.method === 'POST' && r.url.includes(`/returns/${returnId}`));
      expect(posted.map((r) => r.headers['idempotency-key'])).toEqual([`return-${returnId}-v2`]);
      expect(JSON.parse(posted[0]!.body)).toMatchObject({
        return_id: returnId,
        return_version: 2,
        original_idempotency_key: `return-${returnId}`,
        corrected_by: brand.user.username,
        comment,
      });
    } finally {
      await worker.stop();
    }
  });
});
