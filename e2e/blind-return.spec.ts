// SPEC §2.8 / §4 Blind return and issue 4: unknown customer alerts, product search, scan + Enter,
// line defaults, Save doing nothing without Reference 1 or lines, redirect replacing history, can_blind refusal.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, e2eTest, loginViaUi, screenshot, useBrowser, waitForNotification, waitForValue } from './support/index';
import { seedReturnsCustomer } from './returns-seed';

const browser = useBrowser();

const lines = (page: Page) => page.getByTestId('blind-line');
const lineOf = (page: Page, sku: string) => page.locator(`[data-testid="blind-line"][data-sku="${sku}"]`);
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('blind return', () => {
  e2eTest('an unknown customer shows the Do not proceed and No customer found alerts', browser, async ({ page, errors }) => {
    const seed = await seedReturnsCustomer({ orders: 1 });
    await loginViaUi(page, seed.operator.username, seed.operator.password);
    await page.goto('/blind/987654321');
    await page.getByText('Do not proceed', { exact: true }).waitFor();
    await page.getByText('Invalid customer account, please do NOT proceed and contact support.').waitFor();
    await page.getByText('No customer found').waitFor();
    await page.getByText('Please refresh your page and try again.').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Save Return' }).count(), 0);
    await screenshot(page, 'blind-01-unknown-customer');
    assert.deepEqual(errors, []);
  });

  e2eTest('search, pick, scan, defaults, Save guarded, then redirect replacing history', browser, async ({ page, errors }) => {
    const seed = await seedReturnsCustomer({ orders: 3 });
    const [shoe, socks, jacket] = seed.products;
    await loginViaUi(page, seed.operator.username, seed.operator.password);
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByRole('heading', { name: 'Return History' }).waitFor();
    await page.goto(`/blind/${seed.customerId}`);
    await page.getByRole('heading', { name: `${seed.company}: Blind Return` }).waitFor();
    assert.equal(await page.getByLabel('Return Date').inputValue(), today());
    await screenshot(page, 'blind-02-empty');

    // Save does nothing without lines, nor without Reference 1.
    await page.getByRole('button', { name: 'Save Return' }).click();
    await page.getByText('Reference 1 is required').waitFor();
    assert.match(page.url(), new RegExp(`/blind/${seed.customerId}$`));

    // Search by name (debounced, > 2 characters) and pick: a line with quantity 1, Pristine, the first reason.
    const search = page.getByLabel('Product Search');
    await search.fill('Tr');
    await page.waitForTimeout(800);
    assert.equal(await page.getByRole('option').count(), 0, 'two characters do not search');
    await search.fill('trail run');
    await page.getByRole('option', { name: new RegExp(shoe!.sku) }).waitFor();
    await screenshot(page, 'blind-03-search-dropdown');
    await page.getByRole('option', { name: new RegExp(shoe!.sku) }).click();
    const first = lineOf(page, shoe!.sku);
    await first.waitFor();
    assert.equal(await first.getByLabel('Quantity').inputValue(), '1');
    assert.equal(await first.getByLabel('Condition').inputValue(), 'Pristine');
    assert.equal(await first.getByLabel('Reason').inputValue(), 'Damaged in transit');
    assert.equal(await first.locator('td').nth(4).innerText(), `${shoe!.color} | ${shoe!.size}`);
    assert.equal(await search.inputValue(), '', 'the search clears after a pick');

    // A scanned UPC + Enter adds that product; scanning it again adds one more unit.
    await search.fill(socks!.upc);
    await search.press('Enter');
    await lineOf(page, socks!.sku).waitFor();
    await search.fill(socks!.upc);
    await search.press('Enter');
    await waitForValue(lineOf(page, socks!.sku).getByLabel('Quantity'), '2');
    await search.fill(jacket!.sku.toLowerCase());
    await search.press('Enter');
    await lineOf(page, jacket!.sku).waitFor();
    assert.equal(await lines(page).count(), 3);

    // Edit a line, remove another.
    await first.getByLabel('Condition').click();
    await page.getByRole('option', { name: 'Reconditioning' }).click();
    await first.getByLabel('Reason').click();
    await page.getByRole('option', { name: 'Wrong size' }).click();
    await first.getByLabel('Comment').fill('sole loose');
    await page.getByRole('button', { name: `Remove ${jacket!.sku}` }).click();
    assert.equal(await lines(page).count(), 2);

    await page.getByLabel('Reference 1').fill('RMA-7781');
    await page.getByLabel('Reference 2').fill('Parcel 12');
    await screenshot(page, 'blind-04-lines-ready');
    await page.getByRole('button', { name: 'Save Return' }).click();
    await page.waitForURL(/\/orders\/blind\/returns\/\d+$/);
    await page.getByRole('heading', { name: 'Return View' }).waitFor();
    const id = Number(page.url().split('/').pop());

    const saved = await apiCall<{
      is_blind: boolean;
      reference_1: string;
      lines: { product: { sku: string }; quantity: number; condition: string; reason: string; comment: string | null }[];
    }>('GET', `/returns/${id}/order/blind`, { token: seed.token });
    assert.equal(saved.message.is_blind, true);
    assert.equal(saved.message.reference_1, 'RMA-7781');
    assert.deepEqual(
      saved.message.lines.map((l) => [l.product.sku, l.quantity, l.condition, l.reason, l.comment]),
      [
        [shoe!.sku, 1, 'Reconditioning', 'WRONG', 'sole loose'],
        [socks!.sku, 2, 'Pristine', 'DAMAGED', null],
      ],
    );
    await screenshot(page, 'blind-05-saved-return-view');

    // The redirect replaced the blind screen in the history: Back goes to the page before it.
    await page.goBack();
    await page.waitForURL(/\/history/);
    assert.deepEqual(errors, []);
  });

  e2eTest('the server refuses a blind return for a customer without can_blind', browser, async ({ page }) => {
    const seed = await seedReturnsCustomer({ orders: 1, canBlind: false });
    await loginViaUi(page, seed.operator.username, seed.operator.password);
    await page.goto(`/blind/${seed.customerId}`);
    await page.getByRole('heading', { name: `${seed.company}: Blind Return` }).waitFor();
    const search = page.getByLabel('Product Search');
    await search.fill(seed.products[0]!.upc);
    await search.press('Enter');
    await lineOf(page, seed.products[0]!.sku).waitFor();
    await page.getByLabel('Reference 1').fill('RMA-1');
    await page.getByRole('button', { name: 'Save Return' }).click();
    await waitForNotification(page, 'Data Validation Error', 'Blind returns are not enabled for this customer account');
    assert.match(page.url(), new RegExp(`/blind/${seed.customerId}$`));
    await screenshot(page, 'blind-06-refused');
  });
});
