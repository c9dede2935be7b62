// Issue 11: an admin corrects a submitted return on the Return View. The view then shows the
// 'corrected' badge and the version list, and the timeline the correction's Biztalk File task
// turning green once the worker delivered it. Operators see the versions but no Correct button.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, loginViaUi, expectNoAxeViolations } from './support/index';
import { expectReturnTasks, seedReturnsCustomer, submitBlindReturn, submitOrderReturn } from './returns-seed';

/** The timeline's task for correction `version` turns green once the worker delivered it (the view polls). */
async function correctionTaskGreen(page: Page, version: number) {
  await expect(
    page
      .getByTestId('timeline-task')
      .filter({ hasText: `correction ${version}` })
      .first(),
  ).toBeVisible();
  await expect(
    page
      .locator('[data-testid="timeline-task"][data-color="green"]')
      .filter({ hasText: `correction ${version}` })
      .first(),
  ).toBeVisible({ timeout: 30_000 });
}

test.describe('corrections after submit', () => {
  test('an admin corrects a return; the timeline shows the correction task turning green', async ({
    page,
    errors,
    api,
    server,
    takeScreenshot,
    loginAsAdmin,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1366, height: 768 });
    const seed = await seedReturnsCustomer(api, { orders: 1, prefix: 'Correction Co' });
    const saved = await submitOrderReturn(api, seed, 0, 'CORR-REF-1');
    const viewUrl = `/orders/${saved.orderId}/returns/${saved.id}`;
    // The return's own file goes out first (the correction references its message id).
    await expectReturnTasks(api, seed.token, saved.id, saved.orderId, 'delivered');

    await loginAsAdmin(page);
    await page.goto(viewUrl);
    await expect(page.getByRole('heading', { name: 'Return View' })).toBeVisible();
    await page.getByRole('button', { name: 'Correct' }).click();
    const dialog = page.getByRole('dialog', { name: `Correct Return #${saved.id}` });
    await expect(dialog.getByTestId('correction-line').first()).toBeVisible();
    const sku = seed.products[0]!.sku;
    await expect(dialog.getByRole('combobox', { name: `Reason of ${sku}` })).toBeVisible();
    await expectNoAxeViolations(page, 'correction dialog');
    await takeScreenshot(page, 'corrections-01-dialog');

    // No comment: refused in the dialog, nothing sent.
    await dialog.getByLabel(`Quantity of ${sku}`).fill('2');
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    await expect(dialog.getByText('A comment is required: say why the return is corrected')).toBeVisible();
    await expectNoAxeViolations(page, 'correction dialog: comment missing');
    await takeScreenshot(page, 'corrections-02-comment-required');

    await dialog.getByRole('combobox', { name: `Condition of ${sku}` }).click();
    await page.getByRole('option', { name: 'Pristine' }).click();
    // Issue 16: a missing order line is part of the correction too (the order line has 2 units).
    await dialog.getByLabel('Mark an order line missing').click();
    await page.getByRole('option', { name: new RegExp(sku) }).click();
    await dialog.getByRole('button', { name: 'Mark missing' }).click();
    await expect(dialog.getByLabel(`Units of ${sku} missing`)).toBeVisible();
    await dialog.getByLabel('Why is the return corrected?').fill('Two units were in the parcel, both as new');
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    await expect(dialog).not.toBeAttached();

    await expect(page.getByTestId('corrected-badge')).toBeVisible();
    await expect(page.getByTestId('corrected-badge')).toHaveText('Corrected · v2');
    const versions = page.getByTestId('version-list');
    await expect(versions.getByText('Two units were in the parcel, both as new')).toBeVisible();
    await expect
      .poll(() => versions.getByTestId('version').evaluateAll((els) => els.map((e) => e.getAttribute('data-version'))))
      .toEqual(['2', '1']);
    const changes = await versions.getByTestId('version-change').allInnerTexts();
    expect(
      changes.some((c) => /quantity\s+1 → 2/.test(c)),
      changes.join(' | '),
    ).toBeTruthy();
    expect(
      changes.some((c) => /condition\s+Scrap → Pristine/.test(c)),
      changes.join(' | '),
    ).toBeTruthy();
    expect(
      changes.some((c) => /missing/i.test(c) && /quantity\s+— → 1/.test(c)),
      changes.join(' | '),
    ).toBeTruthy();
    await expect(page.getByTestId('has-discrepancies')).toBeVisible();
    const line = page.getByTestId('return-lines').getByRole('row').nth(1);
    await expect(line).toHaveText(/\b2\b[\s\S]*Pristine/, { useInnerText: true });

    // The correction's Biztalk File task: gray while it waits, green once delivered (the view polls).
    const task = page.getByTestId('timeline-task').filter({ hasText: `correction 2` });
    await expect(task).toBeVisible();
    await expect(page.locator('[data-testid="timeline-task"][data-color="green"]').filter({ hasText: 'correction 2' }).first()).toBeVisible(
      { timeout: 30_000 },
    );
    await expectNoAxeViolations(page, 'return view: corrected, version list');
    await takeScreenshot(page, 'corrections-03-corrected');

    // The file on the (embedded) BizTalk folder: a correction referencing the return's first message.
    // Anywhere under the FTP root: another spec (admin) may have moved BIZTALK_OUTBOUND_DIR.
    const ftpRoot = join(server.dataDir, 'ftp');
    const files = readdirSync(ftpRoot, { recursive: true, encoding: 'utf8' }).filter((n) => basename(n).startsWith(`RET_${saved.id}_`));
    expect(files.length, files.join(', ')).toBe(2);
    const msg = (await page.getByTestId('field-Msg #').innerText()).trim();
    const correction = files
      .map((f) => readFileSync(join(ftpRoot, f), 'utf8'))
      .find((x) => x.includes('<MessageType>ReturnCorrection</MessageType>'));
    expect(correction, 'no correction file').toBeTruthy();
    expect(correction).toMatch(new RegExp(`<OriginalMessageId>${msg}</OriginalMessageId>`));
    expect(correction).toMatch(/<Quantity>2<\/Quantity>/);

    // The operator sees the versions, and no Correct button.
    await page.evaluate(() => localStorage.clear());
    await loginViaUi(page, seed.operator.username, seed.operator.password);
    await page.goto(viewUrl);
    await expect(page.getByTestId('version-list')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Correct' })).toHaveCount(0);
    await takeScreenshot(page, 'corrections-04-operator');
    expect(errors).toEqual([]);
  });

  test('an admin corrects a blind return: a line added from the product search, a disposition and bin changed; History marks it corrected', async ({
    page,
    errors,
    api,
    takeScreenshot,
    loginAsAdmin,
  }) => {
    test.slow();
    await page.setViewportSize({ width: 1366, height: 768 });
    // Two orders: the catalogue then has two products (the seed imports one product per order).
    const seed = await seedReturnsCustomer(api, { orders: 2, prefix: 'Blind Correction Co', canBlind: true });
    const admin = await api.adminToken();
    for (const body of [
      { code: 'RESTOCK', name: 'Restock', requires_location: true, default_for: [] },
      { code: 'REFURB', name: 'Refurbish', requires_location: false, default_for: ['Reconditioning'] },
    ]) {
      const res = await api.call('POST', `/su/customers/${seed.customerId}/dispositions`, { token: admin, body });
      expect(res.code, JSON.stringify(res)).toBe(200);
    }
    const [first, second] = seed.products;
    const id = await submitBlindReturn(api, seed, 'BLIND-CORR-1', first!.sku);
    await expectReturnTasks(api, seed.token, id, 'blind', 'delivered');

    await loginAsAdmin(page);
    await page.goto(`/orders/blind/returns/${id}`);
    await expect(page.getByRole('heading', { name: 'Return View' })).toBeVisible();
    await page.getByRole('button', { name: 'Correct' }).click();
    const dialog = page.getByRole('dialog', { name: `Correct Return #${id}` });
    await expect(dialog.getByRole('combobox', { name: `Reason of ${first!.sku}` })).toBeVisible();

    // A line from the customer's catalogue, as blind receiving adds it (Pristine, the first reason).
    await dialog.getByLabel('Product Search').fill(second!.sku);
    await page.getByRole('option', { name: new RegExp(second!.sku) }).click();
    await expect(dialog.locator(`[data-testid="correction-line"][data-sku="${second!.sku}"]`)).toBeVisible();
    await dialog.getByRole('combobox', { name: `Disposition of ${second!.sku}` }).click();
    await page.getByRole('option', { name: 'Refurbish' }).click();

    // Restock needs a bin: refused by the server with receiving's message, nothing saved.
    await dialog.getByRole('combobox', { name: `Disposition of ${first!.sku}` }).click();
    await page.getByRole('option', { name: 'Restock' }).click();
    await dialog.getByLabel('Why is the return corrected?').fill('A second item was in the parcel; the shoe goes back on the shelf');
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    await expect(dialog.getByText('Scan or type the bin: this disposition needs a location')).toBeVisible();
    await expectNoAxeViolations(page, 'correction dialog: blind return, bin required');
    await takeScreenshot(page, 'corrections-05-blind-bin-required');

    await dialog.getByLabel(`Bin of ${first!.sku}`).fill('B-12-03');
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    await expect(dialog).not.toBeAttached();

    await expect(page.getByTestId('corrected-badge')).toBeVisible();
    const lines = await page.getByTestId('return-lines').innerText();
    expect(lines).toMatch(new RegExp(second!.sku));
    expect(lines).toMatch(/B-12-03/);
    const changes = await page.getByTestId('version-list').getByTestId('version-change').allInnerTexts();
    expect(
      changes.some((c) => /disposition\s+— → RESTOCK/.test(c)),
      changes.join(' | '),
    ).toBeTruthy();
    expect(
      changes.some((c) => /location\s+— → B-12-03/.test(c)),
      changes.join(' | '),
    ).toBeTruthy();
    expect(
      changes.some((c) => /added/i.test(c) && c.includes(second!.sku)),
      changes.join(' | '),
    ).toBeTruthy();
    await correctionTaskGreen(page, 2);
    await expectNoAxeViolations(page, 'return view: blind return corrected');
    await takeScreenshot(page, 'corrections-06-blind-corrected');

    // History: the row carries the corrected mark.
    await page.goto(`/history?page=1&search[id]=${id}`);
    const row = page.locator(`[data-testid="history-row"][data-id="${id}"]`);
    await expect(row.getByTestId('corrected-mark')).toBeVisible();
    await expect(row.getByTestId('corrected-mark')).toHaveText('Corrected');
    await expectNoAxeViolations(page, 'history: corrected mark');
    await takeScreenshot(page, 'corrections-07-history-corrected');
    expect(errors).toEqual([]);
  });
});
