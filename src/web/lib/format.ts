// Display formats of SPEC §9: timestamps are stored in UTC and shown in local time.
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

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

// Kept here for the screens that format dates anyway; the receiving page imports them without dayjs.
export { isTempId, tempId, today } from './draft-defaults';
