// SPEC §2.9 and issue 4: every column, header filters, blind select, Search back to page 1, paging,
// the query string carrying the state across a reload, operators seeing only their customers.
import type { Page } from '@playwright/test';
import { test, expect, loginViaUi, type Api } from './support/index';
import { seedReturnsCustomer, submitBlindReturn, submitOrderReturn } from './returns-seed';

const rows = (page: Page) => page.getByTestId('history-row');

/** An admin corrects a blind return through the API (quantity 1 → 2), so it reads version 2. */
async function correctBlindReturn(api: Api, id: number) {
  const token = await api.adminToken();
  const view = await api.call<{ version: number; lines: { id: number; product: { id: number }; reason: string }[] }>(
    'GET',
    `/returns/${id}/order/blind`,
    { token },
  );
  expect(view.code, JSON.stringify(view)).toBe(200);
  const line = view.message.lines[0]!;
  const corrected = await api.call<{ version: number }>('POST', `/su/returns/${id}/corrections`, {
    token,
    body: {
      version: view.message.version,
      comment: 'Two in the box, not one',
      lines: [{ id: line.id, product_id: line.product.id, quantity: 2, condition: 'Pristine', reason: line.reason }],
    },
  });
  expect(corrected.code, JSON.stringify(corrected)).toBe(200);
  expect(corrected.message.version).toBe(2);
}
const rowIds = async (page: Page) =>
  (await rows(page).evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-id'))))) as number[];

/** Waits until the table shows exactly `n` rows and the total reads `total`. */
async function expectPage(page: Page, n: number, total: string) {
  await expect(page.getByTestId('history-total').filter({ hasText: new RegExp(`^${total} returns?$`) })).toBeVisible();
  await page.waitForFunction((count) => document.querySelectorAll('[data-testid="history-row"]').length === count, n);
}

test.describe('history', () => {
  test('columns, paging, filters, search, reload and shared links; another customer stays hidden', async ({
    page,
    errors,
    takeScreenshot,
    api,
  }) => {
    test.slow();
    const seed = await seedReturnsCustomer(api, { orders: 32, prefix: 'History Co' });
    const orderReturns: { id: number; orderId: number }[] = [];
    for (let i = 0; i < 32; i++) orderReturns.push(await submitOrderReturn(api, seed, i, `R1-${i}`));
    const blind = [
      await submitBlindReturn(api, seed, 'BLIND-A', seed.products[0]!.sku),
      await submitBlindReturn(api, seed, 'BLIND-B', seed.products[1]!.sku),
    ];
    // A customer the operator is not linked to: its return must never show.
    const other = await seedReturnsCustomer(api, { orders: 1, prefix: 'Hidden Co' });
    const hidden = await submitOrderReturn(api, other, 0, 'HIDDEN');
    await correctBlindReturn(api, blind[0]!);

    await loginViaUi(page, seed.operator.username, seed.operator.password);
    await page.getByRole('link', { name: 'History' }).click();
    await expect(page.getByRole('heading', { name: 'Return History' })).toBeVisible();
    await expectPage(page, 30, '34');
    const url = new URL(page.url());
    expect(url.searchParams.get('page')).toBe('1');
    expect(url.searchParams.get('filter[is_blind]')).toBe('All');
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
      await expect(page.getByRole('columnheader', { name: header, exact: true }).first()).toBeVisible();
    }
    const firstPage = await rowIds(page);
    expect(firstPage[0], 'newest first').toBe(blind[1]);
    expect(!firstPage.includes(hidden.id)).toBeTruthy();
    const blindRow = rows(page).first();
    await expect(blindRow.getByTestId('blind-badge')).toHaveText('Y');
    await expect(blindRow.getByRole('link', { name: 'View' })).toHaveAttribute('href', `/orders/blind/returns/${blind[1]}`);
    const orderRow = page.locator(`[data-testid="history-row"][data-id="${orderReturns[31]!.id}"]`);
    await expect(orderRow.getByTestId('blind-badge')).toHaveText('N');
    await expect(orderRow).toHaveText(
      new RegExp(
        `${seed.company}[\\s\\S]*HD${seed.ref}031[\\s\\S]*HO-${seed.ref}-031[\\s\\S]*HW${seed.ref}31[\\s\\S]*R1-31[\\s\\S]*Nov 20, 2026[\\s\\S]*${seed.operator.username}`,
      ),
      { useInnerText: true },
    );
    // At 1366×768 every column fits the window, a corrected row's compact mark included: the table is
    // no wider than its container, nothing scrolls sideways and the Operator column is on screen.
    await page.setViewportSize({ width: 1366, height: 768 });
    const correctedRow = page.locator(`[data-testid="history-row"][data-id="${blind[0]}"]`);
    await expect(correctedRow.getByTestId('corrected-mark')).toHaveText('Corrected');
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
    expect(fit.table <= fit.container, `table ${fit.table}px wider than its container ${fit.container}px`).toBeTruthy();
    expect(fit.page <= fit.viewport, `page scrolls sideways: ${JSON.stringify(fit)}`).toBeTruthy();
    expect(fit.tableRight <= fit.viewport && fit.operatorRight <= fit.viewport, JSON.stringify(fit)).toBeTruthy();
    await takeScreenshot(page, 'history-01-page-1');

    // Page 2 keeps the filters; a reload shows the same page.
    await page.getByRole('button', { name: '2', exact: true }).click();
    await expectPage(page, 4, '34');
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    const secondPage = await rowIds(page);
    expect(new Set([...firstPage, ...secondPage]).size).toBe(34);
    await page.reload();
    await expectPage(page, 4, '34');
    await expect.poll(() => rowIds(page)).toEqual(secondPage);
    await takeScreenshot(page, 'history-02-page-2-after-reload');

    // Blind Only + Search: back to page 1 with only the two blind returns.
    await page.locator('input[aria-label="Filter Blind"]').click();
    await page.getByRole('option', { name: 'Blind Only', exact: true }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await expectPage(page, 2, '2');
    expect(new URL(page.url()).searchParams.get('page')).toBe('1');
    expect(new URL(page.url()).searchParams.get('filter[is_blind]')).toBe('1');
    await expect.poll(() => rowIds(page)).toEqual([blind[1], blind[0]]);
    await takeScreenshot(page, 'history-03-blind-only');

    // Non-Blind + an order number substring + the customer filter.
    await page.locator('input[aria-label="Filter Blind"]').click();
    await page.getByRole('option', { name: 'Non-Blind Only' }).click();
    await page.locator('input[aria-label="Filter Account"]').click();
    await page.getByRole('option', { name: seed.company }).click();
    await page.getByLabel('Search Order #').fill(`-${seed.ref}-01`.toLowerCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await expectPage(page, 10, '10');
    const filteredUrl = page.url();
    expect(new URL(filteredUrl).searchParams.get('filter[customer_id]')).toBe(String(seed.customerId));
    await takeScreenshot(page, 'history-04-filtered');

    // A shared link opens the same filtered page in a fresh tab, inputs filled in.
    const tab = await page.context().newPage();
    await tab.goto(filteredUrl);
    await expectPage(tab, 10, '10');
    await expect(tab.getByLabel('Search Order #')).toHaveValue(`-${seed.ref}-01`.toLowerCase());
    await tab.close();

    // Too short a reference is refused at the field; an id finds one return.
    await page.getByLabel('Search Order #').fill('ab');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Enter at least 3 characters to search a reference')).toBeVisible();
    await page.getByLabel('Search Order #').fill('');
    await page.getByLabel('Search Return ID').fill(String(orderReturns[5]!.id));
    await page.getByLabel('Search Return ID').press('Enter');
    await expectPage(page, 1, '1');
    await rows(page).first().getByRole('link', { name: 'View' }).click();
    await page.waitForURL(new RegExp(`/orders/${orderReturns[5]!.orderId}/returns/${orderReturns[5]!.id}$`));
    await expect(page.getByRole('heading', { name: 'Return View' })).toBeVisible();
    await page.goBack();
    await expectPage(page, 1, '1');
    expect(errors).toEqual([]);
  });
});
