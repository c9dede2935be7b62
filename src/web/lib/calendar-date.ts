// A typed YYYY-MM-DD checked the way the server checks a return date (contract/common.ts isoDate),
// without zod or dayjs, so the receiving page's order panel can validate it on every keystroke.

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

export type CalendarDateProblem = 'format' | 'impossible';

/** null for a real calendar day written YYYY-MM-DD; else what is wrong with the text. */
export function calendarDateProblem(text: string): CalendarDateProblem | null {
  if (!CALENDAR_DATE.test(text)) return 'format';
  const day = new Date(`${text}T00:00:00Z`);
  // Date rolls 2026-02-30 over into March: a real day reads back unchanged.
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text ? null : 'impossible';
}
