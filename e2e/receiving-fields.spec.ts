// The order panel's own form controls (issue 13 moved them off heavy packages): the Receiving Date
// typed as YYYY-MM-DD with a calendar loaded on first opening, the entry form's Quantity from the
// keyboard, and the names of the icon buttons.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import {
  adminToken,
  apiCall,
  e2eTest,
  loginViaUi,
  screenshot,
  submitReturnViaSummary,
  useBrowser,
  waitForNotification,
} from './support/index';
import { seedReturnsCustomer, type ReturnsSeed } from './returns-seed';

const browser = useBrowser();

/** Logs the seed's operator in and opens its first order. */
async function openOrder(page: Page, seed: ReturnsSeed) {
  await loginViaUi(page, seed.operator.username, seed.operator.password);
  await page.getByRole('combobox', { name: 'Customer' }).fill(seed.company.slice(0, 20));
  await page.getByRole('option', { name: seed.company }).click();
  await page.getByLabel('Search Reference').fill(`HO-${seed.ref}-000`);
  await page.getByRole('button', { name: new RegExp(`HO-${seed.ref}-000`) }).click();
  await page.getByTestId('order-line').first().waitFor();
}

/** The return date of the draft the page keeps in localStorage (what Submit sends). */
const storedDate = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('returns-desk.receiving.'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { draft: { return_date: string } }).draft.return_date : null;
  });

const localToday = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

const isFocused = (page: Page, selector: string) => page.locator(selector).evaluate((el) => el === document.activeElement);

