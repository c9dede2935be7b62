// Issue 24: an operator and an admin walk every screen in German and Polish, with the states a shift
// meets (an order open, the summary, a blind return, History filtered, a return's view, parcels with
// their drawer and timeline, the dashboard, each admin screen and drawer, the user menu, the password
// dialog, a server's validation messages). On each, no English text the catalogues translate may be
// visible or be an accessible name, a placeholder or the document's title. Screenshots for a person to look at.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './support/index';
import { seedReturnsCustomer, submitBlindReturn } from './returns-seed';

type Catalogue = Record<string, { message?: string; translation?: string }>;
const LOCALES_DIR = join(import.meta.dirname, '..', 'src', 'web', 'locales');

/** The language's words by English text, and the English texts it translates differently. */
function catalogue(locale: string) {
  const byEnglish = new Map<string, string>();
  const keptEnglish = new Set<string>();
  for (const file of readdirSync(join(LOCALES_DIR, locale))) {
    const entries = JSON.parse(readFileSync(join(LOCALES_DIR, locale, file), 'utf8')) as Catalogue & Record<string, { context?: string }>;
    for (const entry of Object.values(entries)) {
      if (!entry.message || !entry.translation) continue;
      if (!entry.context) byEnglish.set(entry.message, entry.translation);
      if (entry.translation === entry.message) keptEnglish.add(entry.message); // the same word in the language ('Blind', 'Dashboard')
    }
  }
  // A whole English text with no parts, that the language says otherwise: seen on screen, it was not translated.
  const english = [...byEnglish.keys()].filter((en) => !keptEnglish.has(en) && !en.includes('{') && /[a-z]{2}/i.test(en));
  const tr = (text: string) => {
    const translated = byEnglish.get(text);
    expect(translated, `${locale} translates "${text}"`).toBeTruthy();
    return translated!;
  };
  return { tr, english };
}

/** English texts of the catalogue shown on the page: text, accessible names, placeholders, titles. */
async function englishShown(page: Page, english: string[]): Promise<string[]> {
  return page.evaluate((texts) => {
    const set = new Set(texts);
    const found = new Set<string>();
    const visible = (el: Element) => {
      const box = (el as HTMLElement).getBoundingClientRect?.();
      return !!box && (box.width > 0 || box.height > 0) && getComputedStyle(el).visibility !== 'hidden';
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.textContent?.trim();
      if (text && set.has(text) && n.parentElement && visible(n.parentElement)) found.add(`text: ${text}`);
    }
    for (const el of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title], [alt]'))) {
      for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(attr)?.trim();
        if (value && set.has(value)) found.add(`${attr}: ${value}`);
      }
    }
    if (set.has(document.title.split(' · ')[0]!.trim())) found.add(`document title: ${document.title}`);
    return [...found];
  }, english);
}

