// Issue 27 at the receiving desk: a product whose rule has two steps and a photo step received from the
// keyboard (Enter, Y, Alt+C and Space for the photo, a grade key), a serial-required product with a
// wrong serial (refused, the shipped serials listed) and then the right one, and the interactions of a
// 5-line order with and without steps. At the desk (1366×768) and on a handheld (412×915).
import { isTouch, layoutProblems } from './support/layout-audit';
import { Interactions, seedBigOrder } from './scan-desk';
import { test, expect, loginViaUi, logoutViaUi, expectNoAxeViolations, unique, type Api } from './support/index';

async function addRule(api: Api, token: string, customerId: number, body: unknown) {
  const res = await api.call('POST', `/api/su/customers/${customerId}/rules`, { token, body });
  expect(res.code, JSON.stringify(res)).toBe(200);
}

async function seedInspectionOrder(api: Api) {
  const token = await api.adminToken();
  const customerId = await api.createCustomerWithReasons(token, unique('Inspection Co'));
  const ref = String(Date.now()).slice(-6) + String(Math.floor(Math.random() * 90) + 10);
  const product = (n: number, name: string) => ({ sku: `IN-${ref}-${n}`, upc: `74${ref}${String(n).padStart(3, '0')}`, name_1: name });
  const products = [product(1, 'Trail Runner Pro'), product(2, 'Smart Watch'), product(3, 'Merino Socks')];
  await api.importOrders(token, customerId, [
    {
      source_id: `IN-${ref}`,
      order_number: `SO-${ref}`,
      order_type: 'Web',
      created_at: '2026-03-02T09:15:00Z',
      delivery_name_1: 'Emma de Vries',
      lines: [
        { line_number: 1, quantity: 1, product: products[0] },
        { line_number: 2, quantity: 1, product: products[1], serials: ['SW-1001', 'SW-1002'] },
        { line_number: 3, quantity: 1, product: products[2] },
      ],
    },
  ]);
  await addRule(api, token, customerId, {
    match: 'sku',
    value: products[0]!.sku,
    steps: [
      { text: 'Check the soles for wear', kind: 'confirm' },
      { text: 'Are the tags attached?', kind: 'yes_no', no_grade: 'C' },
      { text: 'Photograph the soles', kind: 'photo' },
    ],
  });
  await addRule(api, token, customerId, { match: 'sku', value: products[1]!.sku, serial: 'required', serial_check: 'shipped' });
  const operator = await api.createOperator({ customerIds: [customerId] });
  return { customerId, ref, products, operator };
}

