// The texts the server writes onto timelines (issue 24): a parcel's steps and a task's two lines. They
// are stored and sent in English, as before; the API adds their codes (src/contract/message-codes.ts),
// so the SPA shows them in the reader's language. The server builds each text with these functions,
// so a text and its code cannot drift apart. Where two texts start alike, the longer one comes first:
// codes are found by matching the texts in this order (codeOfIn).
import { z } from 'zod';

type Part = string | number;

/** A parcel's timeline steps (issue 11). */
export const PARCEL_EVENT_TEXT = {
  receivedForOnePhoto: (company: Part, shelf: Part) => `Received for ${company} with 1 photo, parked on shelf ${shelf}`,
  receivedForPhotos: (company: Part, count: Part, shelf: Part) => `Received for ${company} with ${count} photos, parked on shelf ${shelf}`,
  receivedFor: (company: Part, shelf: Part) => `Received for ${company}, parked on shelf ${shelf}`,
  receivedUnknownOnePhoto: (shelf: Part) => `Received (customer unknown) with 1 photo, parked on shelf ${shelf}`,
  receivedUnknownPhotos: (count: Part, shelf: Part) => `Received (customer unknown) with ${count} photos, parked on shelf ${shelf}`,
  receivedUnknown: (shelf: Part) => `Received (customer unknown), parked on shelf ${shelf}`,
  /** The reason is a close reason's code (PARCEL_CLOSE_REASONS), which the SPA names. */
  closedWithComment: (reason: Part, comment: Part) => `Closed without a return: ${reason} (${comment})`,
  closed: (reason: Part) => `Closed without a return: ${reason}`,
  converted: (returnId: Part) => `Converted to blind return #${returnId}`,
  matched: (order: Part, returnId: Part) => `Matched to order ${order}: return #${returnId}`,
  onePhotoAdded: (all: Part) => `Added 1 photo (${all} in all)`,
  photosAdded: (count: Part, all: Part) => `Added ${count} photos (${all} in all)`,
  /** `changes`: the changes below, joined with '; ' (each has its own code: text_codes[1…]). */
  edited: (changes: Part) => `Edited: ${changes}`,
  shelfChanged: (before: Part, after: Part) => `shelf ${before} → ${after}`,
  customerGiven: (after: Part) => `customer unknown → ${after}`,
  customerChanged: (before: Part, after: Part) => `customer ${before} → ${after}`,
  senderNameChanged: (before: Part, after: Part) => `sender name ${before} → ${after}`,
  senderAddressChanged: (before: Part, after: Part) => `sender address ${before} → ${after}`,
  noteChanged: (before: Part, after: Part) => `note ${before} → ${after}`,
} as const;

/** The changes of an 'Edited' step are joined with this. */
export const EDIT_SEPARATOR = '; ';

/** A task's Message 1 (what it is about) and Message 2 (how it went), as the server writes them. */
export const TASK_TEXT = {
  returnCorrection: (returnId: Part, version: Part) => `Return #${returnId} correction ${version}`,
  returnTask: (returnId: Part) => `Return #${returnId}`,
  order: (order: Part) => `Order ${order}`,
  passwordReset: (username: Part) => `Password reset for ${username}`,
  scheduledReport: (company: Part, from: Part, to: Part) => `Scheduled report ${company} ${from} – ${to}`,
  returnReport: (company: Part, from: Part, to: Part) => `Return report ${company} ${from} – ${to}`,
  reportFor: (recipients: Part) => `for ${recipients}`,
  endpointPaused: (endpoint: Part) => `Webhook endpoint #${endpoint} paused`,
  redelivery: (endpoint: Part) => `Redelivery to endpoint #${endpoint}`,
  /** `event`: the webhook event's type (a code, e.g. return.created). */
  delivery: (event: Part, endpoint: Part) => `${event} to endpoint #${endpoint}`,
  inboundScan: 'Inbound folder scan',
  inboundFile: (name: Part) => `File ${name}`,
  // Message 2
  fileCorrection: (messageId: Part, fileName: Part, original: Part) => `Msg #${messageId} ${fileName} (correction of Msg #${original})`,
  file: (messageId: Part, fileName: Part) => `Msg #${messageId} ${fileName}`,
  shopReturnCorrection: (shopReturn: Part, version: Part) => `Shop return ${shopReturn} (correction ${version})`,
  shopReturn: (shopReturn: Part) => `Shop return ${shopReturn}`,
  postedCorrection: (version: Part) => `Posted to the web shop (correction ${version})`,
  posted: 'Posted to the web shop',
  reportMailed: (lines: Part, email: Part) => `${lines} line(s) mailed to ${email}`,
  newFiles: (count: Part) => `${count} new file(s)`,
  noNewFiles: 'No new files',
  fileGone: 'The file is no longer in the inbound folder',
  ordersImported: (created: Part, known: Part, company: Part) => `${created} new order(s), ${known} known, customer ${company}`,
  expectedImported: (created: Part, known: Part, company: Part) => `${created} new expected return(s), ${known} known, customer ${company}`,
  badRows: (count: Part) => `The file has ${count} bad row(s); nothing was imported`,
  workerStopped: 'The worker stopped while running this task.',
} as const;

/** A text's code and the values of its parts (`{0}`, `{1}`…), as the envelope's `codes` carry them. */
export const textCode = z.object({ code: z.string(), params: z.record(z.string(), z.string()).optional() });
export type TextCodeView = z.infer<typeof textCode>;
