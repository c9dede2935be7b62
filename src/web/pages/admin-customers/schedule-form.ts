// A report schedule (issue 12) as the schedules panel's form holds it, the body it sends, and how the
// list describes a saved one.
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ScheduleBody, ScheduleView } from '../../../contract/schedules';
import { WEEKDAY_LABELS } from './admin-labels';

export type ScheduleValues = {
  frequency: string;
  weekday: string;
  month_day: number | string;
  time_of_day: string;
  time_zone: string;
  recipients: string[];
  formats: string[];
};

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
export const ZONES = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')];

export const toBody = (v: ScheduleValues, active = true): ScheduleBody => ({
  frequency: v.frequency as ScheduleBody['frequency'],
  weekday: v.frequency === 'Weekly' ? Number(v.weekday) : null,
  month_day: v.frequency === 'Monthly' ? Number(v.month_day) : null,
  time_of_day: v.time_of_day,
  time_zone: v.time_zone,
  recipients: v.recipients,
  formats: v.formats as ScheduleBody['formats'],
  active,
});

/** A saved schedule as the form's values (to edit it) or as the body that keeps it as it is. */
export const valuesOf = (s: ScheduleView): ScheduleValues => ({
  frequency: s.frequency,
  weekday: String(s.weekday ?? 1),
  month_day: s.month_day ?? 1,
  time_of_day: s.time_of_day,
  time_zone: s.time_zone,
  recipients: s.recipients,
  formats: s.formats,
});

export const NEW_VALUES = (): ScheduleValues => ({
  frequency: 'Weekly',
  weekday: '1',
  month_day: 1,
  time_of_day: '07:00',
  time_zone: browserZone(),
  recipients: [],
  formats: ['XLSX', 'CSV'],
});

export const when = (iso: string) => new Date(iso).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';

/** 'Every Monday at 06:30 (UTC)': one whole sentence per kind, in the reader's language. */
export function describeSchedule(s: ScheduleView, i18n: I18n): string {
  const { time_of_day: time, time_zone: zone } = s;
  const day = s.month_day ?? 1;
  if (s.frequency === 'Weekly') {
    const weekday = i18n._(WEEKDAY_LABELS[(s.weekday ?? 1) - 1]!);
    return i18n._(msg`Every ${weekday} at ${time} (${zone})`);
  }
  if (s.frequency === 'Monthly') {
    return day > 28
      ? i18n._(msg`Monthly on day ${day} (or the month’s last day) at ${time} (${zone})`)
      : i18n._(msg`Monthly on day ${day} at ${time} (${zone})`);
  }
  return i18n._(msg`Daily at ${time} (${zone})`);
}

export const statusColor = (status: string | null) =>
  status === 'Success' ? 'green' : status === 'Error' ? 'red' : status === 'Pending' || status === 'Running' ? 'blue' : 'gray';
