/**
 * When a report schedule is due (issue 12), in the schedule's own IANA time zone. Pure functions
 * of (timing, instant), so the scheduler and the tests share them and a fake clock drives both.
 *
 * * Daily: every day at `time`. Weekly: on ISO weekday `weekday` (1 = Monday … 7 = Sunday).
 *   Monthly: on day `monthDay`; in a month without that day (the 31st in April, the 29th–31st
 *   in February) on the month's last day.
 * * A local time that does not exist (the hour skipped when clocks go forward) is taken as the
 *   same wall time shifted by the jump (02:30 → 03:30); a time that exists twice is the first.
 * * A run covers return dates from the previous due date (inclusive) to the day before its own
 *   due date: daily → yesterday, weekly → the 7 days before, monthly on the 1st → last month.
 */
export type Frequency = 'Daily' | 'Weekly' | 'Monthly';

export interface ScheduleTiming {
  frequency: Frequency;
  weekday: number | null;
  monthDay: number | null;
  /** 'HH:MM' */
  timeOfDay: string;
  timeZone: string;
}

/** A calendar date (no time zone): year, month 1–12, day 1–31. */
export interface LocalDate {
  y: number;
  m: number;
  d: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock fields of `instant` in `timeZone`. */
export function zonedParts(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return { y: +parts.year!, m: +parts.month!, d: +parts.day!, h: +parts.hour!, mi: +parts.minute!, s: +parts.second! };
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const p = zonedParts(new Date(instant), timeZone);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.mi, p.s) - Math.floor(instant / 1000) * 1000;
}

/** The instant at which the wall clock of `timeZone` shows `date` `hh:mm` (see the gap rule above). */
export function zonedTime(date: LocalDate, hh: number, mm: number, timeZone: string): Date {
  const wall = Date.UTC(date.y, date.m - 1, date.d, hh, mm);
  // The offsets a day before and after cover both sides of any transition on that day.
  const before = wall - offsetAt(wall - 86_400_000, timeZone);
  const after = wall - offsetAt(wall + 86_400_000, timeZone);
  const valid = [before, after].filter((t) => t + offsetAt(t, timeZone) === wall);
  // Twice on the wall clock: the first; never (a gap): the old offset, i.e. shifted by the jump.
  return new Date(valid.length ? Math.min(...valid) : before);
}

export const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

export function addDays(date: LocalDate, days: number): LocalDate {
  const t = new Date(Date.UTC(date.y, date.m - 1, date.d + days));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

export const isoDay = (date: LocalDate) => `${date.y}-${String(date.m).padStart(2, '0')}-${String(date.d).padStart(2, '0')}`;

/** ISO weekday, 1 = Monday … 7 = Sunday. */
const isoWeekday = (date: LocalDate) => ((new Date(Date.UTC(date.y, date.m - 1, date.d)).getUTCDay() + 6) % 7) + 1;

/** Whether the schedule runs on this local date. */
export function runsOn(timing: ScheduleTiming, date: LocalDate): boolean {
  if (timing.frequency === 'Daily') return true;
  if (timing.frequency === 'Weekly') return isoWeekday(date) === timing.weekday;
  return date.d === Math.min(timing.monthDay ?? 1, daysInMonth(date.y, date.m));
}

function timeOf(timing: ScheduleTiming): [number, number] {
  const [hh, mm] = timing.timeOfDay.split(':').map(Number);
  return [hh ?? 0, mm ?? 0];
}

/** The due instant of the schedule on `date` (which must be a run day). */
export const dueOn = (timing: ScheduleTiming, date: LocalDate): Date => zonedTime(date, ...timeOf(timing), timing.timeZone);

/** Longest gap between two run days (a monthly schedule), plus slack. */
const SEARCH_DAYS = 33;

/** The most recent due instant at or before `now`, with its local date. */
export function latestDue(timing: ScheduleTiming, now: Date): { at: Date; date: LocalDate } {
  const today = zonedParts(now, timing.timeZone);
  for (let back = 0; back <= SEARCH_DAYS + 1; back++) {
    const date = addDays(today, -back);
    if (!runsOn(timing, date)) continue;
    const at = dueOn(timing, date);
    if (at.getTime() <= now.getTime()) return { at, date };
  }
  throw new Error('no due time found');
}

/** The first due instant after `now`. */
export function nextDue(timing: ScheduleTiming, now: Date): Date {
  const today = zonedParts(now, timing.timeZone);
  for (let ahead = 0; ahead <= SEARCH_DAYS + 1; ahead++) {
    const date = addDays(today, ahead);
    if (!runsOn(timing, date)) continue;
    const at = dueOn(timing, date);
    if (at.getTime() > now.getTime()) return at;
  }
  throw new Error('no due time found');
}

/** The return dates a run due on `date` reports: from the previous run day to the day before. */
export function periodOf(timing: ScheduleTiming, date: LocalDate): { from: string; to: string } {
  let previous = addDays(date, -1);
  while (!runsOn(timing, previous)) previous = addDays(previous, -1);
  return { from: isoDay(previous), to: isoDay(addDays(date, -1)) };
}
