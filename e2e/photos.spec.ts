// Issue 16, photo evidence at the desk: a line photographed with the (fake) webcam from the keyboard,
// a photo of the return uploaded from a file, the customer's required-photo rule in the summary,
// then the return view with its photos and viewer, and the history's camera mark.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'node:test';
import sharp from 'sharp';
import {
  adminToken,
  apiCall,
  createCustomerWithReasons,
  createOperator,
  e2eEnv,
  e2eTest,
  expectNoAxeViolations,
  loginViaUi,
  screenshot,
  unique,
  useBrowser,
} from './support/index';

const browser = useBrowser();

/** A customer that requires a photo of every Scrap line, an order of two lines, and its operator. */
async function seedPhotoCustomer() {
  const token = await adminToken();
  const company = unique('Photo Desk Co');
  const customerId = await createCustomerWithReasons(token, company, { photo_required_conditions: ['Scrap'] });
  const ref = String(Date.now()).slice(-7);
  const products = [
    { sku: `PH-${ref}-CAP`, upc: `71${ref}001`, name_1: 'Canvas Cap', color: 'Sand', size: 'One' },
    { sku: `PH-${ref}-BOOT`, upc: `71${ref}002`, name_1: 'Hiking Boot', color: 'Brown', size: '42' },
  ];
  const imported = await apiCall('POST', `/su/customers/${customerId}/orders/import`, {
    token,
    body: {
      format: 'json',
      content: JSON.stringify({
        orders: [
          {
            source_id: `PH-${ref}`,
            delivery_number: `PHD${ref}`,
            order_number: `SO-${ref}`,
            order_type: 'Web',
            created_at: '2026-03-02T09:15:00Z',
            delivery_name_1: 'Anna Schmidt',
            lines: products.map((product, i) => ({ line_number: i + 1, quantity: 1, product })),
          },
        ],
      }),
    },
  });
  assert.equal(imported.code, 200, JSON.stringify(imported));
  const operator = await createOperator({ customerIds: [customerId] });
  return { customerId, ref, products, operator };
}

async function parcelPng(dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'parcel.png');
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#b08050' } })
    .png()
    .toFile(path);
  return path;
}

