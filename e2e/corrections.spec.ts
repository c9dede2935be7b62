// Issue 11: an admin corrects a submitted return on the Return View. The view then shows the
// 'corrected' badge and the version list, and the timeline the correction's Biztalk File task
// turning green once the worker delivered it. Operators see the versions but no Correct button.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe } from 'node:test';
import {
  adminToken,
  apiCall,
  e2eEnv,
  e2eTest,
  expectNoAxeViolations,
  loginAsAdmin,
  loginViaUi,
  screenshot,
  useBrowser,
} from './support/index';
import { seedReturnsCustomer, submitBlindReturn, submitOrderReturn } from './returns-seed';

const browser = useBrowser();

/** Waits until every task of the return succeeded (its own file first: a correction references it). */
async function delivered(token: string, id: number, orderId: number | 'blind') {
  for (let i = 0; ; i++) {
    const res = await apiCall<{ tasks: { task_status: string }[] }>('GET', `/returns/${id}/order/${orderId}`, { token });
    if (res.message.tasks.length && res.message.tasks.every((t) => t.task_status === 'Success')) return;
    assert.ok(i < 100, `the return's file was not delivered: ${JSON.stringify(res.message)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The timeline's task for correction `version` turns green once the worker delivered it (the view polls). */
async function correctionTaskGreen(page: import('playwright-core').Page, version: number) {
  await page
    .getByTestId('timeline-task')
    .filter({ hasText: `correction ${version}` })
    .first()
    .waitFor();
  await page.waitForFunction(
    (v) =>
      [...document.querySelectorAll('[data-testid="timeline-task"]')].some(
        (e) => e.textContent?.includes(`correction ${v}`) && e.getAttribute('data-color') === 'green',
      ),
    version,
    { timeout: 30_000 },
  );
}

describe('corrections after submit', () => {
  e2eTest(
    'an admin corrects a return; the timeline shows the correction task turning green',
    browser,
    async ({ page, errors }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      const seed = await seedReturnsCustomer({ orders: 1, prefix: 'Correction Co' });
      const saved = await submitOrderReturn(seed, 0, 'CORR-REF-1');
      const viewUrl = `/orders/${saved.orderId}/returns/${saved.id}`;
      // The return's own file goes out first (the correction references its message id).
      for (let i = 0; ; i++) {
        const res = await apiCall<{ tasks: { task_status: string }[] }>('GET', `/returns/${saved.id}/order/${saved.orderId}`, {
          token: seed.token,
        });
        if (res.message.tasks.length && res.message.tasks.every((t) => t.task_status === 'Success')) break;
        assert.ok(i < 100, `the return's file was not delivered: ${JSON.stringify(res.message)}`);
        await new Promise((r) => setTimeout(r, 200));
      }

      await loginAsAdmin(page);
      await page.goto(viewUrl);
      await page.getByRole('heading', { name: 'Return View' }).waitFor();
      await page.getByRole('button', { name: 'Correct' }).click();
      const dialog = page.getByRole('dialog', { name: `Correct Return #${saved.id}` });
      await dialog.getByTestId('correction-line').first().waitFor();
      const sku = seed.products[0]!.sku;
      await dialog.getByRole('combobox', { name: `Reason of ${sku}` }).waitFor();
      await expectNoAxeViolations(page, 'correction dialog');
      await screenshot(page, 'corrections-01-dialog');

      // No comment: refused in the dialog, nothing sent.
      await dialog.getByLabel(`Quantity of ${sku}`).fill('2');
      await dialog.getByRole('button', { name: 'Save correction' }).click();
      await dialog.getByText('A comment is required: say why the return is corrected').waitFor();
      await expectNoAxeViolations(page, 'correction dialog: comment missing');
      await screenshot(page, 'corrections-02-comment-required');

      await dialog.getByRole('combobox', { name: `Condition of ${sku}` }).click();
      await page.getByRole('option', { name: 'Pristine' }).click();
      // Issue 16: a missing order line is part of the correction too (the order line has 2 units).
      await dialog.getByLabel('Mark an order line missing').click();
      await page.getByRole('option', { name: new RegExp(sku) }).click();
      await dialog.getByRole('button', { name: 'Mark missing' }).click();
      await dialog.getByLabel(`Units of ${sku} missing`).waitFor();
      await dialog.getByLabel('Why is the return corrected?').fill('Two units were in the parcel, both as new');
      await dialog.getByRole('button', { name: 'Save correction' }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.getByTestId('corrected-badge').waitFor();
      assert.equal((await page.getByTestId('corrected-badge').textContent())?.trim(), 'Corrected · v2');
      const versions = page.getByTestId('version-list');
      await versions.getByText('Two units were in the parcel, both as new').waitFor();
      assert.deepEqual(await versions.getByTestId('version').evaluateAll((els) => els.map((e) => e.getAttribute('data-version'))), [
        '2',
        '1',
      ]);
      const changes = await versions.getByTestId('version-change').allInnerTexts();
      assert.ok(
        changes.some((c) => /quantity\s+1 → 2/.test(c)),
        changes.join(' | '),
      );
      assert.ok(
        changes.some((c) => /condition\s+Scrap → Pristine/.test(c)),
        changes.join(' | '),
      );
      assert.ok(
        changes.some((c) => /missing/i.test(c) && /quantity\s+— → 1/.test(c)),
        changes.join(' | '),
      );
      await page.getByTestId('has-discrepancies').waitFor();
      const line = page.getByTestId('return-lines').getByRole('row').nth(1);
      assert.match(await line.innerText(), /\b2\b[\s\S]*Pristine/);

      // The correction's Biztalk File task: gray while it waits, green once delivered (the view polls).
      const task = page.getByTestId('timeline-task').filter({ hasText: `correction 2` });
      await task.waitFor();
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll('[data-testid="timeline-task"]')].some(
            (e) => e.textContent?.includes('correction 2') && e.getAttribute('data-color') === 'green',
          ),
        undefined,
        { timeout: 30_000 },
      );
      await expectNoAxeViolations(page, 'return view: corrected, version list');
      await screenshot(page, 'corrections-03-corrected');

      // The file on the (embedded) BizTalk folder: a correction referencing the return's first message.
      // Anywhere under the FTP root: another spec (admin) may have moved BIZTALK_OUTBOUND_DIR.
      const ftpRoot = join(e2eEnv.dataDir, 'ftp');
      const files = readdirSync(ftpRoot, { recursive: true, encoding: 'utf8' }).filter((n) => basename(n).startsWith(`RET_${saved.id}_`));
      assert.equal(files.length, 2, files.join(', '));
      const msg = (await page.getByTestId('field-Msg #').innerText()).trim();
      const correction = files
        .map((f) => readFileSync(join(ftpRoot, f), 'utf8'))
        .find((x) => x.includes('<MessageType>ReturnCorrection</MessageType>'));
      assert.ok(correction, 'no correction file');
      assert.match(correction, new RegExp(`<OriginalMessageId>${msg}</OriginalMessageId>`));
      assert.match(correction, /<Quantity>2<\/Quantity>/);

      // The operator sees the versions, and no Correct button.
      await page.evaluate(() => localStorage.clear());
      await loginViaUi(page, seed.operator.username, seed.operator.password);
      await page.goto(viewUrl);
      await page.getByTestId('version-list').waitFor();
      assert.equal(await page.getByRole('button', { name: 'Correct' }).count(), 0);
      await screenshot(page, 'corrections-04-operator');
      assert.deepEqual(errors, []);
    },
    { timeout: 180_000 },
  );

  e2eTest(
    'an admin corrects a blind return: a line added from the product search, a disposition and bin changed; History marks it corrected',
    browser,
    async ({ page, errors }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      // Two orders: the catalogue then has two products (the seed imports one product per order).
      const seed = await seedReturnsCustomer({ orders: 2, prefix: 'Blind Correction Co', canBlind: true });
      const admin = await adminToken();
      for (const body of [
        { code: 'RESTOCK', name: 'Restock', requires_location: true, default_for: [] },
        { code: 'REFURB', name: 'Refurbish', requires_location: false, default_for: ['Reconditioning'] },
      ]) {
        const res = await apiCall('POST', `/su/customers/${seed.customerId}/dispositions`, { token: admin, body });
        assert.equal(res.code, 200, JSON.stringify(res));
      }
      const [first, second] = seed.products;
      const id = await submitBlindReturn(seed, 'BLIND-CORR-1', first!.sku);
      await delivered(seed.token, id, 'blind');

      await loginAsAdmin(page);
      await page.goto(`/orders/blind/returns/${id}`);
      await page.getByRole('heading', { name: 'Return View' }).waitFor();
      await page.getByRole('button', { name: 'Correct' }).click();
      const dialog = page.getByRole('dialog', { name: `Correct Return #${id}` });
      await dialog.getByRole('combobox', { name: `Reason of ${first!.sku}` }).waitFor();

      // A line from the customer's catalogue, as blind receiving adds it (Pristine, the first reason).
      await dialog.getByLabel('Product Search').fill(second!.sku);
      await page.getByRole('option', { name: new RegExp(second!.sku) }).click();
      await dialog.locator(`[data-testid="correction-line"][data-sku="${second!.sku}"]`).waitFor();
      await dialog.getByRole('combobox', { name: `Disposition of ${second!.sku}` }).click();
      await page.getByRole('option', { name: 'Refurbish' }).click();

      // Restock needs a bin: refused by the server with receiving's message, nothing saved.
      await dialog.getByRole('combobox', { name: `Disposition of ${first!.sku}` }).click();
      await page.getByRole('option', { name: 'Restock' }).click();
      await dialog.getByLabel('Why is the return corrected?').fill('A second item was in the parcel; the shoe goes back on the shelf');
      await dialog.getByRole('button', { name: 'Save correction' }).click();
      await dialog.getByText('Scan or type the bin: this disposition needs a location').waitFor();
      await expectNoAxeViolations(page, 'correction dialog: blind return, bin required');
      await screenshot(page, 'corrections-05-blind-bin-required');

      await dialog.getByLabel(`Bin of ${first!.sku}`).fill('B-12-03');
      await dialog.getByRole('button', { name: 'Save correction' }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.getByTestId('corrected-badge').waitFor();
      const lines = await page.getByTestId('return-lines').innerText();
      assert.match(lines, new RegExp(second!.sku));
      assert.match(lines, /B-12-03/);
      const changes = await page.getByTestId('version-list').getByTestId('version-change').allInnerTexts();
      assert.ok(
        changes.some((c) => /disposition\s+— → RESTOCK/.test(c)),
        changes.join(' | '),
      );
      assert.ok(
        changes.some((c) => /location\s+— → B-12-03/.test(c)),
        changes.join(' | '),
      );
      assert.ok(
        changes.some((c) => /added/i.test(c) && c.includes(second!.sku)),
        changes.join(' | '),
      );
      await correctionTaskGreen(page, 2);
      await expectNoAxeViolations(page, 'return view: blind return corrected');
      await screenshot(page, 'corrections-06-blind-corrected');

      // History: the row carries the corrected mark.
      await page.goto(`/history?page=1&search[id]=${id}`);
      const row = page.locator(`[data-testid="history-row"][data-id="${id}"]`);
      await row.getByTestId('corrected-mark').waitFor();
      assert.equal((await row.getByTestId('corrected-mark').textContent())?.trim(), 'Corrected');
      await expectNoAxeViolations(page, 'history: corrected mark');
      await screenshot(page, 'corrections-07-history-corrected');
      assert.deepEqual(errors, []);
    },
    { timeout: 180_000 },
  );
});
