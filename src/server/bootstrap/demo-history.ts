import sharp from 'sharp';
import type { DbOrTx, Db } from '../db/client.js';
import type { ObjectStorage } from '../integrations/object-storage.js';
import { processImage } from '../integrations/image-processing.js';
import { createAccessRepository } from '../modules/access/access.repository.js';
import type { AuthUser } from '../modules/auth/auth-user.js';
import { createCorrectionsService } from '../modules/corrections/corrections.service.js';
import { createCustomerAccess } from '../modules/customers/customer-access.service.js';
import { createDecisionsRepository } from '../modules/decisions/decisions.repository.js';
import type { OrderImportService } from '../modules/orders/order-import.service.js';
import { createParcelsService } from '../modules/parcels/parcels.service.js';
import { createPhotosRepository } from '../modules/photos/photos.repository.js';
import { storePhoto } from '../modules/photos/photos.service.js';
import { createReturnCommand, type NewLedger } from '../modules/returns/create-return.js';
import type { OutboundConnection } from '../modules/returns/outbound-tasks.js';
import { createReturnsRepository } from '../modules/returns/returns.repository.js';
import { createReturnViewRepository } from '../modules/returns/return-view.repository.js';
import { createReturnViewService } from '../modules/returns/return-view.service.js';
import type { createBootstrapRepository } from './bootstrap.repository.js';
import type { DemoCustomer } from './demo-data.catalog.js';
import { demoHistory, HISTORY_CORRECTED, HISTORY_CORRECTION_COMMENT } from './demo-history.catalog.js';

/** What the history writes with: the demo load's transaction and what the load made before it. */
export interface DemoHistoryContext {
  db: DbOrTx;
  repo: ReturnType<typeof createBootstrapRepository>;
  importer: OrderImportService;
  now: Date;
  customerIds: Map<DemoCustomer['key'], number>;
  /** Books the Northwind and Contoso returns and takes in the unknown parcel (Northwind's, order unknown). */
  operator: AuthUser;
  /** Books Fabrikam's returns (the operator is not linked to it) and corrects one; absent, nothing is corrected. */
  admin: AuthUser | undefined;
  /** Where photos go (PHOTO_DIR or S3); absent, the history has no photos. */
  photoStorage: ObjectStorage | undefined;
}

export interface DemoHistoryResult {
  orders: number;
  returns: number;
  photos: number;
  correctedReturnId: number | null;
  parcelId: number;
  tasksMarkedSent: number;
}

const TASK_NOTE = 'Demo history: counted as sent (nothing was delivered)';
const HOUR_MS = 3_600_000;

/**
 * Writes the demo history (demo-history.catalog.ts) through the app's own commands: the order import,
 * the return command every submit uses (so the dashboard's roll-up triggers count it), the photo store,
 * the corrections service and the parcel intake. The outbound tasks the returns queue are marked sent:
 * returns of past weeks are not delivered again on the first start.
 */
export async function writeDemoHistory(ctx: DemoHistoryContext): Promise<DemoHistoryResult> {
  const { db, repo, importer, now, customerIds, operator } = ctx;
  const admin = ctx.admin;
  const plan = demoHistory(now);
  // The services below are typed for the pool; on the load's transaction they nest as savepoints.
  const tx = db as Db;
  const createReturn = createReturnCommand(tx);
  const photos = createPhotosRepository(tx);
  const photoOf = ctx.photoStorage ? photoMaker(photos, ctx.photoStorage) : undefined;

  let orderCount = 0;
  const returnIds: number[] = [];
  let photoCount = 0;
  let correctedReturnId: number | null = null;
  for (const [key, customerId] of customerIds) {
    const orders = plan.orders.get(key)!;
    const { summary } = await importer.importOrders(customerId, orders);
    if (summary.errors.length) throw new Error(`demo history orders of ${key} failed: ${JSON.stringify(summary.errors.slice(0, 3))}`);
    orderCount += summary.orders_created;
  }
  // Read once a customer, not once a return: the load pays for every statement.
  const returnsRepo = createReturnsRepository(tx);
  const connections = new Map<string, OutboundConnection[]>();
  for (const [key, customerId] of customerIds) connections.set(key, await returnsRepo.connectionsOf(customerId));
  const lines = new Map<string, Awaited<ReturnType<typeof repo.orderLinesBySource>>>();
  for (const [key, customerId] of customerIds) {
    const sourceIds = plan.returns.filter((r) => r.customer === key).map((r) => r.sourceId);
    for (const row of await repo.orderLinesBySource(customerId, sourceIds)) {
      const list = lines.get(row.sourceId) ?? [];
      list.push(row);
      lines.set(row.sourceId, list);
    }
  }

  for (const r of plan.returns) {
    const customerId = customerIds.get(r.customer)!;
    const orderLines = lines.get(r.sourceId)!;
    const user = r.customer === 'FS' && admin ? admin : operator;
    const photoIds = r.photo && photoOf ? [await photoOf(user, customerId, r.at)] : [];
    photoCount += photoIds.length;
    const ledgers: NewLedger[] = r.lines.map((l, n) => ({
      orderLineId: orderLines[l.line]!.lineId,
      productId: orderLines[l.line]!.productId,
      quantity: l.quantity,
      condition: l.condition,
      reason: l.reason,
      comment: l.comment,
      disposition: l.disposition,
      location: l.location,
      photoIds: n === 0 ? photoIds : [],
    }));
    const saved = await createReturn(
      {
        draftId: `demo-history-${r.index + 1}`,
        customerId,
        orderId: orderLines[0]!.orderId,
        userId: user.id,
        username: user.username,
        reference1: orderLines[0]!.orderNumber,
        reference2: null,
        returnDate: r.at.toISOString().slice(0, 10),
        isBlind: false,
        ledgers,
        missingLines: r.missing.map((m) => ({
          orderLineId: orderLines[m]!.lineId,
          productId: orderLines[m]!.productId,
          quantity: orderLines[m]!.quantity,
        })),
        decisionRules: false,
        connections: connections.get(r.customer)!,
      },
      r.at,
    );
    returnIds.push(saved.ret.id);
    if (r.index === HISTORY_CORRECTED && admin) {
      await correct(tx, admin, saved.ret.id, saved.ledgers, new Date(r.at.getTime() + 26 * HOUR_MS));
      correctedReturnId = saved.ret.id;
    }
  }
  // After the correction: its correction messages count as sent too.
  const tasksMarkedSent = await repo.markTasksSent(returnIds, TASK_NOTE);

  // Northwind's (its return label), not of no customer: a parcel of no customer is in every operator's
  // queue and dashboard, also those of the customers an e2e spec makes for itself.
  const receivedAt = new Date(now.getTime() - 26 * HOUR_MS);
  const parcelCustomer = customerIds.get('NW')!;
  const parcelPhoto = photoOf ? [await photoOf(operator, parcelCustomer, receivedAt)] : [];
  const parcels = createParcelsService({
    db: tx,
    customerAccess: createCustomerAccess(createAccessRepository(tx)),
    clock: { now: () => receivedAt },
    readKeptPhoto: () => Promise.reject(new Error('not used by the demo load')),
  });
  const parcel = await parcels.intake(operator, {
    tracking_number: 'JJD0099001234567',
    customer_id: parcelCustomer,
    sender_name: 'Hanna Keller',
    sender_address: 'Gartenweg 3, 80331 München, DE',
    note: "Northwind's return label, no paperwork inside: a hoodie and a T-shirt, no order number.",
    location: 'U-01',
    photo_ids: parcelPhoto,
  });
  photoCount += parcelPhoto.length;
  return { orders: orderCount, returns: returnIds.length, photos: photoCount, correctedReturnId, parcelId: parcel.id, tasksMarkedSent };
}

