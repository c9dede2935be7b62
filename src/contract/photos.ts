import { z } from 'zod';
import { id } from './common.js';
import { LEDGER_CONDITIONS } from './constants.js';
import { MAX_PHOTOS_PER_ITEM, PHOTO_MSG, PHOTO_SIZES } from './photo-rules.js';

export { MAX_PHOTOS_PER_ITEM, PHOTO_MSG, PHOTO_SIZES, type PhotoSize } from './photo-rules.js';

/** POST /api/photos?customer_id=: the customer the photo is for (absent: not known yet, e.g. an unknown parcel). */
export const photoUploadQuery = z.object({ customer_id: id().optional() }).strict();

export const photoParams = z.object({ id: id(), size: z.enum(PHOTO_SIZES, { error: `The size is one of ${PHOTO_SIZES.join(', ')}` }) });
export const photoIdParam = z.object({ id: id() });
export const photoLinkParams = z.object({ token: z.string().max(300) });

/** A stored photo. `stored_bytes` is what it takes in the store: original + display + thumbnail. */
export const photoView = z.object({
  id: z.number().int(),
  customer_id: z.number().int().nullable(),
  format: z.enum(['jpeg', 'png', 'webp']),
  width: z.number().int(),
  height: z.number().int(),
  sha256: z.string(),
  uploaded_bytes: z.number().int(),
  stored_bytes: z.number().int(),
  uploaded_by: z.number().int(),
  uploaded_at: z.string(),
  attached: z.boolean(),
  return_id: z.number().int().nullable(),
  ledger_id: z.number().int().nullable(),
});
export type PhotoView = z.infer<typeof photoView>;

/** A photo as a return shows it: which line (null: the whole return) and its size. */
export const photoRef = z.object({
  id: z.number().int(),
  ledger_id: z.number().int().nullable(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PhotoRef = z.infer<typeof photoRef>;

/** The photos a draft line or a draft names (uploaded already through POST /api/photos). */
export const photoIds = z
  .array(id(), { error: 'photo_ids must be a list of photo ids' })
  .max(MAX_PHOTOS_PER_ITEM, { error: PHOTO_MSG.tooMany })
  .optional()
  .default([]);

/** Per customer: the conditions whose lines need a photo before submit. */
export const photoRequiredConditions = z
  .array(z.enum(LEDGER_CONDITIONS, { error: `Conditions are ${LEDGER_CONDITIONS.join(', ')}` }))
  .max(LEDGER_CONDITIONS.length)
  .transform((list) => [...new Set(list)]);
