import { z } from 'zod';
import { INPUT_MSG } from './input-messages.js';
import { MSG } from './messages.js';

/** Every answer: `{ code, message }` where code equals the HTTP status. */
export const envelope = <T extends z.ZodType>(message: T) => z.object({ code: z.literal(200), message });

/** The largest id PostgreSQL's `integer` holds; a bigger number is an id no row has. */
export const MAX_ID = 2_147_483_647;

export const TEXT_MSG = {
  unstorable: 'must not contain a NUL character (U+0000) or an unpaired surrogate',
} as const;

// U+0000 is refused by PostgreSQL; an unpaired surrogate is not Unicode and would be stored as
// U+FFFD, so what was stored would silently differ from what was sent.
// eslint-disable-next-line no-control-regex -- finding U+0000 is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (value: string): boolean => !UNSTORABLE.test(value);

/** Where the first character PostgreSQL cannot store is (1-based line and column), if any. */
export function findUnstorableChar(value: string): { line: number; column: number; what: string } | undefined {
  const match = UNSTORABLE.exec(value);
  if (!match) return undefined;
  const before = value.slice(0, match.index);
  const lineStart = before.lastIndexOf('\n') + 1;
  return {
    line: before.split('\n').length,
    column: match.index - lineStart + 1,
    what: match[0] === '\u0000' ? 'a NUL character (U+0000)' : 'an unpaired surrogate',
  };
}

/**
 * The one text type of the contract: every string a request carries (body, query, path, order
 * file, setting) is one of these, so nothing PostgreSQL would refuse or alter reaches it.
 * `error` is the message for a value that is not a string.
 */
export const text = (error?: string | ((issue: { input?: unknown }) => string), unstorable: string = INPUT_MSG.textUnstorable) =>
  z.string(error === undefined ? undefined : { error }).refine(isStorableText, { error: unstorable, abort: true });

/** A whole file as text (an order upload): a character that cannot be stored is named by line and column. */
export const fileContent = (error: string) =>
  z.string({ error }).superRefine((value, ctx) => {
    const bad = findUnstorableChar(value);
    if (bad) ctx.addIssue({ code: 'custom', message: unstorableCharMessage(bad) });
  });

export const unstorableCharMessage = (bad: { line: number; column: number; what: string }) =>
  `Line ${bad.line}, column ${bad.column}: the file contains ${bad.what}, which cannot be stored`;

/** Free JSON (a partner's search result, connection settings): every key and string checked like text. */
export const storableJson = z.unknown().superRefine((value, ctx) => {
  const walk = (v: unknown, path: (string | number)[], depth: number): void => {
    if (depth > 64) {
      ctx.addIssue({ code: 'custom', message: INPUT_MSG.nestedTooDeep, path });
      return;
    }
    if (typeof v === 'string') {
      if (!isStorableText(v)) ctx.addIssue({ code: 'custom', message: INPUT_MSG.textUnstorable, path });
    } else if (Array.isArray(v)) v.forEach((item, i) => walk(item, [...path, i], depth + 1));
    else if (v && typeof v === 'object')
      for (const [k, item] of Object.entries(v)) {
        if (!isStorableText(k)) ctx.addIssue({ code: 'custom', message: INPUT_MSG.fieldNamesUnstorable, path });
        walk(item, [...path, k], depth + 1);
      }
  };
  walk(value, [], 0);
});

/**
 * The one id type: a whole number 1 … 2,147,483,647 (PostgreSQL `integer`). Path and query
 * values arrive as text, so digits are accepted as well as numbers.
 */
export const id = (message: string = INPUT_MSG.invalidId) =>
  z.coerce.number({ error: message }).int({ error: message }).min(1, { error: message }).max(MAX_ID, { error: message });

export const requiredText = (message: string, max = 200) =>
  text(message)
    .trim()
    .min(1, { error: message })
    .max(max, { error: INPUT_MSG.atMostChars(max) });

export const emailField = text(MSG.emailInvalid)
  .trim()
  .max(254, { error: MSG.emailInvalid })
  .pipe(z.email({ error: MSG.emailInvalid }))
  .meta({ format: 'email' });

/** YYYY-MM-DD that is a real calendar date. */
export const isoDate = (message: string) =>
  text(message)
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message, abort: true })
    .refine(
      (v) => {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
      },
      { error: message },
    )
    .meta({ format: 'date' });

/**
 * '' or a value of `schema`, e.g. a query field the SPA sends empty. Both are in the OpenAPI
 * document; a refused value gets the message of `schema`, not zod's generic union text.
 */
export const blankOr = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal(''), schema], {
    error: (issue) => {
      const inner = (issue as { errors?: { message: string }[][] }).errors?.[1]?.[0]?.message;
      return inner ?? 'Invalid value';
    },
  });

/**
 * `when` of a refinement that must run even when other fields failed (so a form shows every
 * message at once): only on an object, since the raw input may be null or a list.
 */
export const whenObject = (payload: { value: unknown }) =>
  typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value);

export const idParam = z.object({ id: id() });

export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    on_page: z.number().int(),
    per_page: z.number().int(),
    total_records: z.number().int(),
    total_pages: z.number().int(),
  });

/** Mirrors SPEC §3 "Customer"; secrets never appear here. */
export const customerSummary = z.object({
  id: z.number().int(),
  company: z.string(),
  can_blind: z.boolean(),
  customer_status: z.string(),
  order_source: z.string(),
  cdn_url_1: z.string().nullable(),
  cdn_url_2: z.string().nullable(),
  /** Conditions whose lines need a photo before submit (issue 16). */
  photo_required_conditions: z.array(z.string()),
  updated_at: z.string(),
});
export type CustomerSummary = z.infer<typeof customerSummary>;
