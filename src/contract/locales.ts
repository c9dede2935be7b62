// No zod here: the SPA's entry reads these constants (the schemas are in auth.ts).
/** The interface and mail languages (issue 24); English is the spec's language and the fallback. */
export const LOCALES = ['en', 'de', 'nl', 'pl', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export const LANGUAGE_MSG = {
  invalid: `Language must be one of ${LOCALES.join(', ')}`,
} as const;

/** The best of an Accept-Language header the product speaks ('de-AT,de;q=0.9,en;q=0.8' → 'de'). */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const tags = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(params.find((p) => p.trim().startsWith('q='))?.split('=')[1] ?? 1);
      return { base: tag.toLowerCase().split('-')[0] ?? '', q: Number.isFinite(q) ? q : 0 };
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q);
  return tags.map((t) => t.base).find((b): b is Locale => (LOCALES as readonly string[]).includes(b));
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A stored language as the contract's type: an unknown or empty value is no choice (null). */
export function toLocale(value: string | null | undefined): Locale | null {
  return isLocale(value) ? value : null;
}
