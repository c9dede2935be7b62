// What a new draft starts with (SPEC §3): a temporary id and today's date. No dayjs here, so the
// receiving page's search view does not load it (issue 13); format.ts re-exports these.
import { LIMITS } from '../../contract/constants';

/** Today's local date as YYYY-MM-DD (the default return date). */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const TEMP_ID = new RegExp(`^__[A-Za-z0-9]{${LIMITS.tempIdLength}}$`);

/** A draft's temporary id: two underscores and 6 random alphanumerics (SPEC §3, §9). */
export function tempId(): string {
  const bytes = new Uint8Array(LIMITS.tempIdLength);
  crypto.getRandomValues(bytes);
  // 256 is not a multiple of 62; the slight bias does not matter for a temporary client-side key.
  return `__${Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('')}`;
}

/** True for an id made by tempId() (a ledger or draft not yet saved). */
export function isTempId(id: unknown): boolean {
  return typeof id === 'string' && TEMP_ID.test(id);
}