describe('photo evidence', () => {
  e2eTest(
    'a webcam photo of a Scrap line from the keyboard, a parcel photo from a file, seen on the return view',
    browser,
    async ({ page, errors }) => {
      const s = await seedPhotoCustomer();
      await page.context().grantPermissions(['camera']);
      await page.setViewportSize({ width: 1366, height: 768 });
      await loginViaUi(page, s.operator.username, s.operator.password);
      await page.getByLabel('Search Reference').fill(`SO-${s.ref}`);
      await page.getByLabel('Search Reference').press('Enter');
      await page.getByTestId('order-line').first().waitFor();

      // Scan the cap (Reconditioning), then the boot as Scrap.
      const scanField = page.getByTestId('line-filter');
      await scanField.focus();
      await page.keyboard.type(s.products[0]!.sku);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Alt+X');
      await page.keyboard.type(s.products[1]!.sku);
      await page.keyboard.press('Enter');
      await page.getByTestId('ledger-new').nth(1).waitFor();

      // The summary names the Scrap line without a photo.
      await page.keyboard.press('Alt+S');
      const problems = page.getByTestId('summary-photo-problems');
      await problems.waitFor();
      assert.match(
        await problems.innerText(),
        new RegExp(`A photo is required for Scrap lines: line 2 \\(${s.products[1]!.sku}\\) has none\\.`),
      );
      await expectNoAxeViolations(page, 'summary: a photo missing');
      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // Alt+C: the webcam for the last scanned line; the Shoot button has the focus, Space shoots.
      await page.keyboard.press('Alt+C');
      const dialog = page.getByRole('dialog', { name: /Photos of 1 × Scrap/ });
      await dialog.waitFor();
      const shoot = dialog.getByRole('button', { name: 'Shoot' });
      await page.waitForFunction(() => {
        const b = [...document.querySelectorAll('button')].find((x) => x.textContent?.trim() === 'Shoot');
        return !!b && !b.disabled && document.activeElement === b;
      });
      await expectNoAxeViolations(page, 'photo dialog: webcam live');
      await screenshot(page, 'photos-webcam');
      await page.keyboard.press('Space');
      await dialog.getByTestId('photo-list').getByTestId('photo-thumb').first().waitFor();
      await dialog.locator('img[alt^="Photo 1 of 1"]').waitFor();
      assert.equal(await shoot.isEnabled(), true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // The ledger row shows its photo.
      await page.getByTestId('ledger-new').nth(1).getByTestId('photo-thumb').waitFor();

      // The return's own photo: the parcel, from a file, with progress and a thumbnail.
      await page.getByTestId('return-photos').click();
      const returnDialog = page.getByRole('dialog', { name: 'Photos of the return (parcel, label)' });
      await returnDialog.waitFor();
      await returnDialog.locator('input[type=file][multiple]').setInputFiles(await parcelPng(e2eEnv.shotsDir));
      await returnDialog.getByTestId('photo-list').getByTestId('photo-thumb').first().locator('img').waitFor();
      await expectNoAxeViolations(page, 'photo dialog: a photo uploaded');
      await screenshot(page, 'photos-return-dialog');
      await returnDialog.getByRole('button', { name: 'Close' }).last().click();
      await returnDialog.waitFor({ state: 'detached' });
      assert.equal(await page.getByTestId('return-photos').innerText(), '1');
      await page.mouse.move(0, 0);
      await page.screenshot({ path: join(e2eEnv.shotsDir, 'photos-receiving-1366.png') });

      // Now the summary has nothing to say about photos, and the submit goes through.
      await page.keyboard.press('Alt+S');
      await page.getByTestId('summary-table').waitFor();
      assert.equal(await page.getByTestId('summary-photo-problems').count(), 0);
      assert.match(await page.getByTestId('summary-return-photos').innerText(), /: 1$/);
      await screenshot(page, 'photos-summary');
      await page.keyboard.press('Alt+Enter');
      const saved = page.locator('.mantine-Notification-root').filter({ hasText: /Return #\d+ saved/ });
      await saved.waitFor();
      const returnId = Number(/Return #(\d+)/.exec(await saved.innerText())![1]);
      await saved.getByRole('link', { name: `View return #${returnId}` }).click();

      // The return view: the parcel photo, the line's photo, the viewer stepping with the arrows.
      await page.getByRole('heading', { name: 'Return View' }).waitFor();
      await page.getByTestId('return-photos').getByTestId('photo-thumb').locator('img').waitFor();
      const lineThumbs = page.getByTestId('return-lines').getByTestId('photo-thumb');
      assert.equal(await lineThumbs.count(), 1);
      await lineThumbs.locator('img').waitFor();
      await screenshot(page, 'photos-return-view');
      await page
        .getByTestId('return-photos')
        .getByRole('button', { name: /Open Photo 1 of the return/ })
        .click();
      const viewer = page.getByRole('dialog', { name: 'Photos' });
      await viewer.getByTestId('photo-viewer-image').waitFor();
      assert.match(await viewer.innerText(), /Photo 1 of 2: the return \(parcel, label\)/);
      await page.keyboard.press('ArrowRight');
      await viewer.getByText(`Photo 2 of 2: line 2, ${s.products[1]!.sku}`).waitFor();
      await viewer.getByTestId('photo-viewer-image').waitFor();
      await expectNoAxeViolations(page, 'return view: photo viewer');
      await screenshot(page, 'photos-viewer');
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });

      // History: the camera mark on the row.
      await page.getByRole('link', { name: 'History' }).click();
      const row = page.locator(`[data-testid="history-row"][data-id="${returnId}"]`);
      await row.waitFor();
      assert.equal(await row.getByRole('img', { name: '2 photos' }).count(), 1);
      assert.deepEqual(errors, []);
    },
    { timeout: 120_000 },
  );
});
