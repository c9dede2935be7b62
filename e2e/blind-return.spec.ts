// SPEC §2.8 / §4 Blind return and issue 4: unknown customer alerts, product search, scan + Enter,
// line defaults, Save doing nothing without Reference 1 or lines, redirect replacing history, can_blind refusal.
import type { Page } from '@playwright/test';
import { test, expect, loginViaUi, expectNotification } from './support/index';
import { seedReturnsCustomer } from './returns-seed';
import { LIMITS } from '../src/contract/constants';

const lines = (page: Page) => page.getByTestId('blind-line');
const lineOf = (page: Page, sku: string) => page.locator(`[data-testid="blind-line"][data-sku="${sku}"]`);
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

test.describe('blind return', () => {
  test('an unknown customer shows the Do not proceed and No customer found alerts', async ({ page, errors, takeScreenshot, api }) => {
    const seed = await seedReturnsCustomer(api, { orders: 1 });
    await loginViaUi(page, seed.operator.username, seed.operator.password);
    await page.goto('/blind/987654321');
    await expect(page.getByText('Do not proceed', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid customer account, please do NOT proceed and contact support.')).toBeVisible();
    await expect(page.getByText('No customer found')).toBeVisible();
    await expect(page.getByText('Please refresh your page and try again.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Return' })).toHaveCount(0);
    await takeScreenshot(page, 'blind-01-unknown-customer');
    expect(errors).toEqual([]);
  });

  test('search, pick, scan, defaults, Save guarded, then redirect replacing history', async ({ page, errors, api, takeScreenshot }) => {
    const seed = await seedReturnsCustomer(api, { orders: 3 });
    const [shoe, socks, jacket] = seed.products;
    await loginViaUi(page, seed.operator.username, seed.operator.password);
    await page.getByRole('link', { name: 'History' }).click();
    await expect(page.getByRole('heading', { name: 'Return History' })).toBeVisible();
    // The page's own clock, moved past the search's debounce below instead of waiting for it.
    await page.clock.install();
    await page.goto(`/blind/${seed.customerId}`);
    await expect(page.getByRole('heading', { name: `${seed.company}: Blind Return` })).toBeVisible();
    await expect(page.getByLabel('Return Date')).toHaveValue(today());
    await takeScreenshot(page, 'blind-02-empty');

    // Save does nothing without lines, nor without Reference 1.
    await page.getByRole('button', { name: 'Save Return' }).click();
    await expect(page.getByText('Reference 1 is required')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/blind/${seed.customerId}$`));

    // Search by name (debounced, > 2 characters) and pick: a line with quantity 1, Pristine, the first reason.
    const searched: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith(`/api/returns/products/${seed.customerId}`)) searched.push(r.postDataJSON().search);
    });
    const search = page.getByLabel('Product Search');
    await search.fill('Tr');
    await page.clock.runFor(2 * LIMITS.searchDebounceMs); // well past the debounce: a search would be on its way
    await expect(page.getByRole('option'), 'two characters do not search').toHaveCount(0);
    await search.fill('trail run');
    await expect(page.getByRole('option', { name: new RegExp(shoe!.sku) })).toBeVisible();
    expect(searched, 'two characters do not search').toEqual(['trail run']);
    await takeScreenshot(page, 'blind-03-search-dropdown');
    await page.getByRole('option', { name: new RegExp(shoe!.sku) }).click();
    const first = lineOf(page, shoe!.sku);
    await expect(first).toBeVisible();
    await expect(first.getByLabel('Quantity')).toHaveValue('1');
    await expect(first.getByLabel('Condition')).toHaveValue('Pristine');
    await expect(first.getByLabel('Reason')).toHaveValue('Damaged in transit');
    await expect(first.locator('td').nth(4)).toHaveText(`${shoe!.color} | ${shoe!.size}`);
    await expect(search, 'the search clears after a pick').toHaveValue('');

    // A scanned UPC + Enter adds that product; scanning it again adds one more unit.
    await search.fill(socks!.upc);
    await search.press('Enter');
    await expect(lineOf(page, socks!.sku)).toBeVisible();
    await search.fill(socks!.upc);
    await search.press('Enter');
    await expect(lineOf(page, socks!.sku).getByLabel('Quantity')).toHaveValue('2');
    await search.fill(jacket!.sku.toLowerCase());
    await search.press('Enter');
    await expect(lineOf(page, jacket!.sku)).toBeVisible();
    await expect(lines(page)).toHaveCount(3);

    // Edit a line, remove another.
    await first.getByLabel('Condition').click();
    await page.getByRole('option', { name: 'Reconditioning' }).click();
    await first.getByLabel('Reason').click();
    await page.getByRole('option', { name: 'Wrong size' }).click();
    await first.getByLabel('Comment').fill('sole loose');
    await page.getByRole('button', { name: `Remove ${jacket!.sku}` }).click();
    await expect(lines(page)).toHaveCount(2);

    await page.getByLabel('Reference 1').fill('RMA-7781');
    await page.getByLabel('Reference 2').fill('Parcel 12');
    await takeScreenshot(page, 'blind-04-lines-ready');
    await page.getByRole('button', { name: 'Save Return' }).click();
    await page.waitForURL(/\/orders\/blind\/returns\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Return View' })).toBeVisible();
    const id = Number(page.url().split('/').pop());

    const saved = await api.call<{
      is_blind: boolean;
      reference_1: string;
      lines: { product: { sku: string }; quantity: number; condition: string; reason: string; comment: string | null }[];
    }>('GET', `/returns/${id}/order/blind`, { token: seed.token });
    expect(saved.message.is_blind).toBe(true);
    expect(saved.message.reference_1).toBe('RMA-7781');
    expect(saved.message.lines.map((l) => [l.product.sku, l.quantity, l.condition, l.reason, l.comment])).toEqual([
      [shoe!.sku, 1, 'Reconditioning', 'WRONG', 'sole loose'],
      [socks!.sku, 2, 'Pristine', 'DAMAGED', null],
    ]);
    await takeScreenshot(page, 'blind-05-saved-return-view');

    // The redirect replaced the blind screen in the history: Back goes to the page before it.
    await page.goBack();
    await page.waitForURL(/\/history/);
    expect(errors).toEqual([]);
  });

  test('the server refuses a blind return for a customer without can_blind', async ({ page, takeScreenshot, api }) => {
    const seed = await seedReturnsCustomer(api, { orders: 1, canBlind: false });
    await loginViaUi(page, seed.operator.username, seed.operator.password);
    await page.goto(`/blind/${seed.customerId}`);
    await expect(page.getByRole('heading', { name: `${seed.company}: Blind Return` })).toBeVisible();
    const search = page.getByLabel('Product Search');
    await search.fill(seed.products[0]!.upc);
    await search.press('Enter');
    await expect(lineOf(page, seed.products[0]!.sku)).toBeVisible();
    await page.getByLabel('Reference 1').fill('RMA-1');
    await page.getByRole('button', { name: 'Save Return' }).click();
    await expectNotification(page, 'Data Validation Error', 'Blind returns are not enabled for this customer account');
    await expect(page).toHaveURL(new RegExp(`/blind/${seed.customerId}$`));
    await takeScreenshot(page, 'blind-06-refused');
  });
});
