import { z } from 'zod';
import { LIMITS, ORDER_SOURCES, ORDER_STATUS_NEW } from './constants.js';
import { fileContent, text, TEXT_MSG } from './common.js';

/**
 * The order file (docs/integrations.md "Order files"): one schema for the JSON file, the CSV file
 * (rows grouped into the same shape before validation) and the admin upload.
 *
 * Messages are written without the field name; the parser reports them as "<field> <message>",
 * e.g. "quantity must be a whole number of at least 1".
 */

export const ORDER_IMPORT_LIMITS = {
  maxLinesPerOrder: 1000,
  maxOrdersPerFile: 100_000,
  /** Bad rows listed in an answer; the count of the rest is added as one more entry. */
  maxReportedErrors: 1000,
  maxUploadChars: 20 * 1024 * 1024,
} as const;

/**
 * The longest text each field takes. The schemas below and the server's quick check of a valid
 * order (modules/orders/order-file.quick-check.ts) read the same table.
 */
export const ORDER_TEXT_MAX = {
  source_id: 100,
  delivery_number: 100,
  order_number: 100,
  web_order_number: 100,
  buyer_reference: 100,
  order_type: 50,
  order_status: 50,
  delivery_name_1: 200,
  delivery_name_2: 200,
  delivery_address_1: 200,
  delivery_address_2: 200,
  delivery_address_3: 200,
  delivery_city: 100,
  delivery_state: 100,
  delivery_zipcode: 30,
  delivery_country: 100,
  delivery_contact: 200,
  delivery_phone: 50,
  delivery_email: 254,
} as const;
export const PRODUCT_TEXT_MAX = { sku: 100, upc: 50, name_1: 200, color: 100, size: 50, category: 100 } as const;
/** A line's shipped serial numbers (issue 27): at most this many, each at most SERIAL_MAX characters; a CSV cell separates them by `|`. */
export const LINE_SERIALS_MAX = 1000;
export const SERIAL_MAX = 100;
export const LINE_NUMBER_MAX = 1_000_000;
/**
 * A line's unit value (issue 25's decision rules): a decimal amount in the customer's currency
 * (`12.50`, at most two decimals, a point before them), stored in minor units (× 100) as billing
 * rates and decision rules store amounts; the admin's rule form takes the same amount in units.
 */
export const UNIT_VALUE_MAX = 1_000_000_000;
const UNIT_VALUE_TEXT = /^\s*(-?)(\d+)(?:\.(\d+))?\s*$/;

export const ORDER_IMPORT_MSG = {
  required: 'is required',
  text: 'must be text',
  wholeNumber: 'must be a whole number of at least 1',
  isoDate: 'must be an ISO date like 2026-03-01 or 2026-03-01T10:30:00Z',
  source: `must be one of ${ORDER_SOURCES.join(', ')}`,
  noLines: 'an order needs at least one line',
  tooManyLines: `an order has at most ${ORDER_IMPORT_LIMITS.maxLinesPerOrder} lines`,
  noOrders: 'the file holds no orders',
  tooManyOrders: `a file holds at most ${ORDER_IMPORT_LIMITS.maxOrdersPerFile} orders`,
  duplicateLine: 'is used twice in this order',
  duplicateOrder: 'is used by two orders in this file',
  serialTwice: 'has the same serial number twice',
  tooManySerials: `has at most ${LINE_SERIALS_MAX} serial numbers`,
  object: 'must be an object',
  list: 'must be a list',
  amount: 'must be an amount like 12.50 (a point before the decimals)',
  amountNegative: 'must not be negative',
  amountDecimals: 'must have at most 2 decimals',
  amountTooLarge: `must be at most ${UNIT_VALUE_MAX}`,
} as const;

/**
 * A unit value as minor units, or the message of what is wrong with it. JSON numbers are read as
 * written (`12.5` → 1250); CSV cells and JSON strings alike. Shared by the schema and the quick check.
 */
export function unitValueMinorOf(v: string | number): number | { error: string } {
  const m = UNIT_VALUE_TEXT.exec(typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v);
  if (!m) return { error: ORDER_IMPORT_MSG.amount };
  const [, sign, units, decimals = ''] = m as unknown as [string, string, string, string | undefined];
  if (sign) return { error: ORDER_IMPORT_MSG.amountNegative };
  if (decimals.length > 2) return { error: ORDER_IMPORT_MSG.amountDecimals };
  const whole = Number(units);
  if (whole > UNIT_VALUE_MAX || (whole === UNIT_VALUE_MAX && /[1-9]/.test(decimals))) return { error: ORDER_IMPORT_MSG.amountTooLarge };
  return whole * 100 + Number(decimals.padEnd(2, '0'));
}

/** Unknown keys are refused so that a misspelt field name is reported instead of silently dropped. */
const objectError = (iss: { code?: string; keys?: string[] }) =>
  iss.code === 'unrecognized_keys'
    ? `has unknown field${iss.keys!.length > 1 ? 's' : ''} ${iss.keys!.join(', ')}`
    : ORDER_IMPORT_MSG.object;

const maxChars = (n: number) => `must be at most ${n} characters`;

