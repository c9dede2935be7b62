import { describe, expect, it } from 'vitest';
import { latestDue, nextDue, periodOf, zonedTime, type ScheduleTiming } from './schedule-timing.js';

const daily = (timeOfDay: string, timeZone = 'UTC'): ScheduleTiming => ({
  frequency: 'Daily',
  weekday: null,
  monthDay: null,
  timeOfDay,
  timeZone,
});
const weekly = (weekday: number, timeOfDay = '07:00', timeZone = 'UTC'): ScheduleTiming => ({
  frequency: 'Weekly',
  weekday,
  monthDay: null,
  timeOfDay,
  timeZone,
});
const monthly = (monthDay: number, timeOfDay = '06:30', timeZone = 'UTC'): ScheduleTiming => ({
  frequency: 'Monthly',
  weekday: null,
  monthDay,
  timeOfDay,
  timeZone,
});
const at = (iso: string) => new Date(iso);

describe('schedule timing', () => {
  it('daily: the due time is today at the time of day once passed, else yesterday', () => {
    expect(latestDue(daily('06:00'), at('2026-11-24T06:00:00Z')).at.toISOString()).toBe('2026-11-24T06:00:00.000Z');
    expect(latestDue(daily('06:00'), at('2026-11-24T05:59:59Z')).at.toISOString()).toBe('2026-11-23T06:00:00.000Z');
    expect(nextDue(daily('06:00'), at('2026-11-24T06:00:00Z')).toISOString()).toBe('2026-11-25T06:00:00.000Z');
    expect(periodOf(daily('06:00'), { y: 2026, m: 11, d: 24 })).toEqual({ from: '2026-11-23', to: '2026-11-23' });
  });

  it('daily in a time zone: 08:00 in Amsterdam is 07:00 UTC in winter and 06:00 UTC in summer', () => {
    expect(latestDue(daily('08:00', 'Europe/Amsterdam'), at('2026-11-24T12:00:00Z')).at.toISOString()).toBe('2026-11-24T07:00:00.000Z');
    expect(latestDue(daily('08:00', 'Europe/Amsterdam'), at('2026-07-01T12:00:00Z')).at.toISOString()).toBe('2026-07-01T06:00:00.000Z');
    // The local date decides: 23:30 UTC on the 24th is already the 25th in Tokyo.
    const tokyo = latestDue(daily('08:00', 'Asia/Tokyo'), at('2026-11-24T23:30:00Z'));
    expect(tokyo.date).toEqual({ y: 2026, m: 11, d: 25 });
    expect(tokyo.at.toISOString()).toBe('2026-11-24T23:00:00.000Z');
  });

  it('a local time skipped by the clock change runs at the shifted time; a repeated one at the first', () => {
    // 2026-03-29 02:30 does not exist in Amsterdam (02:00 → 03:00): 03:30 CEST = 01:30 UTC.
    expect(zonedTime({ y: 2026, m: 3, d: 29 }, 2, 30, 'Europe/Amsterdam').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    // 2026-10-25 02:30 exists twice (CEST, then CET): the first is 00:30 UTC.
    expect(zonedTime({ y: 2026, m: 10, d: 25 }, 2, 30, 'Europe/Amsterdam').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('weekly: the last such weekday (ISO 1 = Monday) at the time, covering the 7 days before', () => {
    // 2026-11-24 is a Tuesday.
    const monday = weekly(1);
    const due = latestDue(monday, at('2026-11-24T12:00:00Z'));
    expect(due.at.toISOString()).toBe('2026-11-23T07:00:00.000Z');
    expect(periodOf(monday, due.date)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(latestDue(weekly(2), at('2026-11-24T06:59:00Z')).at.toISOString()).toBe('2026-11-17T07:00:00.000Z');
    expect(nextDue(monday, at('2026-11-24T12:00:00Z')).toISOString()).toBe('2026-11-30T07:00:00.000Z');
    expect(latestDue(weekly(7), at('2026-11-24T12:00:00Z')).at.toISOString()).toBe('2026-11-22T07:00:00.000Z');
  });

  it('monthly: the day of the month, or the last day of a shorter month', () => {
    expect(latestDue(monthly(1), at('2026-11-24T00:00:00Z')).at.toISOString()).toBe('2026-11-01T06:30:00.000Z');
    expect(periodOf(monthly(1), { y: 2026, m: 11, d: 1 })).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    // The 31st: April has 30 days, so April's run is on the 30th; February's on the 28th.
    expect(latestDue(monthly(31), at('2026-04-30T07:00:00Z')).at.toISOString()).toBe('2026-04-30T06:30:00.000Z');
    expect(latestDue(monthly(31), at('2026-04-30T06:00:00Z')).at.toISOString()).toBe('2026-03-31T06:30:00.000Z');
    expect(nextDue(monthly(31), at('2026-02-01T00:00:00Z')).toISOString()).toBe('2026-02-28T06:30:00.000Z');
    expect(nextDue(monthly(30), at('2028-02-01T00:00:00Z')).toISOString()).toBe('2028-02-29T06:30:00.000Z');
    // Periods chain without gap or overlap: Feb 28 covers Jan 31 – Feb 27, Mar 31 covers Feb 28 – Mar 30.
    expect(periodOf(monthly(31), { y: 2026, m: 2, d: 28 })).toEqual({ from: '2026-01-31', to: '2026-02-27' });
    expect(periodOf(monthly(31), { y: 2026, m: 3, d: 31 })).toEqual({ from: '2026-02-28', to: '2026-03-30' });
  });
});
