// Issue 12: the dashboard for an operator and an admin, a tile link landing on the filtered History,
// and a History download read back (CSV and XLSX).
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { test, expect, loginViaUi, expectNoAxeViolations, type Api } from './support/index';
import { seedReturnsCustomer, submitBlindReturn, submitOrderReturn, type ReturnsSeed } from './returns-seed';

async function openDashboard(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('tile-days')).toBeVisible();
}

async function chooseCustomer(page: Page, company: string) {
  await page.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option', { name: company }).click();
  await page.waitForURL(/customer_id=\d+/);
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).trim();

/** Two order-based returns (1 unit each, Scrap, DAMAGED) and a blind one for the seed's customer. */
async function seedReturns(api: Api, prefix: string): Promise<ReturnsSeed> {
  const seed = await seedReturnsCustomer(api, { orders: 3, prefix, canBlind: true });
  await submitOrderReturn(api, seed, 1, `${prefix}-1`);
  await submitOrderReturn(api, seed, 2, `=SUM(A1:A2)`);
  await submitBlindReturn(api, seed, `${prefix}-B`, seed.products[0]!.sku);
  return seed;
}

test.describe('dashboard', () => {
  test("an operator sees today's figures of their customers and follows a tile to History", async ({
    page,
    errors,
    takeScreenshot,
    api,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const mine = await seedReturns(api, 'Dash Op Co');
    const other = await seedReturns(api, 'Dash Other Co');
    await loginViaUi(page, mine.operator.username, mine.operator.password);
    await openDashboard(page);
    await page.locator('label', { hasText: /^Today$/ }).click();
    await page.waitForURL(/period=today/);
    await expect(page.getByTestId('total-returns').filter({ hasText: /^3$/ })).toBeVisible();
    await expect.poll(() => text(page, 'total-units')).toBe('3');
    // The other customer is neither counted nor offered.
    await page.getByRole('combobox', { name: 'Customer' }).click();
    await expect(page.getByRole('option', { name: other.company })).toHaveCount(0);
    await page.keyboard.press('Escape');
    const kinds = page.getByTestId('tile-kinds');
    await expect(kinds.getByRole('row', { name: /Blind/ })).toHaveText(/Blind\s+1\s+1\s+33%/, { useInnerText: true });
    // The new tiles: no return has a photo, every line is without a disposition, no discrepancy, no parcel waiting.
    const photos = page.getByTestId('tile-photos');
    await expect(photos.getByRole('row', { name: /Without photos/ })).toHaveText(/Without photos\s+3\s+100%/, { useInnerText: true });
    await expect(page.getByTestId('tile-dispositions').getByRole('row', { name: /None/ })).toHaveText(/None\s+3\s+3\s+100%/, {
      useInnerText: true,
    });
    await expect(page.getByTestId('tile-discrepancies').getByText('Nothing in this period.')).toBeVisible();
    await expect(page.getByTestId('tile-parcels').getByText('No parcel is waiting.')).toBeVisible();
    await page.mouse.move(1300, 10);
    await takeScreenshot(page, 'dashboard-operator');
    await expectNoAxeViolations(page, 'dashboard: operator, today');

    // The reason's link opens History filtered to it, and the filter survives a reload.
    await page.getByTestId('tile-reasons').getByRole('link', { name: 'Damaged in transit' }).click();
    await expect(page.getByRole('heading', { name: 'Return History' })).toBeVisible();
    await expect(page.getByTestId('history-filter-reason')).toBeVisible();
    await expect(page).toHaveURL(/filter%5Breason%5D=DAMAGED/);
    await page.reload();
    await expect(page.getByTestId('history-filter-reason')).toBeVisible();
    await expect(page.getByTestId('history-row').first()).toBeVisible();
    // The two order-based returns were DAMAGED; the blind one was not.
    await expect(page.getByTestId('history-row')).toHaveCount(2);
    await expect.poll(() => text(page, 'history-total')).toBe('2 returns');
    await takeScreenshot(page, 'history-from-dashboard');
    await expectNoAxeViolations(page, 'history: filtered from the dashboard');

    // The photos tile's row opens History of the returns without photos; a reload keeps the filter.
    await page.goBack();
    await page.getByTestId('tile-photos').getByRole('link', { name: 'Without photos' }).click();
    await expect(page.getByTestId('history-filter-has_photos')).toBeVisible();
    await expect(page).toHaveURL(/filter%5Bhas_photos%5D=0/);
    await page.reload();
    await expect(page.getByTestId('history-filter-has_photos')).toBeVisible();
    await expect(page.getByTestId('history-total').filter({ hasText: '3 returns' })).toBeVisible();
    // And the parcels tile opens the queue of waiting parcels of the operator's customers.
    await page.goBack();
    await page.getByTestId('tile-parcels').getByRole('link', { name: 'Open in Parcels' }).click();
    await page.waitForURL(/\/parcels\?state=Waiting/);
    expect(errors).toEqual([]);
  });

  test('an admin sees every customer, one customer, a range, and the backlog links', async ({
    page,
    errors,
    takeScreenshot,
    loginAsAdmin,
    api,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const seed = await seedReturns(api, 'Dash Admin Co');
    await loginAsAdmin(page);
    await openDashboard(page);
    await page.locator('label', { hasText: /^Today$/ }).click();
    await page.waitForURL(/period=today/);
    await expect(page.getByTestId('total-returns')).toBeVisible();
    const all = Number((await text(page, 'total-returns')).replace(/,/g, ''));
    expect(all >= 3, `all customers: ${all}`).toBeTruthy();
    await chooseCustomer(page, seed.company);
    await expect(page.getByTestId('total-returns').filter({ hasText: /^3$/ })).toBeVisible();
    // Every delivery is queued (the demo FTP folder takes them): the backlog links to the monitor.
    await expect(page.getByTestId('tile-backlog').getByRole('link', { name: /\d+/ }).first()).toBeVisible();
    await page.mouse.move(1300, 10);
    await takeScreenshot(page, 'dashboard-admin-customer');
    await expectNoAxeViolations(page, 'dashboard: admin, one customer');

    await page.locator('label', { hasText: /^Range$/ }).click();
    await expect(page.getByLabel('From')).toBeVisible();
    await takeScreenshot(page, 'dashboard-admin-range');
    await expectNoAxeViolations(page, 'dashboard: range inputs');
    await expect(page).toHaveURL(/period=range&.*from=\d{4}-\d{2}-\d{2}/);
    await page.getByTestId('tile-backlog').getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'System Task Status' })).toBeVisible();
    await expect(page).toHaveURL(/task_status=Pending|task_status=Error/);
    // The monitor keeps the dashboard's customer, shown in its filter, and after a reload.
    await expect(page).toHaveURL(new RegExp(`customer_id=${seed.customerId}`));
    const customerFilter = page.getByRole('combobox', { name: 'Customer' });
    await expect(customerFilter).toHaveValue(seed.company);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'System Task Status' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue(seed.company);
    const rows = page.getByTestId('tasks-table').locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await takeScreenshot(page, 'tasks-customer-filter');
    await expectNoAxeViolations(page, 'task monitor: filtered by customer');
    expect(errors).toEqual([]);
  });

  test('a History download of the current filter reads back as CSV and XLSX', async ({ page, errors, takeScreenshot, api }) => {
    const seed = await seedReturns(api, 'Dash DL Co');
    await loginViaUi(page, seed.operator.username, seed.operator.password);
    await page.getByRole('link', { name: 'History' }).click();
    await expect(page.getByTestId('history-row').first()).toBeVisible();
    await expect.poll(() => text(page, 'history-total')).toBe('3 returns');

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^return_history_\d{8}-\d{4}\.csv$/);
    const body = readFileSync((await csv.path())!, 'utf8');
    const lines = body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines.length).toBe(4);
    expect(lines[0]!).toMatch(/^Return ID,Account,Delivery #/);
    expect(
      lines.some((l) => l.includes("'=SUM(A1:A2)")),
      'formula neutralised',
    ).toBeTruthy();

    await page.getByRole('combobox', { name: 'Filter Blind' }).click();
    await page.getByRole('option', { name: 'Non-Blind Only' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByTestId('history-total').filter({ hasText: '2 returns' })).toBeVisible();
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download XLSX' }).click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await xlsx.path())!);
    const sheet = book.getWorksheet('Returns')!;
    expect(sheet.actualRowCount).toBe(3);
    expect([2, 3].map((r) => sheet.getRow(r).getCell(9).value)).toEqual(['N', 'N']);
    await expect(page.getByTestId('history-download-progress')).toHaveCount(0);
    await takeScreenshot(page, 'history-download');
    await expectNoAxeViolations(page, 'history: download buttons');
    expect(errors).toEqual([]);
  });
});
