// Stable codes for the API's human messages (issue 24). The envelope keeps sending the English text
// of SPEC §8 and the contract, and beside it `{ code, params }`, which the SPA translates. A code is
// `<group>.<name>` of the message constant, so it stays the same while the English text may be edited.
import { API_KEY_MSG } from './api-keys.js';
import { BILLING_MSG } from './billing.js';
import { BLIND_MSG } from './blind.js';
import { TEXT_MSG } from './common.js';
import { CORRECTION_MSG } from './corrections.js';
import { CUSTOMER_MSG } from './customers.js';
import { DASHBOARD_MSG } from './dashboard.js';
import { DECISION_MSG } from './decisions.js';
import { DISPOSITION_MSG } from './disposition-rules.js';
import { EXPECTED_MSG, EXPECTED_SETTINGS_MSG } from './expected-returns.js';
import { HISTORY_MSG } from './history.js';
import { INPUT_MSG } from './input-messages.js';
import { INSPECTION_MSG } from './inspection-rules.js';
import { LANGUAGE_MSG } from './locales.js';
import { CURRENCY_INVALID } from './money.js';
import { SEARCH_TOO_SHORT } from './orders.js';
import { REPORT_DATE_ORDER, REPORT_HEADINGS_INVALID, REPORT_NAME_INVALID } from './reports.js';
import { ATTEMPTS_RANGE_MESSAGE } from './task-rules.js';
import { CLIENT_MSG, MSG, QUANTITY_MSG } from './messages.js';
import { ORDER_IMPORT_MSG } from './order-import.js';
import { PARCEL_MSG } from './parcel-rules.js';
import { PHOTO_MSG } from './photo-rules.js';
import { RETURN_MSG } from './returns.js';
import { SCHEDULE_MSG } from './schedules.js';
import { SETTING_MSG } from './settings.js';
import { TASK_MSG } from './tasks.js';
import { PARCEL_EVENT_TEXT, TASK_TEXT } from './timeline-texts.js';
import { USER_MSG } from './users.js';
import { WEBHOOK_MSG } from './webhooks.js';

type MessageValue = string | ((...args: never[]) => string);

/** Every group of messages the API may send; the key is the code's first part. */
export const MESSAGE_GROUPS: Record<string, Readonly<Record<string, MessageValue>>> = {
  auth: MSG,
  client: CLIENT_MSG,
  quantity: QUANTITY_MSG,
  input: INPUT_MSG,
  text: TEXT_MSG,
  billing: BILLING_MSG,
  blind: BLIND_MSG,
  correction: CORRECTION_MSG,
  customer: CUSTOMER_MSG,
  dashboard: DASHBOARD_MSG,
  disposition: DISPOSITION_MSG,
  history: HISTORY_MSG,
  orderImport: ORDER_IMPORT_MSG,
  parcel: PARCEL_MSG,
  photo: PHOTO_MSG,
  return: RETURN_MSG,
  schedule: SCHEDULE_MSG,
  setting: SETTING_MSG,
  task: TASK_MSG,
  user: USER_MSG,
  language: LANGUAGE_MSG,
  apiKey: API_KEY_MSG,
  webhook: WEBHOOK_MSG,
  expected: EXPECTED_MSG,
  expectedSettings: EXPECTED_SETTINGS_MSG,
  inspection: INSPECTION_MSG,
  decision: DECISION_MSG,
  // Messages declared one by one in their modules.
  misc: {
    currencyInvalid: CURRENCY_INVALID,
    searchTooShort: SEARCH_TOO_SHORT,
    reportNameInvalid: REPORT_NAME_INVALID,
    reportHeadingsInvalid: REPORT_HEADINGS_INVALID,
    reportDateOrder: REPORT_DATE_ORDER,
    attemptsRange: ATTEMPTS_RANGE_MESSAGE,
  },
};

/**
 * Texts the server writes onto timelines (src/contract/timeline-texts.ts): in the catalogue, so the SPA
 * translates them, but found only in their own fields (codeOfIn), never in an answer's messages,
 * where a pattern like 'File {0}' would catch an unrelated text.
 */
