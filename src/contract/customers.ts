import { z } from 'zod';
import { ACCOUNT_STATUSES, BIZTALK_SCHEMAS, CONNECTION_TYPES, OPTION_TYPES, ORDER_SOURCES, OUTBOUND_FORMATS } from './constants.js';
import { customerSummary, id, requiredText, text } from './common.js';
import { OUTBOUND_FORMAT_VERSIONS } from './format-version.js';
import { MSG } from './messages.js';
import { photoRequiredConditions } from './photos.js';
import { PARCEL_MSG, parcelAgeLimitFields } from './parcels.js';
import { currencyCode } from './money.js';

export const CUSTOMER_MSG = {
  companyTaken: 'A customer with this company name already exists',
  companyReserved: 'This company name is reserved by the system',
  reserved: 'The system reserved customer cannot be changed.',
  urlInvalid: 'Enter a full http(s) URL or leave it empty',
  orderSource: `Order source must be one of: ${ORDER_SOURCES.join(', ')}`,
  codeTaken: 'This code is already used by another reason of this customer',
  connectionType: `Connection type must be one of: ${CONNECTION_TYPES.join(', ')}`,
  format: `Format must be ${OUTBOUND_FORMATS.join(' or ')}`,
  formatVersion: `Format version must be ${OUTBOUND_FORMAT_VERSIONS.slice(0, -1).join(', ')} or ${OUTBOUND_FORMAT_VERSIONS.at(-1)}`,
  currencyLocked: 'The currency cannot change while the customer has billing rates',
} as const;

/** SPEC §3 Option. */
export const optionView = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  option_type: z.string(),
  option_code: z.string(),
  option_value: z.string(),
});
export type OptionView = z.infer<typeof optionView>;

/** SPEC §3 Connection. The two secrets are write-only: answers say only whether each is set. */
export const connectionView = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  connection_type: z.string(),
  biztalk_schema: z.string(),
  biztalk_sender: z.string().nullable(),
  biztalk_receiver: z.string().nullable(),
  endpoint: z.string().nullable(),
  username: z.string().nullable(),
  has_short_token: z.boolean(),
  has_long_token: z.boolean(),
  connection_meta: z.record(z.string(), z.unknown()),
  updated_at: z.string(),
});
export type ConnectionView = z.infer<typeof connectionView>;

/** A row of the 'List of Customers' (SPEC §2.12) with its reasons and connections. */
export const adminCustomer = customerSummary.extend({
  is_reserved: z.boolean(),
  /** Unknown parcels of this customer turn amber, then red, after these many days (issue 11). */
  parcel_amber_days: z.number().int(),
  parcel_red_days: z.number().int(),
  options: z.array(optionView),
  connections: z.array(connectionView),
  options_count: z.number().int(),
  connections_count: z.number().int(),
  /** ISO 4217 code of the billing currency (issue 12). */
  currency: z.string(),
});
export type AdminCustomer = z.infer<typeof adminCustomer>;

const optionalUrl = text(CUSTOMER_MSG.urlInvalid)
  .trim()
  .max(500, { error: CUSTOMER_MSG.urlInvalid })
  .refine((v) => v === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), { error: CUSTOMER_MSG.urlInvalid })
  .nullish()
  .transform((v) => (v ? v : null));

/** POST /api/su/customers and PUT /api/su/customers/{id}: the customer form. */
export const customerBody = z
  .object({
    company: requiredText(MSG.companyRequired, 200),
    can_blind: z.boolean().default(false),
    customer_status: z.enum(ACCOUNT_STATUSES, { error: 'Status must be Active or Disabled' }).default('Active'),
    order_source: z.enum(ORDER_SOURCES, { error: CUSTOMER_MSG.orderSource }).default('Biztalk'),
    cdn_url_1: optionalUrl,
    cdn_url_2: optionalUrl,
    /** Lines of these conditions need a photo before a return is submitted; left out, the rule stays as it is. */
    photo_required_conditions: photoRequiredConditions.optional(),
    ...parcelAgeLimitFields,
    /** Left out: unchanged (a new customer gets EUR). */
    currency: currencyCode.optional(),
  })
  .refine((c) => c.parcel_amber_days === undefined || c.parcel_red_days === undefined || c.parcel_red_days > c.parcel_amber_days, {
    error: PARCEL_MSG.redNotAfterAmber,
    path: ['parcel_red_days'],
  });
export type CustomerBody = z.infer<typeof customerBody>;

/** POST/PUT /api/su/customers/{id}/options[/{optId}]. */
export const optionBody = z.object({
  option_type: z.enum(OPTION_TYPES, { error: 'Option type must be Reason' }).default('Reason'),
  option_code: requiredText(MSG.codeRequired, 100),
  option_value: requiredText(MSG.valueRequired, 500),
});
export type OptionBody = z.infer<typeof optionBody>;

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * Extra settings of a connection; `format` picks XML or FLAT files for 'Biztalk Outbound Return';
 * `format_version` the outbound format version of an outbound or SGL Ecom connection (absent = 1).
 */
export const connectionMeta = z
  .object({
    format: z.enum(OUTBOUND_FORMATS, { error: CUSTOMER_MSG.format }).optional(),
    format_version: z
      .union(
        OUTBOUND_FORMAT_VERSIONS.map((v) => z.literal(v)),
        { error: CUSTOMER_MSG.formatVersion },
      )
      .optional(),
  })
  .catchall(z.union([text().max(500), z.number(), z.boolean(), z.null()]))
  .refine((m) => Object.keys(m).length <= 20, { error: 'Too many settings' });

/**
 * POST/PUT /api/su/customers/{id}/connections[/{connId}]. A blank secret keeps the stored one;
 * `clear_short_token` / `clear_long_token` remove it on purpose.
 */
export const connectionBody = z.object({
  connection_type: z.enum(CONNECTION_TYPES, { error: CUSTOMER_MSG.connectionType }),
  biztalk_schema: z.enum(BIZTALK_SCHEMAS, { error: 'Schema must be Default' }).default('Default'),
  biztalk_sender: optionalText(200),
  biztalk_receiver: optionalText(200),
  endpoint: optionalText(1000),
  username: optionalText(200),
  secure_short_token: text().max(2000, { error: 'At most 2000 characters' }).nullish(),
  secure_long_token: text().max(8000, { error: 'At most 8000 characters' }).nullish(),
  clear_short_token: z.boolean().default(false),
  clear_long_token: z.boolean().default(false),
  connection_meta: connectionMeta.default({}),
});
export type ConnectionBody = z.infer<typeof connectionBody>;

export const optionParams = z.object({ id: id(), optId: id() });
export const connectionParams = z.object({ id: id(), connId: id() });
