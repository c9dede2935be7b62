// The calendars' month and day names and first day of the week in the reader's language (issue 24).
// Mantine's date pickers name months and days through dayjs; dayjs knows English only until a
// locale file registers another. Those files load here, with the first date picker a screen shows,
// so neither the entry nor an English reader's pages carry them (this module is in the chunks that
// bring @mantine/dates, never in the entry).
import { useLingui } from '@lingui/react';
import { DatesProvider, type DayOfWeek } from '@mantine/dates';
import dayjs from 'dayjs';
import { useEffect, useState, type ReactNode } from 'react';
import { currentLocale } from '../../i18n/language';
import type { Locale } from '../../i18n/locales';

// dayjs's own locale files (CommonJS): each registers itself on the dayjs that Mantine uses.
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<unknown>> = {
  de: () => import('dayjs/locale/de.js'),
  nl: () => import('dayjs/locale/nl.js'),
  pl: () => import('dayjs/locale/pl.js'),
  es: () => import('dayjs/locale/es.js'),
};

const pending = new Map<Locale, Promise<void>>();

/** Loads (once) dayjs's names for a language; English is built in. */
export function loadDatesLocale(locale: Locale): Promise<void> {
  if (locale === 'en') return Promise.resolve();
  let load = pending.get(locale);
  if (!load) {
    load = LOADERS[locale]().then(() => undefined);
    load.catch(() => pending.delete(locale)); // tried again by the next picker
    pending.set(locale, load);
  }
  return load;
}

const isRegistered = (locale: Locale) => locale === 'en' || locale in dayjs.Ls;

/** Monday unless the language's data says otherwise (dayjs's English has none: Monday, as before). */
const firstDayOf = (locale: Locale) => (dayjs.Ls[locale]?.weekStart ?? 1) as DayOfWeek;

/**
 * Mantine's dates settings for the reader's language. Until the names have arrived (a few hundred
 * bytes, long before anyone opens a calendar) the pickers show English rather than wait.
 */
export function DatesInLanguage({ children }: { children: ReactNode }) {
  useLingui(); // renders again when the language changes
  const locale = currentLocale();
  const [, setLoaded] = useState<Locale | null>(null);
  useEffect(() => {
    let live = true;
    if (!isRegistered(locale)) {
      void loadDatesLocale(locale)
        .then(() => live && setLoaded(locale))
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
  }, [locale]);
  const shown = isRegistered(locale) ? locale : 'en';
  return <DatesProvider settings={{ locale: shown, firstDayOfWeek: firstDayOf(shown) }}>{children}</DatesProvider>;
}