/** The contract's text type, its messages worded to follow the field name ("sku must …"). */
const fileText = (error: string | ((issue: { input?: unknown }) => string) = ORDER_IMPORT_MSG.text) => text(error, TEXT_MSG.unstorable);

/** Empty strings and null mean "not given"; numbers are accepted for text (references often are numeric). */
const blankToUndefined = (v: unknown) => {
  if (v === null) return undefined;
  if (typeof v === 'string' && v.trim() === '') return undefined;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return v;
};

const optionalText = (max: number) =>
  z.preprocess(
    blankToUndefined,
    fileText()
      .trim()
      .max(max, { error: maxChars(max) })
      .optional(),
  );

const requiredTextField = (max: number) =>
  z.preprocess(
    blankToUndefined,
    fileText((iss) => (iss.input === undefined ? ORDER_IMPORT_MSG.required : ORDER_IMPORT_MSG.text))
      .trim()
      .max(max, { error: maxChars(max) }),
  );

/** Accepts 12 as well as "12" (CSV cells are always text). */
const wholeNumber = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v === '' || v === null ? undefined : v),
    z
      .number({ error: (iss) => (iss.input === undefined ? ORDER_IMPORT_MSG.required : ORDER_IMPORT_MSG.wholeNumber) })
      .int({ error: ORDER_IMPORT_MSG.wholeNumber })
      .min(1, { error: ORDER_IMPORT_MSG.wholeNumber })
      .max(max, { error: `must be at most ${max}` }),
  );

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A trimmed value that matches ISO_DATE as an ISO instant (without a zone it is taken as UTC), or
 * undefined when it names no real day or time. Shared by the schema below and the server's quick check.
 */
export function isoInstantOf(v: string): string | undefined {
  const [y, m, d] = v.slice(0, 10).split('-').map(Number) as [number, number, number];
  const calendarOk = new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10) === v.slice(0, 10);
  const rest = v.slice(11);
  const text = v.length === 10 ? `${v}T00:00:00Z` : `${v.slice(0, 10)}T${/(?:Z|[+-]\d{2}:?\d{2})$/.test(rest) ? rest : `${rest}Z`}`;
  const date = new Date(text);
  if (!calendarOk || Number.isNaN(date.getTime())) return undefined;
  return date.toISOString();
}

/** A date or date-time; without a zone it is taken as UTC. Normalised to an ISO instant. */
const isoInstant = z.preprocess(
  blankToUndefined,
  fileText(ORDER_IMPORT_MSG.isoDate)
    .trim()
    .regex(ISO_DATE, { error: ORDER_IMPORT_MSG.isoDate })
    .transform((v, ctx) => {
      const instant = isoInstantOf(v);
      if (instant === undefined) {
        ctx.addIssue({ code: 'custom', message: ORDER_IMPORT_MSG.isoDate });
        return z.NEVER;
      }
      return instant;
    })
    .optional(),
);

export const orderImportProduct = z.strictObject(
  {
    sku: requiredTextField(PRODUCT_TEXT_MAX.sku),
    upc: optionalText(PRODUCT_TEXT_MAX.upc),
    name_1: optionalText(PRODUCT_TEXT_MAX.name_1),
    color: optionalText(PRODUCT_TEXT_MAX.color),
    size: optionalText(PRODUCT_TEXT_MAX.size),
    category: optionalText(PRODUCT_TEXT_MAX.category),
  },
  { error: objectError },
);
export type OrderImportProduct = z.infer<typeof orderImportProduct>;

export const orderImportLine = z.strictObject(
  {
    line_number: wholeNumber(LINE_NUMBER_MAX),
    quantity: wholeNumber(LIMITS.maxLedgerQuantity),
    product: orderImportProduct,
    serials: z.preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.split('|')) : v === null ? undefined : v),
      z
        .array(
          fileText()
            .trim()
            .min(1, { error: ORDER_IMPORT_MSG.required })
            .max(SERIAL_MAX, { error: maxChars(SERIAL_MAX) }),
          {
            error: ORDER_IMPORT_MSG.list,
          },
        )
        .max(LINE_SERIALS_MAX, { error: ORDER_IMPORT_MSG.tooManySerials })
        .refine((list) => new Set(list).size === list.length, { error: ORDER_IMPORT_MSG.serialTwice })
        .optional(),
    ),
    /** In the file a decimal amount; after parsing, minor units (see UNIT_VALUE_MAX). */
    unit_value: z.preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
      z
        .union([z.string(), z.number()], { error: ORDER_IMPORT_MSG.amount })
        .transform((v, ctx) => {
          const minor = unitValueMinorOf(v);
          if (typeof minor === 'number') return minor;
          ctx.addIssue({ code: 'custom', message: minor.error });
          return z.NEVER;
        })
        .optional(),
    ),
  },
  { error: objectError },
);
export type OrderImportLine = z.infer<typeof orderImportLine>;