describe('receiving: the order panel form controls', () => {
  e2eTest(
    'Receiving Date: typed, refused while not a real day, picked from the calendar by keyboard, submitted',
    browser,
    async ({ page, errors }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      const seed = await seedReturnsCustomer({ prefix: 'Date Co' });
      const requested: string[] = [];
      page.on('request', (r) => requested.push(r.url()));
      await openOrder(page, seed);
      const date = page.getByRole('textbox', { name: 'Receiving Date', exact: true });
      assert.equal(await date.inputValue(), localToday(), 'a new draft is dated today');
      assert.equal(await storedDate(page), localToday());

      // An impossible day: a clear error, the draft keeps its last valid date.
      await date.fill('2026-02-30');
      await page.getByText('2026-02-30 is not a calendar date').waitFor();
      assert.equal(await date.getAttribute('aria-invalid'), 'true');
      assert.equal(await storedDate(page), localToday());
      await screenshot(page, 'fields-01-date-impossible');
      // The error hangs under the field: the band keeps the Submit button on a 1366 px screen.
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 1366), 'nothing wider than the screen');
      // Half typed: no error while typing, the format is asked for once the field is left.
      await date.fill('2026-03');
      assert.equal(await page.getByText('Enter the date as YYYY-MM-DD').count(), 0);
      await date.press('Tab');
      await page.getByText('Enter the date as YYYY-MM-DD').waitFor();
      assert.equal(await storedDate(page), localToday());
      // Submit (button or Alt+S) refuses while the field shows no day: the draft's last valid date is
      // not what the operator sees. A red notice says why and the cursor goes back to the date.
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      await waitForNotification(page, 'Receiving Date', 'Enter the date as YYYY-MM-DD');
      await page.waitForFunction(() => document.activeElement?.getAttribute('placeholder') === 'YYYY-MM-DD');
      await page.keyboard.press('Alt+S');
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('.mantine-Notification-root')].filter((n) => n.textContent?.includes('Receiving Date')).length ===
          2,
      );
      assert.equal(
        await page.getByRole('dialog', { name: 'Return Processing Summary' }).count(),
        0,
        'no summary for a date that is not a day',
      );
      // A real day is stored at once.
      await date.fill('2026-03-14');
      await page.waitForFunction(() => !document.querySelector('[aria-invalid="true"]'));
      assert.equal(await storedDate(page), '2026-03-14');

      // The calendar's code is not loaded until it is opened; then Enter opens it on the chosen day.
      assert.ok(!requested.some((u) => /ReceivingDateCalendar-[^/]*\.js$/.test(u)), 'the calendar loads on first opening only');
      const button = page.getByRole('button', { name: 'Pick the date from a calendar' });
      await button.focus();
      await page.keyboard.press('Enter');
      const calendar = page.getByRole('dialog', { name: 'Pick the date from a calendar' });
      const chosen = calendar.getByRole('button', { name: '14 March 2026' });
      await chosen.waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === '14 March 2026');
      assert.ok(requested.some((u) => /ReceivingDateCalendar-[^/]*\.js$/.test(u)));
      await screenshot(page, 'fields-02-date-calendar');
      // Arrows move between days, Enter picks, the calendar closes and the focus is back on its button.
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await calendar.waitFor({ state: 'detached' });
      assert.equal(await date.inputValue(), '2026-03-22');
      assert.equal(await storedDate(page), '2026-03-22');
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Pick the date from a calendar');
      // Escape closes it without a change.
      await page.keyboard.press('Enter');
      await calendar.getByRole('button', { name: '22 March 2026' }).waitFor();
      await page.keyboard.press('Escape');
      await calendar.waitFor({ state: 'detached' });
      assert.equal(await date.inputValue(), '2026-03-22');
      assert.ok(await isFocused(page, 'button[aria-label="Pick the date from a calendar"]'));

      // The submitted return carries the picked date; the fresh draft is dated today again.
      const filter = page.getByTestId('line-filter');
      await filter.fill(seed.products[0]!.upc);
      await filter.press('Enter');
      await page.getByTestId('ledger-new').first().waitFor();
      const { orderId, returnId } = await submitReturnViaSummary(page);
      const view = await apiCall<{ return_date: string }>('GET', `/returns/${returnId}/order/${orderId}`, { token: await adminToken() });
      assert.equal(view.code, 200, JSON.stringify(view));
      assert.equal(view.message.return_date, '2026-03-22');
      await page.waitForFunction(
        (today) => (document.querySelector('input[placeholder="YYYY-MM-DD"]') as HTMLInputElement).value === today,
        localToday(),
      );
      assert.deepEqual(errors, []);
    },
  );
  e2eTest('Quantity from the keyboard: arrows step by one, never below 1, digits only, Enter saves', browser, async ({ page, errors }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const seed = await seedReturnsCustomer({ prefix: 'Qty Co' });
    await openOrder(page, seed);
    const row = page.getByTestId('order-line').first();
    const qty = row.getByRole('spinbutton', { name: `Quantity, ${seed.products[0]!.sku}` });
    assert.equal(await qty.inputValue(), '1');
    await qty.focus();
    await page.keyboard.press('ArrowDown');
    assert.equal(await qty.inputValue(), '1', 'the minimum is 1');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    assert.equal(await qty.inputValue(), '3');
    assert.equal(await qty.getAttribute('aria-valuenow'), '3');
    // Integers only: a sign, a decimal point or a letter is not taken.
    await page.keyboard.press('End');
    await page.keyboard.type('-.e');
    assert.equal(await qty.inputValue(), '3');
    await page.keyboard.press('Enter');
    const entry = row.getByTestId('ledger-new');
    await entry.waitFor();
    await row.getByTestId('received-count').filter({ hasText: '3 / 2' }).waitFor();
    // The form resets to 1 and the arrows go on from there.
    assert.equal(await qty.inputValue(), '1');
    // Empty is refused with the SPEC's message; typing a number and Enter saves a second entry.
    await qty.fill('');
    await qty.press('Enter');
    await row.getByText('Quantity is required').waitFor();
    await screenshot(page, 'fields-03-quantity-required');
    assert.equal(await entry.count(), 1);
    await qty.fill('0');
    await qty.press('ArrowUp');
    assert.equal(await qty.inputValue(), '1', '0 steps up to the minimum');
    await qty.press('ArrowUp');
    await qty.press('Enter');
    await row.getByTestId('received-count').filter({ hasText: '5 / 2' }).waitFor();
    assert.equal(await entry.count(), 2);
    assert.deepEqual(errors, []);
  });
  e2eTest('the icon buttons say what they do: a name, the hint as title, their key', browser, async ({ page, errors }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const seed = await seedReturnsCustomer({ prefix: 'Hint Co' });
    await openOrder(page, seed);
    const photos = page.getByRole('button', { name: '0 photos of the return', exact: true });
    assert.equal(await photos.getAttribute('title'), 'Photos of the return: parcel, label (Alt+O)');
    assert.equal(await photos.getAttribute('aria-keyshortcuts'), 'Alt+O');
    const help = page.getByRole('button', { name: 'Keyboard shortcuts', exact: true });
    assert.equal(await help.getAttribute('title'), 'Keyboard shortcuts (?)');
    assert.equal(await help.getAttribute('aria-keyshortcuts'), '?');
    const sku = seed.products[0]!.sku;
    const missing = page.getByRole('button', { name: `Mark ${sku} missing from the parcel`, exact: true });
    assert.equal(await missing.getAttribute('title'), 'Missing from the parcel');
    // Each still does its job.
    await help.click();
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await missing.click();
    await page.getByTestId('ledger-missing').waitFor();
    assert.equal(await missing.getAttribute('aria-pressed'), 'true');
    await screenshot(page, 'fields-04-missing-marked');
    assert.deepEqual(errors, []);
  });
});
