import { z } from 'zod';
import { blankOr, id, pageOf, requiredText, text } from './common.js';
import { MAX_PHOTOS_PER_ITEM, PHOTO_MSG, PHOTO_SIZES, photoIds } from './photos.js';
import {
  PARCEL_AGE_LEVELS,
  PARCEL_CLOSE_REASONS,
  PARCEL_LIMITS,
  PARCEL_MSG,
  PARCEL_STATES,
  type ParcelAgeLevel,
  type ParcelState,
} from './parcel-rules.js';
import { optionalText } from './returns.js';
import { textCode } from './timeline-texts.js';

export {
  PARCEL_AGE_LEVELS,
  PARCEL_CLOSE_REASONS,
  PARCEL_LIMITS,
  PARCEL_MSG,
  PARCEL_STATES,
  parcelAgeLevel,
  type ParcelAgeLevel,
  type ParcelCloseReason,
  type ParcelState,
} from './parcel-rules.js';

/** A carrier tracking number as scanned or typed: spaces dropped (people type them in groups). */
export const trackingNumber = text(PARCEL_MSG.trackingRequired)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: PARCEL_MSG.trackingRequired, abort: true })
      .regex(new RegExp(`^[A-Za-z0-9-]{${PARCEL_LIMITS.trackingMin},${PARCEL_LIMITS.trackingMax}}$`), {
        error: PARCEL_MSG.trackingInvalid,
      }),
  );

/** POST /api/parcels: the intake form. */
export const parcelIntakeBody = z.object({
  tracking_number: trackingNumber,
  customer_id: id('Invalid customer').nullish(),
  sender_name: optionalText(200),
  sender_address: optionalText(500),
  note: optionalText(1000),
  location: requiredText(PARCEL_MSG.locationRequired, 50),
  /** Photos uploaded first through POST /api/photos (issue 16), kept with the parcel. */
  photo_ids: photoIds,
});
export type ParcelIntakeBody = z.infer<typeof parcelIntakeBody>;

/**
 * PUT /api/parcels/{id}: a waiting parcel's editable fields, all of them (the form sends what it
 * shows). The customer can only be given to a parcel that has none yet.
 */
export const parcelEditBody = z.object({
  customer_id: id('Invalid customer').nullish(),
  sender_name: optionalText(200),
  sender_address: optionalText(500),
  note: optionalText(1000),
  location: requiredText(PARCEL_MSG.locationRequired, 50),
});
export type ParcelEditBody = z.infer<typeof parcelEditBody>;

/** POST /api/parcels/{id}/photos: photos taken later (uploaded first through POST /api/photos). */
export const parcelAddPhotosBody = z.object({
  photo_ids: z
    .array(id(), { error: 'photo_ids must be a list of photo ids' })
    .min(1, { error: PARCEL_MSG.photosRequired })
    .max(MAX_PHOTOS_PER_ITEM, { error: PHOTO_MSG.tooMany }),
});
export type ParcelAddPhotosBody = z.infer<typeof parcelAddPhotosBody>;

/** POST /api/parcels/{id}/close. */
export const parcelCloseBody = z.object({
  reason: z.enum(PARCEL_CLOSE_REASONS, { error: PARCEL_MSG.reasonInvalid }),
  comment: optionalText(500),
});
export type ParcelCloseBody = z.infer<typeof parcelCloseBody>;

const noFilter = <T>(v: T | '' | 'All' | undefined): T | undefined => (v === '' || v === 'All' ? undefined : v);

