// Issue 11: an admin corrects a submitted return on the Return View. The view then shows the
// 'corrected' badge and the version list, and the timeline the correction's Biztalk File task
// turning green once the worker delivered it. Operators see the versions but no Correct button.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe } from 'node:test';
import { apiCall, e2eEnv, e2eTest, expectNoAxeViolations, loginAsAdmin, loginViaUi, screenshot, useBrowser } from './support/index';
import { seedReturnsCustomer, submitOrderReturn } from './returns-seed';

const browser = useBrowser();

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
});
