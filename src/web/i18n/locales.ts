// The languages of the interface (issue 24), as the contract lists them; English is the fallback.
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../../contract/locales';

export { DEFAULT_LOCALE, isLocale, LOCALES, type Locale };

/** Each language named in itself, as a language picker shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  nl: 'Nederlands',
  pl: 'Polski',
  es: 'Español',
};

/** The first of the browser's languages the interface speaks ('de-AT' → 'de'), else English. */
export function pickLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}
