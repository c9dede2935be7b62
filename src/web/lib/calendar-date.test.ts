import { describe, expect, it } from 'vitest';
import { calendarDateProblem } from './calendar-date';

describe('calendar date', () => {
  it('accepts a real day written YYYY-MM-DD, leap days included', () => {
    expect(calendarDateProblem('2026-11-24')).toBeNull();
    expect(calendarDateProblem('2024-02-29')).toBeNull();
    expect(calendarDateProblem('2026-12-31')).toBeNull();
  });

  it('tells a wrong format from an impossible day', () => {
    for (const text of ['', '2026-1-5', '24.11.2026', '2026-11-24 ', '2026/11/24', '20261124']) {
      expect(calendarDateProblem(text)).toBe('format');
    }
    for (const text of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-04-31', '2026-11-00']) {
      expect(calendarDateProblem(text)).toBe('impossible');
    }
  });
});
