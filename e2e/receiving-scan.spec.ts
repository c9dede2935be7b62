// Issue 15, the receiving desk at scanner speed: the demo return and a blind return received with a
// scanner and the keyboard alone (interactions counted), the dense panel with 15 lines at 1366×768,
// missed scans, merged scans, hotkeys, titles of search results and notifications shown once.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { seedReturnsCustomer } from './returns-seed';
import { test, expect, unique, loginViaUi, expectNoAxeViolations, type Api } from './support/index';

/**
 * Counts what the operator does. A scan is what a keyboard-wedge scanner sends, the code typed and
 * Enter, and counts as one; every other key press counts as one. Nothing here uses the mouse.
 */
class Interactions {
  readonly log: string[] = [];
  constructor(private readonly page: Page) {}
  get count() {
    return this.log.length;
  }
  async scan(code: string) {
    await this.page.keyboard.type(code);
    await this.page.keyboard.press('Enter');
    this.log.push(`scan ${code}`);
  }
  async press(key: string) {
    await this.page.keyboard.press(key);
    this.log.push(key);
  }
}

const focusedTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName);
const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.labels?.[0]?.textContent ?? el?.getAttribute('aria-label') ?? '';
  });

/**
 * Texts of the order panel cut by their box (issue 16's layout pass): visible leaf elements and inputs
 * whose content is wider than they are. Visually hidden column names (1 px wide) are not text on screen.
 */
const cutTexts = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('section[aria-label="Order"] *')]
      .filter((el) => el.offsetParent !== null && el.clientWidth > 1 && (el instanceof HTMLInputElement || el.children.length === 0))
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `${el.tagName} "${el instanceof HTMLInputElement ? el.value : el.textContent}" ${el.getAttribute('aria-label') ?? ''}`),
  );

async function importOrders(api: Api, token: string, customerId: number, orders: unknown[]) {
  const imported = await api.call('POST', `/su/customers/${customerId}/orders/import`, {
    token,
    body: { format: 'json', content: JSON.stringify({ orders }) },
  });
  expect(imported.code, JSON.stringify(imported)).toBe(200);
}

const NAMES = ['Trail Runner', 'Merino Socks', 'Rain Jacket', 'Canvas Tote', 'Wool Beanie', 'Fleece Vest', 'Down Parka', 'Chino Shorts'];
const COLOURS = ['Black', 'Grey', 'Yellow', 'Natural', 'Navy', 'Olive', 'Red', 'Sand'];
const SIZES = ['S', 'M', 'L', 'XL'];