for (const locale of ['de', 'pl'] as const) {
  test.describe(`every screen in ${locale}`, () => {
    test.use({ locale });

    test(`${locale}: operator and admin screens show no English the catalogues translate`, async ({
      page,
      api,
      server,
      takeScreenshot,
    }) => {
      test.slow();
      test.setTimeout(300_000);
      const { tr, english } = catalogue(locale);
      const seed = await seedReturnsCustomer(api, { orders: 2, canBlind: true });
      await submitBlindReturn(api, seed, `SWEEP-${locale}`, seed.products[0]!.sku);
      const leaks: string[] = [];
      const look = async (state: string) => {
        await takeScreenshot(page, `sweep-${locale}-${state}`);
        for (const leak of await englishShown(page, english)) leaks.push(`${state}: ${leak}`);
      };

      await page.goto('/auth/login');
      await expect(page.getByRole('heading', { name: tr('Sign in') })).toBeVisible();
      await page.getByRole('button', { name: tr('Login') }).click();
      await expect(page.getByText(tr('Username is required'))).toBeVisible();
      await look('login-errors');
      await page.getByLabel(tr('Username')).fill(seed.operator.username);
      await page.getByLabel(tr('Password'), { exact: true }).fill(seed.operator.password);
      await page.getByRole('button', { name: tr('Login') }).click();

      // Receiving: search, an order open, the summary.
      await expect(page.getByRole('heading', { name: tr('Order Search') })).toBeVisible();
      await look('receiving-search');
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
      await look('receiving-order');
      await page.getByRole('button', { name: tr('Pick the date from a calendar') }).click();
      await expect(page.locator('table button[tabindex="0"]')).toBeVisible();
      await look('receiving-calendar');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: tr('Submit'), exact: true }).click();
      const summary = page.getByRole('dialog', { name: tr('Return Processing Summary') });
      await expect(summary).toBeVisible();
      await look('receiving-summary');
      await summary.getByRole('button', { name: tr('Confirm & Submit Return') }).click();
      await expect(summary).not.toBeAttached();

      // Blind return, with the server's messages for an empty one.
      await page.goto(`/blind/${seed.customerId}`);
      await page.getByRole('button', { name: tr('Save Return') }).click();
      await look('blind-errors');

      // History, filtered, and a return's view.
      await page.goto('/history?filter[is_blind]=1');
      await expect(page.getByRole('heading', { name: tr('Return History') })).toBeVisible();
      await expect(page.getByText(`SWEEP-${locale}`)).toBeVisible();
      await look('history-filtered');
      await page
        .getByRole('row')
        .filter({ hasText: `SWEEP-${locale}` })
        .getByRole('link')
        .first()
        .click();
      await expect(page).toHaveURL(/\/returns\/\d+/);
      await expect(page.getByTestId('return-timeline')).toBeVisible();
      await look('return-view');

      // Parcels: the queue, and a parcel's drawer with the server's timeline steps (received, edited).
      const tracking = `SWEEP${locale.toUpperCase()}${seed.ref}`;
      const parcel = await api.call<{ id: number }>('POST', '/parcels', {
        token: seed.token,
        body: { tracking_number: tracking, customer_id: seed.customerId, location: 'A-1', photo_ids: [] },
      });
      await api.call('PUT', `/parcels/${parcel.message.id}`, {
        token: seed.token,
        body: { customer_id: seed.customerId, location: 'B-2', note: 'fragile' },
      });
      await page.goto('/parcels');
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      await look('parcels');
      await page.getByTestId('parcel-row').filter({ hasText: tracking }).getByRole('button').first().click();
      await expect(page.getByTestId('parcel-timeline')).toBeVisible();
      await look('parcel-drawer');
      await page.keyboard.press('Escape');

      // Dashboard, a custom range (the date pickers).
      await page.goto('/dashboard');
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      await look('dashboard');

      // User menu and the password dialog with its messages.
      await page.getByRole('button', { name: tr('User menu') }).click();
      await look('user-menu');
      await page.getByRole('menuitem', { name: tr('Change Password') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: tr('Update Password') }).click();
      await expect(dialog.getByText(tr('Old password is required'))).toBeVisible();
      await look('password-dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: tr('User menu') }).click();
      await page.getByRole('menuitem', { name: tr('Logout') }).click();

      // The admin's screens and drawers.
      await expect(page.getByRole('heading', { name: tr('Sign in') })).toBeVisible();
      await page.getByLabel(tr('Username')).fill(server.admin.username);
      await page.getByLabel(tr('Password'), { exact: true }).fill(server.admin.password);
      await page.getByRole('button', { name: tr('Login') }).click();
      await expect(page.getByRole('button', { name: tr('User menu') })).toBeVisible();
      for (const path of ['/admin/users', '/admin/customers', '/admin/systems', '/admin/tasks', '/admin/billing']) {
        await page.goto(path);
        await expect(page.locator('main h1, main h2').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await look(path.slice(1).replace('/', '-'));
      }
      await page.goto('/admin/users');
      await page.getByRole('button', { name: tr('Add New User') }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: tr('Create User') })
        .click();
      await expect(page.getByRole('dialog').getByText(tr('Name is required'), { exact: true })).toBeVisible();
      await look('admin-user-drawer');
      await page.keyboard.press('Escape');
      await page.goto('/admin/customers');
      await page.getByTestId('customers-table').getByRole('row').filter({ hasText: seed.company }).getByRole('button').first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await look('admin-customer-drawer');

      expect(leaks, 'English texts on screens in the language').toEqual([]);
    });
  });
}
