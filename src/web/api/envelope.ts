// Pure mapping of HTTP answers to the SPEC §8 error catalogue; no DOM, no fetch, unit-tested.
import { CLIENT_MSG, MSG } from '../../contract/messages';

export const GENERIC_CLIENT_ERROR = CLIENT_MSG.generic;
export const UNAUTHORIZED = MSG.unauthorized;

/** A message's stable code (src/contract/message-codes.ts) as the server sends it beside the text. */
export interface TextCode {
  code: string;
  params?: Record<string, string>;
}

/**
 * Turns an English message and its code into the reader's language (src/web/i18n/server-text.ts
 * installs it at start); until then, and for a text without a translation, the English text stays.
 */
export type TextTranslator = (english: string, code: TextCode | undefined) => string;
let translate: TextTranslator = (english) => english;
export function setTextTranslator(fn: TextTranslator): void {
  translate = fn;
}

const GENERIC: TextCode = { code: 'client.generic' };
const generic = () => translate(GENERIC_CLIENT_ERROR, GENERIC);

export interface ApiSuccess<T> {
  code: 200;
  message: T;
  errors?: undefined;
  /** The HTTP status (200). */
  status: number;
}

/**
 * §8: 401 → 401 'Unauthorized.'; 400 → the server's text or the generic one; 422 → the server's list;
 * anything else (403, 404, 5xx, network, bad JSON) → -1 with the generic text.
 * `status` keeps the real HTTP status (0 when no answer arrived) for screens that must tell 404 apart.
 */
export interface ApiFailure {
  code: 400 | 401 | 422 | -1;
  message: string | string[];
  errors?: Record<string, string[]>;
  status: number;
  /** Seconds a 429 or 503 asks to wait (its Retry-After header), when it says. */
  retryAfter?: number;
}

export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTextCode(value: unknown): value is TextCode {
  return isRecord(value) && typeof value.code === 'string';
}

function codeAt(list: unknown, index: number): TextCode | undefined {
  const item = Array.isArray(list) ? list[index] : undefined;
  return isTextCode(item) ? item : undefined;
}

function toErrors(value: unknown, codes: unknown): Record<string, string[]> | undefined {
  if (!isRecord(value)) return undefined;
  const byField = isRecord(codes) ? codes : {};
  const out: Record<string, string[]> = {};
  for (const [field, list] of Object.entries(value)) {
    if (Array.isArray(list)) out[field] = list.map((m, i) => translate(String(m), codeAt(byField[field], i)));
    else if (typeof list === 'string') out[field] = [translate(list, codeAt(byField[field], 0))];
  }
  return out;
}

/** Maps an HTTP status and the parsed JSON body (undefined when it was not JSON) to the envelope. */
export function mapResponse<T>(status: number, body: unknown): ApiResult<T> {
  const message = isRecord(body) ? body.message : undefined;
  const codes = isRecord(body) ? body.codes : undefined;
  if (status >= 200 && status < 300) {
    if (isRecord(body) && 'message' in body) return { code: 200, message: body.message as T, status };
    return { code: -1, message: generic(), status };
  }
  if (status === 401) return { code: 401, message: translate(UNAUTHORIZED, { code: 'auth.unauthorized' }), status };
  if (status === 400) {
    const text = typeof message === 'string' && message.trim() !== '' ? translate(message, codeAt(codes, 0)) : generic();
    return { code: 400, message: text, status };
  }
  if (status === 422) {
    const list = Array.isArray(message)
      ? message.map((m, i) => translate(String(m), codeAt(codes, i)))
      : typeof message === 'string' && message !== ''
        ? [translate(message, codeAt(codes, 0))]
        : [];
    const errors = isRecord(body) ? toErrors(body.errors, body.error_codes) : undefined;
    const messages = list.length > 0 ? list : errors ? [...new Set(Object.values(errors).flat())] : [generic()];
    return errors ? { code: 422, message: messages, errors, status } : { code: 422, message: messages, status };
  }
  return { code: -1, message: generic(), status };
}

/** A network failure, time-out or abort: no HTTP answer at all. */
export function networkFailure(): ApiFailure {
  return { code: -1, message: generic(), status: 0 };
}

/** The messages of a failure as a list, for notifications and alerts. */
export function failureMessages(result: { message: unknown }): string[] {
  const m = result.message;
  if (Array.isArray(m)) return m.map(String);
  if (typeof m === 'string') return [m];
  return [generic()];
}

/** One readable line, for alerts that show a single text. */
export function failureText(result: { message: unknown }): string {
  return failureMessages(result).join(' ');
}

/** The title of the red notification of §8. */
export function failureTitle(code: number): string {
  return code === 422
    ? translate(CLIENT_MSG.validationTitle, { code: 'client.validationTitle' })
    : translate(CLIENT_MSG.serverTitle, { code: 'client.serverTitle' });
}

/** Every call but the four public auth calls sends the token (SPEC §6, §7). */
export function isPublicPath(path: string): boolean {
  return /^\/api\/auth\//.test(path);
}

/** Callers may write '/returns' or '/api/returns'; the API lives under /api either way. */
export function apiPath(path: string): string {
  const p = path.startsWith('/') ? path : `/${path}`;
  return p === '/api' || p.startsWith('/api/') ? p : `/api${p}`;
}

type QueryValue = string | number | boolean | null | undefined | QueryObject | QueryValue[];
interface QueryObject {
  [key: string]: QueryValue;
}

/**
 * Nested objects become bracket keys, as the history query of SPEC §2.2 shows:
 * { page: 1, search: { id: '' } } → 'page=1&search%5Bid%5D='. Undefined values are left out; null and '' are sent empty.
 */
export function toQueryString(query: QueryObject): string {
  const params = new URLSearchParams();
  const add = (key: string, value: QueryValue) => {
    if (value === undefined) return;
    if (value === null) params.append(key, '');
    else if (Array.isArray(value)) value.forEach((v) => add(`${key}[]`, v));
    else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else params.append(key, String(value));
  };
  for (const [k, v] of Object.entries(query)) add(k, v);
  return params.toString();
}

export type { QueryObject };
