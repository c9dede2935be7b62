// Display formats of SPEC §9: timestamps are stored in UTC and shown in local time.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { LIMITS } from '../../contract/constants';

dayjs.extend(utc);

type DateInput = string | number | Date | null | undefined;

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function toLocal(value: DateInput): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  // A bare date (return_date) is a calendar day, not an instant: shifting it by the zone would change the day.
  const d = typeof value === 'string' && CALENDAR_DATE.test(value) ? dayjs(value) : dayjs.utc(value).local();
  return d.isValid() ? d : null;
}

/** 'MMM DD, YYYY' in local time; '' for empty or invalid input. */
export function formatDate(value: DateInput): string {
  return toLocal(value)?.format('MMM DD, YYYY') ?? '';
}

/** 'MMM DD HH:mm' in local time; '' for empty or invalid input. */
export function formatDateTime(value: DateInput): string {
  return toLocal(value)?.format('MMM DD HH:mm') ?? '';
}

/** Today's local date as YYYY-MM-DD (the default return date). */
export function today(): string {
  return dayjs().format('YYYY-MM-DD');
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
