import { XMLBuilder } from 'fast-xml-parser';
import { formatHas, type OutboundFormatVersion } from '../../contract/format-version.js';

/** One returned line as the outbound file shows it. */
export interface ReturnFileLineInput {
  orderLineNumber: number | null;
  sku: string;
  upc: string | null;
  name1: string;
  quantity: number;
  condition: string;
  reason: string;
  reasonText: string | null;
  comment: string | null;
  /** Format version 2 on (docs/integrations.md "Format versions"); absent reads as empty. */
  disposition?: string | null;
  dispositionText?: string | null;
  location?: string | null;
  /** WRONG_ITEM or EXTRA_ITEM; null for a line of the order as expected. */
  discrepancy?: string | null;
  /** A wrong item: the line number of the order line it came instead of, when known. */
  replacesOrderLineNumber?: number | null;
  /** The line's photos (format version 2 on). */
  photos?: PhotoLinkInput[];
}

/**
 * A photo as outbound messages carry it (format version 2 on): signed links that work without a login
 * for PHOTO_LINK_DAYS, to the display size (1600 px WebP) and to the original (full size, metadata removed).
 */
export interface PhotoLinkInput {
  id: number;
  url: string;
  originalUrl: string;
}

/** An order line the operator confirmed missing from the parcel (format version 2 on). */
export interface ReturnFileMissingInput {
  orderLineNumber: number;
  sku: string;
  upc: string | null;
  name1: string;
  quantity: number;
}

/**
 * What an outbound return file is built from: plain values, so this format knows no repository.
 * (tasks/outbound-data.repository.ts reads exactly this and more.)
 */
export interface ReturnFileInput {
  ret: {
    id: number;
    returnDate: string;
    isBlind: boolean;
    reference1: string | null;
    reference2: string | null;
    username: string;
    createdAt: Date;
  };
  customer: { id: number };
  order: {
    deliveryNumber: string | null;
    orderNumber: string | null;
    webOrderNumber: string | null;
    buyerReference: string | null;
    orderType: string | null;
    source: string;
    sourceId1: string | null;
  } | null;
  lines: ReturnFileLineInput[];
  missingLines?: ReturnFileMissingInput[];
  /** Photos of the whole return (the parcel as it arrived, the label); format version 2 on. */
  photos?: PhotoLinkInput[];
  /** Set for a correction message: the full corrected return, referencing the return's first message. */
  correction?: CorrectionInput;
}

/** What a correction message adds to the envelope (docs/integrations.md "Corrections"). */
export interface CorrectionInput {
  /** The return's version this message carries: 2 for the first correction, 3 for the next, … */
  version: number;
  /** The message id of the return's first (submitted) message on the same connection. */
  originalMessageId: number;
  correctedBy: string;
  correctedAt: Date;
  comment: string;
}

/** Units per discrepancy of a return: what the version-2 totals say. */
export function discrepancyTotals(data: Pick<ReturnFileInput, 'lines' | 'missingLines'>) {
  const units = (kind: string) => data.lines.reduce((n, l) => n + (l.discrepancy === kind ? l.quantity : 0), 0);
  const missing = (data.missingLines ?? []).reduce((n, m) => n + m.quantity, 0);
  const wrongItems = units('WRONG_ITEM');
  const extraItems = units('EXTRA_ITEM');
  return { missing, wrongItems, extraItems, total: missing + wrongItems + extraItems };
}

/** The BizTalk envelope around every outbound file (docs/integrations.md "Outbound XML"). */
export interface EnvelopeHeader {
  sender: string;
  receiver: string;
  schema: string;
  messageId: number;
  createdAt: Date;
}

export type ReturnFileFormat = 'XML' | 'FLAT';

/** RET_<return id>_<message id>.xml / .txt: unique, and the same on every retry of one task. */
export const returnFileName = (returnId: number, messageId: number, format: ReturnFileFormat) =>
  `RET_${returnId}_${messageId}.${format === 'FLAT' ? 'txt' : 'xml'}`;

const opt = (v: string | null | undefined) => v ?? '';

/**
 * The XML return file. Version 1 is the original format; later versions add elements (never change
 * one), each gated by `formatHas` so a version-1 receiver gets exactly what it always got.
 */