/** GET /api/parcels: the queue. '' and 'All' mean no filter; customer 'none' = parcels without a customer. */
export const parcelQueueQuery = z.strictObject({
  page: z
    .union(
      [
        z.literal(''),
        z.coerce
          .number({ error: PARCEL_MSG.pageInvalid })
          .int({ error: PARCEL_MSG.pageInvalid })
          .min(1, { error: PARCEL_MSG.pageInvalid })
          .max(1_000_000, { error: PARCEL_MSG.pageInvalid }),
      ],
      { error: PARCEL_MSG.pageInvalid },
    )
    .optional()
    .transform((v) => noFilter(v) ?? 1),
  customer_id: z
    .union([z.enum(['All', '', 'none']), id(PARCEL_MSG.customerInvalid)], { error: PARCEL_MSG.customerInvalid })
    .optional()
    .transform(noFilter<number | 'none'>),
  state: z
    .enum(['All', '', ...PARCEL_STATES], { error: PARCEL_MSG.stateInvalid })
    .optional()
    .transform(noFilter<ParcelState>),
  age: z
    .enum(['All', '', ...PARCEL_AGE_LEVELS], { error: PARCEL_MSG.ageInvalid })
    .optional()
    .transform(noFilter<ParcelAgeLevel>),
  /** Exact tracking number, any case (Receiving's Order Search looks parcels up with it). */
  tracking_number: blankOr(trackingNumber)
    .optional()
    .transform(noFilter<string>),
});
export type ParcelQueueQuery = z.infer<typeof parcelQueueQuery>;

/** One parcel as the queue and the detail show it. */
export const parcelView = z.object({
  id: z.number().int(),
  tracking_number: z.string(),
  customer_id: z.number().int().nullable(),
  company: z.string().nullable(),
  sender_name: z.string().nullable(),
  sender_address: z.string().nullable(),
  note: z.string().nullable(),
  location: z.string(),
  state: z.enum(PARCEL_STATES),
  close_reason: z.string().nullable(),
  return_id: z.number().int().nullable(),
  /** The Return View path of the return it became, if any. */
  return_path: z.string().nullable(),
  received_at: z.string(),
  received_by: z.string(),
  closed_at: z.string().nullable(),
  /** Whole days waited (until now, or until it was closed). */
  age_days: z.number().int(),
  age_level: z.enum(PARCEL_AGE_LEVELS),
  amber_days: z.number().int(),
  red_days: z.number().int(),
});
export type ParcelView = z.infer<typeof parcelView>;

export const parcelPage = pageOf(parcelView);
export type ParcelPage = z.infer<typeof parcelPage>;

/** One step of a parcel's own timeline. */
export const parcelEventView = z.object({
  id: z.number().int(),
  action: z.string(),
  /** In English, as stored. */
  text: z.string(),
  /**
   * The text's codes (issue 24, src/contract/timeline-texts.ts), for a client that translates: the
   * sentence's, then for an edit one per change, whose texts joined with '; ' fill the sentence's {0}.
   * Empty for a text of no code (shown as it is).
   */
  text_codes: z.array(textCode),
  username: z.string(),
  created_at: z.string(),
});
export type ParcelEventView = z.infer<typeof parcelEventView>;

/** GET /api/parcels/{id}: the parcel with its timeline. */
export const parcelDetail = parcelView.extend({
  events: z.array(parcelEventView),
  photos: z.array(z.object({ id: z.number().int(), width: z.number().int(), height: z.number().int() })),
});
export type ParcelDetail = z.infer<typeof parcelDetail>;

/** The age limits of a customer's parcels, as the customer drawer edits them (undefined keeps the stored ones). */
export const parcelAgeLimitFields = {
  parcel_amber_days: z.coerce
    .number({ error: PARCEL_MSG.amberInvalid })
    .int({ error: PARCEL_MSG.amberInvalid })
    .min(1, { error: PARCEL_MSG.amberInvalid })
    .max(PARCEL_LIMITS.maxAgeDays, { error: PARCEL_MSG.amberInvalid })
    .optional(),
  parcel_red_days: z.coerce
    .number({ error: PARCEL_MSG.redInvalid })
    .int({ error: PARCEL_MSG.redInvalid })
    .min(1, { error: PARCEL_MSG.redInvalid })
    .max(PARCEL_LIMITS.maxAgeDays, { error: PARCEL_MSG.redInvalid })
    .optional(),
};

export const parcelIdParam = z.object({ id: id() });
export const parcelPhotoParams = z.object({
  id: id(),
  photoId: id(),
  size: z.enum(PHOTO_SIZES, { error: `The size is one of ${PHOTO_SIZES.join(', ')}` }),
});
