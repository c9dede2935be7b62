import { formatHas, type OutboundFormatVersion } from '../../contract/format-version.js';
import { discrepancyTotals, yesNo, type EnvelopeHeader, type ReturnFileInput } from './return-file.format.js';

/**
 * The FGL flat file (docs/integrations.md "FGL flat file"): the return of return-file.format.ts as
 * fixed-width records, for receivers that cannot read XML.
 */

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

/** How a column's value becomes its characters (see ENCODE). */
type ColumnKind = 'record' | 'text' | 'number' | 'optionalNumber' | 'date' | 'timestamp' | 'flag' | 'link';
/** A column of a flat record: its name, its width in characters and how its value is written. */
type Column = readonly [name: string, width: number, kind: ColumnKind];

/**
 * The flat file's records, column by column in order: the one statement of the layout. The
 * encoder writes every record from it and the tests cut records back into fields with it;
 * docs/integrations.md "FGL flat file" lists the same columns.
 */
export const FLAT_LAYOUT = {
  H: [
    ['record', 1, 'record'],
    ['sender', 15, 'text'],
    ['receiver', 15, 'text'],
    ['schema', 10, 'text'],
    ['messageId', 10, 'number'],
    ['created', 14, 'timestamp'],
    ['returnId', 10, 'number'],
    ['returnDate', 8, 'date'],
    ['blind', 1, 'flag'],
    ['reference1', 30, 'text'],
    ['reference2', 30, 'text'],
    ['orderNumber', 30, 'text'],
    ['deliveryNumber', 30, 'text'],
    ['webOrderNumber', 30, 'text'],
    ['receivedBy', 30, 'text'],
  ],
  D: [
    ['record', 1, 'record'],
    ['lineNumber', 5, 'number'],
    ['orderLineNumber', 6, 'optionalNumber'],
    ['sku', 30, 'text'],
    ['upc', 20, 'text'],
    ['quantity', 7, 'number'],
    ['condition', 15, 'text'],
    ['reasonCode', 20, 'text'],
    ['comment', 60, 'text'],
  ],
  T: [
    ['record', 1, 'record'],
    ['recordCount', 7, 'number'],
    ['totalQuantity', 9, 'number'],
  ],
} as const satisfies Record<string, readonly Column[]>;

/**
 * A correction's header (docs/integrations.md "Corrections"): record type C with the header's fields
 * of the connection's format version, then the original message id and the return's version.
 */
export const CORRECTION_HEADER_TAIL = [
  ['originalMessageId', 10, 'number'],
  ['returnVersion', 5, 'number'],
] as const satisfies readonly Column[];

/**
 * Version 2 of the flat file: the version-1 records keep every column where it was and grow at the
 * end; missing order lines are `M` records and photo links `P` records between the details and the trailer.
 */
export const FLAT_LAYOUT_V2 = {
  H: [...FLAT_LAYOUT.H, ['formatVersion', 2, 'number']],
  D: [
    ...FLAT_LAYOUT.D,
    ['dispositionCode', 20, 'text'],
    ['location', 30, 'text'],
    ['discrepancy', 10, 'text'],
    ['replacesOrderLineNumber', 6, 'optionalNumber'],
  ],
  M: [
    ['record', 1, 'record'],
    ['lineNumber', 5, 'number'],
    ['orderLineNumber', 6, 'number'],
    ['sku', 30, 'text'],
    ['upc', 20, 'text'],
    ['quantity', 7, 'number'],
  ],
  /** One per photo, after the M records: the D record's line number, or 0 for a photo of the whole return. */
  P: [
    ['record', 1, 'record'],
    ['recordNumber', 5, 'number'],
    ['lineNumber', 5, 'number'],
    ['photoId', 10, 'number'],
    ['url', 200, 'link'],
    ['originalUrl', 200, 'link'],
  ],
  T: [...FLAT_LAYOUT.T, ['missingQuantity', 9, 'number'], ['wrongItemQuantity', 9, 'number'], ['extraItemQuantity', 9, 'number']],
} as const satisfies Record<string, readonly Column[]>;

/**
 * Version 3 (issue 27): the D record grows at the end with the grade, the serial and its checks; the
 * inspection steps as answered are `S` records after the photo records (one per step of a line).
 */
export const FLAT_LAYOUT_V3 = {
  ...FLAT_LAYOUT_V2,
  D: [...FLAT_LAYOUT_V2.D, ['grade', 14, 'text'], ['serial', 40, 'text'], ['serialShipped', 1, 'text'], ['serialRepeated', 1, 'flag']],
  S: [
    ['record', 1, 'record'],
    ['recordNumber', 5, 'number'],
    ['lineNumber', 5, 'number'],
    ['stepNumber', 1, 'number'],
    ['kind', 7, 'text'],
    ['answer', 4, 'text'],
    ['text', 200, 'text'],
  ],
} as const satisfies Record<string, readonly Column[]>;

/** A link cut short would lead nowhere: a link longer than its column stops the build instead. */
function linkField(url: string, width: number): string {
  if (url.length > width) throw new Error(`A photo link is longer than the flat file's ${width} characters; shorten PUBLIC_URL`);
  return text(url, width);
}