export function buildReturnXml(data: ReturnFileInput, header: EnvelopeHeader, version: OutboundFormatVersion = 1): string {
  const { ret, order, lines } = data;
  const dispositions = formatHas(version, 'dispositions');
  const discrepancies = formatHas(version, 'discrepancies');
  const photoLinks = formatHas(version, 'photoLinks');
  const totals = discrepancyTotals(data);
  const missing = data.missingLines ?? [];
  const photosXml = (list: PhotoLinkInput[] | undefined) =>
    list?.length ? { Photo: list.map((p) => ({ PhotoId: p.id, Url: p.url, OriginalUrl: p.originalUrl })) } : '';
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Envelope: {
      Header: {
        Sender: header.sender,
        Receiver: header.receiver,
        Schema: header.schema,
        MessageId: header.messageId,
        MessageType: data.correction ? 'ReturnCorrection' : 'Return',
        ...(data.correction && { OriginalMessageId: data.correction.originalMessageId, ReturnVersion: data.correction.version }),
        Created: header.createdAt.toISOString(),
        ...(version > 1 ? { FormatVersion: version } : {}),
      },
      Body: {
        Return: {
          ReturnId: ret.id,
          CustomerId: data.customer.id,
          ReturnDate: ret.returnDate,
          Blind: ret.isBlind ? 'Y' : 'N',
          Reference1: opt(ret.reference1),
          Reference2: opt(ret.reference2),
          ReceivedBy: ret.username,
          CreatedAt: ret.createdAt.toISOString(),
          Order: order
            ? {
                SourceId: order.sourceId1,
                Source: order.source,
                DeliveryNumber: opt(order.deliveryNumber),
                OrderNumber: opt(order.orderNumber),
                WebOrderNumber: opt(order.webOrderNumber),
                BuyerReference: opt(order.buyerReference),
                OrderType: opt(order.orderType),
              }
            : '',
          Lines: {
            Line: lines.map((l, i) => ({
              LineNumber: i + 1,
              OrderLineNumber: l.orderLineNumber ?? '',
              Sku: l.sku,
              Upc: opt(l.upc),
              Name: l.name1,
              Quantity: l.quantity,
              Condition: l.condition,
              ReasonCode: l.reason,
              Reason: opt(l.reasonText),
              Comment: opt(l.comment),
              ...(dispositions
                ? { DispositionCode: opt(l.disposition), Disposition: opt(l.dispositionText), Location: opt(l.location) }
                : {}),
              ...(discrepancies ? { Discrepancy: opt(l.discrepancy), ReplacesOrderLineNumber: l.replacesOrderLineNumber ?? '' } : {}),
              ...(photoLinks ? { Photos: photosXml(l.photos) } : {}),
            })),
          },
          TotalQuantity: lines.reduce((n, l) => n + l.quantity, 0),
          ...(discrepancies
            ? {
                MissingLines: missing.length
                  ? {
                      MissingLine: missing.map((m) => ({
                        OrderLineNumber: m.orderLineNumber,
                        Sku: m.sku,
                        Upc: opt(m.upc),
                        Name: m.name1,
                        Quantity: m.quantity,
                      })),
                    }
                  : '',
                Discrepancies: {
                  Missing: totals.missing,
                  WrongItems: totals.wrongItems,
                  ExtraItems: totals.extraItems,
                  Total: totals.total,
                },
              }
            : {}),
          ...(photoLinks ? { Photos: photosXml(data.photos) } : {}),
          ...(data.correction && {
            Correction: {
              Version: data.correction.version,
              OriginalMessageId: data.correction.originalMessageId,
              CorrectedBy: data.correction.correctedBy,
              CorrectedAt: data.correction.correctedAt.toISOString(),
              Comment: data.correction.comment,
            },
          }),
        },
      },
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, format: true, indentBy: '  ', suppressEmptyNode: true });
  return builder.build(doc) as string;
}

/** Fixed-width text needs one byte per character: accents are dropped, anything else becomes '?'. */
const ascii = (v: string) =>
  v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\r\n\t]/g, ' ')
    .replace(/[^\x20-\x7e]/g, '?');
const text = (v: string | null | undefined, width: number) =>
  ascii(v ?? '')
    .slice(0, width)
    .padEnd(width, ' ');
const num = (v: number, width: number) => String(v).padStart(width, '0').slice(-width);
const stamp = (d: Date) => d.toISOString().replace(/[-:T]/g, '').slice(0, 14);

/** Column widths of the flat file, in order; docs/integrations.md "FGL flat file" lists them. */
export const FLAT_LAYOUT = {
  H: [
    ['record', 1],
    ['sender', 15],
    ['receiver', 15],
    ['schema', 10],
    ['messageId', 10],
    ['created', 14],
    ['returnId', 10],
    ['returnDate', 8],
    ['blind', 1],
    ['reference1', 30],
    ['reference2', 30],
    ['orderNumber', 30],
    ['deliveryNumber', 30],
    ['webOrderNumber', 30],
    ['receivedBy', 30],
  ],
  D: [
    ['record', 1],
    ['lineNumber', 5],
    ['orderLineNumber', 6],
    ['sku', 30],
    ['upc', 20],
    ['quantity', 7],
    ['condition', 15],
    ['reasonCode', 20],
    ['comment', 60],
  ],
  T: [
    ['record', 1],
    ['recordCount', 7],
    ['totalQuantity', 9],
  ],
} as const;

