// Issue 24: an operator walks every screen of a shift in German, Dutch, Polish and Spanish, with the
// states a shift meets (an order open, the summary, a blind return, History filtered, a return's view
// with a task's log, parcels with their drawer and timeline, the dashboard, the user menu, the password
// dialog, a server's validation messages). On each, no English (support/english-text.ts) may be visible
// or be an accessible name, a placeholder or the document's title. The admin's screens are
// language-sweep-admin.spec.ts, the brand portal's language-sweep-portal.spec.ts. Screenshots for a person to look at.
import { test, expect } from './support/index';
import { englishShown, SWEEP_LOCALES, sweepCatalogue, sweepRecorder } from './support/english-text';
import { seedReturnsCustomer, submitBlindReturn } from './returns-seed';

test('the sweep’s net catches English text, names, dates and sentences, and lets the language and typed data pass', async ({ page }) => {
  const { english } = sweepCatalogue('pl');
  await page.setContent(`<html lang="pl"><head><title>Order Search</title></head><body>
    <button>Save</button><button aria-label="Close">×</button><input placeholder="Search Reference">
    <p>Received <b>3</b> lines; the brand has not decided yet.</p><span>Dec 03, 2026</span><span>"created"</span>
    <p>Zapisz zwrot; to jest zwrot do magazynu.</p><span>Trail Runner Shoe with the Laces</span><span>Zwrot #61</span>
  </body></html>`);
  const found = await englishShown(page, 'pl', english, ['Trail Runner Shoe']);
  expect(found.sort()).toEqual(
    [
      'aria-label: Close',
      'block (English sentence): Received 3 lines; the brand has not decided yet.',
      'document title: Order Search',
      'placeholder: Search Reference',
      'text (English date): Dec 03, 2026',
      'text (English sentence): lines; the brand has not decided yet.',
      'text: Received',
      'text: Save',
      'text: created',
    ].sort(),
  );
});

for (const locale of SWEEP_LOCALES) {
  test.describe(`every screen in ${locale}`, () => {
    test.use({ locale });

    test(`${locale}: the operator's screens show no English`, async ({ page, api, takeScreenshot, errors }) => {
      test.slow();
      test.setTimeout(300_000);
      const { tr } = sweepCatalogue(locale);
      const seed = await seedReturnsCustomer(api, { orders: 2, canBlind: true });
      await submitBlindReturn(api, seed, `SWEEP-${locale}`, seed.products[0]!.sku);
      const { look, leaks } = sweepRecorder(page, locale, takeScreenshot, [seed.company, ...seed.products.map((p) => p.name_1)]);

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
      await page.getByTestId('timeline-task').first().getByRole('button').click();
      await expect(page.getByTestId('task-detail')).toBeVisible();
      await look('return-view-task-log');
      await page.keyboard.press('Escape');

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

      await expect(page.getByRole('heading', { name: tr('Sign in') })).toBeVisible();

      expect(leaks, 'English texts on screens in the language').toEqual([]);
      expect(errors).toEqual([]);
    });
  });
}
