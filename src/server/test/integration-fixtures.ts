import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { loadConfig, type Config } from '../config.js';
import type { Db } from '../db/client.js';
import { connections, orderLines, orders, products, returnLedgers, returns, tasks } from '../db/schema/index.js';
import type { AppDeps } from '../deps.js';
import { SecretBox } from '../lib/crypto.js';
import { fileTransportsFromConfig } from '../bootstrap/file-transports.js';
import { photoStorageFromConfig } from '../bootstrap/photo-storage.js';
import { createSettingsRepository } from '../modules/settings/settings.repository.js';
import { createTaskQueueRepository } from '../modules/tasks/task-queue.repository.js';
import { createTaskHandlers } from '../modules/tasks/handlers/task-handlers.js';
import { createTaskWorkerRepository } from '../modules/tasks/task-worker.repository.js';
import { createWorker, type TaskHandlers } from '../modules/tasks/task-worker.js';
import type { SettingKey } from '../../contract/constants.js';
import { makeCustomer, makeReason, makeUser } from './factories.js';
import { createRecordingMailer, createTestClock } from './test-app.js';
import type { TestDatabase } from './test-database.js';

/** Deps for worker-side tests (no HTTP app needed). */
export function makeWorkerDeps(testDb: TestDatabase, config: Partial<Config> = {}, overrides: Partial<AppDeps> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'rd-worker-'));
  const full: Config = { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PARTNER_TIMEOUT_MS: '1500' }), ...config };
  const clock = createTestClock();
  const mailer = createRecordingMailer(full.outboxDir);
  const deps: AppDeps = {
    config: full,
    database: testDb.database,
    clock,
    secretBox: new SecretBox('test-secret'),
    mailer,
    fileTransports: fileTransportsFromConfig(full),
    photoStorage: photoStorageFromConfig(full),
    ...overrides,
  };
  return { deps, clock, mailer };
}

const quiet = { info: () => undefined, error: () => undefined };

export function startTestWorker(
  deps: AppDeps,
  options: {
    handlers?: TaskHandlers;
    concurrency?: number;
    leaseSeconds?: number;
    retryDelay?: (attempts: number) => number;
    batchSize?: number;
  } = {},
) {
  const worker = createWorker({
    repo: createTaskWorkerRepository(deps.database.db),
    handlers: options.handlers ?? createTaskHandlers(deps),
    clock: deps.clock,
    concurrency: options.concurrency ?? 1,
    pollMs: 20,
    leaseSeconds: options.leaseSeconds ?? 60,
    log: quiet,
    retryDelay: options.retryDelay ?? (() => 0),
    batchSize: options.batchSize ?? deps.config.WORKER_BATCH_SIZE,
  });
  worker.start();
  return worker;
}

export async function setSettings(deps: AppDeps, values: Partial<Record<SettingKey, string>>) {
  const repo = createSettingsRepository(deps.database.db);
  for (const [key, value] of Object.entries(values)) {
    await repo.set(key as SettingKey, key === 'BIZTALK_FTP_PASSWORD' ? deps.secretBox.seal(value) : value, deps.clock.now());
  }
}

export async function taskRow(db: Db, id: number) {
  return (await db.select().from(tasks).where(eq(tasks.id, id)))[0]!;
}

/** A customer with an order of two lines and a submitted return of both, plus its outbound connection. */
export async function makeReturnFixture(
  db: Db,
  options: {
    format?: 'XML' | 'FLAT';
    sender?: string;
    receiver?: string;
    orderSource?: string;
    connectionType?: string;
    endpoint?: string;
    /** connection_meta.format_version; absent = version 1 (docs/integrations.md "Format versions"). */
    formatVersion?: 1 | 2;
  } = {},
) {
  const customer = await makeCustomer(db, { orderSource: options.orderSource ?? 'Biztalk' });
  await makeReason(db, customer.id, 'DAMAGED', 'Damaged in transit');
  const user = await makeUser(db, { customerIds: [customer.id] });
  const [p1, p2] = await db
    .insert(products)
    .values([
      { customerId: customer.id, sku: 'SKU-100', upc: '0001234500001', name1: 'Trail Shoe Blue 42', color: 'Blue', size: '42' },
      { customerId: customer.id, sku: 'SKU-200', upc: '0001234500002', name1: 'Rain Jacket Ochre M', color: 'Ochre', size: 'M' },
    ])
    .returning();
  const [order] = await db
    .insert(orders)
    .values({
      customerId: customer.id,
      source: 'Biztalk',
      sourceId1: `SO-${customer.id}`,
      deliveryNumber: `DN-${customer.id}`,
      orderNumber: `ON-${customer.id}`,
      webOrderNumber: `WEB-${customer.id}`,
      buyerReference: 'BR-7',
      orderStatus: 'Return Created',
      deliveryName1: 'Ana Müller',
    })
    .returning();
  const [l1, l2] = await db
    .insert(orderLines)
    .values([
      { orderId: order!.id, productId: p1!.id, lineNumber: 1, quantity: 2 },
      { orderId: order!.id, productId: p2!.id, lineNumber: 2, quantity: 1 },
    ])
    .returning();
  const [ret] = await db
    .insert(returns)
    .values({
      customerId: customer.id,
      orderId: order!.id,
      userId: user.id,
      username: user.username,
      reference1: 'RMA-1',
      reference2: 'Box 3',
      returnDate: '2026-11-20',
      draftId: '__abc123',
    })
    .returning();
  await db.insert(returnLedgers).values([
    {
      returnId: ret!.id,
      customerId: customer.id,
      orderId: order!.id,
      orderLineId: l1!.id,
      productId: p1!.id,
      condition: 'Reconditioning',
      quantity: 2,
      reason: 'DAMAGED',
      comment: 'Sole loose',
    },
    {
      returnId: ret!.id,
      customerId: customer.id,
      orderId: order!.id,
      orderLineId: l2!.id,
      productId: p2!.id,
      condition: 'Pristine',
      quantity: 1,
      reason: 'DAMAGED',
    },
  ]);
  const [connection] = await db
    .insert(connections)
    .values({
      customerId: customer.id,
      connectionType: options.connectionType ?? 'Biztalk Outbound Return',
      biztalkSender: options.sender ?? 'SGL',
      biztalkReceiver: options.receiver ?? 'ACME',
      endpoint: options.endpoint,
      connectionMeta: {
        ...(options.format === 'FLAT' ? { format: 'FLAT' } : {}),
        ...(options.formatVersion ? { format_version: options.formatVersion } : {}),
      },
    })
    .returning();
  return { customer, user, order: order!, ret: ret!, connection: connection!, products: [p1!, p2!] };
}

/** The task the submit code queues for a connection (cross-team contract). */
export async function enqueueReturnTask(
  db: Db,
  now: Date,
  f: { customer: { id: number }; order: { id: number } | null; ret: { id: number }; connection: { id: number } },
  taskType: 'SGL Outbound' | 'FGL Outbound' | 'Ecommerce Outbound',
) {
  return createTaskQueueRepository(db).enqueue(
    {
      taskType,
      message1: `Return #${f.ret.id}`,
      payload: { returnId: f.ret.id, connectionId: f.connection.id },
      customerId: f.customer.id,
      orderId: f.order?.id ?? null,
      returnId: f.ret.id,
    },
    now,
  );
}
