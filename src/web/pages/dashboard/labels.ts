// Display labels of the fixed values the dashboard shows (issue 24): the API keys stay English codes,
// people read these, translated where rendered.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { currentLocale } from '../../i18n/language';

/** DASHBOARD_PERIODS' options, by value. */
export const PERIOD_LABEL: Record<string, MessageDescriptor> = {
  today: msg`Today`,
  '7d': msg`7 days`,
  '30d': msg`30 days`,
  range: msg`Range`,
};

/** The spec's condition names (the conditions tile's keys). */
export const CONDITION_LABEL: Record<string, MessageDescriptor> = {
  Pristine: msg`Pristine`,
  Reconditioning: msg`Reconditioning`,
  Scrap: msg`Scrap`,
  Secondhand: msg`Secondhand`,
};

/** Issue 16's kinds of discrepancy (the discrepancies tile's keys). */
export const DISCREPANCY_LABEL: Record<string, MessageDescriptor> = {
  MISSING: msg`Missing`,
  WRONG_ITEM: msg`Wrong item`,
  EXTRA_ITEM: msg`Extra item`,
};

/** Lines without a disposition (the dispositions tile's key ''). */
export const NO_DISPOSITION = msg`None`;

/** A label of the map, or the value itself when it has none. */
export function labelOf(map: Record<string, MessageDescriptor>, value: string, translate: (d: MessageDescriptor) => string): string {
  const d = map[value];
  return d ? translate(d) : value;
}

/** A chart's day tick (YYYY-MM-DD in): MM-DD in English as before, the language's day and month order otherwise. */
export function shortDay(day: string, locale: string = currentLocale()): string {
  if (locale === 'en') return day.slice(5);
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day.slice(5);
  return new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', timeZone: 'UTC' }).format(date);
}