/** One correction through the corrections service, as an admin's POST would make it. */
async function correct(
  tx: Db,
  admin: AuthUser,
  returnId: number,
  ledgers: {
    id: number;
    orderLineId: number | null;
    productId: number;
    quantity: number;
    condition: string;
    reason: string;
    comment: string | null;
    disposition: string | null;
    location: string | null;
  }[],
  at: Date,
) {
  const customerAccess = createCustomerAccess(createAccessRepository(tx));
  const clock = { now: () => at };
  const returnView = createReturnViewService({
    repo: createReturnViewRepository(tx),
    photos: createPhotosRepository(tx),
    customerAccess,
    decisions: createDecisionsRepository(tx),
    clock,
  });
  const corrections = createCorrectionsService({ db: tx, customerAccess, clock, returnView });
  await corrections.correct(admin, returnId, {
    version: 1,
    comment: HISTORY_CORRECTION_COMMENT,
    lines: ledgers.map((l, n) => ({
      id: l.id,
      order_line_id: l.orderLineId,
      product_id: l.productId,
      quantity: l.quantity,
      condition: (n === 0 ? 'Scrap' : l.condition) as 'Scrap',
      reason: l.reason,
      comment: n === 0 ? 'Sole split along the seam' : (l.comment ?? ''),
      disposition: n === 0 ? 'RECYCLE' : l.disposition,
      location: n === 0 ? null : l.location,
    })),
  });
}

/**
 * A small photo of a parcel (a box with tape and a label, 320×240 JPEG, about 5 kB), stored like an
 * upload: processed, its three sizes in the photo store, its row. Drawn and processed once (sharp is
 * the slow part): every history photo is the same picture under a key of its own.
 */
function photoMaker(photos: ReturnType<typeof createPhotosRepository>, storage: ObjectStorage) {
  let image: Promise<{ bytes: Buffer; processed: Awaited<ReturnType<typeof processImage>> }> | undefined;
  return async (user: AuthUser, customerId: number | null, at: Date): Promise<number> => {
    image ??= parcelJpeg().then(async (bytes) => ({ bytes, processed: await processImage(bytes) }));
    const { bytes, processed } = await image;
    const row = await storePhoto(photos, storage, bytes, processed, { customerId, uploadedBy: user.id, now: at });
    return row.id;
  };
}

export async function parcelJpeg(): Promise<Buffer> {
  const width = 320;
  const height = 240;
  const px = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const tape = Math.abs(x - width / 2) < 18;
      const label = x > 200 && x < 290 && y > 150 && y < 215;
      const grain = ((x * 7 + y * 13) % 11) - 5;
      const [r, g, b] = label ? [245, 245, 240] : tape ? [200, 170, 120] : [176 + grain, 132 + grain, 84 + grain];
      px[i] = r;
      px[i + 1] = g;
      px[i + 2] = b;
    }
  }
  return sharp(px, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 70 })
    .toBuffer();
}
