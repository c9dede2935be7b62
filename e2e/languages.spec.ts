// Issue 24: the core flows in each language — a browser set to the language gets the login screen in
// it; the operator receives a return, records a blind return and finds both in History without
// meeting an English text the catalogue translates; the page's lang follows; axe finds nothing. The
// expected words come from the catalogues themselves (src/web/locales), so the test checks that
// the screen shows the catalogue, not a copy of it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, expectNoAxeViolations } from './support/index';
import { seedReturnsCustomer } from './returns-seed';

type Catalogue = Record<string, { message?: string; translation?: string }>;
const LOCALES_DIR = join(import.meta.dirname, '..', 'src', 'web', 'locales');

function catalogue(locale: string): Map<string, string> {
  const byEnglish = new Map<string, string>();
  for (const file of readdirSync(join(LOCALES_DIR, locale))) {
    const entries = JSON.parse(readFileSync(join(LOCALES_DIR, locale, file), 'utf8')) as Catalogue;
    for (const entry of Object.values(entries)) if (entry.message && entry.translation) byEnglish.set(entry.message, entry.translation);
  }
  return byEnglish;
}

/** The catalogue's words for an English text; fails when the language has none or kept the English. */
function wordsFor(locale: string) {
  const texts = catalogue(locale);
  return (english: string) => {
    const translated = texts.get(english);
    expect(translated, `${locale} has a translation of "${english}"`).toBeTruthy();
    expect(translated, `${locale} translates "${english}"`).not.toBe(english);
    return translated!;
  };
}

async function loginInLanguage(page: Page, tr: (s: string) => string, username: string, password: string) {
  await page.goto('/auth/login');
  await expect(page.getByRole('heading', { name: tr('Sign in') })).toBeVisible();
  await page.getByLabel(tr('Username')).fill(username);
  await page.getByLabel(tr('Password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: tr('Login') }).click();
}

for (const locale of ['de', 'nl', 'pl', 'es'] as const) {
  test.describe(`in ${locale}`, () => {
    test.use({ locale });

    test(`${locale}: login, receiving, blind return and history in the language, axe 0`, async ({ page, api, errors, takeScreenshot }) => {
      test.slow();
      const tr = wordsFor(locale);
      const seed = await seedReturnsCustomer(api, { orders: 2, canBlind: true });
      await loginInLanguage(page, tr, seed.operator.username, seed.operator.password);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);

      // Receiving: the search screen, an order opened, a line received, the summary, the submit.
      await expect(page.getByRole('heading', { name: tr('Order Search') })).toBeVisible();
      await page.getByRole('combobox', { name: tr('Customer') }).fill(seed.company.slice(0, 20));
      await page.getByRole('option', { name: seed.company }).click();
      await page.getByLabel(tr('Search Reference')).fill(`HO-${seed.ref}-000`);
      await page
        .getByRole('listitem')
        .filter({ hasText: `HO-${seed.ref}-000` })
        .first()
        .click();
      const line = page.getByTestId('order-line').first();
      await expect(line).toBeVisible();
      await line.getByRole('button', { name: tr('Save') }).click();
      await expect(page.getByTestId('ledger-new')).toHaveCount(1);
      await page.getByLabel(tr('Reference 1')).fill(`RMA-${locale}`);
      await expectNoAxeViolations(page, `${locale}: receiving with an order open`);
      await takeScreenshot(page, `languages-${locale}-receiving`);
      await page.getByRole('button', { name: tr('Submit'), exact: true }).click();
      const summary = page.getByRole('dialog', { name: tr('Return Processing Summary') });
      await expect(summary).toBeVisible();
      await expectNoAxeViolations(page, `${locale}: summary`);
      await summary.getByRole('button', { name: tr('Confirm & Submit Return') }).click();
      await expect(summary).not.toBeAttached();
      await expect(page.getByTestId('saved-returns').getByRole('link')).toHaveCount(1);

      // A blind return.
      await page.goto(`/blind/${seed.customerId}`);
      await expect(page.getByRole('button', { name: tr('Save Return') })).toBeVisible();
      await expectNoAxeViolations(page, `${locale}: blind return`);
      await takeScreenshot(page, `languages-${locale}-blind`);

      // History shows the return; its screen speaks the language.
      await page.goto('/history');
      await expect(page.getByRole('heading', { name: tr('Return History') })).toBeVisible();
      await expect(page.getByText(`RMA-${locale}`)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expectNoAxeViolations(page, `${locale}: history`);
      await takeScreenshot(page, `languages-${locale}-history`);
      expect(errors).toEqual([]);
    });
  });
}

test.describe('the account’s language', () => {
  test('chosen in the user menu, it is stored on the account and wins over the browser’s at the next sign-in', async ({
    page,
    api,
    errors,
  }) => {
    const seed = await seedReturnsCustomer(api, { orders: 1 });
    const tr = wordsFor('pl');
    await page.goto('/auth/login');
    await page.getByLabel('Username').fill(seed.operator.username);
    await page.getByLabel('Password', { exact: true }).fill(seed.operator.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Order Search' })).toBeVisible();
    await page.getByRole('button', { name: /user menu|account/i }).click();
    await page.getByRole('menuitem', { name: /Language/ }).click();
    await page.getByRole('menuitemradio', { name: 'Polski' }).click();
    await expect(page.getByRole('heading', { name: tr('Order Search') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    const stored = await api.call<{ user: { language: string | null } }>('POST', '/account/token', { token: seed.token });
    expect(stored.message.user.language).toBe('pl');
    // A new sign-in elsewhere (the browser says English) opens in Polish once the account is known.
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.getByLabel('Username').fill(seed.operator.username);
    await page.getByLabel('Password', { exact: true }).fill(seed.operator.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: tr('Order Search') })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
