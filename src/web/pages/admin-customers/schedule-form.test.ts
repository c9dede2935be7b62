import { i18n, type Messages } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleView } from '../../../contract/schedules';
import { describeSchedule } from './schedule-form';

const schedule = (over: Partial<ScheduleView>): ScheduleView =>
  ({ frequency: 'Weekly', weekday: 1, month_day: null, time_of_day: '06:30', time_zone: 'UTC', ...over }) as ScheduleView;

describe('describeSchedule', () => {
  beforeAll(async () => {
    for (const locale of ['en', 'de'] as const) {
      const { messages } = (await import(`../../locales/${locale}/admin.json?lingui`)) as { messages: Messages };
      i18n.load(locale, messages);
    }
  });

  it('keeps the English wording of every kind', () => {
    i18n.activate('en');
    expect(describeSchedule(schedule({}), i18n)).toBe('Every Monday at 06:30 (UTC)');
    expect(describeSchedule(schedule({ frequency: 'Monthly', month_day: 5 }), i18n)).toBe('Monthly on day 5 at 06:30 (UTC)');
    expect(describeSchedule(schedule({ frequency: 'Monthly', month_day: 31 }), i18n)).toBe(
      'Monthly on day 31 (or the month’s last day) at 06:30 (UTC)',
    );
    expect(describeSchedule(schedule({ frequency: 'Daily', time_zone: 'Europe/Berlin' }), i18n)).toBe('Daily at 06:30 (Europe/Berlin)');
  });

  it('speaks the reader’s language, the weekday included', () => {
    i18n.activate('de');
    expect(describeSchedule(schedule({ weekday: 3 }), i18n)).toBe('Jeden Mittwoch um 06:30 (UTC)');
    expect(describeSchedule(schedule({ frequency: 'Daily' }), i18n)).toBe('Täglich um 06:30 (UTC)');
  });
});
