import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returns, tasks } from '../../../db/schema/index.js';
import { createSettingsRepository } from '../../settings/settings.repository.js';
import { FLAT_LAYOUT } from '../../../integrations/flat-return-file.format.js';
import {
  enqueueReturnTask,
  makeReturnFixture,
  makeWorkerDeps,
  setSettings,
  startTestWorker,
  taskRow,
} from '../../../test/integration-fixtures.js';
import { startFtpServer, waitFor, type TestFtpServer } from '../../../test/integration-servers.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { createTransportFactory } from '../../../integrations/file-transport.js';
import { createTaskWorkerRepository } from '../task-worker.repository.js';
import { createTaskHandlers } from './task-handlers.js';

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

describe('outbound files in batches', () => {
  const folderDeps = async (dir: string, counter: string) => {
    const made = makeWorkerDeps(testDb);
    await setSettings(made.deps, {
      BIZTALK_FTP_URL: '',
      BIZTALK_OUTBOUND_DIR: dir,
      H2O_CUSTOMER_ID: '',
      BIZTALK_MESSAGE_ID_COUNTER: counter,
    });
    return made;
  };
  const messageIdOf = async (returnId: number) => (await db().select().from(returns).where(eq(returns.id, returnId)))[0]!.messageId;

  it('builds a batch together (one Msg # each, in claim order) and a task that cannot be built fails alone', async () => {
    const { deps } = await folderDeps('/batch', '7000');
    const good = [await makeReturnFixture(db()), await makeReturnFixture(db()), await makeReturnFixture(db())];
    const gone = await makeReturnFixture(db());
    const ids = [
      await enqueueReturnTask(db(), deps.clock.now(), good[0]!, 'SGL Outbound'),
      await enqueueReturnTask(db(), deps.clock.now(), { ...gone, connection: { id: 987_654_321 } }, 'SGL Outbound'),
      await enqueueReturnTask(db(), deps.clock.now(), good[1]!, 'SGL Outbound'),
      await enqueueReturnTask(db(), deps.clock.now(), good[2]!, 'SGL Outbound'),
    ];
    const [bad] = await db()
      .insert(tasks)
      .values({ taskType: 'SGL Outbound', message1: 'no payload', payload: { returnId: 'x' }, runAfter: deps.clock.now() })
      .returning();
    const handlers = createTaskHandlers(deps);
    const sizes: number[] = [];
    const sgl = handlers['SGL Outbound']!;
    const batch = sgl.batch!;
    sgl.batch = (items, signal) => {
      sizes.push(items.length);
      return batch(items, signal);
    };
    const worker = startTestWorker(deps, { handlers, batchSize: 8 });
    try {
      const [t0, tGone, t1, t2, tBad] = [
        await settled(ids[0]!),
        await settled(ids[1]!),
        await settled(ids[2]!),
        await settled(ids[3]!),
        await settled(bad!.id),
      ];
      expect(sizes).toEqual([5]);
      expect([t0, t1, t2].map((t) => t.taskStatus)).toEqual(['Success', 'Success', 'Success']);
      // Ids drawn together, in the order the tasks were claimed; the failed task drew none.
      expect([t0, t1, t2].map((t) => t.payload.messageId)).toEqual([7001, 7002, 7003]);
      expect(await createSettingsRepository(db()).get('BIZTALK_MESSAGE_ID_COUNTER')).toBe('7003');
      for (const [i, t] of [t0, t1, t2].entries()) {
        const name = `RET_${good[i]!.ret.id}_${7001 + i}.xml`;
        expect(t.fileName).toBe(name);
        expect(t.message2).toBe(`Msg #${7001 + i} ${name}`);
        expect(readFileSync(join(deps.config.dataDir, 'ftp', 'batch', name), 'utf8')).toBe(t.fileContent);
        expect(await messageIdOf(good[i]!.ret.id)).toBe(String(7001 + i));
        expect(t.details.map((d) => d.event)).toEqual(['created', 'claimed', 'file built', 'succeeded']);
      }
      expect(readdirSync(join(deps.config.dataDir, 'ftp', 'batch')).sort()).toEqual([t0, t1, t2].map((t) => t.fileName).sort());
      expect(tGone).toMatchObject({
        taskStatus: 'Error',
        attemptsCount: 1,
        message2: 'Connection 987654321 no longer exists',
        fileName: null,
      });
      expect(await messageIdOf(gone.ret.id)).toBeNull();
      expect(tBad).toMatchObject({ taskStatus: 'Error', attemptsCount: 1, message2: 'The SGL Outbound task payload is not valid' });
    } finally {
      await worker.stop();
    }
  });

  it('an upload that fails in a batch is retried alone, with its file and Msg # kept', async () => {
    const { deps } = await folderDeps('/flaky', '7100');
    const fixtures = [await makeReturnFixture(db()), await makeReturnFixture(db()), await makeReturnFixture(db())];
    const ids = [];
    for (const f of fixtures) ids.push(await enqueueReturnTask(db(), deps.clock.now(), f, 'SGL Outbound'));
    const folder = createTransportFactory({ timeoutMs: 1000 });
    let failed = 0;
    const flaky: typeof folder = async (target) => {
      const t = await folder(target);
      return {
        ...t,
        upload: async (dir, name, content) => {
          if (name.startsWith(`RET_${fixtures[1]!.ret.id}_`) && failed++ === 0) throw new Error('disk full');
          return t.upload(dir, name, content);
        },
      };
    };
    const worker = startTestWorker({ ...deps, fileTransports: flaky }, { batchSize: 8 });
    try {
      const done = [await settled(ids[0]!), await settled(ids[1]!), await settled(ids[2]!)];
      expect(done.map((t) => t.taskStatus)).toEqual(['Success', 'Success', 'Success']);
      expect(done.map((t) => t.attemptsCount)).toEqual([1, 2, 1]);
      expect(done[1]!.details.map((d) => d.event)).toEqual(['created', 'claimed', 'file built', 'failed', 'claimed', 'succeeded']);
      expect(done[1]!.details[3]).toMatchObject({ error: 'disk full', retry: true });
      expect(done.map((t) => t.payload.messageId)).toEqual([7101, 7102, 7103]);
      expect(readdirSync(join(deps.config.dataDir, 'ftp', 'flaky')).sort()).toEqual(done.map((t) => t.fileName).sort());
    } finally {
      await worker.stop();
    }
  });

  it('a worker that dies mid-batch: the files it stored go out on the retry under the same names and ids, none doubled', async () => {
    const { deps, clock } = await folderDeps('/crash', '7200');
    const fixtures = [await makeReturnFixture(db()), await makeReturnFixture(db()), await makeReturnFixture(db())];
    const ids = [];
    for (const f of fixtures) ids.push(await enqueueReturnTask(db(), clock.now(), f, 'SGL Outbound'));

    // The dying worker: claims all three, stores their files, writes the first and dies on the second.
    const folder = createTransportFactory({ timeoutMs: 1000 });
    let uploads = 0;
    const dying: typeof folder = async (target) => {
      const t = await folder(target);
      return {
        ...t,
        upload: async (dir, name, content) => {
          if (++uploads === 2) return new Promise<string>(() => undefined); // the process is gone
          return t.upload(dir, name, content);
        },
      };
    };
    const repo = createTaskWorkerRepository(db());
    const claimed = await repo.claimBatch('dying', clock.now(), 60, 1, { types: ['SGL Outbound'], per: 8 });
    expect(claimed.map((t) => t.id)).toEqual(ids);
    const handler = createTaskHandlers({ ...deps, fileTransports: dying })['SGL Outbound']!;
    const items = claimed.map((task) => ({
      task,
      ctx: {
        signal: new AbortController().signal,
        claim: { workerId: 'dying', status: task.taskStatus, attempts: task.attemptsCount },
        progress: async () => undefined,
      },
    }));
    void handler.batch!(items, new AbortController().signal);
    await waitFor(() => uploads === 2);
    const stored = await Promise.all(ids.map((id) => taskRow(db(), id)));
    expect(stored.map((t) => t.payload.messageId)).toEqual([7201, 7202, 7203]);
    expect(stored.every((t) => t.isRunning && t.lockedBy === 'dying')).toBe(true);
    expect(readdirSync(join(deps.config.dataDir, 'ftp', 'crash'))).toEqual([stored[0]!.fileName]);

    // After the lease another worker takes them over and sends the stored files; no id is drawn.
    clock.advance(61_000);
    const worker = startTestWorker(deps, { batchSize: 8 });
    try {
      const done = [await settled(ids[0]!), await settled(ids[1]!), await settled(ids[2]!)];
      expect(done.map((t) => t.taskStatus)).toEqual(['Success', 'Success', 'Success']);
      expect(done.map((t) => t.attemptsCount)).toEqual([2, 2, 2]);
      expect(done.map((t) => t.fileName)).toEqual(stored.map((t) => t.fileName));
      expect(done.map((t) => t.fileContent)).toEqual(stored.map((t) => t.fileContent));
      expect(done.map((t) => t.details.filter((d) => d.event === 'file built').length)).toEqual([1, 1, 1]);
      expect(await createSettingsRepository(db()).get('BIZTALK_MESSAGE_ID_COUNTER')).toBe('7203');
      const written = readdirSync(join(deps.config.dataDir, 'ftp', 'crash'));
      expect(written.sort()).toEqual(done.map((t) => t.fileName).sort());
      for (const t of done) expect(readFileSync(join(deps.config.dataDir, 'ftp', 'crash', t.fileName!), 'utf8')).toBe(t.fileContent);
      for (const [i, f] of fixtures.entries()) expect(await messageIdOf(f.ret.id)).toBe(String(7201 + i));
    } finally {
      await worker.stop();
    }
  });
});
