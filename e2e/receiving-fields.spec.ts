// The order panel's own form controls (issue 13 moved them off heavy packages): the Receiving Date
// typed as YYYY-MM-DD with a calendar loaded on first opening, the entry form's Quantity from the
// keyboard, and the names of the icon buttons.
import type { Page } from '@playwright/test';
import { test, expect, loginViaUi, expectNotification, submitReturnViaSummary } from './support/index';
import { seedReturnsCustomer, type ReturnsSeed } from './returns-seed';

/** Logs the seed's operator in and opens its first order. */
async function openOrder(page: Page, seed: ReturnsSeed) {
  await loginViaUi(page, seed.operator.username, seed.operator.password);
  await page.getByRole('combobox', { name: 'Customer' }).fill(seed.company.slice(0, 20));
  await page.getByRole('option', { name: seed.company }).click();
  await page.getByLabel('Search Reference').fill(`HO-${seed.ref}-000`);
  await page.getByRole('button', { name: new RegExp(`HO-${seed.ref}-000`) }).click();
  await expect(page.getByTestId('order-line').first()).toBeVisible();
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

test.describe('receiving: the order panel form controls', () => {
  test('Receiving Date: typed, refused while not a real day, picked from the calendar by keyboard, submitted', async ({
    page,
    errors,
    api,
    takeScreenshot,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const seed = await seedReturnsCustomer(api, { prefix: 'Date Co' });
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await openOrder(page, seed);
    const date = page.getByRole('textbox', { name: 'Receiving Date', exact: true });
    await expect(date, 'a new draft is dated today').toHaveValue(localToday());
    await expect.poll(() => storedDate(page)).toBe(localToday());

    // An impossible day: a clear error, the draft keeps its last valid date.
    await date.fill('2026-02-30');
    await expect(page.getByText('2026-02-30 is not a calendar date')).toBeVisible();
    await expect(date).toHaveAttribute('aria-invalid', 'true');
    await expect.poll(() => storedDate(page)).toBe(localToday());
    await takeScreenshot(page, 'fields-01-date-impossible');
    // The error hangs under the field: the band keeps the Submit button on a 1366 px screen.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= 1366), { message: 'nothing wider than the screen' })
      .toBeTruthy();
    // Half typed: no error while typing, the format is asked for once the field is left.
    await date.fill('2026-03');
    await expect(page.getByText('Enter the date as YYYY-MM-DD')).toHaveCount(0);
    await date.press('Tab');
    await expect(page.getByText('Enter the date as YYYY-MM-DD')).toBeVisible();
    await expect.poll(() => storedDate(page)).toBe(localToday());
    // Submit (button or Alt+S) refuses while the field shows no day: the draft's last valid date is
    // not what the operator sees. A red notice says why and the cursor goes back to the date.
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expectNotification(page, 'Receiving Date', 'Enter the date as YYYY-MM-DD');
    await page.waitForFunction(() => document.activeElement?.getAttribute('placeholder') === 'YYYY-MM-DD');
    await page.keyboard.press('Alt+S');
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('.mantine-Notification-root')].filter((n) => n.textContent?.includes('Receiving Date')).length === 2,
    );
    await expect(page.getByRole('dialog', { name: 'Return Processing Summary' }), 'no summary for a date that is not a day').toHaveCount(0);
    // A real day is stored at once.
    await date.fill('2026-03-14');
    await page.waitForFunction(() => !document.querySelector('[aria-invalid="true"]'));
    await expect.poll(() => storedDate(page)).toBe('2026-03-14');

    // The calendar's code is not loaded until it is opened; then Enter opens it on the chosen day.
    expect(!requested.some((u) => /ReceivingDateCalendar-[^/]*\.js$/.test(u)), 'the calendar loads on first opening only').toBeTruthy();
    const button = page.getByRole('button', { name: 'Pick the date from a calendar' });
    await button.focus();
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog', { name: 'Pick the date from a calendar' });
    const chosen = calendar.getByRole('button', { name: '14 March 2026' });
    await expect(chosen).toBeVisible();
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === '14 March 2026');
    expect(requested.some((u) => /ReceivingDateCalendar-[^/]*\.js$/.test(u))).toBeTruthy();
    await takeScreenshot(page, 'fields-02-date-calendar');
    // Arrows move between days, Enter picks, the calendar closes and the focus is back on its button.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(calendar).not.toBeAttached();
    await expect(date).toHaveValue('2026-03-22');
    await expect.poll(() => storedDate(page)).toBe('2026-03-22');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Pick the date from a calendar');
    // Escape closes it without a change.
    await page.keyboard.press('Enter');
    await expect(calendar.getByRole('button', { name: '22 March 2026' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(calendar).not.toBeAttached();
    await expect(date).toHaveValue('2026-03-22');
    await expect.poll(() => isFocused(page, 'button[aria-label="Pick the date from a calendar"]')).toBeTruthy();

    // The submitted return carries the picked date; the fresh draft is dated today again.
    const filter = page.getByTestId('line-filter');
    await filter.fill(seed.products[0]!.upc);
    await filter.press('Enter');
    await expect(page.getByTestId('ledger-new').first()).toBeVisible();
    const { orderId, returnId } = await submitReturnViaSummary(page);
    const view = await api.call<{ return_date: string }>('GET', `/returns/${returnId}/order/${orderId}`, { token: await api.adminToken() });
    expect(view.code, JSON.stringify(view)).toBe(200);
    expect(view.message.return_date).toBe('2026-03-22');
    await page.waitForFunction(
      (today) => (document.querySelector('input[placeholder="YYYY-MM-DD"]') as HTMLInputElement).value === today,
      localToday(),
    );
    expect(errors).toEqual([]);
  });
  test('Quantity from the keyboard: arrows step by one, never below 1, digits only, Enter saves', async ({
    page,
    errors,
    takeScreenshot,
    api,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const seed = await seedReturnsCustomer(api, { prefix: 'Qty Co' });
    await openOrder(page, seed);
    const row = page.getByTestId('order-line').first();
    const qty = row.getByRole('spinbutton', { name: `Quantity, ${seed.products[0]!.sku}` });
    await expect(qty).toHaveValue('1');
    await qty.focus();
    await page.keyboard.press('ArrowDown');
    await expect(qty, 'the minimum is 1').toHaveValue('1');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    await expect(qty).toHaveValue('3');
    await expect(qty).toHaveAttribute('aria-valuenow', '3');
    // Integers only: a sign, a decimal point or a letter is not taken.
    await page.keyboard.press('End');
    await page.keyboard.type('-.e');
    await expect(qty).toHaveValue('3');
    await page.keyboard.press('Enter');
    const entry = row.getByTestId('ledger-new');
    await expect(entry).toBeVisible();
    await expect(row.getByTestId('received-count').filter({ hasText: '3 / 2' })).toBeVisible();
    // The form resets to 1 and the arrows go on from there.
    await expect(qty).toHaveValue('1');
    // Empty is refused with the SPEC's message; typing a number and Enter saves a second entry.
    await qty.fill('');
    await qty.press('Enter');
    await expect(row.getByText('Quantity is required')).toBeVisible();
    await takeScreenshot(page, 'fields-03-quantity-required');
    await expect(entry).toHaveCount(1);
    await qty.fill('0');
    await qty.press('ArrowUp');
    await expect(qty, '0 steps up to the minimum').toHaveValue('1');
    await qty.press('ArrowUp');
    await qty.press('Enter');
    await expect(row.getByTestId('received-count').filter({ hasText: '5 / 2' })).toBeVisible();
    await expect(entry).toHaveCount(2);
    expect(errors).toEqual([]);
  });
  test('the icon buttons say what they do: a name, the hint as title, their key', async ({ page, errors, takeScreenshot, api }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const seed = await seedReturnsCustomer(api, { prefix: 'Hint Co' });
    await openOrder(page, seed);
    const photos = page.getByRole('button', { name: '0 photos of the return', exact: true });
    await expect(photos).toHaveAttribute('title', 'Photos of the return: parcel, label (Alt+O)');
    await expect(photos).toHaveAttribute('aria-keyshortcuts', 'Alt+O');
    const help = page.getByRole('button', { name: 'Keyboard shortcuts', exact: true });
    await expect(help).toHaveAttribute('title', 'Keyboard shortcuts (?)');
    await expect(help).toHaveAttribute('aria-keyshortcuts', '?');
    const sku = seed.products[0]!.sku;
    const missing = page.getByRole('button', { name: `Mark ${sku} missing from the parcel`, exact: true });
    await expect(missing).toHaveAttribute('title', 'Missing from the parcel');
    // Each still does its job.
    await help.click();
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).not.toBeAttached();
    await missing.click();
    await expect(page.getByTestId('ledger-missing')).toBeVisible();
    await expect(missing).toHaveAttribute('aria-pressed', 'true');
    await takeScreenshot(page, 'fields-04-missing-marked');
    expect(errors).toEqual([]);
  });
});
