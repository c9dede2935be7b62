import {
  PARCEL_LIMITS,
  PARCEL_MSG,
  type ParcelCloseBody,
  type ParcelDetail,
  type ParcelIntakeBody,
  type ParcelPage,
  type ParcelQueueQuery,
} from '../../../contract/parcels.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { AppError, conflict, invalid, notFound } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import { PHOTO_MSG, type PhotoSize } from '../../../contract/photos.js';
import { attachPhotos, checkPhotoUse } from '../photos/photo-attach.js';
import { createPhotosRepository } from '../photos/photos.repository.js';
import type { PhotoImage } from '../photos/photos.service.js';
import { createParcelEdits } from './parcel-edits.js';
import { presentParcel, presentParcelEvent } from './parcel.presenter.js';
import { createWebhookEventsRepository } from '../webhooks/webhook-events.repository.js';
import { createParcelsRepository, type ParcelActor, type ParcelFilter, type ParcelListRow } from './parcels.repository.js';
import { PARCEL_EVENT_TEXT } from '../../../contract/timeline-texts.js';

const trackingWaiting = () => invalid('tracking_number', PARCEL_MSG.trackingWaiting);
const photoOfOtherParcel = () => invalid('photo_ids', PARCEL_MSG.photoOfOtherParcel);
// checkPhotoUse compares a photo's customer with this: no customer has id 0, so a photo taken for a
// customer cannot go on a parcel of no customer, and one of no customer must be the user's own.
const NO_CUSTOMER = 0;
export const actorOf = (user: AuthUser): ParcelActor => ({ userId: user.id, username: user.username });

/** The repositories a parcel's writes use together: the parcel and the photos it keeps. */
const parcelRepos = (db: DbOrTx) => ({
  parcels: createParcelsRepository(db),
  photos: createPhotosRepository(db),
  webhookEvents: createWebhookEventsRepository(db),
});

/**
 * The access rule of a parcel, for every service that takes a parcel id: unknown → 404; a parcel of
 * a customer the user is not linked to → 403; a parcel without a customer is every staff member's
 * (a brand user's never: 403).
 */

/** The 'Received' step: for whom (if known), with how many photos, on which shelf. */
function receivedText(company: string | null | undefined, photos: number, shelf: string): string {
  const T = PARCEL_EVENT_TEXT;
  if (company) {
    if (!photos) return T.receivedFor(company, shelf);
    return photos === 1 ? T.receivedForOnePhoto(company, shelf) : T.receivedForPhotos(company, photos, shelf);
  }
  if (!photos) return T.receivedUnknown(shelf);
  return photos === 1 ? T.receivedUnknownOnePhoto(shelf) : T.receivedUnknownPhotos(photos, shelf);
}
export function createParcelAccess(deps: { db: Db; customerAccess: CustomerAccess }) {
  const repo = createParcelsRepository(deps.db);
  return async function requireParcel(user: AuthUser, parcelId: number): Promise<ParcelListRow> {
    const parcel = await repo.find(parcelId);
    if (!parcel) throw notFound(PARCEL_MSG.notFound);
    if (parcel.customerId !== null) await deps.customerAccess.require(user, parcel.customerId);
    else deps.customerAccess.requireUnassigned(user);
    return parcel;
  };
}
export type RequireParcel = ReturnType<typeof createParcelAccess>;

