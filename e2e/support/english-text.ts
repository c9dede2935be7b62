// Issue 24's sweep: finds English on a screen that should be in German, Dutch, Polish or Spanish.
// Three nets, from precise to broad:
//   1. a whole English text of the catalogues that the language says otherwise (a missed t`…`);
//   2. the English names of codes the server sends (task types, statuses) and Mantine's own words;
//   3. an English sentence (two or more English-only function words) or an English date, which
//      catches a server text or a hard-coded string the catalogues never saw.
// Texts the test typed itself (company names, product names) are passed in `allow` and skipped.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

export const SWEEP_LOCALES = ['de', 'nl', 'pl', 'es'] as const;
export type SweepLocale = (typeof SWEEP_LOCALES)[number];

type Entry = { message?: string; translation?: string; context?: string };
const LOCALES_DIR = join(import.meta.dirname, '..', '..', 'src', 'web', 'locales');

/** Code names and library words that reach a screen without a catalogue entry of the same text. */
const CODE_WORDS = [
  'Mail',
  'Return Report',
  'Webhook Delivery',
  'System Log',
  'Log Only',
  'Before Downloading',
  'Close',
  'Previous',
  'Next',
  'Nothing found',
  'Loading...',
  // A task's log: its keys and event names (the tree shows `event: "created"`).
  'event',
  'worker',
  'attempt',
  'retry',
  'created',
  'claimed',
  'succeeded',
  'failed',
  'file built',
  'released',
  // The audit trail's field names as stored (the trail names them in the language).
  'can_blind',
  'customer_status',
  'order_source',
  'user_status',
];

/**
 * Words of English sentences that are no words of German, Dutch, Polish or Spanish ('is', 'of', 'was',
 * 'will', 'by', 'to', 'no', 'a', 'in' are; they are left out).
 */
const ENGLISH_ONLY = [
  'the',
  'and',
  'with',
  'for',
  'your',
  'you',
  'this',
  'that',
  'not',
  'been',
  'has',
  'have',
  'from',
  'are',
  'when',
  'which',
  'what',
  'there',
  'should',
  'must',
  'cannot',
  'please',
  'each',
  'every',
  'only',
  'yet',
  'its',
];

/** The language's catalogue: `tr(english)` its words, `english` the texts that must not show. */
export function sweepCatalogue(locale: SweepLocale) {
  const byEnglish = new Map<string, string>();
  const keptEnglish = new Set<string>();
  for (const file of readdirSync(join(LOCALES_DIR, locale))) {
    const entries = JSON.parse(readFileSync(join(LOCALES_DIR, locale, file), 'utf8')) as Record<string, Entry>;
    for (const entry of Object.values(entries)) {
      if (!entry.message || !entry.translation) continue;
      if (!entry.context) byEnglish.set(entry.message, entry.translation);
      if (entry.translation === entry.message) keptEnglish.add(entry.message); // the same word in the language ('Blind', 'Dashboard')
    }
  }
  const english = [...byEnglish.keys(), ...CODE_WORDS].filter((en) => !keptEnglish.has(en) && !en.includes('{') && /[a-z]{2}/i.test(en));
  const tr = (text: string) => {
    const translated = byEnglish.get(text);
    expect(translated, `${locale} translates "${text}"`).toBeTruthy();
    return translated!;
  };
  return { tr, english: [...new Set(english)] };
}

/** English on the page: its text, accessible names, placeholders, titles and the document's title and lang. */
export async function englishShown(page: Page, locale: SweepLocale, english: string[], allow: string[] = []): Promise<string[]> {
  return page.evaluate(
    ({ texts, stop, allowed, lang }) => {
      const set = new Set(texts);
      const stopWords = new Set(stop);
      const found = new Set<string>();
      const isAllowed = (text: string) => allowed.some((a) => a && text.includes(a));
      const englishDate = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}(, \d{4}|\b)|\b\d{1,2}:\d{2} ?(AM|PM)\b/;
      const sentence = (text: string) => {
        const words = text.toLowerCase().match(/[a-z']+/g) ?? [];
        return words.length >= 3 && new Set(words.filter((w) => stopWords.has(w))).size >= 2;
      };
      const judge = (where: string, raw: string) => {
        const text = raw.replace(/^"(.*)"$/, '$1').replace(/:$/, '');
        if (!text || isAllowed(text)) return;
        if (set.has(text)) found.add(`${where}: ${text}`);
        else if (englishDate.test(text)) found.add(`${where} (English date): ${text}`);
        else if (sentence(text)) found.add(`${where} (English sentence): ${text}`);
      };
      const visible = (el: Element) => {
        const box = (el as HTMLElement).getBoundingClientRect?.();
        return !!box && (box.width > 0 || box.height > 0) && getComputedStyle(el).visibility !== 'hidden';
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const parent = n.parentElement;
        if (!parent || parent.closest('script, style, [data-sweep-skip]') || !visible(parent)) continue;
        judge('text', n.textContent?.trim() ?? '');
      }
      // A text split over elements ('<b>3</b> lines wait for the brand') is judged whole, by its block.
      for (const el of Array.from(document.querySelectorAll('p, li, td, label, [role="alert"], .mantine-Notification-description'))) {
        if (visible(el) && el.childElementCount > 0) {
          const text = (el as HTMLElement).innerText?.replace(/\s+/g, ' ').trim() ?? '';
          if (!set.has(text)) judge('block', text);
        }
      }
      for (const el of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title], [alt]'))) {
        if (el.closest('[data-sweep-skip]')) continue;
        for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) judge(attr, el.getAttribute(attr)?.trim() ?? '');
      }
      judge('document title', document.title.split(' · ')[0]!.trim());
      if (document.documentElement.lang !== lang) found.add(`html lang: ${document.documentElement.lang}`);
      return [...found];
    },
    { texts: english, stop: ENGLISH_ONLY, allowed: allow, lang: locale },
  );
}

/** A sweep's recorder: `look(state)` takes a screenshot and notes the English it finds; `leaks` at the end. */
export function sweepRecorder(
  page: Page,
  locale: SweepLocale,
  takeScreenshot: (page: Page, name: string) => Promise<string>,
  allow: string[] = [],
) {
  const { english } = sweepCatalogue(locale);
  const leaks: string[] = [];
  const look = async (state: string) => {
    await takeScreenshot(page, `sweep-${locale}-${state}`);
    for (const leak of await englishShown(page, locale, english, allow)) leaks.push(`${state}: ${leak}`);
  };
  return { look, leaks, allow };
}
