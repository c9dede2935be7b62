// Issue 16: a Restock line with a scanned bin, a missing order line and a wrong item found by a scan,
// recorded from the keyboard on a demo order, then seen on the Return View and in the History.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import {
  adminToken,
  apiCall,
  createOperator,
  e2eTest,
  expectNoAxeViolations,
  listCustomers,
  loginViaUi,
  screenshot,
  useBrowser,
} from './support/index';

const browser = useBrowser();

async function scan(page: Page, code: string) {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

describe('dispositions, bins and discrepancies', () => {
  e2eTest(
    'Restock with a scanned bin, a missing line and a wrong item on demo order 80012348, seen on the return view',
    browser,
    async ({ page, errors }) => {
      const northwind = (await listCustomers()).find((c) => c.company === 'Northwind Apparel');
      assert.ok(northwind, 'the demo data is loaded');
      const token = await adminToken();
      // A product of Northwind's catalogue that is not on the order: the "wrong item".
      const catalogue = await apiCall<{ id: number; sku: string; upc: string }[]>('PUT', `/returns/products/${northwind.id}`, {
        token,
        body: { search: 'NW-' },
      });
      assert.equal(catalogue.code, 200, JSON.stringify(catalogue));
      const operator = await createOperator({ customerIds: [northwind.id] });
      await loginViaUi(page, operator.username, operator.password);
      await page.getByRole('heading', { name: 'Order Search' }).waitFor();
      await page.getByLabel('Search Reference').focus();
      await scan(page, '80012348');
      const lines = page.getByTestId('order-line');
      await lines.first().waitFor();
      assert.equal(await lines.count(), 3);
      const skus = await lines.evaluateAll((els) => els.map((el) => el.getAttribute('data-sku')!));
      const upcs = await lines.evaluateAll((els) => els.map((el) => el.getAttribute('data-upc')!));
      const wrong = catalogue.message.find((p) => !skus.includes(p.sku) && p.upc)!;
      assert.ok(wrong, 'a Northwind product that is not on the order');

      // Next scans: Pristine (no default disposition), then Alt+K picks the first disposition, Restock.
      await page.keyboard.press('Alt+P');
      await page.keyboard.press('Alt+K');
      const nextDisposition = page.getByRole('combobox', { name: 'Disposition for the next scans' });
      await page.waitForFunction(
        () =>
          (document.querySelector('input[aria-label="Disposition for the next scans"]') as HTMLInputElement | null)?.value === 'Restock',
      );
      assert.equal(await nextDisposition.inputValue(), 'Restock');
      // Without a bin the scan is refused and the cursor goes to the bin field.
      await scan(page, upcs[0]!);
      await page.getByText('Scan the bin first (Alt+B)').waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'scan-bin');
      await scan(page, 'BIN-A-01-03');
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'line-filter');
      await scan(page, upcs[0]!);
      const first = page.locator(`[data-testid="order-line"][data-sku="${skus[0]}"]`);
      const restockEntry = first.getByTestId('ledger-new');
      await restockEntry.getByTestId('ledger-location').filter({ hasText: 'BIN-A-01-03' }).waitFor();
      assert.equal(await restockEntry.getByTestId('ledger-disposition').innerText(), 'Restock');

      // The third line is not in the parcel: its Missing action, from the keyboard.
      await page.getByRole('button', { name: `Mark ${skus[2]} missing from the parcel` }).focus();
      await page.keyboard.press('Enter');
      await page.locator(`[data-testid="order-line"][data-sku="${skus[2]}"] [data-testid="ledger-missing"]`).waitFor();

      // A code that is not on the order: the miss offers to record it; Alt+I opens the dialog with it.
      await page.keyboard.press('F2');
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'line-filter');
      await page.keyboard.press('Alt+R');
      await scan(page, wrong.upc);
      await page.getByRole('button', { name: 'Record as wrong / extra item (Alt+I)' }).waitFor();
      await screenshot(page, 'disp-01-miss-offers-wrong-item');
      await page.keyboard.press('Alt+I');
      const dialog = page.getByRole('dialog', { name: 'Record a wrong or extra item' });
      await dialog.getByTestId('discrepancy-product').filter({ hasText: wrong.sku }).waitFor();
      await dialog.getByRole('combobox', { name: 'Instead of order line' }).click();
      await page.getByRole('option', { name: new RegExp(`^${skus[1]}`) }).click();
      await screenshot(page, 'disp-02-wrong-item-dialog');
      await expectNoAxeViolations(page, 'receiving-wrong-item-dialog');
      await dialog.getByRole('button', { name: 'Record wrong item' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByTestId('off-order').getByText(wrong.sku).waitFor();
      // The wrong item takes photos like any new line (the photo evidence feature).
      await page
        .getByTestId('off-order')
        .getByRole('button', { name: `Photos of 1 × Reconditioning, ${wrong.sku}, wrong item (0)` })
        .waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'line-filter');
      // The scan bar says what was recorded; the miss and its offer are gone.
      await page.locator('#scan-outcome').getByText(`Recorded 1 × ${wrong.sku} as a wrong item.`).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Record as wrong / extra item (Alt+I)' }).count(), 0);

      // Alt+C: the webcam for the wrong item just recorded, not for the order line scanned before it.
      await page.keyboard.press('Alt+C');
      const webcam = page.getByRole('dialog', { name: `Photos of 1 × Reconditioning, ${wrong.sku}, wrong item` });
      await webcam.waitFor();
      await page.waitForFunction(() => {
        const b = [...document.querySelectorAll('button')].find((x) => x.textContent?.trim() === 'Shoot');
        return !!b && !b.disabled && document.activeElement === b;
      });
      await page.keyboard.press('Space');
      await webcam.getByTestId('photo-list').getByTestId('photo-thumb').first().waitFor();
      await page.keyboard.press('Escape');
      await webcam.waitFor({ state: 'detached' });
      // The photo is the wrong item's; the Restock line scanned before it has none.
      await page
        .getByTestId('off-order')
        .getByRole('button', { name: `Photos of 1 × Reconditioning, ${wrong.sku}, wrong item (1)` })
        .waitFor();
      assert.equal(await first.getByRole('button', { name: /^Photos of .* \(0\)$/ }).count(), 1);
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'line-filter');
      await screenshot(page, 'disp-03-panel');
      await expectNoAxeViolations(page, 'receiving-dispositions-discrepancies');

      await page.keyboard.press('Alt+S');
      const summary = page.getByRole('dialog', { name: 'Return Processing Summary' });
      await summary.getByTestId('summary-discrepancies').waitFor();
      assert.equal(await summary.getByTestId('summary-WRONG_ITEM').innerText(), '1');
      assert.match(await summary.getByTestId('summary-discrepancy-total').innerText(), /Total \d+/);
      await screenshot(page, 'disp-04-summary');
      await expectNoAxeViolations(page, 'receiving-summary-discrepancies');
      await page.keyboard.press('Enter');
      await summary.waitFor({ state: 'detached' });
      const link = page.locator('.mantine-Notification-root').getByRole('link', { name: /View return #\d+/ });
      await link.waitFor();
      const [, orderId, returnId] = /\/orders\/(\d+)\/returns\/(\d+)$/.exec((await link.getAttribute('href'))!)!;

      // The return view shows the disposition, the bin, and the discrepancies.
      await link.click();
      await page.waitForURL(new RegExp(`/orders/${orderId}/returns/${returnId}$`));
      await page.getByTestId('has-discrepancies').waitFor();
      const restocked = page.getByTestId('return-line').filter({ hasText: skus[0]! });
      assert.match(await restocked.innerText(), /Restock[\s\S]*BIN-A-01-03/);
      const wrongRow = page.locator('[data-testid="return-line"][data-discrepancy="WRONG_ITEM"]');
      assert.match(await wrongRow.innerText(), new RegExp(`${wrong.sku}[\\s\\S]*Wrong item[\\s\\S]*instead of order line`, 'i'));
      await page.getByTestId('return-missing').getByText(skus[2]!).waitFor();
      await screenshot(page, 'disp-05-return-view');
      await expectNoAxeViolations(page, 'return-view-discrepancies');

      // History: the mark and the filter.
      await page.goto(`/history?page=1&filter[customer_id]=${northwind.id}&filter[is_blind]=All&filter[has_discrepancies]=1`);
      const row = page.locator(`[data-testid="history-row"][data-id="${returnId}"]`);
      await row.getByTestId('discrepancy-badge').waitFor();
      await screenshot(page, 'disp-06-history');
      await expectNoAxeViolations(page, 'history-discrepancy-filter');
      assert.deepEqual(errors, []);
    },
    { timeout: 150_000 },
  );
});
