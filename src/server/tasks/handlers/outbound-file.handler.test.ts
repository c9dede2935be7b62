import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returns, tasks } from '../../db/schema/index.js';
import { createSettingsRepository } from '../../modules/settings/settings.repository.js';
import { FLAT_LAYOUT } from '../../integrations/return-file.format.js';
import {
  enqueueReturnTask,
  makeReturnFixture,
  makeWorkerDeps,
  setSettings,
  startTestWorker,
  taskRow,
} from '../../test/integration-fixtures.js';
import { startFtpServer, waitFor, type TestFtpServer } from '../../test/integration-servers.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';

let testDb: TestDatabase;
let ftp: TestFtpServer;
beforeAll(async () => {
  testDb = await createTestDatabase();
  ftp = await startFtpServer();
});
afterAll(async () => {
  await ftp.close();
  await testDb.close();
});

const db = () => testDb.database.db;
const settled = (id: number) =>
  waitFor(async () => {
    const t = await taskRow(db(), id);
    return !t.isRunning && (t.taskStatus === 'Success' || t.taskStatus === 'Error') ? t : undefined;
  });

describe('SGL Outbound over FTP', () => {
  it('uploads the return file to the outbound folder with the message id drawn from the counter', async () => {
    const { deps } = makeWorkerDeps(testDb);
    await setSettings(deps, {
      BIZTALK_FTP_URL: ftp.url,
      BIZTALK_FTP_USERNAME: ftp.username,
      BIZTALK_FTP_PASSWORD: ftp.password,
      BIZTALK_OUTBOUND_DIR: '/to-biztalk',
      BIZTALK_MESSAGE_ID_COUNTER: '5000',
    });
    const f = await makeReturnFixture(db(), { sender: 'SGL-RD', receiver: 'ACME-BT' });
    const id = await enqueueReturnTask(db(), deps.clock.now(), f, 'SGL Outbound');
    const worker = startTestWorker(deps);
    try {
      const task = await settled(id);
      expect(task.taskStatus).toBe('Success');
      const name = `RET_${f.ret.id}_5001.xml`;
      expect(task.fileName).toBe(name);
      const uploaded = readFileSync(join(ftp.root, 'to-biztalk', name), 'utf8');
      expect(uploaded).toBe(task.fileContent);
      const xml = new XMLParser().parse(uploaded);
      expect(xml.Envelope.Header).toMatchObject({
        Sender: 'SGL-RD',
        Receiver: 'ACME-BT',
        Schema: 'Default',
        MessageId: 5001,
        MessageType: 'Return',
      });
      expect(xml.Envelope.Body.Return).toMatchObject({
        ReturnId: f.ret.id,
        ReturnDate: '2026-11-20',
        Reference1: 'RMA-1',
        Order: { OrderNumber: f.order.orderNumber, DeliveryNumber: f.order.deliveryNumber, SourceId: f.order.sourceId1 },
        TotalQuantity: 3,
      });
      expect(xml.Envelope.Body.Return.Lines.Line).toEqual([
        expect.objectContaining({
          LineNumber: 1,
          OrderLineNumber: 1,
          Sku: 'SKU-100',
          Quantity: 2,
          Condition: 'Reconditioning',
          ReasonCode: 'DAMAGED',
          Reason: 'Damaged in transit',
          Comment: 'Sole loose',
        }),
        expect.objectContaining({ LineNumber: 2, OrderLineNumber: 2, Sku: 'SKU-200', Quantity: 1, Condition: 'Pristine' }),
      ]);
      const [ret] = await db().select().from(returns).where(eq(returns.id, f.ret.id));
      expect(ret!.messageId).toBe('5001');
      expect(task.details.at(-1)).toMatchObject({ event: 'succeeded', uploadedTo: `/to-biztalk/${name}`, via: 'ftp', h2o: false });
      // No temporary file is left behind.
      expect(readdirSync(join(ftp.root, 'to-biztalk'))).toEqual([name]);
    } finally {
      await worker.stop();
    }
  });

  it('sends the H2O customer to H2O_UPLOAD_DIR instead', async () => {
    const { deps } = makeWorkerDeps(testDb);
    const f = await makeReturnFixture(db());
    await setSettings(deps, {
      BIZTALK_FTP_URL: ftp.url,
      BIZTALK_FTP_USERNAME: ftp.username,
      BIZTALK_FTP_PASSWORD: ftp.password,
      BIZTALK_OUTBOUND_DIR: '/to-biztalk',
      H2O_CUSTOMER_ID: String(f.customer.id),
      H2O_UPLOAD_DIR: '/h2o/returns',
    });
    const id = await enqueueReturnTask(db(), deps.clock.now(), f, 'SGL Outbound');
    const worker = startTestWorker(deps);
    try {
      const task = await settled(id);
      expect(task.taskStatus).toBe('Success');
      expect(readFileSync(join(ftp.root, 'h2o', 'returns', task.fileName!), 'utf8')).toBe(task.fileContent);
      expect(existsSync(join(ftp.root, 'to-biztalk', task.fileName!))).toBe(false);
    } finally {
      await worker.stop();
    }
  });

  it('server down: retries, Error, then a manual retry re-sends the same file under the same message id', async () => {
    const { deps } = makeWorkerDeps(testDb);
    const f = await makeReturnFixture(db());
    await setSettings(deps, {
      BIZTALK_FTP_URL: 'ftp://127.0.0.1:1', // nothing listens there
      BIZTALK_FTP_USERNAME: ftp.username,
      BIZTALK_FTP_PASSWORD: ftp.password,
      BIZTALK_OUTBOUND_DIR: '/retry',
      H2O_CUSTOMER_ID: '',
    });
    const id = await enqueueReturnTask(db(), deps.clock.now(), f, 'SGL Outbound');
    const worker = startTestWorker(deps);
    try {
      const failed = await settled(id);
      expect(failed.taskStatus).toBe('Error');
      expect(failed.attemptsCount).toBe(3);
      expect(failed.details.filter((d) => d.event === 'failed')).toHaveLength(3);
      expect(failed.details.filter((d) => d.event === 'file built')).toHaveLength(1);
      const counter = await createSettingsRepository(db()).get('BIZTALK_MESSAGE_ID_COUNTER');
      const firstContent = failed.fileContent;
      expect(failed.fileName).toBe(`RET_${f.ret.id}_${counter}.xml`);

      // The server is back; an admin sets Pending with attempts reset (Task Action panel).
      await setSettings(deps, { BIZTALK_FTP_URL: ftp.url });
      await db().update(tasks).set({ taskStatus: 'Pending', attemptsCount: 0, isRunning: false }).where(eq(tasks.id, id));
      worker.poke();
      const done = await settled(id);
      expect(done.taskStatus).toBe('Success');
      expect(done.fileName).toBe(failed.fileName);
      expect(done.fileContent).toBe(firstContent);
      expect(readFileSync(join(ftp.root, 'retry', done.fileName!), 'utf8')).toBe(firstContent);
      expect(await createSettingsRepository(db()).get('BIZTALK_MESSAGE_ID_COUNTER')).toBe(counter);
      const [ret] = await db().select().from(returns).where(eq(returns.id, f.ret.id));
      expect(ret!.messageId).toBe(counter);
    } finally {
      await worker.stop();
    }
  });
});

