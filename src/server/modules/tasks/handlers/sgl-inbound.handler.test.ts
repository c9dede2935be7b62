import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connections, expectedReturnItems, expectedReturns, orders, products, tasks } from '../../../db/schema/index.js';
import { makeCustomer } from '../../../test/factories.js';
import { makeWorkerDeps, setSettings, startTestWorker } from '../../../test/integration-fixtures.js';
import { startFtpServer, waitFor, type TestFtpServer } from '../../../test/integration-servers.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { ensureInboundScan } from '../schedulers/inbound-scan.scheduler.js';

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
beforeEach(async () => {
  await testDb.database.db.delete(tasks);
});

const db = () => testDb.database.db;

function orderJson(sourceId: string, sku = 'SKU-1') {
  return {
    source_id: sourceId,
    delivery_number: `DN-${sourceId}`,
    order_number: `ON-${sourceId}`,
    delivery_name_1: 'Ana Müller',
    lines: [{ line_number: 1, quantity: 2, product: { sku, name_1: 'Trail Shoe' } }],
  };
}

function dropFile(name: string, content: unknown) {
  const dir = join(ftp.root, 'in');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
}

async function inboundCustomer(sender: string, receiver = 'SGL') {
  const customer = await makeCustomer(db());
  await db()
    .insert(connections)
    .values({ customerId: customer.id, connectionType: 'Biztalk Inbound Order', biztalkSender: sender, biztalkReceiver: receiver });
  return customer;
}

async function fileTasks() {
  return db()
    .select()
    .from(tasks)
    .where(and(eq(tasks.taskType, 'SGL Inbound'), sql`${tasks.payload}->>'kind' = 'file'`));
}

async function runScan() {
  const { deps } = makeWorkerDeps(testDb);
  await setSettings(deps, {
    BIZTALK_FTP_URL: ftp.url,
    BIZTALK_FTP_USERNAME: ftp.username,
    BIZTALK_FTP_PASSWORD: ftp.password,
    BIZTALK_INBOUND_DIR: '/in',
  });
  const scanId = await ensureInboundScan(db(), deps.clock.now());
  const worker = startTestWorker(deps);
  try {
    await waitFor(async () => {
      const all = await db().select().from(tasks).where(eq(tasks.taskType, 'SGL Inbound'));
      return all.length > 0 && all.every((t) => !t.isRunning && ['Success', 'Error', 'Log Only'].includes(t.taskStatus));
    });
  } finally {
    await worker.stop();
  }
  return scanId;
}

