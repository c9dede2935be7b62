import { PARCEL_MSG, type ParcelAddPhotosBody, type ParcelDetail, type ParcelEditBody } from '../../../contract/parcels.js';
import { MAX_PHOTOS_PER_ITEM, PHOTO_MSG } from '../../../contract/photos.js';
import { AppError, conflict, invalid } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import type { AuthUser } from '../auth/auth-user.js';
import type { CustomerAccess } from '../customers/customer-access.service.js';
import { attachPhotos, checkPhotoUse } from '../photos/photo-attach.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { PhotosRepository } from '../photos/photos.repository.js';
import type { ParcelListRow, ParcelRow, ParcelsRepository } from './parcels.repository.js';
import { EDIT_SEPARATOR, PARCEL_EVENT_TEXT } from '../../../contract/timeline-texts.js';

// A photo of no customer yet is checked against "customer 0" (see checkPhotoUse): the user's own.
const NO_CUSTOMER = 0;

type Editable = Pick<ParcelRow, 'customerId' | 'senderName' | 'senderAddress' | 'note' | 'location'>;

/** How a value reads on the timeline: blank as a dash, lines joined (an address is several). */
const shown = (v: string | null) => (v ? `"${v.replace(/\s*\n\s*/g, ', ')}"` : '—');

/** What an edit changes, field by field, with the words the timeline uses. */
function changesOf(before: Editable, after: Editable, companies: { before: string | null; after: string | null }) {
  const changes: Record<string, { from: string | number | null; to: string | number | null }> = {};
  const words: string[] = [];
  const T = PARCEL_EVENT_TEXT;
  const compare = (
    field: keyof Editable,
    word: (before: string, after: string) => string,
    text: (v: Editable, side: 'before' | 'after') => string,
  ) => {
    if (before[field] === after[field]) return;
    changes[field] = { from: before[field], to: after[field] };
    words.push(word(text(before, 'before'), text(after, 'after')));
  };
  compare('location', T.shelfChanged, (v) => v.location);
  // A customer is only ever given to a parcel of none (customerKnown): 'customer unknown → …'.
  compare(
    'customerId',
    (from, to) => (companies.before === null ? T.customerGiven(to) : T.customerChanged(from, to)),
    (_, side) => companies[side] ?? 'unknown',
  );
  compare('senderName', T.senderNameChanged, (v) => shown(v.senderName));
  compare('senderAddress', T.senderAddressChanged, (v) => shown(v.senderAddress));
  compare('note', T.noteChanged, (v) => shown(v.note));
  return { changes, text: T.edited(words.join(EDIT_SEPARATOR)) };
}

/**
 * Changes to a parcel while it waits (issue 11): its shelf, sender and note, the customer once it is
 * known, and photos taken later. Each is one step on the parcel's timeline with what changed; a
 * parcel that is matched, converted or closed answers 409 and keeps what it had.
 */