describe('FGL Outbound (flat file) on the embedded folder transport', () => {
  it('writes fixed-width H/D/T records to DATA_DIR/ftp when no FTP URL is set', async () => {
    const { deps } = makeWorkerDeps(testDb);
    await setSettings(deps, { BIZTALK_FTP_URL: '', BIZTALK_OUTBOUND_DIR: '/outbound', H2O_CUSTOMER_ID: '' });
    const f = await makeReturnFixture(db(), { format: 'FLAT', sender: 'SGL', receiver: 'FGL-RCV' });
    const id = await enqueueReturnTask(db(), deps.clock.now(), f, 'FGL Outbound');
    const worker = startTestWorker(deps);
    try {
      const task = await settled(id);
      expect(task.taskStatus).toBe('Success');
      expect(task.fileName).toMatch(/^RET_\d+_\d+\.txt$/);
      const text = readFileSync(join(deps.config.dataDir, 'ftp', 'outbound', task.fileName!), 'utf8');
      expect(text).toBe(task.fileContent);
      const records = text.split('\r\n').filter(Boolean);
      const width = (r: keyof typeof FLAT_LAYOUT) => FLAT_LAYOUT[r].reduce((n, [, w]) => n + w, 0);
      expect(records.map((r) => r[0])).toEqual(['H', 'D', 'D', 'T']);
      expect(records[0]!.length).toBe(width('H'));
      expect(records[1]!.length).toBe(width('D'));
      expect(records[3]).toBe('T' + '0000004' + '000000003');
      expect(records[0]!.slice(1, 16)).toBe('SGL'.padEnd(15));
      expect(records[0]!.slice(16, 31)).toBe('FGL-RCV'.padEnd(15));
      expect(records[1]!.slice(12, 42).trimEnd()).toBe('SKU-100');
    } finally {
      await worker.stop();
    }
  });
});

describe('format version 2 on the connection', () => {
  it('the XML of a version-2 connection names its version and carries the new elements; version 1 stays as it was', async () => {
    const { deps } = makeWorkerDeps(testDb);
    await setSettings(deps, { BIZTALK_FTP_URL: '', BIZTALK_OUTBOUND_DIR: '/outbound', H2O_CUSTOMER_ID: '' });
    const v2 = await makeReturnFixture(db(), { formatVersion: 2 });
    const v1 = await makeReturnFixture(db(), { formatVersion: 1 });
    const ids = [
      await enqueueReturnTask(db(), deps.clock.now(), v2, 'SGL Outbound'),
      await enqueueReturnTask(db(), deps.clock.now(), v1, 'SGL Outbound'),
    ];
    const worker = startTestWorker(deps);
    try {
      const [t2, t1] = [await settled(ids[0]!), await settled(ids[1]!)];
      expect([t2.taskStatus, t1.taskStatus]).toEqual(['Success', 'Success']);
      const x2 = new XMLParser({ parseTagValue: false }).parse(t2.fileContent!);
      expect(x2.Envelope.Header.FormatVersion).toBe('2');
      expect(x2.Envelope.Body.Return.Discrepancies).toEqual({ Missing: '0', WrongItems: '0', ExtraItems: '0', Total: '0' });
      expect(Object.keys(x2.Envelope.Body.Return.Lines.Line[0])).toEqual(
        expect.arrayContaining(['DispositionCode', 'Location', 'Discrepancy']),
      );
      expect(t2.details.find((d) => d.event === 'file built')).toMatchObject({ formatVersion: 2 });
      expect(t1.fileContent).not.toContain('FormatVersion');
      expect(t1.fileContent).not.toContain('Disposition');
      expect(t1.details.find((d) => d.event === 'file built')).toMatchObject({ formatVersion: 1 });
    } finally {
      await worker.stop();
    }
  });
});
