// Zod-free photo limits and messages shared by the server and the SPA (the photo capture imports
// them without pulling zod in; photos.ts re-exports them beside the schemas).

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
