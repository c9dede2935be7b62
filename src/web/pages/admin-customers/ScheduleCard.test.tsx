import { i18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleView } from '../../../contract/schedules';
import { renderWithApp } from '../../test/render';
import { ScheduleCard } from './ScheduleCard';

const schedule: ScheduleView = {
  id: 7,
  customer_id: 3,
  frequency: 'Weekly',
  weekday: 1,
  month_day: null,
  time_of_day: '06:30',
  time_zone: 'UTC',
  recipients: ['ops@example.com'],
  formats: ['CSV'],
  active: false,
  next_due_at: null,
  created_by: 'admin',
  updated_at: '2026-11-01T06:30:00Z',
  runs: [
    {
      id: 1,
      due_at: '2026-11-02T06:30:00Z',
      manual: true,
      period_from: '2026-10-26',
      period_to: '2026-11-01',
      task_id: 9,
      task_status: 'Success',
      requested_by: 'admin',
      created_at: '2026-11-02T06:30:00Z',
    },
  ],
};

const noop = () => undefined;
function renderCard(locale: 'en' | 'pl') {
  i18n.activate(locale);
  renderWithApp(
    <I18nProvider i18n={i18n}>
      <ScheduleCard schedule={schedule} sending={false} toggling={false} onSend={noop} onEdit={noop} onToggle={noop} onDelete={noop} />
    </I18nProvider>,
  );
}

describe('ScheduleCard', () => {
  beforeAll(async () => {
    for (const locale of ['en', 'pl'] as const) {
      const { messages } = (await import(`../../locales/${locale}/admin.json?lingui`)) as { messages: Messages };
      i18n.load(locale, messages);
    }
  });

  it('keeps the English texts the e2e walk reads', () => {
    renderCard('en');
    expect(screen.getByRole('region', { name: 'Report schedule 7' })).toBeTruthy();
    expect(screen.getByText('Every Monday at 06:30 (UTC)')).toBeTruthy();
    expect(screen.getByText('To ops@example.com · CSV')).toBeTruthy();
    expect(screen.getByText('No run until it is resumed')).toBeTruthy();
    expect(screen.getByText('2026-10-26 – 2026-11-01 (sent now)')).toBeTruthy();
    expect(screen.getByText('Success')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resume (report schedule 7)' })).toBeTruthy();
  });

  it('reads in Polish', () => {
    renderCard('pl');
    expect(screen.getByRole('region', { name: 'Harmonogram raportu 7' })).toBeTruthy();
    expect(screen.getByText('Co tydzień (poniedziałek) o 06:30 (UTC)')).toBeTruthy();
    expect(screen.getByText('Wstrzymany')).toBeTruthy();
    expect(screen.getByText('Sukces')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Wyślij teraz' })).toBeTruthy();
  });
});