/** A customer with reasons, an order of `lines` lines (1–2 units each) and `more` orders of one line, and its operator. */
async function seedBigOrder(api: Api, lines: number, more = 0) {
  const token = await api.adminToken();
  const company = unique('Scan Desk Co');
  const customerId = await api.createCustomerWithReasons(token, company);
  const ref = String(Date.now()).slice(-6) + String(Math.floor(Math.random() * 90) + 10);
  const products = Array.from({ length: lines }, (_, i) => ({
    sku: `SD-${ref}-${String(i + 1).padStart(2, '0')}-${SIZES[i % 4]}`,
    upc: `73${ref}${String(i + 1).padStart(3, '0')}`,
    name_1: `${NAMES[i % NAMES.length]} ${['Classic', 'Pro', 'Lite'][i % 3]}`,
    color: COLOURS[i % COLOURS.length],
    size: SIZES[i % 4],
  }));
  await importOrders(api, token, customerId, [
    {
      source_id: `SD-${ref}`,
      delivery_number: `SDL${ref}`,
      order_number: `SO-${ref}`,
      web_order_number: `W${ref}`,
      buyer_reference: `PO-${ref}`,
      order_type: 'Web',
      created_at: '2026-03-02T09:15:00Z',
      delivery_name_1: 'Emma de Vries',
      delivery_address_1: 'Prinsengracht 263',
      delivery_city: 'Amsterdam',
      delivery_zipcode: '1016 GV',
      delivery_country: 'NL',
      delivery_contact: 'Emma de Vries',
      delivery_phone: '+31 20 555 0101',
      delivery_email: 'emma@example.com',
      lines: products.map((product, i) => ({ line_number: i + 1, quantity: 1 + (i % 3 === 0 ? 1 : 0), product })),
    },
    ...Array.from({ length: more }, (_, i) => ({
      source_id: `SD-${ref}-${i}`,
      delivery_number: `SDL${ref}${i}`,
      order_number: `SO-${ref}-${i}`,
      order_type: 'Web',
      created_at: '2026-03-01T09:15:00Z',
      delivery_name_1: 'Jean Dupont',
      lines: [{ line_number: 1, quantity: 1, product: products[0] }],
    })),
  ]);
  const operator = await api.createOperator({ customerIds: [customerId] });
  return { company, customerId, ref, products, operator, token };
}

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
    await keys.press('Tab');
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

    // Alt+S opens the summary, Alt+Enter confirms it.
    await scan.focus();
    await page.keyboard.press('Alt+S');
    const modal = page.getByRole('dialog', { name: 'Return Processing Summary' });
    await expect(modal).toBeVisible();
    await page.keyboard.press('Alt+Enter');
    await expect(modal).not.toBeAttached();
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: /Return #\d+ saved/ })).toBeVisible();
    await expect(page.getByTestId('saved-returns')).toBeVisible();
    // Alt+W closes the order.
    await page.keyboard.press('Alt+W');
    await expect(page.getByTestId('order-line').first()).not.toBeAttached();
    expect(errors).toEqual([]);
  });

  test('15 lines fit at 1366×768 as the order opens', async ({ page, errors, server, api }) => {
    const s = await seedBigOrder(api, 15);
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginViaUi(page, s.operator.username, s.operator.password);
    await page.getByLabel('Search Reference').fill(`SO-${s.ref}`);
    await page.getByLabel('Search Reference').press('Enter');
    const lines = page.getByTestId('order-line');
    await expect(lines.first()).toBeVisible();
    await expect(lines).toHaveCount(15);
    // Every line row, with its entry form, is inside the window without scrolling.
    const bottoms = await page
      .locator('[data-testid="order-line"] tr:first-child')
      .evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().bottom));
    expect(bottoms.length).toBe(15);
    expect(Math.max(...bottoms) <= 768, `the last line ends at ${Math.max(...bottoms)} px`).toBeTruthy();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // And each line reads whole: SKU, name, condition, reason, the scan bar's controls.
    await expect.poll(() => cutTexts(page)).toEqual([]);
    await page.mouse.move(0, 0);
    // What the operator sees at 1366×768 (the window, not the full page).
    mkdirSync(server.shotsDir, { recursive: true });
    const shot = join(server.shotsDir, 'receiving-15-lines.png');
    await page.screenshot({ path: shot });
    if (process.env.E2E_DOCS_DIR) copyFileSync(shot, join(process.env.E2E_DOCS_DIR, 'receiving-15-lines.png'));
    expect(errors).toEqual([]);
  });

  test('a recorded demo order reads whole at 1366×768: dispositions, a bin, a comment, a missing line and a wrong item (README screenshot)', async ({
    page,
    errors,
    api,
    server,
    takeScreenshot,
  }) => {
    test.slow();
    const northwind = (await api.listCustomers()).find((c) => c.company === 'Northwind Apparel');
    expect(northwind, 'the demo data is loaded').toBeTruthy();
    const catalogue = await api.call<{ sku: string }[]>('PUT', `/returns/products/${northwind!.id}`, {
      token: await api.adminToken(),
      body: { search: 'NW-CHINO' },
    });
    const wrong = catalogue.message[0]!.sku;
    const operator = await api.createOperator({ customerIds: [northwind!.id], name: 'Demo Operator' });
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginViaUi(page, operator.username, operator.password);
    await page.getByLabel('Search Reference').focus();
    await page.keyboard.type('SO-10001');
    await page.keyboard.press('Enter');
    const lines = page.getByTestId('order-line');
    await expect(lines.first()).toBeVisible();
    const skus = await lines.evaluateAll((els) => els.map((el) => el.getAttribute('data-sku')!));
    const upcs = await lines.evaluateAll((els) => els.map((el) => el.getAttribute('data-upc')!));
    expect(!skus.includes(wrong), 'the chino is not on the order').toBeTruthy();
    const keys = new Interactions(page);
    const inField = (testId: string) => page.waitForFunction((id) => document.activeElement?.getAttribute('data-testid') === id, testId);
    await inField('line-filter');
    // Reconditioning (Refurbish by default); Pristine to Restock in a scanned bin, twice; Scrap with the next reason.
    await keys.scan(upcs[0]!);
    await keys.press('Alt+P');
    await keys.press('Alt+K');
    await keys.press('Alt+B');
    await inField('scan-bin');
    await keys.scan('BIN-A-01-03');
    await inField('line-filter');
    await keys.scan(upcs[1]!);
    await keys.scan(upcs[1]!);
    await keys.press('Alt+X');
    await keys.press('Alt+N');
    await keys.scan(upcs[2]!);
    // A comment through the line's own form; the last line missing from the parcel.
    const fourth = lines.nth(3);
    await fourth.getByLabel('Comment').fill('Box torn, tags missing');
    await fourth.getByLabel('Comment').press('Enter');
    await expect(fourth.getByTestId('ledger-new')).toBeVisible();
    await page.getByRole('button', { name: `Mark ${skus[4]} missing from the parcel` }).click();
    // A wrong item in place of the fourth line.
    await keys.press('F2');
    // As in dispositions.spec: the scan field has the focus, and the miss is shown, before Alt+I
    // (CI once pressed Alt+I before the miss and the dialog opened without the scanned product).
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'line-filter');
    await keys.press('Alt+R');
    await keys.scan(wrong);
    await expect(page.getByRole('button', { name: 'Record as wrong / extra item (Alt+I)' })).toBeVisible();
    await keys.press('Alt+I');
    const dialog = page.getByRole('dialog', { name: 'Record a wrong or extra item' });
    await expect(dialog.getByTestId('discrepancy-product').filter({ hasText: wrong })).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Instead of order line' }).click();
    await page.getByRole('option', { name: new RegExp(`^${skus[3]}`) }).click();
    await dialog.getByRole('button', { name: 'Record wrong item' }).click();
    await expect(dialog).not.toBeAttached();
    await expect(page.getByTestId('off-order').getByText(wrong)).toBeVisible();
    await inField('line-filter');
    await expect(page.getByTestId('ledger-missing')).toBeVisible();

    // Nothing is cut: not a condition, reason or disposition, not the bin, the comment or a name.
    await expect.poll(() => cutTexts(page)).toEqual([]);
    const restock = lines.nth(1).getByTestId('ledger-new');
    await expect(restock).toHaveText(/This Return\s+2\s+Pristine\s+Damaged in transit\s+Restock · BIN-A-01-03/i, { useInnerText: true });
    await expect(lines.nth(3).getByTestId('ledger-new')).toHaveText(/Box torn, tags missing/, { useInnerText: true });
    // The wrong item's badge stands clear of its SKU and of the line it replaced.
    const offOrder = page.getByTestId('off-order').getByTestId('ledger-new');
    const badge = (await offOrder.locator('[data-discrepancy="WRONG_ITEM"]').boundingBox())!;
    const sku = (await offOrder.getByText(wrong, { exact: true }).boundingBox())!;
    const apart = badge.x + badge.width <= sku.x || sku.y >= badge.y + badge.height;
    expect(apart, `badge ${JSON.stringify(badge)} overlaps the SKU ${JSON.stringify(sku)}`).toBeTruthy();
    await expect(offOrder).toHaveText(new RegExp(`Wrong item[\\s\\S]*${wrong}[\\s\\S]*instead of ${skus[3]}`, 'i'), { useInnerText: true });
    // The condition control's highlight sits on the chosen condition, each word whole.
    const [highlight, chosen] = await page.evaluate(() => {
      const control = document.querySelector('[aria-label="Condition for the next scans"]')!.closest('.mantine-SegmentedControl-root')!;
      const checked = control.querySelector('input:checked')!.closest('.mantine-SegmentedControl-control')!;
      return [control.querySelector('.mantine-SegmentedControl-indicator')!, checked].map((el) => {
        const r = el.getBoundingClientRect();
        return [Math.round(r.top), Math.round(r.left), Math.round(r.height), Math.round(r.width)];
      });
    });
    expect(highlight).toEqual(chosen);
    await page.mouse.move(0, 0);
    await expectNoAxeViolations(page, 'receiving-recorded-demo-order');
    mkdirSync(server.shotsDir, { recursive: true });
    const shot = join(server.shotsDir, 'receiving-recorded.png');
    await page.screenshot({ path: shot });
    if (process.env.E2E_DOCS_DIR) copyFileSync(shot, join(process.env.E2E_DOCS_DIR, 'screenshot.png'));

    // Submitted: the band names the saved return and still keeps its buttons whole, the page no wider than the window.
    await keys.press('Alt+S');
    const summary = page.getByRole('dialog', { name: 'Return Processing Summary' });
    await expect(summary).toBeVisible();
    await keys.press('Enter');
    await expect(summary).not.toBeAttached();
    await expect(page.getByTestId('saved-returns').getByRole('link').first()).toBeVisible();
    await expect.poll(() => cutTexts(page)).toEqual([]);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), { message: 'no horizontal scroll' })
      .toBeTruthy();
    await takeScreenshot(page, 'receiving-recorded-submitted');
    expect(errors).toEqual([]);
  });
});
