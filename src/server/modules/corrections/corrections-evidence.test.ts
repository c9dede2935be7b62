// Corrections of issue 16's evidence (issue 11): dispositions and bins per line with receiving's
// rules, wrong/extra items and missing order lines kept in each version, and the correction messages
// of format version 2 carrying them (version 1 unchanged).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORRECTION_MSG } from '../../../contract/corrections.js';
import { DISPOSITION_MSG } from '../../../contract/dispositions.js';
import { RETURN_MSG } from '../../../contract/returns.js';
import type { Db } from '../../db/client.js';
import { returnVersions, tasks } from '../../db/schema/index.js';
import { FLAT_LAYOUT } from '../../integrations/flat-return-file.format.js';
import { correctionState, discrepancyReturn } from '../../test/correction-fixtures.js';
import { makeCustomer, makeReason } from '../../test/factories.js';
import { setSettings, startTestWorker } from '../../test/integration-fixtures.js';
import { startFtpServer, waitFor, type TestFtpServer } from '../../test/integration-servers.js';
import { makeOrder } from '../../test/order-factory.js';
import { makeProduct } from '../../test/return-factory.js';
import { adminSession } from '../../test/sessions.js';
import { call, createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let db: Db;
let ftp: TestFtpServer;
let admin: { token: string; user: { id: number; username: string } };
beforeAll(async () => {
  t = await createTestApp();
  db = t.deps.database.db;
  admin = await adminSession(t.app, db);
  ftp = await startFtpServer();
  await setSettings(t.deps, {
    BIZTALK_FTP_URL: ftp.url,
    BIZTALK_FTP_USERNAME: ftp.username,
    BIZTALK_FTP_PASSWORD: ftp.password,
    BIZTALK_OUTBOUND_DIR: '/to-biztalk',
    BIZTALK_MESSAGE_ID_COUNTER: '8000',
  });
});
afterAll(async () => {
  await ftp.close();
  await t.close();
});

const path = (id: number) => `/api/su/returns/${id}/corrections`;
type Fixture = Awaited<ReturnType<typeof discrepancyReturn>>;

/** The return's lines as they are (disposition and bin left out: unchanged), and its missing line. */
const asIs = (f: Fixture) =>
  f.ledgers.map((l) => ({ id: l.id, quantity: l.quantity, condition: l.condition, reason: l.reason, comment: l.comment ?? '' }));
const missingAsIs = (f: Fixture) => f.missing.map((m) => ({ order_line_id: m.orderLineId, quantity: m.quantity }));

describe('corrections of dispositions, bins and discrepancies: refusals (nothing written)', () => {
  it('refuses a Restock without bin, a bin without Restock, an unknown or foreign disposition, and bad missing lines', async () => {
    const f = await discrepancyReturn(t.app, db, admin.token);
    const [a, b, w] = asIs(f);
    const missing = missingAsIs(f);
    const other = await makeCustomer(db);
    await call(t.app, 'POST', `/api/su/customers/${other.id}/dispositions`, {
      token: admin.token,
      body: { code: 'DONATE', name: 'Donate', requires_location: false, default_for: [] },
    });
    const foreignOrder = await makeOrder(db, other.id, {}, [1]);
    const [l1, l2, l3] = f.made.lines;
    const before = await correctionState(db, f.returnId);
    expect(before).toMatchObject({ has_discrepancies: true });
    const cases: { body: unknown; field: string; message: string }[] = [
      // A kept line moved to Restock without its bin; a new Restock line (Pristine's default) without one.
      {
        body: { version: 1, comment: 'restock', lines: [a, { ...b, disposition: 'RESTOCK' }, w] },
        field: 'lines.1.location',
        message: DISPOSITION_MSG.locationRequired,
      },
      {
        body: {
          version: 1,
          comment: 'restock',
          lines: [a, b, w, { order_line_id: l3!.id, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' }],
        },
        field: 'lines.3.location',
        message: DISPOSITION_MSG.locationRequired,
      },
      {
        body: { version: 1, comment: 'no bin', lines: [{ ...a, location: '' }, b, w] },
        field: 'lines.0.location',
        message: DISPOSITION_MSG.locationRequired,
      },
      {
        body: { version: 1, comment: 'bin', lines: [a, { ...b, location: 'B-2' }, w] },
        field: 'lines.1.location',
        message: DISPOSITION_MSG.locationNotTaken,
      },
      {
        body: { version: 1, comment: 'none', lines: [a, b, { ...w, disposition: null, location: 'Z-9' }] },
        field: 'lines.2.location',
        message: DISPOSITION_MSG.locationNotTaken,
      },
      // Another customer's disposition code is not one of this customer's.
      {
        body: { version: 1, comment: 'foreign', lines: [a, { ...b, disposition: 'DONATE' }, w] },
        field: 'lines.1.disposition',
        message: DISPOSITION_MSG.unknown,
      },
      {
        body: { version: 1, comment: 'unknown', lines: [a, b, { ...w, disposition: 'NOPE' }] },
        field: 'lines.2.disposition',
        message: DISPOSITION_MSG.unknown,
      },
      // Missing order lines: another customer's order, twice, more than ordered.
      {
        body: {
          version: 1,
          comment: 'missing',
          lines: [a, b, w],
          missing_lines: [...missing, { order_line_id: foreignOrder.lines[0]!.id, quantity: 1 }],
        },
        field: 'missing_lines.1.order_line_id',
        message: RETURN_MSG.lineNotInOrder,
      },
      {
        body: { version: 1, comment: 'missing', lines: [a, b, w], missing_lines: [...missing, { order_line_id: l3!.id, quantity: 1 }] },
        field: 'missing_lines.1.order_line_id',
        message: DISPOSITION_MSG.missingTwice,
      },
      {
        body: { version: 1, comment: 'missing', lines: [a, b, w], missing_lines: [{ order_line_id: l2!.id, quantity: 3 }] },
        field: 'missing_lines.0.quantity',
        message: DISPOSITION_MSG.missingTooMany,
      },
      {
        body: { version: 1, comment: 'missing', lines: [a, b, w], missing_lines: [{ order_line_id: l1!.id, quantity: 0 }] },
        field: 'missing_lines.0.quantity',
        message: 'Quantity is required',
      },
      // A received count cannot go negative, discrepancy lines or not.
      {
        body: { version: 1, comment: 'negative', lines: [{ ...a, quantity: -2 }, b, w] },
        field: 'lines.0.quantity',
        message: CORRECTION_MSG.negative(l1!.product.sku, -2),
      },
      {
        body: { version: 1, comment: 'same', lines: [a, b, w], missing_lines: missing },
        field: 'lines',
        message: CORRECTION_MSG.nothingChanged,
      },
    ];
    for (const c of cases) {
      const res = await call(t.app, 'POST', path(f.returnId), { token: admin.token, body: c.body });
      expect(res.status, JSON.stringify(c.body)).toBe(422);
      expect(res.body.errors?.[c.field], JSON.stringify(res.body)).toContain(c.message);
      expect(await correctionState(db, f.returnId)).toEqual(before);
    }
  });

  it("refuses another customer's ledger line or product, and missing lines on a blind return", async () => {
    const f = await discrepancyReturn(t.app, db, admin.token);
    const g = await discrepancyReturn(t.app, db, admin.token);
    const before = await correctionState(db, f.returnId);
    const beforeOther = await correctionState(db, g.returnId);
    const foreignLedger = g.ledgers[0]!;
    const res = await call(t.app, 'POST', path(f.returnId), {
      token: admin.token,
      body: {
        version: 1,
        comment: "another customer's line",
        lines: [...asIs(f), { id: foreignLedger.id, quantity: 1, condition: 'Pristine', reason: 'DAMAGED', location: 'A-1' }],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors?.['lines.3.id']).toEqual([CORRECTION_MSG.lineUnknown]);
    expect(await correctionState(db, f.returnId)).toEqual(before);
    expect(await correctionState(db, g.returnId)).toEqual(beforeOther);

    const blindCustomer = await makeCustomer(db, { canBlind: true });
    await makeReason(db, blindCustomer.id, 'DAMAGED', 'Damaged');
    const own = await makeProduct(db, blindCustomer.id);
    const saved = await call(t.app, 'PUT', `/api/returns/blind/${blindCustomer.id}`, {
      token: admin.token,
      body: {
        reference_1: 'B-16',
        return_date: '2026-11-20',
        return_ledgers: [{ product_id: own.id, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' }],
      },
    });
    expect(saved.status).toBe(200);
    const blindId = saved.body.message.id as number;
    const blindBefore = await correctionState(db, blindId);
    const ledgerId = (blindBefore.ledgers as { id: number }[])[0]!.id;
    const blind = await call(t.app, 'POST', path(blindId), {
      token: admin.token,
      body: {
        version: 1,
        comment: 'missing on blind',
        lines: [{ id: ledgerId, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' }],
        missing_lines: [{ order_line_id: f.made.lines[0]!.id, quantity: 1 }],
      },
    });
    expect(blind.status).toBe(422);
    expect(blind.body.errors?.['missing_lines.0.order_line_id']).toEqual([CORRECTION_MSG.missingOnBlind]);
    const foreign = await call(t.app, 'POST', path(blindId), {
      token: admin.token,
      body: {
        version: 1,
        comment: "another customer's product",
        lines: [
          { id: ledgerId, quantity: 1, condition: 'Pristine', reason: 'DAMAGED' },
          { product_id: f.wrong.id, quantity: 1, condition: 'Scrap', reason: 'DAMAGED' },
        ],
      },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors?.['lines.1.product_id']).toEqual([CORRECTION_MSG.productUnknown]);
    expect(await correctionState(db, blindId)).toEqual(blindBefore);
  });
});

describe('corrections of dispositions, bins and discrepancies', () => {
  it('versions dispositions, bins, wrong items and missing lines; the v2 messages carry each version, v1 stays as it was', async () => {
    const f = await discrepancyReturn(t.app, db, admin.token);
    const [a, b, w] = asIs(f);
    const [l1, l2, l3] = f.made.lines;
    // The return's own files go out first; the corrections then wait for no one.
    const worker = startTestWorker(t.deps);
    const allDone = (n: number) =>
      waitFor(async () => {
        const rows = await db.select().from(tasks).where(eq(tasks.returnId, f.returnId)).orderBy(asc(tasks.id));
        return rows.length === n && rows.every((r) => r.taskStatus === 'Success' && !r.isRunning) ? rows : undefined;
      });
    try {
      await allDone(2);
    } finally {
      await worker.stop();
    }

    // Version 2: line 1 to bin B-07, line 2 to Restock in C-3, the wrong item out, line 3 no longer missing.
    const v2 = await call(t.app, 'POST', path(f.returnId), {
      token: admin.token,
      body: {
        version: 1,
        comment: 'Bins were wrong; the wrong item was ours after all; line 3 turned up empty',
        lines: [
          { ...a, location: 'B-07' },
          { ...b, disposition: 'RESTOCK', location: 'C-3' },
        ],
        missing_lines: [],
      },
    });
    expect(v2.status, JSON.stringify(v2.body)).toBe(200);
    const view2 = v2.body.message;
    expect(view2).toMatchObject({ version: 2, has_discrepancies: false, missing_lines: [] });
    expect(view2.lines.map((l: { disposition: string; location: string | null }) => [l.disposition, l.location])).toEqual([
      ['RESTOCK', 'B-07'],
      ['RESTOCK', 'C-3'],
    ]);
    expect(view2.versions[1].changes).toEqual([
      {
        kind: 'changed',
        ledger_id: a!.id,
        sku: l1!.product.sku,
        name_1: l1!.product.name1,
        fields: [{ field: 'location', before: 'A-01', after: 'B-07' }],
      },
      {
        kind: 'changed',
        ledger_id: b!.id,
        sku: l2!.product.sku,
        name_1: l2!.product.name1,
        fields: [
          { field: 'disposition', before: 'REFURB', after: 'RESTOCK' },
          { field: 'location', before: null, after: 'C-3' },
        ],
      },
      {
        kind: 'removed',
        ledger_id: w!.id,
        sku: f.wrong.sku,
        name_1: f.wrong.name1,
        discrepancy: 'WRONG_ITEM',
        fields: [
          { field: 'quantity', before: 1, after: null },
          { field: 'condition', before: 'Scrap', after: null },
          { field: 'reason', before: 'WRONG', after: null },
          { field: 'comment', before: null, after: null },
          { field: 'disposition', before: 'SCRAP', after: null },
        ],
      },
      {
        kind: 'removed',
        ledger_id: f.missing[0]!.id,
        sku: l3!.product.sku,
        name_1: l3!.product.name1,
        discrepancy: 'MISSING',
        fields: [{ field: 'quantity', before: 1, after: null }],
      },
    ]);
    // History's discrepancy filter follows the correction.
    const withDiscrepancies = await call(t.app, 'GET', `/api/returns?filter[customer_id]=${f.customer.id}&filter[has_discrepancies]=1`, {
      token: admin.token,
    });
    expect(withDiscrepancies.body.message.total_records).toBe(0);

    // Version 3: line 3 missing again (2 would be more than ordered: 1), line 1 Reconditioning with its disposition and bin kept.
    const v3 = await call(t.app, 'POST', path(f.returnId), {
      token: admin.token,
      body: {
        version: 2,
        comment: 'Line 3 was missing after all',
        lines: [{ ...a, condition: 'Reconditioning' }, { ...b }],
        missing_lines: [{ order_line_id: l3!.id, quantity: 1 }],
      },
    });
    expect(v3.status, JSON.stringify(v3.body)).toBe(200);
    const view3 = v3.body.message;
    expect(view3).toMatchObject({ version: 3, has_discrepancies: true, missing_lines: [{ quantity: 1, order_line_number: 3 }] });
    expect(view3.lines[0]).toMatchObject({ condition: 'Reconditioning', disposition: 'RESTOCK', location: 'B-07' });
    expect(view3.versions[2].changes).toEqual([
      {
        kind: 'changed',
        ledger_id: a!.id,
        sku: l1!.product.sku,
        name_1: l1!.product.name1,
        fields: [{ field: 'condition', before: 'Pristine', after: 'Reconditioning' }],
      },
      {
        kind: 'added',
        ledger_id: view3.missing_lines[0].id,
        sku: l3!.product.sku,
        name_1: l3!.product.name1,
        discrepancy: 'MISSING',
        fields: [{ field: 'quantity', before: null, after: 1 }],
      },
    ]);
    // Each version keeps its own lines and missing lines.
    const kept = await db.select().from(returnVersions).where(eq(returnVersions.returnId, f.returnId)).orderBy(asc(returnVersions.version));
    expect(kept.map((v) => [v.version, v.lines.length, v.missingLines.map((m) => m.quantity)])).toEqual([
      [1, 3, [1]],
      [2, 2, []],
      [3, 2, [1]],
    ]);
    expect(kept[0]!.lines[0]).toMatchObject({ disposition: 'RESTOCK', location: 'A-01' });

    // Both corrections' messages are built now, after version 3 was saved: each carries its own version.
    const again = startTestWorker(t.deps);
    let rows;
    try {
      rows = await allDone(6);
    } finally {
      await again.stop();
    }
    const xml = new XMLParser();
    const fileOf = (version: number, type: string) => rows.find((r) => r.taskType === type && (r.payload.version ?? 1) === version)!;
    const xmlOf = (version: number) =>
      xml.parse(
        readFileSync(join(ftp.root, 'to-biztalk', `RET_${f.returnId}_${fileOf(version, 'SGL Outbound').payload.messageId}.xml`), 'utf8'),
      ).Envelope;
    const lines = (env: { Body: { Return: { Lines: { Line: unknown } } } }) =>
      [env.Body.Return.Lines.Line].flat() as Record<string, unknown>[];

    const original = xmlOf(1);
    expect(lines(original).map((l) => [l.DispositionCode ?? '', l.Location ?? '', l.Discrepancy ?? ''])).toEqual([
      ['RESTOCK', 'A-01', ''],
      ['REFURB', '', ''],
      ['SCRAP', '', 'WRONG_ITEM'],
    ]);
    const second = xmlOf(2);
    expect(second.Header).toMatchObject({ MessageType: 'ReturnCorrection', ReturnVersion: 2, FormatVersion: 2 });
    expect(lines(second).map((l) => [l.DispositionCode, l.Disposition, l.Location, l.Discrepancy ?? ''])).toEqual([
      ['RESTOCK', 'Restock', 'B-07', ''],
      ['RESTOCK', 'Restock', 'C-3', ''],
    ]);
    expect(second.Body.Return.MissingLines ?? '').toBe('');
    expect(second.Body.Return.Discrepancies).toMatchObject({ Missing: 0, WrongItems: 0, Total: 0 });
    const third = xmlOf(3);
    expect(lines(third).map((l) => [l.Condition, l.DispositionCode, l.Location])).toEqual([
      ['Reconditioning', 'RESTOCK', 'B-07'],
      ['Reconditioning', 'RESTOCK', 'C-3'],
    ]);
    expect(third.Body.Return.MissingLines.MissingLine).toMatchObject({ OrderLineNumber: 3, Sku: l3!.product.sku, Quantity: 1 });
    expect(third.Body.Return.Discrepancies).toMatchObject({ Missing: 1, Total: 1 });

    // Format version 1 (flat): the correction's detail records keep version 1's width, with no dispositions or missing records.
    const flat = readFileSync(join(ftp.root, 'to-biztalk', `RET_${f.returnId}_${fileOf(3, 'FGL Outbound').payload.messageId}.txt`), 'utf8');
    const records = flat.split('\r\n').filter(Boolean);
    expect(records.map((r) => r[0])).toEqual(['C', 'D', 'D', 'T']);
    const detailWidth = FLAT_LAYOUT.D.reduce((n, [, width]) => n + width, 0);
    expect(records.slice(1, 3).map((r) => r.length)).toEqual([detailWidth, detailWidth]);
    expect(flat).not.toContain('RESTOCK');
    const stored = await db
      .select()
      .from(tasks)
      .where(and(eq(tasks.returnId, f.returnId), eq(tasks.taskType, 'FGL Outbound')));
    expect(stored).toHaveLength(3);
  });
});
