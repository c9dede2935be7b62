// Issue 12: the dashboard for an operator and an admin, a tile link landing on the filtered History,
// and a History download read back (CSV and XLSX).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe } from 'node:test';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { e2eTest, expectNoAxeViolations, loginAsAdmin, loginViaUi, screenshot, useBrowser } from './support/index';
import { seedReturnsCustomer, submitBlindReturn, submitOrderReturn, type ReturnsSeed } from './returns-seed';

const browser = useBrowser();

async function openDashboard(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await page.getByTestId('tile-days').waitFor();
}

async function chooseCustomer(page: Page, company: string) {
  await page.getByRole('combobox', { name: 'Customer' }).click();
  await page.getByRole('option', { name: company }).click();
  await page.waitForURL(/customer_id=\d+/);
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).trim();

/** Two order-based returns (1 unit each, Scrap, DAMAGED) and a blind one for the seed's customer. */
async function seedReturns(prefix: string): Promise<ReturnsSeed> {
  const seed = await seedReturnsCustomer({ orders: 3, prefix, canBlind: true });
  await submitOrderReturn(seed, 1, `${prefix}-1`);
  await submitOrderReturn(seed, 2, `=SUM(A1:A2)`);
  await submitBlindReturn(seed, `${prefix}-B`, seed.products[0]!.sku);
  return seed;
}