describe('SGL Inbound from the Biztalk FTP server', () => {
  it('imports a new order file for the customer its sender/receiver names, keeps the file and moves it to processed', async () => {
    const customer = await inboundCustomer('ACME-BT');
    const file = {
      envelope: { sender: 'ACME-BT', receiver: 'SGL', schema: 'Default', message_id: '77001' },
      orders: [orderJson('A-1'), orderJson('A-2', 'SKU-2')],
    };
    dropFile('orders-77001.json', file);
    const scanId = await runScan();

    const [scan] = await db().select().from(tasks).where(eq(tasks.id, scanId!));
    expect(scan).toMatchObject({ taskStatus: 'Log Only', message2: '1 new file(s)' });
    const [task] = await fileTasks();
    expect(task).toMatchObject({
      taskStatus: 'Success',
      fileName: 'orders-77001.json',
      customerId: customer.id,
      message1: 'File orders-77001.json',
    });
    expect(JSON.parse(task!.fileContent!)).toEqual(file);
    expect(task!.details.map((d) => d.event)).toEqual(['created', 'claimed', 'file fetched', 'succeeded']);
    expect(task!.details.at(-1)).toMatchObject({
      orders_created: 2,
      lines_created: 2,
      messageId: '77001',
      movedTo: '/in/processed/orders-77001.json',
    });

    const imported = await db().select().from(orders).where(eq(orders.customerId, customer.id));
    expect(imported.map((o) => o.sourceId1).sort()).toEqual(['A-1', 'A-2']);
    expect(existsSync(join(ftp.root, 'in', 'orders-77001.json'))).toBe(false);
    expect(existsSync(join(ftp.root, 'in', 'processed', 'orders-77001.json'))).toBe(true);

    // The same orders again (a resent file): nothing duplicated.
    dropFile('orders-77001-again.json', file);
    await runScan();
    const again = (await fileTasks()).find((t) => t.fileName === 'orders-77001-again.json')!;
    expect(again.details.at(-1)).toMatchObject({ orders_created: 0, orders_unchanged: 2 });
    expect(await db().select().from(orders).where(eq(orders.customerId, customer.id))).toHaveLength(2);
  });

  it('turns a bad file into an Error task with the reason, imports nothing and moves it to error', async () => {
    const customer = await inboundCustomer('BAD-BT');
    // One good order and one with a bad quantity: the whole file is refused.
    const bad = {
      envelope: { sender: 'BAD-BT', receiver: 'SGL' },
      orders: [orderJson('B-1'), { ...orderJson('B-2'), lines: [{ line_number: 1, quantity: 0, product: { sku: 'X' } }] }],
    };
    dropFile('bad-rows.json', bad);
    dropFile('not-json.json', '{ "envelope": ');
    dropFile('stranger.json', { envelope: { sender: 'NOBODY', receiver: 'SGL' }, orders: [orderJson('C-1')] });
    await runScan();

    const byName = new Map((await fileTasks()).map((t) => [t.fileName, t]));
    expect(byName.get('bad-rows.json')).toMatchObject({
      taskStatus: 'Error',
      message2: 'The file has 1 bad row(s); nothing was imported',
      attemptsCount: 1,
    });
    expect(byName.get('bad-rows.json')!.details.at(-1)).toMatchObject({
      errors: [expect.objectContaining({ line: 'orders[1].lines[0].quantity' })],
    });
    expect(byName.get('not-json.json')!.message2).toMatch(/^The file is not valid JSON/);
    expect(byName.get('stranger.json')!.message2).toBe(
      'No customer has a Biztalk Inbound Order connection with sender NOBODY and receiver SGL',
    );
    expect(await db().select().from(orders).where(eq(orders.customerId, customer.id))).toHaveLength(0);
    expect(await db().select().from(products).where(eq(products.customerId, customer.id))).toHaveLength(0);
    for (const name of ['bad-rows.json', 'not-json.json', 'stranger.json']) {
      expect(existsSync(join(ftp.root, 'in', 'error', name))).toBe(true);
      expect(byName.get(name)!.fileContent).toBe(readFileSync(join(ftp.root, 'in', 'error', name), 'utf8'));
    }
  });

  it('imports a pre-advice file (expected_returns) for the customer, and a resent file changes nothing (issue 26)', async () => {
    const customer = await inboundCustomer('PRE-BT');
    const file = {
      envelope: { sender: 'PRE-BT', receiver: 'SGL', message_id: '88001' },
      expected_returns: [
        {
          rma: 'RMA-7001',
          tracking_number: '420900019400111202555555555551',
          order_reference: 'SO-7001',
          items: [{ sku: 'SKU-1', quantity: 2, reason: 'Too small' }],
        },
        { rma: 'RMA-7002', items: [{ upc: '4006310000026', quantity: 1 }] },
      ],
    };
    dropFile('preadvice-88001.json', file);
    await runScan();
    const [task] = await fileTasks();
    expect(task).toMatchObject({
      taskStatus: 'Success',
      customerId: customer.id,
      message2: `2 new expected return(s), 0 known, customer ${customer.company}`,
    });
    expect(task!.details.at(-1)).toMatchObject({
      expected_created: 2,
      expected_unchanged: 0,
      messageId: '88001',
      movedTo: '/in/processed/preadvice-88001.json',
    });
    const saved = await db().select().from(expectedReturns).where(eq(expectedReturns.customerId, customer.id));
    expect(saved.map((e) => [e.rma, e.source, e.createdBy, e.orderReference]).sort()).toEqual([
      ['RMA-7001', 'file', 'file preadvice-88001.json', 'SO-7001'],
      ['RMA-7002', 'file', 'file preadvice-88001.json', null],
    ]);
    const first = saved.find((e) => e.rma === 'RMA-7001')!;
    // The label's key is stored as for the API: an IMpb scan finds it.
    expect(first.trackingKey).toBeTruthy();
    const items = await db().select().from(expectedReturnItems).where(eq(expectedReturnItems.expectedReturnId, first.id));
    expect(items).toEqual([expect.objectContaining({ sku: 'SKU-1', quantity: 2, reason: 'Too small' })]);

    dropFile('preadvice-88001-again.json', file);
    await runScan();
    const again = (await fileTasks()).find((t) => t.fileName === 'preadvice-88001-again.json')!;
    expect(again).toMatchObject({ taskStatus: 'Success', message2: `0 new expected return(s), 2 known, customer ${customer.company}` });
    expect(await db().select().from(expectedReturns).where(eq(expectedReturns.customerId, customer.id))).toHaveLength(2);
  });

  it('refuses a pre-advice file with bad entries by their place, and a file with both kinds, writing nothing', async () => {
    const customer = await inboundCustomer('PREBAD-BT');
    dropFile('preadvice-bad.json', {
      envelope: { sender: 'PREBAD-BT', receiver: 'SGL' },
      expected_returns: [
        { rma: 'RMA-8001', items: [{ sku: 'SKU-1', quantity: 1 }] },
        { rma: 'RMA-8002', items: [{ sku: 'SKU-1', quantity: 0 }] },
        { rma: 'rma-8001', items: [{ upc: '123', quantity: 1 }] },
      ],
    });
    dropFile('both-kinds.json', {
      envelope: { sender: 'PREBAD-BT', receiver: 'SGL' },
      orders: [orderJson('D-1')],
      expected_returns: [{ rma: 'RMA-8003', items: [{ sku: 'SKU-1', quantity: 1 }] }],
    });
    await runScan();
    const byName = new Map((await fileTasks()).map((t) => [t.fileName, t]));
    expect(byName.get('preadvice-bad.json')).toMatchObject({
      taskStatus: 'Error',
      message2: 'The file has 2 bad row(s); nothing was imported',
    });
    expect(byName.get('preadvice-bad.json')!.details.at(-1)).toMatchObject({
      errors: [
        { line: 'expected_returns[1].items[0].quantity', message: 'Quantity must be a whole number from 1 to 9999' },
        { line: 'expected_returns[2].rma', message: 'RMA rma-8001 is in this file twice' },
      ],
    });
    expect(byName.get('both-kinds.json')).toMatchObject({
      taskStatus: 'Error',
      message2: 'Not an inbound file: the file: give either orders or expected_returns (a list with at least one entry), not both',
    });
    expect(await db().select().from(expectedReturns).where(eq(expectedReturns.customerId, customer.id))).toHaveLength(0);
    expect(await db().select().from(orders).where(eq(orders.customerId, customer.id))).toHaveLength(0);
    expect(existsSync(join(ftp.root, 'in', 'error', 'preadvice-bad.json'))).toBe(true);
  });

  it('queues one scan however many workers tick at once', async () => {
    const now = new Date();
    const ids = await Promise.all([ensureInboundScan(db(), now), ensureInboundScan(db(), now), ensureInboundScan(db(), now)]);
    expect(ids.filter((id) => id !== null)).toHaveLength(1);
    const scans = await db()
      .select()
      .from(tasks)
      .where(sql`${tasks.payload}->>'kind' = 'scan'`);
    expect(scans).toHaveLength(1);
  });
});
