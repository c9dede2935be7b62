// The interface language: the account's choice (stored on the account, remembered here for the next
// load), else the browser's first language the interface speaks (login and reset screens), else English.
import { i18n } from '@lingui/core';
import { catalogueLocale, loadAreas, type Area } from './catalogues';
import './server-text'; // installs the API messages' translator
import { DEFAULT_LOCALE, isLocale, pickLocale, type Locale } from './locales';

const STORAGE_KEY = 'rd.locale';

let current: Locale = DEFAULT_LOCALE;
const inUse = new Set<Area>(['shell']);

function stored(): Locale | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

function browserLocale(): Locale {
  return pickLocale(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
}

export function currentLocale(): Locale {
  return current;
}

/** The first language: remembered from the last account, else the browser's. */
export function initialLocale(): Locale {
  return stored() ?? browserLocale();
}

function apply(locale: Locale) {
  current = locale;
  i18n.activate(catalogueLocale(locale));
  document.documentElement.lang = locale;
}

/** Loads the shell's texts and activates the first language; the app renders after this. */
export async function startLanguage(locale = initialLocale()): Promise<void> {
  await loadAreas(locale, ['shell']);
  apply(locale);
}

/**
 * A screen's texts: loaded before the screen renders (lib/lazy-page.ts), in the language in use, or in
 * the first one while it is being set up (the first screen's texts download beside the shell's).
 */
export function loadScreenAreas(areas: readonly Area[], locale: Locale = current): Promise<void> {
  for (const area of areas) inUse.add(area);
  return loadAreas(locale, areas);
}

/**
 * Switches the interface to another language: every area already shown is loaded in the new
 * language first, so the screen changes at once and never shows ids. `remember` keeps it for the next load.
 */
export async function changeLanguage(locale: Locale, { remember = true } = {}): Promise<void> {
  if (remember) {
    try {
      localStorage.setItem(STORAGE_KEY, locale);
    } catch {
      // private mode: the account's language still applies at the next sign-in
    }
  }
  if (locale === current && i18n.locale === catalogueLocale(locale)) return;
  await loadAreas(locale, [...inUse]);
  apply(locale);
}

/** Signed out: the next screens follow the browser again (a shared terminal's next user). */
export function forgetLanguage(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing stored
  }
}