/**
 * A correction's header (docs/integrations.md "Corrections"): record type C with the header's fields
 * of the connection's format version, then the original message id and the return's version.
 */
export const CORRECTION_HEADER_TAIL = [
  ['originalMessageId', 10],
  ['returnVersion', 5],
] as const;

/**
 * Version 2 of the flat file: the version-1 records keep every column where it was and grow at the
 * end; missing order lines are `M` records and photo links `P` records between the details and the trailer.
 */
export const FLAT_LAYOUT_V2 = {
  H: [...FLAT_LAYOUT.H, ['formatVersion', 2]],
  D: [...FLAT_LAYOUT.D, ['dispositionCode', 20], ['location', 30], ['discrepancy', 10], ['replacesOrderLineNumber', 6]],
  M: [
    ['record', 1],
    ['lineNumber', 5],
    ['orderLineNumber', 6],
    ['sku', 30],
    ['upc', 20],
    ['quantity', 7],
  ],
  /** One per photo, after the M records: the D record's line number, or 0 for a photo of the whole return. */
  P: [
    ['record', 1],
    ['recordNumber', 5],
    ['lineNumber', 5],
    ['photoId', 10],
    ['url', 200],
    ['originalUrl', 200],
  ],
  T: [...FLAT_LAYOUT.T, ['missingQuantity', 9], ['wrongItemQuantity', 9], ['extraItemQuantity', 9]],
} as const;

/** A link cut short would lead nowhere: a link longer than its column stops the build instead. */
function linkField(url: string, width: number): string {
  if (url.length > width) throw new Error(`A photo link is longer than the flat file's ${width} characters; shorten PUBLIC_URL`);
  return text(url, width);
}

/**
 * FGL: the same return as fixed-width records for receivers that cannot read XML. One header (H,
 * or C for a correction: H's fields plus CORRECTION_HEADER_TAIL),
 * one detail (D) per ledger line, one trailer (T) with the record count (H+D+T) and total quantity.
 * Lines end with CRLF.
 */
export function buildReturnFlat(data: ReturnFileInput, header: EnvelopeHeader, version: OutboundFormatVersion = 1): string {
  const { ret, order, lines } = data;
  // The flat layout is fixed per version (FLAT_LAYOUT, FLAT_LAYOUT_V2).
  const v2 = version >= 2;
  const missing = v2 ? (data.missingLines ?? []) : [];
  const photos = formatHas(version, 'photoLinks')
    ? [...lines.flatMap((l, i) => (l.photos ?? []).map((p) => ({ line: i + 1, p }))), ...(data.photos ?? []).map((p) => ({ line: 0, p }))]
    : [];
  const totals = discrepancyTotals(data);
  const records = [
    (data.correction ? 'C' : 'H') +
      text(header.sender, 15) +
      text(header.receiver, 15) +
      text(header.schema, 10) +
      num(header.messageId, 10) +
      stamp(header.createdAt) +
      num(ret.id, 10) +
      ret.returnDate.replace(/-/g, '') +
      (ret.isBlind ? 'Y' : 'N') +
      text(ret.reference1, 30) +
      text(ret.reference2, 30) +
      text(order?.orderNumber, 30) +
      text(order?.deliveryNumber, 30) +
      text(order?.webOrderNumber, 30) +
      text(ret.username, 30) +
      (v2 ? num(version, 2) : '') +
      (data.correction ? num(data.correction.originalMessageId, 10) + num(data.correction.version, 5) : ''),
    ...lines.map(
      (l, i) =>
        'D' +
        num(i + 1, 5) +
        (l.orderLineNumber === null ? ' '.repeat(6) : num(l.orderLineNumber, 6)) +
        text(l.sku, 30) +
        text(l.upc, 20) +
        num(l.quantity, 7) +
        text(l.condition, 15) +
        text(l.reason, 20) +
        text(l.comment, 60) +
        (v2
          ? text(l.disposition, 20) +
            text(l.location, 30) +
            text(l.discrepancy, 10) +
            (l.replacesOrderLineNumber == null ? ' '.repeat(6) : num(l.replacesOrderLineNumber, 6))
          : ''),
    ),
    ...missing.map((m, i) => 'M' + num(i + 1, 5) + num(m.orderLineNumber, 6) + text(m.sku, 30) + text(m.upc, 20) + num(m.quantity, 7)),
    ...photos.map(
      ({ line, p }, i) => 'P' + num(i + 1, 5) + num(line, 5) + num(p.id, 10) + linkField(p.url, 200) + linkField(p.originalUrl, 200),
    ),
    'T' +
      num(lines.length + missing.length + photos.length + 2, 7) +
      num(
        lines.reduce((n, l) => n + l.quantity, 0),
        9,
      ) +
      (v2 ? num(totals.missing, 9) + num(totals.wrongItems, 9) + num(totals.extraItems, 9) : ''),
  ];
  return records.join('\r\n') + '\r\n';
}
