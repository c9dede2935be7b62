import { SecretBox } from '../lib/crypto.js';
import { createPhotoLinker, createPhotoLinks } from '../modules/photos/photo-links.js';
import type { PhotoLinkInput, ReturnFileInput } from '../integrations/return-file.format.js';

/**
 * The examples of docs/integrations.md as builder input: return-file.format.test.ts checks that the
 * documented files are exactly what the code makes of them.
 */

/** Return 1042 of docs/integrations.md, the example every version documents. */
export const example: ReturnFileInput = {
  ret: {
    id: 1042,
    returnDate: '2026-11-20',
    isBlind: false,
    reference1: 'RMA-88121',
    reference2: 'Pallet 4',
    username: 'jdoe',
    createdAt: new Date('2026-11-20T14:03:11.000Z'),
  },
  customer: { id: 7 },
  order: {
    deliveryNumber: '80012345',
    orderNumber: '4500099812',
    webOrderNumber: 'WEB-77120',
    buyerReference: 'PO-5531',
    orderType: 'B2C',
    source: 'Biztalk',
    sourceId1: 'SO-2026-5531',
  },
  lines: [
    {
      orderLineNumber: 1,
      sku: 'TS-42-BLU',
      upc: '0012345678905',
      name1: 'Trail Shoe Blue 42',
      quantity: 2,
      condition: 'Reconditioning',
      reason: 'DAMAGED',
      reasonText: 'Damaged in transit',
      comment: 'Sole loose on one shoe',
      disposition: 'REFURBISH',
      dispositionText: 'Refurbish',
      location: null,
      discrepancy: null,
      replacesOrderLineNumber: null,
    },
    {
      orderLineNumber: 3,
      sku: 'RJ-M-OCH',
      upc: '0012345678912',
      name1: 'Rain Jacket Ochre M',
      quantity: 1,
      condition: 'Pristine',
      reason: 'WRONG_SIZE',
      reasonText: 'Wrong size',
      comment: null,
      disposition: 'RESTOCK',
      dispositionText: 'Restock',
      location: 'BIN-A-01-03',
      discrepancy: null,
      replacesOrderLineNumber: null,
    },
  ],
};

/** The documented links: signed like the app signs them (APP_SECRET `docs-example`, 365 days from the submit). */
const link = createPhotoLinker(createPhotoLinks(new SecretBox('docs-example'), 365), 'https://returns.example.com');
const photoAt = (id: number, at: Date): PhotoLinkInput => ({ id, url: link(id, 'display', at), originalUrl: link(id, 'original', at) });
const photo = (id: number) => photoAt(id, example.ret.createdAt);
const correctedAt = new Date('2026-11-21T09:12:40.118Z');

/**
 * Version 2's example adds a wrong item (instead of order line 2), a missing order line, and photos:
 * two of the damaged shoes (line 1), one of the wrong item (line 3) and one of the parcel as it arrived.
 */
export const exampleV2: ReturnFileInput = {
  ...example,
  photos: [photo(310)],
  lines: [
    { ...example.lines[0]!, photos: [photo(311), photo(312)] },
    example.lines[1]!,
    {
      orderLineNumber: null,
      sku: 'RJ-L-OCH',
      upc: '0012345678929',
      name1: 'Rain Jacket Ochre L',
      quantity: 1,
      condition: 'Pristine',
      reason: 'WRONG_SIZE',
      reasonText: 'Wrong size',
      comment: null,
      disposition: 'QUARANTINE',
      dispositionText: 'Quarantine',
      location: null,
      discrepancy: 'WRONG_ITEM',
      replacesOrderLineNumber: 2,
      photos: [photo(313)],
    },
  ],
  missingLines: [{ orderLineNumber: 4, sku: 'SK-GRY-42', upc: '0012345678936', name1: 'Merino Socks Grey 42', quantity: 2 }],
};
export const header = {
  sender: 'SGL',
  receiver: 'ACME-BT',
  schema: 'Default',
  messageId: 5001,
  createdAt: new Date('2026-11-20T14:03:14.512Z'),
};

/**
 * The documented correction of the version-2 example (message 5007, return version 2): the damaged shoes
 * were one pair only, scrapped and sent to recycling. The photos are the same; their links start at the
 * correction, so they carry a later expiry (and another signature) than the original message's.
 */
export const correctionV2: ReturnFileInput = {
  ...exampleV2,
  photos: [photoAt(310, correctedAt)],
  lines: exampleV2.lines.map((l, i) => ({
    ...l,
    photos: l.photos?.map((p) => photoAt(p.id, correctedAt)),
    ...(i === 0 ? { quantity: 1, condition: 'Scrap', disposition: 'RECYCLE', dispositionText: 'Recycle' } : {}),
  })),
  correction: {
    version: 2,
    originalMessageId: 5001,
    correctedBy: 'admin',
    correctedAt,
    comment: 'One shoe only; scrapped',
  },
};
export const correctionHeader = { ...header, messageId: 5007, createdAt: new Date('2026-11-21T09:12:41.204Z') };

/**
 * Format version 3 (issue 27): the version-2 example with inspections: the shoes graded C after a
 * "no" on the sole check (steps answered, serial shipped), the jacket graded A with a serial that was
 * not shipped and had come back before, the wrong item without any.
 */
export const exampleV3: ReturnFileInput = {
  ...exampleV2,
  lines: [
    {
      ...exampleV2.lines[0]!,
      grade: 'C',
      gradeName: 'Refurbish',
      stepAnswers: [
        { text: 'Soles without wear?', kind: 'yes_no', answer: 'no' },
        { text: 'Photograph the box label', kind: 'photo', answer: 'done' },
      ],
      serial: 'SN-0042-A',
      serialShipped: true,
      serialRepeated: false,
    },
    {
      ...exampleV2.lines[1]!,
      grade: 'A',
      gradeName: 'Like new',
      stepAnswers: null,
      serial: 'SN-9001',
      serialShipped: false,
      serialRepeated: true,
    },
    exampleV2.lines[2]!,
  ],
};
