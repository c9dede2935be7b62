// Loading the message catalogues: one per language and area (lingui.config.ts), compiled by
// @lingui/vite-plugin when imported. A screen asks for its areas before it renders, so a Polish
// operator downloads Polish receiving texts only, and nothing of the admin screens.
import { i18n, type Messages } from '@lingui/core';
import type { Locale } from './locales';

export type Area =
  | 'shell'
  | 'auth'
  | 'errors'
  | 'common'
  | 'receiving'
  // Issue 23: the parts that load on demand and the blind return; task details, audit trails, decisions, report requests.
  | 'ondemand'
  | 'extra'
  | 'history'
  | 'insight'
  | 'admin';

/** The pseudo-localised build (VITE_PSEUDO=1) shows the 'pseudo' catalogue whatever the language. */
const PSEUDO = import.meta.env.VITE_PSEUDO === '1';

type Loader = () => Promise<{ messages: Messages }>;

// Vite turns each file into its own chunk. The pseudo catalogues exist in the pseudo build only: a
// real build's map (in the entry) names the five languages' files, not the pseudo ones.
const CATALOGUES: Record<string, Loader> = PSEUDO
  ? import.meta.glob<{ messages: Messages }>('../locales/pseudo/*.json', { query: '?lingui' })
  : import.meta.glob<{ messages: Messages }>(['../locales/*/*.json', '!../locales/pseudo/*.json'], { query: '?lingui' });

function loaderFor(locale: Locale | 'pseudo', area: Area): Loader {
  return CATALOGUES[`../locales/${locale}/${area}.json`]!;
}

const loaded = new Map<string, Promise<void>>();

/** Loads (once) the catalogues of these areas in the locale; merges them into the active messages. */
export function loadAreas(locale: Locale, areas: readonly Area[]): Promise<void> {
  const source = PSEUDO ? 'pseudo' : locale;
  return Promise.all(
    areas
      // The API's messages arrive in English already: English needs no 'errors' catalogue.
      .filter((area) => !(area === 'errors' && source === 'en'))
      .map((area) => {
        const key = `${source}/${area}`;
        let pending = loaded.get(key);
        if (!pending) {
          pending = loaderFor(source, area)().then(({ messages }) => i18n.load(source, messages));
          pending.catch(() => loaded.delete(key)); // a failed download may be tried again
          loaded.set(key, pending);
        }
        return pending;
      }),
  ).then(() => undefined);
}

/** The Lingui locale id for a language (the pseudo build always shows its own). */
export function catalogueLocale(locale: Locale): string {
  return PSEUDO ? 'pseudo' : locale;
}

/** True once every area is in memory: a screen then renders without suspending. */
export function areasLoaded(locale: Locale, areas: readonly Area[]): boolean {
  const source = PSEUDO ? 'pseudo' : locale;
  return areas.every((area) => (area === 'errors' && source === 'en') || loaded.has(`${source}/${area}`));
}
