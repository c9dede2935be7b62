// SPEC §2.7 / §4 Order processing, continued from receiving.spec.ts: a Biztalk Rest customer (the
// Search Field, the blind link behind can_blind, product images from the CDN URLs) and the demo order.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { line, seed } from './receiving-seed';
import { test, expect, loginViaUi, submitReturnViaSummary } from './support/index';

test.describe('receiving', () => {
  test('Biztalk Rest shows the Search Field, the blind link needs can_blind, images come from the CDN URLs', async ({
    page,
    errors,
    takeScreenshot,
    api,
  }) => {
    // A local "CDN" that has the image of line 1 on its second host only, nothing else.
    const pixel = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');
    const seen: string[] = [];
    const cdn = createServer((req, res) => {
      seen.push(req.url ?? '');
      if (req.url?.startsWith('/two/') && req.url.endsWith('-1-a.jpg')) res.writeHead(200, { 'content-type': 'image/png' }).end(pixel);
      else res.writeHead(404).end();
    });
    await new Promise<void>((ok) => cdn.listen(0, '127.0.0.1', ok));
    const base = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
    try {
      const s = await seed(api, { order_source: 'Biztalk Rest', can_blind: false, cdn_url_1: `${base}/one/`, cdn_url_2: `${base}/two` });
      await loginViaUi(page, s.operator.username, s.operator.password);
      await expect(page.getByText('Source: Biztalk Rest')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Create a blind return' })).toHaveCount(0);
      const field = page.getByRole('combobox', { name: 'Search Field' });
      await expect(field).toHaveValue('Order Number');
      // Order Number narrows to order numbers: the delivery number's digits find nothing there.
      await page.getByLabel('Search Reference').fill(`DLV${s.ref}`);
      await expect(page.getByText(`No order matches “DLV${s.ref}”.`)).toBeVisible();
      await field.click();
      await page.getByRole('option', { name: 'Delivery Number' }).click();
      const result = page.getByRole('listitem', { name: new RegExp(`Order DLV${s.ref}A`) });
      await expect(result).toBeVisible();
      await result.click();
      const thumbnail = line(page, 1, s.ref).getByRole('img', { name: 'Organic T-Shirt' });
      // Resting on the thumbnail (it loaded from the second host) shows it larger; leaving it hides the preview.
      await thumbnail.hover();
      await expect(page.getByTestId('image-preview').locator('img')).toBeVisible();
      await takeScreenshot(page, 'receiving-11-image-preview');
      await page.mouse.move(5, 700);
      await expect(page.getByTestId('image-preview')).not.toBeAttached();
      await expect(line(page, 2, s.ref).getByTestId('image-placeholder')).toBeVisible();
      expect(seen.includes(`/one/RCV-${s.ref}-1-a.jpg`) && seen.includes(`/two/RCV-${s.ref}-1-a.jpg`), seen.join(', ')).toBeTruthy();
      await takeScreenshot(page, 'receiving-11-rest-images');
      expect(errors).toEqual([]);
    } finally {
      cdn.close();
    }
  });

  test('an operator receives a 5-line return against the demo order SO-10001', async ({ page, errors, api, takeScreenshot }) => {
    const northwind = (await api.listCustomers()).find((c) => c.company === 'Northwind Apparel');
    expect(northwind, 'the demo data (Northwind Apparel) is loaded').toBeTruthy();
    const operator = await api.createOperator({ customerIds: [northwind!.id] });
    await loginViaUi(page, operator.username, operator.password);
    await expect(page.getByText('Source: Biztalk')).toBeVisible();
    await page.getByLabel('Search Reference').fill('SO-10001');
    // Titled by the reference that matched: the order number (issue 15).
    await page.getByRole('listitem', { name: /^Order SO-10001,/ }).click();
    const lines = page.getByTestId('order-line');
    await expect(lines.first()).toBeVisible();
    await expect(lines).toHaveCount(5);
    const filter = page.getByTestId('line-filter');
    for (const upc of await lines.evaluateAll((els) => els.map((el) => el.getAttribute('data-upc')!))) {
      await filter.fill(upc);
      await filter.press('Enter');
      await expect(page.getByText(/^Added 1 × /)).toBeVisible();
    }
    await expect(page.getByTestId('ledger-new')).toHaveCount(5);
    const { orderId, returnId } = await submitReturnViaSummary(page);
    await takeScreenshot(page, 'receiving-12-demo-order-saved');
    // The return view reads it back with its 5 lines.
    const view = await api.call<{ lines: unknown[] }>('GET', `/returns/${returnId}/order/${orderId}`, { token: await api.adminToken() });
    expect(view.code, JSON.stringify(view)).toBe(200);
    expect(view.message.lines.length).toBe(5);
    expect(errors).toEqual([]);
  });
});