/** Each kind of column written at its width (a value the layout names but a record lacks is empty). */
const ENCODE: Record<ColumnKind, (value: unknown, width: number) => string> = {
  record: (v) => String(v),
  text: (v, width) => text(v as string | null | undefined, width),
  number: (v, width) => num(v as number, width),
  optionalNumber: (v, width) => (v == null ? ' '.repeat(width) : num(v as number, width)),
  date: (v) => (v as string).replace(/-/g, ''),
  timestamp: (v) => stamp(v as Date),
  flag: (v) => (v ? 'Y' : 'N'),
  link: (v, width) => linkField(v as string, width),
};

/** One record: the layout's columns in order, each from the value of its name. */
function record(layout: readonly Column[], values: Record<string, unknown>): string {
  let out = '';
  for (const [name, width, kind] of layout) out += ENCODE[kind](values[name], width);
  return out;
}

/**
 * FGL: the same return as fixed-width records for receivers that cannot read XML. One header (H,
 * or C for a correction: H's fields plus CORRECTION_HEADER_TAIL),
 * one detail (D) per ledger line, one trailer (T) with the record count (H+D+T) and total quantity.
 * Lines end with CRLF. The layout of the connection's format version says every column.
 */
export function buildReturnFlat(data: ReturnFileInput, header: EnvelopeHeader, version: OutboundFormatVersion = 1): string {
  const { ret, order, lines, correction } = data;
  const v2 = version >= 2;
  const layout = formatHas(version, 'inspection') ? FLAT_LAYOUT_V3 : v2 ? FLAT_LAYOUT_V2 : FLAT_LAYOUT;
  const steps = formatHas(version, 'inspection')
    ? lines.flatMap((l, i) => (l.stepAnswers ?? []).map((s, n) => ({ line: i + 1, step: n + 1, s })))
    : [];
  const missing = v2 ? (data.missingLines ?? []) : [];
  const photos = formatHas(version, 'photoLinks')
    ? [...lines.flatMap((l, i) => (l.photos ?? []).map((p) => ({ line: i + 1, p }))), ...(data.photos ?? []).map((p) => ({ line: 0, p }))]
    : [];
  const totals = discrepancyTotals(data);
  const records = [
    record(correction ? [...layout.H, ...CORRECTION_HEADER_TAIL] : layout.H, {
      record: correction ? 'C' : 'H',
      sender: header.sender,
      receiver: header.receiver,
      schema: header.schema,
      messageId: header.messageId,
      created: header.createdAt,
      returnId: ret.id,
      returnDate: ret.returnDate,
      blind: ret.isBlind,
      reference1: ret.reference1,
      reference2: ret.reference2,
      orderNumber: order?.orderNumber,
      deliveryNumber: order?.deliveryNumber,
      webOrderNumber: order?.webOrderNumber,
      receivedBy: ret.username,
      formatVersion: version,
      originalMessageId: correction?.originalMessageId,
      returnVersion: correction?.version,
    }),
    ...lines.map((l, i) =>
      record(layout.D, {
        record: 'D',
        lineNumber: i + 1,
        orderLineNumber: l.orderLineNumber,
        sku: l.sku,
        upc: l.upc,
        quantity: l.quantity,
        condition: l.condition,
        reasonCode: l.reason,
        comment: l.comment,
        dispositionCode: l.disposition,
        location: l.location,
        discrepancy: l.discrepancy,
        replacesOrderLineNumber: l.replacesOrderLineNumber,
        grade: l.grade,
        serial: l.serial,
        serialShipped: yesNo(l.serialShipped),
        serialRepeated: l.serialRepeated,
      }),
    ),
    ...missing.map((m, i) =>
      record(FLAT_LAYOUT_V2.M, {
        record: 'M',
        lineNumber: i + 1,
        orderLineNumber: m.orderLineNumber,
        sku: m.sku,
        upc: m.upc,
        quantity: m.quantity,
      }),
    ),
    ...photos.map(({ line, p }, i) =>
      record(FLAT_LAYOUT_V2.P, {
        record: 'P',
        recordNumber: i + 1,
        lineNumber: line,
        photoId: p.id,
        url: p.url,
        originalUrl: p.originalUrl,
      }),
    ),
    ...steps.map(({ line, step, s }, i) =>
      record(FLAT_LAYOUT_V3.S, {
        record: 'S',
        recordNumber: i + 1,
        lineNumber: line,
        stepNumber: step,
        kind: s.kind,
        answer: s.answer,
        text: s.text,
      }),
    ),
    record(layout.T, {
      record: 'T',
      recordCount: lines.length + missing.length + photos.length + steps.length + 2,
      totalQuantity: lines.reduce((n, l) => n + l.quantity, 0),
      missingQuantity: totals.missing,
      wrongItemQuantity: totals.wrongItems,
      extraItemQuantity: totals.extraItems,
    }),
  ];
  return records.join('\r\n') + '\r\n';
}
