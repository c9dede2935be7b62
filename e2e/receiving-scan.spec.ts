// Issue 15, the receiving desk at scanner speed: the demo return and a blind return received with a
// scanner and the keyboard alone (interactions counted), missed scans, merged scans, hotkeys, titles
// of search results and notifications shown once. The order panel's layout at 1366×768 is in
// receiving-layout.spec.ts.
import type { Page } from '@playwright/test';
import { seedReturnsCustomer } from './returns-seed';
import { Interactions, seedBigOrder } from './scan-desk';
import { test, expect, loginViaUi, expectNoAxeViolations } from './support/index';

const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.labels?.[0]?.textContent ?? el?.getAttribute('aria-label') ?? '';
  });

test.describe('receiving at scanner speed', () => {
  test('the 5-line demo return 80012349 (Contoso) with a scanner and the keyboard alone, counted', async ({
    page,
    errors,
    api,
    takeScreenshot,
  }) => {
    const customers = await api.listCustomers();
    const contoso = customers.find((c) => c.company === 'Contoso Outdoor');
    const northwind = customers.find((c) => c.company === 'Northwind Apparel');
    expect(contoso && northwind, 'the demo data is loaded').toBeTruthy();
    // Like the demo operator: linked to Northwind and Contoso, so the customer is chosen first.
    const operator = await api.createOperator({ customerIds: [northwind!.id, contoso!.id] });
    await loginViaUi(page, operator.username, operator.password);
    await expect(page.getByRole('heading', { name: 'Order Search' })).toBeVisible();

    // Customer chosen by typing and Enter (no arrow key).
    await page.getByRole('combobox', { name: 'Customer' }).focus();
    await page.keyboard.type('Contoso');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Source: SGL Ecommerce')).toBeVisible();

    const keys = new Interactions(page);
    // Choosing the customer put the cursor in Search Reference (issue 28): no Tab.
    await expect.poll(() => focusedLabel(page)).toBe('Search Reference');
    await keys.scan('80012349');
    const lines = page.getByTestId('order-line');
    await expect(lines.first()).toBeVisible();
    await expect(lines).toHaveCount(5);
    await expect.poll(() => focusedTestId(page), { message: 'opening the order puts the cursor in the scan field' }).toBe('line-filter');
    await expect(page.getByRole('listitem', { name: /^Order 80012349,/ })).toBeVisible();

    // The operator scans each unit's label; the codes are the products' barcodes.
    const upcs = await lines.evaluateAll((els) => els.map((el) => el.getAttribute('data-upc')!));
    for (const [i, upc] of upcs.entries()) {
      await keys.scan(upc);
      await expect(
        page.locator(`[data-testid="order-line"][data-upc="${upc}"] [data-testid="received-count"][data-tone="equal"]`),
      ).toBeVisible();
      await expect(page.getByTestId('ledger-new')).toHaveCount(i + 1);
      await expect.poll(() => focusedTestId(page)).toBe('line-filter');
    }
    await takeScreenshot(page, 'scan-01-demo-scanned');
    await expectNoAxeViolations(page, 'receiving-scanned-lines');

    await keys.press('Alt+S');
    const modal = page.getByRole('dialog', { name: 'Return Processing Summary' });
    await expect(modal).toBeVisible();
    await expect(modal.locator('tbody tr[data-mismatch]'), 'every line received as ordered').toHaveCount(0);
    await keys.press('Enter');
    await expect(modal).not.toBeAttached();
    const note = page.locator('.mantine-Notification-root').filter({ hasText: /Return #\d+ saved/ });
    await expect(note).toBeVisible();
    // The pointer rests on it, as an operator's would who means to follow its link: it closes by itself
    // after 8 s, and the screenshot, axe and API checks below take longer than that on a busy machine.
    await note.hover();
    // Return submitted.
    const count = keys.count;
    console.log(`demo return 80012349: ${count} interactions from customer chosen to return submitted: ${keys.log.join(', ')}`);
    expect(count <= 12, `${count} interactions: ${keys.log.join(', ')}`).toBeTruthy();

    const link = note.getByRole('link', { name: /View return #\d+/ });
    const [, orderId, returnId] = /\/orders\/(\d+)\/returns\/(\d+)$/.exec((await link.getAttribute('href'))!)!;
    await expect.poll(() => focusedTestId(page), { message: 'after a submit the cursor is back in the scan field' }).toBe('line-filter');
    await expect(page.getByTestId('saved-returns').getByRole('link', { name: `#${returnId}` })).toBeVisible();
    await takeScreenshot(page, 'scan-02-demo-submitted');
    await expectNoAxeViolations(page, 'receiving-submitted-notice');
    const view = await api.call<{ lines: { quantity: number; condition: string; reason: string }[] }>(
      'GET',
      `/returns/${returnId}/order/${orderId}`,
      { token: await api.adminToken() },
    );
    expect(view.code, JSON.stringify(view)).toBe(200);
    expect(view.message.lines.map((l) => [l.quantity, l.condition, l.reason])).toEqual(upcs.map(() => [1, 'Reconditioning', 'DAMAGED']));
    // The notification's link opens the return view.
    await link.click();
    await page.waitForURL(new RegExp(`/orders/${orderId}/returns/${returnId}$`));
    await expect(page.getByRole('heading', { name: 'Return View' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a 3-line blind return with a scanner and the keyboard alone, counted', async ({ page, errors, api, takeScreenshot }) => {
    // Three orders of one line each: the products a blind return can find (products come with orders).
    const seed = await seedReturnsCustomer(api, { orders: 3 });
    const [shoe, socks, jacket] = seed.products;
    await loginViaUi(page, seed.operator.username, seed.operator.password);
    await page.goto(`/blind/${seed.customerId}`);
    await expect(page.getByRole('heading', { name: `${seed.company}: Blind Return` })).toBeVisible();
    await page.waitForFunction(() =>
      (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.startsWith('Reference 1'),
    );

    const keys = new Interactions(page);
    await keys.scan('RMA-3L-0815'); // the return label
    await expect.poll(() => focusedLabel(page)).toBe('Product Search');
    for (const [code, sku] of [
      [shoe!.upc, shoe!.sku],
      [socks!.upc, socks!.sku],
      [jacket!.sku, jacket!.sku],
    ]) {
      await keys.scan(code!);
      await expect(page.locator(`[data-testid="blind-line"][data-sku="${sku}"]`)).toBeVisible();
      await expect.poll(() => focusedLabel(page), { message: 'the cursor returns to the product field' }).toBe('Product Search');
    }
    // A second scan of a product adds a unit to its line, not a line.
    await keys.scan(socks!.upc);
    await expect(page.locator(`[data-testid="blind-line"][data-sku="${socks!.sku}"] input[aria-label="Quantity"]`)).toHaveValue('2');
    await expect(page.getByTestId('blind-line')).toHaveCount(3);
    await takeScreenshot(page, 'scan-03-blind-scanned');
    await expectNoAxeViolations(page, 'blind-return-scanned-lines');
    await keys.press('Alt+S');
    await page.waitForURL(/\/orders\/blind\/returns\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Return View' })).toBeVisible();
    console.log(`blind return, 3 lines: ${keys.count} interactions from the screen open to saved: ${keys.log.join(', ')}`);
    expect(keys.count <= 12, keys.log.join(', ')).toBeTruthy();

    const id = Number(page.url().split('/').pop());
    const saved = await api.call<{ reference_1: string; lines: { product: { sku: string }; quantity: number; condition: string }[] }>(
      'GET',
      `/returns/${id}/order/blind`,
      { token: seed.token },
    );
    expect(saved.message.reference_1).toBe('RMA-3L-0815');
    expect(saved.message.lines.map((l) => [l.product.sku, l.quantity, l.condition])).toEqual([
      [shoe!.sku, 1, 'Pristine'],
      [socks!.sku, 2, 'Pristine'],
      [jacket!.sku, 1, 'Pristine'],
    ]);
    expect(errors).toEqual([]);
  });

  test('missed scans, merged scans, hotkeys and their help, one notice for repeated refusals', async ({
    page,
    errors,
    takeScreenshot,
    api,
  }) => {
    const s = await seedBigOrder(api, 3, 1);
    const checked = (name: string) =>
      page.waitForFunction(
        (n) =>
          [...document.querySelectorAll<HTMLInputElement>('input[type=radio]')].some((r) => r.checked && r.labels?.[0]?.textContent === n),
        name,
      );
    await loginViaUi(page, s.operator.username, s.operator.password);
    const reference = page.getByLabel('Search Reference');
    // Two results share the digits; the hover card shows, and closes when one is picked.
    await reference.fill(`SO-${s.ref}`);
    const result = page.getByRole('listitem', { name: new RegExp(`^Order SO-${s.ref},`) });
    await result.hover();
    const card = page.getByText('Buyer Ref:');
    await expect(card).toBeVisible();
    await result.click();
    await expect(page.getByTestId('order-line').first()).toBeVisible();
    await expect(card).toBeHidden();
    const scan = page.getByTestId('line-filter');
    await expect.poll(() => focusedTestId(page)).toBe('line-filter');

    // A missed scan: the code stays, selected, the field turns red, every line is still shown.
    await page.keyboard.type('0000000000000');
    await page.keyboard.press('Enter');
    await expect(page.getByText('No line of this order has UPC or SKU “0000000000000”.')).toBeVisible();
    await expect(page.getByTestId('order-line')).toHaveCount(3);
    await expect(scan).toHaveAttribute('data-scan', 'miss');
    expect(
      await scan.evaluate((el: HTMLInputElement) => [el.value, el.selectionStart, el.selectionEnd, document.activeElement === el]),
    ).toEqual(['0000000000000', 0, 13, true]);
    await takeScreenshot(page, 'scan-04-missed');
    await expectNoAxeViolations(page, 'receiving-missed-scan');

    // Alt+P: the next scans are Pristine; two scans of one code make one row of 2.
    const [first, second] = s.products;
    await page.keyboard.press('Alt+P');
    await checked('Pristine');
    for (let i = 0; i < 2; i++) {
      await page.keyboard.type(first!.upc);
      await page.keyboard.press('Enter');
    }
    const line1 = page.locator(`[data-testid="order-line"][data-upc="${first!.upc}"]`);
    await expect(line1.locator('[data-testid="received-count"][data-tone="equal"]')).toBeVisible();
    await expect(line1.getByTestId('ledger-new')).toHaveCount(1);
    await expect(line1.getByTestId('ledger-new')).toHaveText(/This Return\s+2\s+Pristine\s+Damaged in transit/i, { useInnerText: true });
    // Alt+N: the next reason; the same code then makes its own row.
    await page.keyboard.press('Alt+N');
    await expect(page.getByRole('combobox', { name: 'Reason for the next scans' })).toHaveValue('Wrong size');
    await page.keyboard.type(first!.upc);
    await page.keyboard.press('Enter');
    await expect(line1.locator('[data-testid="received-count"][data-tone="above"]')).toBeVisible();
    await expect(line1.getByTestId('ledger-new')).toHaveCount(2);
    // Alt+X Scrap, Alt+R Reconditioning.
    await page.keyboard.press('Alt+X');
    await checked('Scrap');
    await page.keyboard.press('Alt+R');
    await checked('Reconditioning');

    // Typing in a text field fires nothing: '?' and letters in a line's Comment are text.
    const comment = page.locator(`[data-testid="order-line"][data-upc="${second!.upc}"]`).getByLabel('Comment');
    await comment.focus();
    await page.keyboard.type('box torn? ps');
    await expect(comment).toHaveValue('box torn? ps');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // F2: back to the scan field.
    await page.keyboard.press('F2');
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'line-filter');

    // '?' in the scan field opens the shortcuts; Escape closes them and the cursor is back.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    for (const text of ['Next scans: Pristine', 'Open the summary (Submit)', 'Close the order', 'Cursor to the scan field']) {
      await expect(help.getByText(text)).toBeVisible();
    }
    await takeScreenshot(page, 'scan-05-help');
    await expectNoAxeViolations(page, 'receiving-shortcuts-help');
    await page.keyboard.press('Escape');
    await expect(help).not.toBeAttached();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'line-filter');

    // Five refused switches make one notice, not five.
    await reference.fill(`SDL${s.ref}`);
    const results = page.getByRole('listitem', { name: /^Order SDL/ });
    await expect(results.nth(1)).toBeVisible();
    for (let i = 0; i < 5; i++) await results.nth(1).click();
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Cannot switch to another return' }).first()).toBeVisible();
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Cannot switch to another return' })).toHaveCount(1);

    // Alt+S opens the summary, Alt+Enter confirms it once the line above its ordered quantity is ticked (issue 28).
    await scan.focus();
    await page.keyboard.press('Alt+S');
    const modal = page.getByRole('dialog', { name: 'Return Processing Summary' });
    await expect(modal).toBeVisible();
    await modal.getByRole('checkbox', { name: 'I have counted again: these quantities are right' }).check();
    await page.keyboard.press('Alt+Enter');
    await expect(modal).not.toBeAttached();
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: /Return #\d+ saved/ })).toBeVisible();
    await expect(page.getByTestId('saved-returns')).toBeVisible();
    // Alt+W closes the order.
    await page.keyboard.press('Alt+W');
    await expect(page.getByTestId('order-line').first()).not.toBeAttached();
    expect(errors).toEqual([]);
  });
});
