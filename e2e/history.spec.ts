// SPEC §2.9 and issue 4: every column, header filters, blind select, Search back to page 1, paging,
// the query string carrying the state across a reload, operators seeing only their customers.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import { adminToken, apiCall, e2eTest, loginViaUi, screenshot, useBrowser } from './support/index';
import { seedReturnsCustomer, submitBlindReturn, submitOrderReturn } from './returns-seed';

const browser = useBrowser();

const rows = (page: Page) => page.getByTestId('history-row');

/** An admin corrects a blind return through the API (quantity 1 → 2), so it reads version 2. */
async function correctBlindReturn(id: number) {
  const token = await adminToken();
  const view = await apiCall<{ version: number; lines: { id: number; product: { id: number }; reason: string }[] }>(
    'GET',
    `/returns/${id}/order/blind`,
    { token },
  );
  assert.equal(view.code, 200, JSON.stringify(view));
  const line = view.message.lines[0]!;
  const corrected = await apiCall<{ version: number }>('POST', `/su/returns/${id}/corrections`, {
    token,
    body: {
      version: view.message.version,
      comment: 'Two in the box, not one',
      lines: [{ id: line.id, product_id: line.product.id, quantity: 2, condition: 'Pristine', reason: line.reason }],
    },
  });
  assert.equal(corrected.code, 200, JSON.stringify(corrected));
  assert.equal(corrected.message.version, 2);
}
const rowIds = async (page: Page) =>
  (await rows(page).evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-id'))))) as number[];

/** Waits until the table shows exactly `n` rows and the total reads `total`. */
async function expectPage(page: Page, n: number, total: string) {
  await page
    .getByTestId('history-total')
    .filter({ hasText: new RegExp(`^${total} returns?$`) })
    .waitFor();
  await page.waitForFunction((count) => document.querySelectorAll('[data-testid="history-row"]').length === count, n);
}

describe('history', () => {
  e2eTest(
    'columns, paging, filters, search, reload and shared links; another customer stays hidden',
    browser,
    async ({ page, errors }) => {
      const seed = await seedReturnsCustomer({ orders: 32, prefix: 'History Co' });
      const orderReturns: { id: number; orderId: number }[] = [];
      for (let i = 0; i < 32; i++) orderReturns.push(await submitOrderReturn(seed, i, `R1-${i}`));
      const blind = [
        await submitBlindReturn(seed, 'BLIND-A', seed.products[0]!.sku),
        await submitBlindReturn(seed, 'BLIND-B', seed.products[1]!.sku),
      ];
      // A customer the operator is not linked to: its return must never show.
      const other = await seedReturnsCustomer({ orders: 1, prefix: 'Hidden Co' });
      const hidden = await submitOrderReturn(other, 0, 'HIDDEN');
      await correctBlindReturn(blind[0]!);

      await loginViaUi(page, seed.operator.username, seed.operator.password);
      await page.getByRole('link', { name: 'History' }).click();
      await page.getByRole('heading', { name: 'Return History' }).waitFor();
      await expectPage(page, 30, '34');
      const url = new URL(page.url());
      assert.equal(url.searchParams.get('page'), '1');
      assert.equal(url.searchParams.get('filter[is_blind]'), 'All');
      for (const header of [
        'Return ID',
        'Account',
        'Delivery #',
        'Order #',
        'Web #',
        'Ref 1',
        'Ref 2',
        'Date',
        'Blind',
        'Operator',
        'Action',
      ]) {
        await page.getByRole('columnheader', { name: header, exact: true }).first().waitFor();
      }
      const firstPage = await rowIds(page);
      assert.equal(firstPage[0], blind[1], 'newest first');
      assert.ok(!firstPage.includes(hidden.id));
      const blindRow = rows(page).first();
      assert.equal(await blindRow.getByTestId('blind-badge').innerText(), 'Y');
      assert.equal(await blindRow.getByRole('link', { name: 'View' }).getAttribute('href'), `/orders/blind/returns/${blind[1]}`);
      const orderRow = page.locator(`[data-testid="history-row"][data-id="${orderReturns[31]!.id}"]`);
      assert.equal(await orderRow.getByTestId('blind-badge').innerText(), 'N');
      assert.match(
        await orderRow.innerText(),
        new RegExp(
          `${seed.company}[\\s\\S]*HD${seed.ref}031[\\s\\S]*HO-${seed.ref}-031[\\s\\S]*HW${seed.ref}31[\\s\\S]*R1-31[\\s\\S]*Nov 20, 2026[\\s\\S]*${seed.operator.username}`,
        ),
      );
      // At 1366×768 every column fits the window, a corrected row's compact mark included: the table is
      // no wider than its container, nothing scrolls sideways and the Operator column is on screen.
      await page.setViewportSize({ width: 1366, height: 768 });
      const correctedRow = page.locator(`[data-testid="history-row"][data-id="${blind[0]}"]`);
      assert.equal((await correctedRow.getByTestId('corrected-mark').textContent())?.trim(), 'Corrected');
      const fit = await page.getByTestId('history-table').evaluate((table) => {
        const operator = [...table.querySelectorAll('th')].find((th) => th.textContent === 'Operator')!;
        return {
          table: table.scrollWidth,
          container: table.parentElement!.clientWidth,
          page: document.documentElement.scrollWidth,
          viewport: window.innerWidth,
          tableRight: table.getBoundingClientRect().right,
          operatorRight: operator.getBoundingClientRect().right,
        };
      });
      assert.ok(fit.table <= fit.container, `table ${fit.table}px wider than its container ${fit.container}px`);
      assert.ok(fit.page <= fit.viewport, `page scrolls sideways: ${JSON.stringify(fit)}`);
      assert.ok(fit.tableRight <= fit.viewport && fit.operatorRight <= fit.viewport, JSON.stringify(fit));
      await screenshot(page, 'history-01-page-1');

      // Page 2 keeps the filters; a reload shows the same page.
      await page.getByRole('button', { name: '2', exact: true }).click();
      await expectPage(page, 4, '34');
      assert.equal(new URL(page.url()).searchParams.get('page'), '2');
      const secondPage = await rowIds(page);
      assert.equal(new Set([...firstPage, ...secondPage]).size, 34);
      await page.reload();
      await expectPage(page, 4, '34');
      assert.deepEqual(await rowIds(page), secondPage);
      await screenshot(page, 'history-02-page-2-after-reload');

      // Blind Only + Search: back to page 1 with only the two blind returns.
      await page.locator('input[aria-label="Filter Blind"]').click();
      await page.getByRole('option', { name: 'Blind Only', exact: true }).click();
      await page.getByRole('button', { name: 'Search' }).click();
      await expectPage(page, 2, '2');
      assert.equal(new URL(page.url()).searchParams.get('page'), '1');
      assert.equal(new URL(page.url()).searchParams.get('filter[is_blind]'), '1');
      assert.deepEqual(await rowIds(page), [blind[1], blind[0]]);
      await screenshot(page, 'history-03-blind-only');

      // Non-Blind + an order number substring + the customer filter.
      await page.locator('input[aria-label="Filter Blind"]').click();
      await page.getByRole('option', { name: 'Non-Blind Only' }).click();
      await page.locator('input[aria-label="Filter Account"]').click();
      await page.getByRole('option', { name: seed.company }).click();
      await page.getByLabel('Search Order #').fill(`-${seed.ref}-01`.toLowerCase());
      await page.getByRole('button', { name: 'Search' }).click();
      await expectPage(page, 10, '10');
      const filteredUrl = page.url();
      assert.equal(new URL(filteredUrl).searchParams.get('filter[customer_id]'), String(seed.customerId));
      await screenshot(page, 'history-04-filtered');

      // A shared link opens the same filtered page in a fresh tab, inputs filled in.
      const tab = await page.context().newPage();
      await tab.goto(filteredUrl);
      await expectPage(tab, 10, '10');
      assert.equal(await tab.getByLabel('Search Order #').inputValue(), `-${seed.ref}-01`.toLowerCase());
      await tab.close();

      // Too short a reference is refused at the field; an id finds one return.
      await page.getByLabel('Search Order #').fill('ab');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByText('Enter at least 3 characters to search a reference').waitFor();
      await page.getByLabel('Search Order #').fill('');
      await page.getByLabel('Search Return ID').fill(String(orderReturns[5]!.id));
      await page.getByLabel('Search Return ID').press('Enter');
      await expectPage(page, 1, '1');
      await rows(page).first().getByRole('link', { name: 'View' }).click();
      await page.waitForURL(new RegExp(`/orders/${orderReturns[5]!.orderId}/returns/${orderReturns[5]!.id}$`));
      await page.getByRole('heading', { name: 'Return View' }).waitFor();
      await page.goBack();
      await expectPage(page, 1, '1');
      assert.deepEqual(errors, []);
    },
    { timeout: 180_000 },
  );
});