test.describe('inspection rules at the desk', () => {
  test('steps, a photo step and a grade from the keyboard; a wrong serial refused, then the right one @handheld', async ({
    page,
    errors,
    api,
    takeScreenshot,
  }, testInfo) => {
    test.slow();
    const touch = isTouch(testInfo);
    const s = await seedInspectionOrder(api);
    await page.context().grantPermissions(['camera']);
    await loginViaUi(page, s.operator.username, s.operator.password);
    await page.getByLabel('Search Reference').fill(`SO-${s.ref}`);
    await page.getByLabel('Search Reference').press('Enter');
    await expect(page.getByTestId('order-line')).toHaveCount(3);
    const scanField = page.getByTestId('line-filter');
    await scanField.focus();
    const keys = new Interactions(page);

    // The shoe: its three steps show in its line, the cursor on the first.
    await keys.scan(s.products[0]!.upc);
    const inspection = page.getByTestId('inspection');
    await expect(inspection).toBeVisible();
    await expect(inspection.getByTestId('inspection-step')).toHaveCount(3);
    await expect(inspection.locator('[aria-current="step"]')).toContainText('Check the soles for wear');
    await expect(inspection.getByRole('button', { name: 'Done (Enter)' })).toBeFocused();
    await expect(inspection.getByRole('button', { name: /^2 · B$/ })).toBeVisible();
    await takeScreenshot(page, `inspection-01-steps-${testInfo.project.name}`);
    await expectNoAxeViolations(page, 'receiving: an inspection open');
    if (touch) expect(await layoutProblems(page, { touch })).toEqual([]);

    await keys.press('Enter');
    await expect(inspection.locator('[aria-current="step"]')).toContainText('Are the tags attached?');
    await expect(inspection.getByRole('button', { name: 'Yes (Y)' })).toBeFocused();
    await keys.press('y');
    await expect(inspection.locator('[aria-current="step"]')).toContainText('Photograph the soles');
    // No photo yet: Enter is refused with the reason.
    await keys.press('Enter');
    await expect(inspection.getByTestId('inspection-problem')).toHaveText('Take a photo of the unit first (Alt+C).');
    await keys.press('Alt+C');
    const dialog = page.getByRole('dialog', { name: /Photos of 1 ×/ });
    await expect(dialog).toBeVisible();
    await page.waitForFunction(() => {
      const b = [...document.querySelectorAll('button')].find((x) => x.textContent?.trim() === 'Shoot');
      return !!b && !b.disabled && document.activeElement === b;
    });
    await keys.press('Space');
    await expect(dialog.getByTestId('photo-list').getByTestId('photo-thumb').first()).toBeVisible();
    await keys.press('Escape');
    await expect(dialog).not.toBeAttached();
    // Back on the photo step; grade A, then Enter finishes.
    await expect(inspection.getByRole('button', { name: 'Done (Enter)' })).toBeFocused();
    await keys.press('1');
    await expect(inspection.getByRole('button', { name: /^1 · A$/ })).toHaveAttribute('aria-pressed', 'true');
    await keys.press('Enter');
    await expect(inspection).not.toBeAttached();
    await expect(page.locator('#scan-outcome')).toContainText(`Inspected ${s.products[0]!.sku}: grade A.`);
    await expect(scanField).toBeFocused();

    // The watch: the next scan is its serial. A serial not shipped is refused with the shipped ones listed.
    await keys.scan(s.products[1]!.upc);
    await expect(inspection).toBeVisible();
    await expect(inspection.getByTestId('inspection-serial')).toBeFocused();
    await expect(inspection).toContainText('Shipped on this order: SW-1001, SW-1002');
    await keys.scan('SW-9999');
    await expect(inspection.getByTestId('inspection-problem')).toHaveText(
      'Serial SW-9999 was not shipped on this order. Shipped: SW-1001, SW-1002.',
    );
    await takeScreenshot(page, `inspection-02-serial-refused-${testInfo.project.name}`);
    await expectNoAxeViolations(page, 'receiving: a serial refused');
    await page.keyboard.press('Control+A');
    await keys.scan('SW-1002');
    // A rule without steps still takes the grade keys: the serial taken, the panel waits for the grade
    // (Enter would keep the suggested one, and so would the next scan).
    await expect(inspection.getByRole('button', { name: /^Keep grade .+ \(Enter\)$/ })).toBeFocused();
    await keys.press('2');
    await expect(inspection).not.toBeAttached();
    await expect(page.locator('#scan-outcome')).toContainText(`Inspected ${s.products[1]!.sku}: grade B.`);

    // The socks: no rule, no question.
    await keys.scan(s.products[2]!.upc);
    await expect(page.getByTestId('ledger-new')).toHaveCount(3);
    await expect(inspection).not.toBeAttached();

    await keys.press('Alt+S');
    const summary = page.getByRole('dialog', { name: 'Return Processing Summary' });
    await expect(summary).toBeVisible();
    await takeScreenshot(page, `inspection-03-summary-${testInfo.project.name}`);
    await keys.press('Enter');
    await expect(summary).not.toBeAttached();
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: /Return #\d+ saved/ })).toBeVisible();
    console.log(`inspection order (${testInfo.project.name}): ${keys.count} interactions: ${keys.log.join(', ')}`);
    expect(errors).toEqual([]);
  });

  test('a wrong item is inspected by its own rule: a serial-only rule takes its serial, then a grade key', async ({
    page,
    errors,
    api,
    takeScreenshot,
  }) => {
    test.slow();
    const s = await seedInspectionOrder(api);
    const token = await api.adminToken();
    // A product of the customer that is not on the order (it came with another order), serial only.
    const tablet = { sku: `IN-${s.ref}-4`, upc: `74${s.ref}004`, name_1: 'Drawing Tablet' };
    await api.importOrders(token, s.customerId, [
      {
        source_id: `IN-${s.ref}-X`,
        order_number: `XO-${s.ref}`,
        order_type: 'Web',
        lines: [{ line_number: 1, quantity: 1, product: tablet }],
      },
    ]);
    await addRule(api, token, s.customerId, { match: 'sku', value: tablet.sku, serial: 'required' });
    await loginViaUi(page, s.operator.username, s.operator.password);
    await page.getByLabel('Search Reference').fill(`SO-${s.ref}`);
    await page.getByLabel('Search Reference').press('Enter');
    await expect(page.getByTestId('order-line')).toHaveCount(3);
    await page.getByTestId('line-filter').focus();
    const keys = new Interactions(page);
    await keys.scan(tablet.upc);
    await expect(page.getByRole('button', { name: 'Record as wrong / extra item (Alt+I)' })).toBeVisible();
    await keys.press('Alt+I');
    const dialog = page.getByRole('dialog', { name: 'Record a wrong or extra item' });
    await expect(dialog.getByTestId('discrepancy-product').filter({ hasText: tablet.sku })).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Instead of order line' }).click();
    await page.getByRole('option', { name: new RegExp(`^${s.products[2]!.sku}`) }).click();
    await dialog.getByRole('button', { name: 'Record wrong item' }).click();
    await expect(dialog).not.toBeAttached();

    // Its rule opens the inspection under its row: the serial field, then the grade.
    const inspection = page.getByTestId('off-order').getByTestId('inspection');
    await expect(inspection.getByTestId('inspection-serial')).toBeFocused();
    await keys.scan('TAB-77');
    await expect(inspection.getByRole('button', { name: /^Keep grade .+ \(Enter\)$/ })).toBeFocused();
    await takeScreenshot(page, 'inspection-04-wrong-item-grade');
    await expectNoAxeViolations(page, 'receiving: a wrong item waiting for its grade');
    await keys.press('4');
    await expect(inspection).not.toBeAttached();
    await expect(page.locator('#scan-outcome')).toContainText(`Inspected ${tablet.sku}: grade D.`);
    await expect(page.getByTestId('line-filter')).toBeFocused();

    const saved = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/returns'));
    await keys.press('Alt+S');
    const summary = page.getByRole('dialog', { name: 'Return Processing Summary' });
    await expect(summary).toBeVisible();
    await keys.press('Enter');
    const body = (await (await saved).request().postDataJSON()) as { return_ledgers: Record<string, unknown>[] };
    expect(body.return_ledgers).toEqual([
      expect.objectContaining({ discrepancy: 'WRONG_ITEM', grade: 'D', condition: 'Scrap', serial: 'TAB-77' }),
    ]);
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: /Return #\d+ saved/ })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a 5-line order: interactions without steps, and with a default rule of two steps', async ({ page, errors, api }) => {
    test.slow();
    const receive = async (s: Awaited<ReturnType<typeof seedBigOrder>>) => {
      await loginViaUi(page, s.operator.username, s.operator.password);
      await page.getByLabel('Search Reference').focus();
      const keys = new Interactions(page);
      await keys.scan(`SO-${s.ref}`);
      await expect(page.getByTestId('order-line')).toHaveCount(5);
      await expect(page.getByTestId('line-filter')).toBeFocused();
      for (const p of s.products) {
        await keys.scan(p.upc);
        await expect(page.getByTestId('ledger-new').last()).toBeVisible();
        while (await page.getByTestId('inspection').isVisible()) {
          await expect(page.getByTestId('inspection').getByRole('button', { name: 'Done (Enter)' })).toBeFocused();
          await keys.press('Enter');
        }
        await expect(page.getByTestId('line-filter')).toBeFocused();
      }
      await keys.press('Alt+S');
      const summary = page.getByRole('dialog', { name: 'Return Processing Summary' });
      await expect(summary).toBeVisible();
      await keys.press('Enter');
      await expect(summary).not.toBeAttached();
      await expect(page.locator('.mantine-Notification-root').filter({ hasText: /Return #\d+ saved/ })).toBeVisible();
      await logoutViaUi(page);
      return keys;
    };
    const plain = await receive(await seedBigOrder(api, 5));
    console.log(`5-line order without steps: ${plain.count} interactions: ${plain.log.join(', ')}`);
    expect(plain.count).toBeLessThanOrEqual(9);
    const stepped = await seedBigOrder(api, 5);
    await addRule(api, await api.adminToken(), stepped.customerId, {
      match: 'default',
      steps: [
        { text: 'Check the seams', kind: 'confirm' },
        { text: 'Fold and bag', kind: 'confirm' },
      ],
    });
    const withSteps = await receive(stepped);
    console.log(`5-line order, a rule of two steps on every product: ${withSteps.count} interactions: ${withSteps.log.join(', ')}`);
    expect(withSteps.count).toBe(plain.count + 2 * 5);
    expect(errors).toEqual([]);
  });
});
