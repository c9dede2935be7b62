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
  /** Format version 3 on (issue 27): the grade code and the customer's name for it, the steps as answered, the serial. */
  grade?: string | null;
  gradeName?: string | null;
  stepAnswers?: { text: string; kind: string; answer: string }[] | null;
  serial?: string | null;
  /** true: shipped on the order; false: not shipped; null: not checked. */
  serialShipped?: boolean | null;
  serialRepeated?: boolean | null;
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
 * (modules/tasks/handlers/outbound-return-data.repository.ts reads exactly this and more.)
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

/** Yes, no, or '' for not known. */
export const yesNo = (v: boolean | null | undefined) => (v === true ? 'Y' : v === false ? 'N' : '');

/** A line's inspection elements (format version 3): always present, empty when the line has none. */
const inspectionXml = (l: ReturnFileLineInput) => ({
  Grade: l.grade ?? '',
  GradeName: l.gradeName ?? '',
  Serial: l.serial ?? '',
  SerialShipped: yesNo(l.serialShipped),
  SerialRepeated: l.serialRepeated ? 'Y' : 'N',
  Steps: l.stepAnswers?.length
    ? { Step: l.stepAnswers.map((s, i) => ({ StepNumber: i + 1, Kind: s.kind, Text: s.text, Answer: s.answer })) }
    : '',
});

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
  const inspection = formatHas(version, 'inspection');
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
              ...(inspection ? inspectionXml(l) : {}),
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