export const TIMELINE_GROUPS: Record<string, Readonly<Record<string, MessageValue>>> = {
  parcelEvent: PARCEL_EVENT_TEXT,
  taskText: TASK_TEXT,
};

export interface MessageCode {
  code: string;
  /** The values of a message with parts (`{0}`, `{1}`, … in its catalogue text). */
  params?: Record<string, string>;
}

export interface CatalogueEntry {
  code: string;
  /** The English text; a message with parts has `{0}`, `{1}` where its values go. */
  text: string;
}

const PART = (i: number) => `\uE000${i}\uE000`;

function templateOf(fn: (...args: never[]) => string): string {
  // A message function only places its arguments in the text; markers show where they land.
  return (fn as unknown as (...args: string[]) => string)(...Array.from({ length: fn.length }, (_, i) => PART(i)));
}

function buildCatalogue(): CatalogueEntry[] {
  const entries: CatalogueEntry[] = [];
  const seen = new Set<string>();
  for (const [group, messages] of [...Object.entries(MESSAGE_GROUPS), ...Object.entries(TIMELINE_GROUPS)]) {
    for (const [name, value] of Object.entries(messages)) {
      const raw = typeof value === 'string' ? value : templateOf(value);
      // The same words under two names (e.g. 'Invalid page') get the first name's code.
      if (seen.has(raw)) continue;
      seen.add(raw);
      entries.push({ code: `${group}.${name}`, text: raw });
    }
  }
  return entries;
}

let catalogue: CatalogueEntry[] | undefined;
let byText: Map<string, string> | undefined;
let patterns: { code: string; regex: RegExp; count: number }[] | undefined;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function index() {
  if (catalogue && byText && patterns) return { catalogue, byText, patterns };
  catalogue = buildCatalogue();
  byText = new Map();
  patterns = [];
  for (const entry of catalogue) {
    if (!entry.text.includes('\uE000')) {
      byText.set(entry.text, entry.code);
      continue;
    }
    const parts = entry.text.split(/\uE000\d+\uE000/);
    const order = [...entry.text.matchAll(/\uE000(\d+)\uE000/g)].map((m) => Number(m[1]));
    const regex = new RegExp(`^${parts.map(escapeRegex).join('([\\s\\S]*?)')}$`);
    patterns.push({ code: entry.code, regex, count: order.length });
    Object.defineProperty(regex, 'order', { value: order });
  }
  return { catalogue, byText, patterns };
}

const groupOf = (code: string) => code.slice(0, code.indexOf('.'));

/** The code (and the values of its parts) of an English message; undefined for a text of no group. */
export function codeOf(text: string): MessageCode | undefined {
  return find(text, (group) => !(group in TIMELINE_GROUPS));
}

/** The code of a timeline text, looked for in that group only (in its order: the longer texts first). */
export function codeOfIn(group: keyof typeof TIMELINE_GROUPS, text: string): MessageCode | undefined {
  return find(text, (g) => g === group);
}

function find(text: string, inGroup: (group: string) => boolean): MessageCode | undefined {
  const { byText, patterns } = index();
  const code = byText.get(text);
  if (code && inGroup(groupOf(code))) return { code };
  for (const { code: patternCode, regex } of patterns) {
    if (!inGroup(groupOf(patternCode))) continue;
    const match = regex.exec(text);
    if (!match) continue;
    const order = (regex as RegExp & { order: number[] }).order;
    const params: Record<string, string> = {};
    order.forEach((position, i) => (params[String(position)] = match[i + 1] ?? ''));
    return { code: patternCode, params };
  }
  return undefined;
}

/** The catalogue of every message: code and English text with `{0}`-style parts (for translators). */
export function messageCatalogue(): CatalogueEntry[] {
  return index().catalogue.map((e) => ({ code: e.code, text: e.text.replace(/\uE000(\d+)\uE000/g, '{$1}') }));
}
