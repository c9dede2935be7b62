// Issue 16, photo evidence at the desk: a line photographed with the (fake) webcam from the keyboard,
// a photo of the return uploaded from a file, the customer's required-photo rule in the summary,
// then the return view with its photos and viewer, and the history's camera mark.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { test, expect, unique, loginViaUi, expectNoAxeViolations, type Api } from './support/index';

/** A customer that requires a photo of every Scrap line, an order of two lines, and its operator. */
async function seedPhotoCustomer(api: Api) {
  const token = await api.adminToken();
  const company = unique('Photo Desk Co');
  const customerId = await api.createCustomerWithReasons(token, company, { photo_required_conditions: ['Scrap'] });
  const ref = String(Date.now()).slice(-7);
  const products = [
    { sku: `PH-${ref}-CAP`, upc: `71${ref}001`, name_1: 'Canvas Cap', color: 'Sand', size: 'One' },
    { sku: `PH-${ref}-BOOT`, upc: `71${ref}002`, name_1: 'Hiking Boot', color: 'Brown', size: '42' },
  ];
  const imported = await api.call('POST', `/su/customers/${customerId}/orders/import`, {
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
  expect(imported.code, JSON.stringify(imported)).toBe(200);
  const operator = await api.createOperator({ customerIds: [customerId] });
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

test.describe('photo evidence', () => {
  test('a webcam photo of a Scrap line from the keyboard, a parcel photo from a file, seen on the return view', async ({
    page,
    errors,
    server,
    takeScreenshot,
    api,
  }) => {
    test.slow();
    const s = await seedPhotoCustomer(api);
    await page.context().grantPermissions(['camera']);
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginViaUi(page, s.operator.username, s.operator.password);
    await page.getByLabel('Search Reference').fill(`SO-${s.ref}`);
    await page.getByLabel('Search Reference').press('Enter');
    await expect(page.getByTestId('order-line').first()).toBeVisible();

    // Scan the cap (Reconditioning), then the boot as Scrap.
    const scanField = page.getByTestId('line-filter');
    await scanField.focus();
    await page.keyboard.type(s.products[0]!.sku);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Alt+X');
    await page.keyboard.type(s.products[1]!.sku);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('ledger-new').nth(1)).toBeVisible();

    // The summary names the Scrap line without a photo.
    await page.keyboard.press('Alt+S');
    const problems = page.getByTestId('summary-photo-problems');
    await expect(problems).toBeVisible();
    await expect(problems).toHaveText(new RegExp(`A photo is required for Scrap lines: line 2 \\(${s.products[1]!.sku}\\) has none\\.`), {
      useInnerText: true,
    });
    await expectNoAxeViolations(page, 'summary: a photo missing');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('dialog')).not.toBeAttached();

    // Alt+C: the webcam for the last scanned line; the Shoot button has the focus, Space shoots.
    await page.keyboard.press('Alt+C');
    const dialog = page.getByRole('dialog', { name: /Photos of 1 × Scrap/ });
    await expect(dialog).toBeVisible();
    const shoot = dialog.getByRole('button', { name: 'Shoot' });
    await page.waitForFunction(() => {
      const b = [...document.querySelectorAll('button')].find((x) => x.textContent?.trim() === 'Shoot');
      return !!b && !b.disabled && document.activeElement === b;
    });
    await expectNoAxeViolations(page, 'photo dialog: webcam live');
    await takeScreenshot(page, 'photos-webcam');
    await page.keyboard.press('Space');
    await expect(dialog.getByTestId('photo-list').getByTestId('photo-thumb').first()).toBeVisible();
    await expect(dialog.locator('img[alt^="Photo 1 of 1"]')).toBeVisible();
    await expect(shoot).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(dialog).not.toBeAttached();
    // The ledger row shows its photo.
    await expect(page.getByTestId('ledger-new').nth(1).getByTestId('photo-thumb')).toBeVisible();

    // The return's own photo: the parcel, from a file, with progress and a thumbnail.
    await page.getByTestId('return-photos').click();
    const returnDialog = page.getByRole('dialog', { name: 'Photos of the return (parcel, label)' });
    await expect(returnDialog).toBeVisible();
    await returnDialog.locator('input[type=file][multiple]').setInputFiles(await parcelPng(server.shotsDir));
    await expect(returnDialog.getByTestId('photo-list').getByTestId('photo-thumb').first().locator('img')).toBeVisible();
    await expectNoAxeViolations(page, 'photo dialog: a photo uploaded');
    await takeScreenshot(page, 'photos-return-dialog');
    await returnDialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(returnDialog).not.toBeAttached();
    await expect(page.getByTestId('return-photos')).toHaveText('1');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(server.shotsDir, 'photos-receiving-1366.png') });

    // Now the summary has nothing to say about photos, and the submit goes through.
    await page.keyboard.press('Alt+S');
    await expect(page.getByTestId('summary-table')).toBeVisible();
    await expect(page.getByTestId('summary-photo-problems')).toHaveCount(0);
    await expect(page.getByTestId('summary-return-photos')).toHaveText(/: 1$/, { useInnerText: true });
    await takeScreenshot(page, 'photos-summary');
    await page.keyboard.press('Alt+Enter');
    const saved = page.locator('.mantine-Notification-root').filter({ hasText: /Return #\d+ saved/ });
    await expect(saved).toBeVisible();
    const returnId = Number(/Return #(\d+)/.exec(await saved.innerText())![1]);
    await saved.getByRole('link', { name: `View return #${returnId}` }).click();

    // The return view: the parcel photo, the line's photo, the viewer stepping with the arrows.
    await expect(page.getByRole('heading', { name: 'Return View' })).toBeVisible();
    await expect(page.getByTestId('return-photos').getByTestId('photo-thumb').locator('img')).toBeVisible();
    const lineThumbs = page.getByTestId('return-lines').getByTestId('photo-thumb');
    await expect(lineThumbs).toHaveCount(1);
    await expect(lineThumbs.locator('img')).toBeVisible();
    await takeScreenshot(page, 'photos-return-view');
    await page
      .getByTestId('return-photos')
      .getByRole('button', { name: /Open Photo 1 of the return/ })
      .click();
    const viewer = page.getByRole('dialog', { name: 'Photos' });
    await expect(viewer.getByTestId('photo-viewer-image')).toBeVisible();
    await expect(viewer).toHaveText(/Photo 1 of 2: the return \(parcel, label\)/, { useInnerText: true });
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText(`Photo 2 of 2: line 2, ${s.products[1]!.sku}`)).toBeVisible();
    await expect(viewer.getByTestId('photo-viewer-image')).toBeVisible();
    await expectNoAxeViolations(page, 'return view: photo viewer');
    await takeScreenshot(page, 'photos-viewer');
    await page.keyboard.press('Escape');
    await expect(viewer).not.toBeAttached();

    // History: the camera mark on the row.
    await page.getByRole('link', { name: 'History' }).click();
    const row = page.locator(`[data-testid="history-row"][data-id="${returnId}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByRole('img', { name: '2 photos' })).toHaveCount(1);
    expect(errors).toEqual([]);
  });
});