describe('dashboard', () => {
  e2eTest("an operator sees today's figures of their customers and follows a tile to History", browser, async ({ page, errors }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const mine = await seedReturns('Dash Op Co');
    const other = await seedReturns('Dash Other Co');
    await loginViaUi(page, mine.operator.username, mine.operator.password);
    await openDashboard(page);
    await page.locator('label', { hasText: /^Today$/ }).click();
    await page.waitForURL(/period=today/);
    await page.getByTestId('total-returns').filter({ hasText: /^3$/ }).waitFor();
    assert.equal(await text(page, 'total-units'), '3');
    // The other customer is neither counted nor offered.
    await page.getByRole('combobox', { name: 'Customer' }).click();
    assert.equal(await page.getByRole('option', { name: other.company }).count(), 0);
    await page.keyboard.press('Escape');
    const kinds = page.getByTestId('tile-kinds');
    assert.match(await kinds.getByRole('row', { name: /Blind/ }).innerText(), /Blind\s+1\s+1\s+33%/);
    // The new tiles: no return has a photo, every line is without a disposition, no discrepancy, no parcel waiting.
    const photos = page.getByTestId('tile-photos');
    assert.match(await photos.getByRole('row', { name: /Without photos/ }).innerText(), /Without photos\s+3\s+100%/);
    assert.match(await page.getByTestId('tile-dispositions').getByRole('row', { name: /None/ }).innerText(), /None\s+3\s+3\s+100%/);
    await page.getByTestId('tile-discrepancies').getByText('Nothing in this period.').waitFor();
    await page.getByTestId('tile-parcels').getByText('No parcel is waiting.').waitFor();
    await page.mouse.move(1300, 10);
    await screenshot(page, 'dashboard-operator');
    await expectNoAxeViolations(page, 'dashboard: operator, today');

    // The reason's link opens History filtered to it, and the filter survives a reload.
    await page.getByTestId('tile-reasons').getByRole('link', { name: 'Damaged in transit' }).click();
    await page.getByRole('heading', { name: 'Return History' }).waitFor();
    await page.getByTestId('history-filter-reason').waitFor();
    assert.match(page.url(), /filter%5Breason%5D=DAMAGED/);
    await page.reload();
    await page.getByTestId('history-filter-reason').waitFor();
    await page.getByTestId('history-row').first().waitFor();
    // The two order-based returns were DAMAGED; the blind one was not.
    assert.equal(await page.getByTestId('history-row').count(), 2);
    assert.equal(await text(page, 'history-total'), '2 returns');
    await screenshot(page, 'history-from-dashboard');
    await expectNoAxeViolations(page, 'history: filtered from the dashboard');

    // The photos tile's row opens History of the returns without photos; a reload keeps the filter.
    await page.goBack();
    await page.getByTestId('tile-photos').getByRole('link', { name: 'Without photos' }).click();
    await page.getByTestId('history-filter-has_photos').waitFor();
    assert.match(page.url(), /filter%5Bhas_photos%5D=0/);
    await page.reload();
    await page.getByTestId('history-filter-has_photos').waitFor();
    await page.getByTestId('history-total').filter({ hasText: '3 returns' }).waitFor();
    // And the parcels tile opens the queue of waiting parcels of the operator's customers.
    await page.goBack();
    await page.getByTestId('tile-parcels').getByRole('link', { name: 'Open in Parcels' }).click();
    await page.waitForURL(/\/parcels\?state=Waiting/);
    assert.deepEqual(errors, []);
  });

  e2eTest('an admin sees every customer, one customer, a range, and the backlog links', browser, async ({ page, errors }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const seed = await seedReturns('Dash Admin Co');
    await loginAsAdmin(page);
    await openDashboard(page);
    await page.locator('label', { hasText: /^Today$/ }).click();
    await page.waitForURL(/period=today/);
    await page.getByTestId('total-returns').waitFor();
    const all = Number((await text(page, 'total-returns')).replace(/,/g, ''));
    assert.ok(all >= 3, `all customers: ${all}`);
    await chooseCustomer(page, seed.company);
    await page.getByTestId('total-returns').filter({ hasText: /^3$/ }).waitFor();
    // Every delivery is queued (the demo FTP folder takes them): the backlog links to the monitor.
    assert.ok(await page.getByTestId('tile-backlog').getByRole('link', { name: /\d+/ }).first().isVisible());
    await page.mouse.move(1300, 10);
    await screenshot(page, 'dashboard-admin-customer');
    await expectNoAxeViolations(page, 'dashboard: admin, one customer');

    await page.locator('label', { hasText: /^Range$/ }).click();
    await page.getByLabel('From').waitFor();
    await screenshot(page, 'dashboard-admin-range');
    await expectNoAxeViolations(page, 'dashboard: range inputs');
    assert.match(page.url(), /period=range&.*from=\d{4}-\d{2}-\d{2}/);
    await page.getByTestId('tile-backlog').getByRole('link').first().click();
    await page.getByRole('heading', { name: 'System Task Status' }).waitFor();
    assert.match(page.url(), /task_status=Pending|task_status=Error/);
    // The monitor keeps the dashboard's customer, shown in its filter, and after a reload.
    assert.match(page.url(), new RegExp(`customer_id=${seed.customerId}`));
    const customerFilter = page.getByRole('combobox', { name: 'Customer' });
    assert.equal(await customerFilter.inputValue(), seed.company);
    await page.reload();
    await page.getByRole('heading', { name: 'System Task Status' }).waitFor();
    assert.equal(await page.getByRole('combobox', { name: 'Customer' }).inputValue(), seed.company);
    const rows = page.getByTestId('tasks-table').locator('tbody tr');
    await rows.first().waitFor();
    await screenshot(page, 'tasks-customer-filter');
    await expectNoAxeViolations(page, 'task monitor: filtered by customer');
    assert.deepEqual(errors, []);
  });

  e2eTest('a History download of the current filter reads back as CSV and XLSX', browser, async ({ page, errors }) => {
    const seed = await seedReturns('Dash DL Co');
    await loginViaUi(page, seed.operator.username, seed.operator.password);
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByTestId('history-row').first().waitFor();
    assert.equal(await text(page, 'history-total'), '3 returns');

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    assert.match(csv.suggestedFilename(), /^return_history_\d{8}-\d{4}\.csv$/);
    const body = readFileSync((await csv.path())!, 'utf8');
    const lines = body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.equal(lines.length, 4);
    assert.match(lines[0]!, /^Return ID,Account,Delivery #/);
    assert.ok(
      lines.some((l) => l.includes("'=SUM(A1:A2)")),
      'formula neutralised',
    );

    await page.getByRole('combobox', { name: 'Filter Blind' }).click();
    await page.getByRole('option', { name: 'Non-Blind Only' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByTestId('history-total').filter({ hasText: '2 returns' }).waitFor();
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download XLSX' }).click()]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile((await xlsx.path())!);
    const sheet = book.getWorksheet('Returns')!;
    assert.equal(sheet.actualRowCount, 3);
    assert.deepEqual(
      [2, 3].map((r) => sheet.getRow(r).getCell(9).value),
      ['N', 'N'],
    );
    assert.equal(await page.getByTestId('history-download-progress').count(), 0);
    await screenshot(page, 'history-download');
    await expectNoAxeViolations(page, 'history: download buttons');
    assert.deepEqual(errors, []);
  });
});