export function createParcelEdits(deps: {
  /** The parcels service's unit of work: a parcel and the photos it keeps. */
  uow: UnitOfWork<{ parcels: ParcelsRepository; photos: PhotosRepository }>;
  customerAccess: CustomerAccess;
  clock: Clock;
  /** The parcel's access rule (404 unknown, 403 another customer's), as the parcels service has it. */
  requireParcel: (user: AuthUser, id: number) => Promise<ParcelListRow>;
  detail: (id: number) => Promise<ParcelDetail>;
  notWaiting: (state: string) => AppError;
}) {
  const { uow, customerAccess, clock, requireParcel } = deps;
  const actorOf = (user: AuthUser) => ({ userId: user.id, username: user.username });

  /** The customer given to a parcel of none: visible to the user (else a 403 that says so) and active. */
  async function assignable(user: AuthUser, customerId: number): Promise<string> {
    const customer = await customerAccess.require(user, customerId).catch((error: unknown) => {
      throw error instanceof AppError && error.status === 403 ? new AppError(403, PARCEL_MSG.customerNotLinked) : error;
    });
    if (customer.customerStatus !== 'Active') throw invalid('customer_id', PARCEL_MSG.customerDisabled);
    return customer.company;
  }

  return {
    async edit(user: AuthUser, id: number, body: ParcelEditBody): Promise<ParcelDetail> {
      const parcel = await requireParcel(user, id);
      if (parcel.state !== 'Waiting') throw deps.notWaiting(parcel.state);
      const customerId = body.customer_id ?? null;
      if (parcel.customerId !== null && customerId !== parcel.customerId) throw invalid('customer_id', PARCEL_MSG.customerKnown);
      const company = customerId !== null && customerId !== parcel.customerId ? await assignable(user, customerId) : parcel.company;
      const after: Editable = {
        customerId,
        senderName: body.sender_name || null,
        senderAddress: body.sender_address || null,
        note: body.note || null,
        location: body.location,
      };
      const now = clock.now();
      await uow.transaction(async (tx) => {
        const repo = tx.parcels;
        // Read again under a lock: the timeline's "before" is what this edit really replaced.
        const before = await repo.lockWaiting(id);
        if (!before) throw conflict(PARCEL_MSG.notWaiting);
        if (before.customerId !== null && before.customerId !== customerId) throw invalid('customer_id', PARCEL_MSG.customerKnown);
        const { changes, text } = changesOf(before, after, { before: before.customerId === null ? null : parcel.company, after: company });
        if (!Object.keys(changes).length) throw invalid('parcel', PARCEL_MSG.nothingChanged);
        await repo.edit(id, after);
        // Photos kept with a parcel of no customer take the customer it is given (as at intake).
        if (before.customerId === null && customerId !== null) {
          await attachPhotos(
            tx.photos,
            (await repo.photos(id)).map((p) => p.id),
            now,
            { customerId },
          );
        }
        await repo.addEvent(id, actorOf(user), 'Edited', { text, changes }, now);
      });
      return deps.detail(id);
    },

    async addPhotos(user: AuthUser, id: number, body: ParcelAddPhotosBody): Promise<ParcelDetail> {
      const parcel = await requireParcel(user, id);
      if (parcel.state !== 'Waiting') throw deps.notWaiting(parcel.state);
      await checkPhotoUse(uow.repos.photos, user, parcel.customerId ?? NO_CUSTOMER, [{ field: 'photo_ids', ids: body.photo_ids }]);
      const repo = uow.repos.parcels;
      if ((await repo.photosOfParcels(body.photo_ids)).length) throw invalid('photo_ids', PARCEL_MSG.photoOfOtherParcel);
      const now = clock.now();
      try {
        await uow.transaction(async (tx) => {
          const locked = tx.parcels;
          if (!(await locked.lockWaiting(id))) throw conflict(PARCEL_MSG.notWaiting);
          const has = (await locked.photos(id)).length;
          if (has + body.photo_ids.length > MAX_PHOTOS_PER_ITEM) {
            throw invalid('photo_ids', PARCEL_MSG.tooManyPhotos(MAX_PHOTOS_PER_ITEM, has));
          }
          await locked.addPhotos(id, body.photo_ids, now);
          const kept = await attachPhotos(tx.photos, body.photo_ids, now, { customerId: parcel.customerId ?? undefined });
          // A return or the cleanup took a photo since the check: nothing is added.
          if (kept !== body.photo_ids.length) throw conflict(PHOTO_MSG.alreadyUsed);
          const n = body.photo_ids.length;
          const text = n === 1 ? PARCEL_EVENT_TEXT.onePhotoAdded(has + n) : PARCEL_EVENT_TEXT.photosAdded(n, has + n);
          await locked.addEvent(id, actorOf(user), 'Photos added', { text, photo_ids: body.photo_ids }, now);
        });
      } catch (error) {
        if (isUniqueViolation(error, 'parcel_photos_photo_key')) throw invalid('photo_ids', PARCEL_MSG.photoOfOtherParcel);
        throw error;
      }
      return deps.detail(id);
    },
  };
}
