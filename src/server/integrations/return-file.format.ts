import { XMLBuilder } from 'fast-xml-parser';

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

export function buildReturnXml(data: ReturnFileInput, header: EnvelopeHeader): string {
  const { ret, order, lines } = data;
  const doc = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    Envelope: {
      Header: {
        Sender: header.sender,
        Receiver: header.receiver,
        Schema: header.schema,
        MessageId: header.messageId,
        MessageType: 'Return',
        Created: header.createdAt.toISOString(),
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
            })),
          },
          TotalQuantity: lines.reduce((n, l) => n + l.quantity, 0),
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
 * FGL: the same return as fixed-width records for receivers that cannot read XML. One header (H),
 * one detail (D) per ledger line, one trailer (T) with the record count (H+D+T) and total quantity.
 * Lines end with CRLF.
 */
export function buildReturnFlat(data: ReturnFileInput, header: EnvelopeHeader): string {
  const { ret, order, lines } = data;
  const records = [
    'H' +
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
      text(ret.username, 30),
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
        text(l.comment, 60),
    ),
    'T' +
      num(lines.length + 2, 7) +
      num(
        lines.reduce((n, l) => n + l.quantity, 0),
        9,
      ),
  ];
  return records.join('\r\n') + '\r\n';
}
