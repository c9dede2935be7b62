import { z } from 'zod';
import { id } from './common.js';
import { LEDGER_CONDITIONS } from './constants.js';

/** Photo evidence (issue 16): what the API says about a photo, and the sizes it serves. */
export const PHOTO_SIZES = ['thumb', 'display', 'original'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/** At most this many photos per line and per return. */
export const MAX_PHOTOS_PER_ITEM = 12;

export const PHOTO_MSG = {
  notAnImage: 'The file is not a JPEG, PNG or WebP image.',
  empty: 'The photo is empty.',
  sendBytes: 'Send the photo itself as the request body, with an image content type (JPEG, PNG or WebP).',
  tooLarge: (mb: number) => `The photo is larger than ${mb} MB. Take it at a lower resolution or send a smaller file.`,
  notFound: 'Photo not found.',
  linkInvalid: 'This photo link is invalid or has expired.',
  keptByReturn: 'This photo belongs to a saved return and cannot be removed.',
  unknownPhoto: 'A photo of this return does not exist any more (photos of a draft left for a day are removed); take it again.',
  otherCustomer: "A photo of this return was taken for another customer's return.",
  alreadyUsed: 'A photo of this return already belongs to another return.',
  usedTwice: 'The same photo is attached twice in this return.',
  tooMany: `At most ${MAX_PHOTOS_PER_ITEM} photos per line and per return.`,
  required: (condition: string, line: string) => `A photo is required for ${condition} lines: ${line} has none.`,
} as const;

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