/** Order-level fields, in the order the CSV header documents them. */
export const ORDER_FIELDS = [
  'source_id',
  'delivery_number',
  'order_number',
  'web_order_number',
  'buyer_reference',
  'order_type',
  'order_status',
  'source',
  'created_at',
  'delivery_name_1',
  'delivery_name_2',
  'delivery_address_1',
  'delivery_address_2',
  'delivery_address_3',
  'delivery_city',
  'delivery_state',
  'delivery_zipcode',
  'delivery_country',
  'delivery_contact',
  'delivery_phone',
  'delivery_email',
] as const;
export const LINE_FIELDS = ['line_number', 'quantity', 'serials', 'unit_value'] as const;
export const PRODUCT_FIELDS = ['sku', 'upc', 'name_1', 'color', 'size', 'category'] as const;

export const orderImportOrder = z
  .strictObject(
    {
      source_id: requiredTextField(ORDER_TEXT_MAX.source_id),
      delivery_number: optionalText(ORDER_TEXT_MAX.delivery_number),
      order_number: optionalText(ORDER_TEXT_MAX.order_number),
      web_order_number: optionalText(ORDER_TEXT_MAX.web_order_number),
      buyer_reference: optionalText(ORDER_TEXT_MAX.buyer_reference),
      order_type: optionalText(ORDER_TEXT_MAX.order_type),
      order_status: z.preprocess(
        blankToUndefined,
        fileText()
          .trim()
          .max(ORDER_TEXT_MAX.order_status, { error: maxChars(ORDER_TEXT_MAX.order_status) })
          .default(ORDER_STATUS_NEW),
      ),
      /** Defaults to the customer's order_source. */
      source: z.preprocess(blankToUndefined, z.enum(ORDER_SOURCES, { error: ORDER_IMPORT_MSG.source }).optional()),
      created_at: isoInstant,
      delivery_name_1: optionalText(ORDER_TEXT_MAX.delivery_name_1),
      delivery_name_2: optionalText(ORDER_TEXT_MAX.delivery_name_2),
      delivery_address_1: optionalText(ORDER_TEXT_MAX.delivery_address_1),
      delivery_address_2: optionalText(ORDER_TEXT_MAX.delivery_address_2),
      delivery_address_3: optionalText(ORDER_TEXT_MAX.delivery_address_3),
      delivery_city: optionalText(ORDER_TEXT_MAX.delivery_city),
      delivery_state: optionalText(ORDER_TEXT_MAX.delivery_state),
      delivery_zipcode: optionalText(ORDER_TEXT_MAX.delivery_zipcode),
      delivery_country: optionalText(ORDER_TEXT_MAX.delivery_country),
      delivery_contact: optionalText(ORDER_TEXT_MAX.delivery_contact),
      delivery_phone: optionalText(ORDER_TEXT_MAX.delivery_phone),
      delivery_email: optionalText(ORDER_TEXT_MAX.delivery_email),
      lines: z
        .array(orderImportLine, { error: ORDER_IMPORT_MSG.list })
        .min(1, { error: ORDER_IMPORT_MSG.noLines })
        .max(ORDER_IMPORT_LIMITS.maxLinesPerOrder, { error: ORDER_IMPORT_MSG.tooManyLines }),
    },
    { error: objectError },
  )
  .superRefine((order, ctx) => {
    const seen = new Set<number>();
    order.lines.forEach((line, i) => {
      if (seen.has(line.line_number)) {
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'line_number'], message: ORDER_IMPORT_MSG.duplicateLine });
      }
      seen.add(line.line_number);
    });
  });
export type OrderImportOrder = z.infer<typeof orderImportOrder>;
/** What a caller (file parser, REST partner adapter) hands in before validation. */
export type OrderImportInput = z.input<typeof orderImportOrder>;

export const orderImportFile = z.strictObject({
  orders: z
    .array(z.unknown(), { error: ORDER_IMPORT_MSG.list })
    .min(1, { error: ORDER_IMPORT_MSG.noOrders })
    .max(ORDER_IMPORT_LIMITS.maxOrdersPerFile, { error: ORDER_IMPORT_MSG.tooManyOrders }),
});

export const ORDER_FILE_FORMATS = ['csv', 'json'] as const;
export type OrderFileFormat = (typeof ORDER_FILE_FORMATS)[number];

/** A bad row: the CSV line number, or a JSON path such as orders[3].lines[1].quantity. */
export const importError = z.object({ line: z.union([z.number().int(), z.string()]), message: z.string() });
export type ImportError = z.infer<typeof importError>;

export const importSummary = z.object({
  orders_created: z.number().int(),
  orders_unchanged: z.number().int(),
  lines_created: z.number().int(),
  products_created: z.number().int(),
  products_updated: z.number().int(),
  errors: z.array(importError),
});
export type ImportSummary = z.infer<typeof importSummary>;

/** POST /api/su/customers/{id}/orders/import */
export const importUploadBody = z.object({
  format: z.enum(ORDER_FILE_FORMATS, { error: 'format must be csv or json' }),
  content: fileContent('content is required')
    .min(1, { error: 'content is required' })
    .max(ORDER_IMPORT_LIMITS.maxUploadChars, { error: 'The file is too large' }),
});
export type ImportUploadBody = z.infer<typeof importUploadBody>;