/** Unknown parcels (issue 11): intake, the queue, one parcel with its timeline, closing without a return. */
export function createParcelsService(deps: {
  db: Db;
  customerAccess: CustomerAccess;
  clock: Clock;
  /** The photo store's read of a kept photo (the parcel's access is checked here). */
  readKeptPhoto: (photoId: number, size: PhotoSize) => Promise<PhotoImage>;
}) {
  const { db, customerAccess, clock } = deps;
  const requireParcel = createParcelAccess(deps);
  const uow = unitOfWork(db, parcelRepos);
  const { parcels, photos } = uow.repos;

  async function detail(id: number): Promise<ParcelDetail> {
    const repo = parcels;
    const [parcel, events, photos] = [await repo.find(id), await repo.events(id), await repo.photos(id)];
    if (!parcel) throw notFound(PARCEL_MSG.notFound);
    return { ...presentParcel(parcel, clock.now()), events: events.map(presentParcelEvent), photos };
  }

  return {
    requireParcel,
    ...createParcelEdits({ uow, customerAccess, clock, requireParcel, detail, notWaiting }),

    async list(user: AuthUser, q: ParcelQueueQuery): Promise<ParcelPage> {
      const filter: ParcelFilter = { state: q.state, age: q.age, trackingNumber: q.tracking_number };
      if (typeof q.customer_id === 'number') {
        await customerAccess.require(user, q.customer_id);
        filter.customerId = q.customer_id;
      } else if (q.customer_id === 'none') {
        customerAccess.requireUnassigned(user);
        filter.customerId = 'none';
      }
      if (!user.isSu) {
        filter.visibleCustomerIds = (await customerAccess.listVisible(user)).map((c) => c.id);
        filter.withUnassigned = customerAccess.seesUnassigned(user);
      }
      const perPage = PARCEL_LIMITS.pageSize;
      const now = clock.now();
      // The page and its total in one read-only snapshot, so they agree while parcels come in.
      const { rows, total } = await uow.transaction((tx) => tx.parcels.page(filter, now, q.page, perPage), {
        isolationLevel: 'repeatable read',
        accessMode: 'read only',
      });
      return {
        data: rows.map((r) => presentParcel(r, now)),
        on_page: q.page,
        per_page: perPage,
        total_records: total,
        total_pages: Math.ceil(total / perPage),
      };
    },

    async read(user: AuthUser, id: number): Promise<ParcelDetail> {
      await requireParcel(user, id);
      return detail(id);
    },

    async intake(user: AuthUser, body: ParcelIntakeBody): Promise<ParcelDetail> {
      let company: string | null = null;
      if (body.customer_id) {
        const customer = await customerAccess.require(user, body.customer_id);
        if (customer.customerStatus !== 'Active') throw invalid('customer_id', PARCEL_MSG.customerDisabled);
        company = customer.company;
      }
      if (await parcels.findWaitingByTracking(body.tracking_number)) throw trackingWaiting();
      await checkPhotoUse(photos, user, body.customer_id ?? NO_CUSTOMER, [{ field: 'photo_ids', ids: body.photo_ids }]);
      if ((await parcels.photosOfParcels(body.photo_ids)).length) throw photoOfOtherParcel();
      const now = clock.now();
      try {
        const id = await uow.transaction(async (tx) => {
          const repo = tx.parcels;
          const parcel = await repo.insert({
            trackingNumber: body.tracking_number,
            customerId: body.customer_id ?? null,
            senderName: body.sender_name || null,
            senderAddress: body.sender_address || null,
            note: body.note || null,
            location: body.location,
            receivedAt: now,
            receivedBy: user.id,
            receivedByName: user.username,
          });
          await repo.addPhotos(parcel.id, body.photo_ids, now);
          // Kept by the photo store from now on; a photo taken meanwhile by a return rolls this back.
          const kept = await attachPhotos(tx.photos, body.photo_ids, now, { customerId: body.customer_id ?? undefined });
          if (kept !== new Set(body.photo_ids).size) throw conflict(PHOTO_MSG.alreadyUsed);
          const text = receivedText(company, body.photo_ids.length, body.location);
          await repo.addEvent(parcel.id, actorOf(user), 'Received', { text, location: body.location, customer_id: parcel.customerId }, now);
          if (parcel.customerId !== null) {
            const data = {
              parcel_id: parcel.id,
              tracking_number: parcel.trackingNumber,
              sender_name: parcel.senderName,
              note: parcel.note,
              location: parcel.location,
              photo_count: body.photo_ids.length,
              received_at: now.toISOString(),
              received_by: user.username,
            };
            await tx.webhookEvents.emit(
              { customerId: parcel.customerId, eventType: 'parcel.received', subject: `parcel:${parcel.id}`, data },
              now,
            );
          }
          return parcel.id;
        });
        return await detail(id);
      } catch (error) {
        // Two scans of one parcel at the same moment: the partial unique index lets one in.
        if (isUniqueViolation(error, 'parcels_waiting_tracking_key')) throw trackingWaiting();
        if (isUniqueViolation(error, 'parcel_photos_photo_key')) throw photoOfOtherParcel();
        throw error;
      }
    },

    /** A photo of the parcel as an image; another parcel's photo id here is a 404. */
    async photo(user: AuthUser, parcelId: number, photoId: number, size: PhotoSize): Promise<PhotoImage> {
      await requireParcel(user, parcelId);
      const mine = await parcels.photos(parcelId);
      if (!mine.some((p) => p.id === photoId)) throw notFound(PHOTO_MSG.notFound);
      return deps.readKeptPhoto(photoId, size);
    },

    async close(user: AuthUser, id: number, body: ParcelCloseBody): Promise<ParcelDetail> {
      const parcel = await requireParcel(user, id);
      if (parcel.state !== 'Waiting') throw notWaiting(parcel.state);
      const now = clock.now();
      await uow.transaction(async (tx) => {
        const repo = tx.parcels;
        const closed = await repo.finish(id, { state: 'Closed', closeReason: body.reason }, now);
        // Closed or matched by someone else between the read and this write.
        if (!closed) throw conflict(PARCEL_MSG.notWaiting);
        const text = body.comment ? PARCEL_EVENT_TEXT.closedWithComment(body.reason, body.comment) : PARCEL_EVENT_TEXT.closed(body.reason);
        await repo.addEvent(id, actorOf(user), 'Closed', { text, reason: body.reason, comment: body.comment || null }, now);
      });
      return detail(id);
    },
  };
}
export type ParcelsService = ReturnType<typeof createParcelsService>;

/** 409 naming what the parcel became. */
export const notWaiting = (state: string): AppError => conflict(`${PARCEL_MSG.notWaiting} (${state.toLowerCase()})`);
