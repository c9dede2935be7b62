// Issue 26 end to end: an admin registers a webhook endpoint (a receiver started by this test) and
// uploads an expected return; at the desk its USPS label is scanned in Order Search, the order opens
// with the expected items, the return is received; the receiver gets `return.received` with a valid
// signature, and the admin's delivery log shows it.
import type { Page } from '@playwright/test';
import { test, expect, loginViaUi, logoutViaUi, expectNoAxeViolations, submitReturnViaSummary } from './support/index';
import { startReceiver, verify } from './support/webhook-receiver';
import { seed, product } from './receiving-seed';
import { expectAccessible, startAudit, state_ } from './support/a11y-audit';

const TRACKING = '9400111899223197428497';
/** What a USPS IMpb return label's barcode holds: 420, the ZIP code, then the tracking number. */
const IMPB_SCAN = `42090210${TRACKING}`;

async function openIntegrations(page: Page, company: string) {
  await page.goto('/admin/customers');
  await page.getByRole('button', { name: `Integrations (webhooks, API keys and expected returns of ${company})` }).click();
  const drawer = page.getByRole('dialog', { name: `Integrations: ${company}` });
  await expect(drawer).toBeVisible();
  return drawer;
}

test.describe('events and pre-advice (issue 26)', () => {
  test('an uploaded expected return is scanned at the desk, received, and its return.received is delivered signed', async ({
    page,
    api,
    server,
    errors,
    takeScreenshot,
  }) => {
    test.slow();
    const receiver = await startReceiver('/hooks/returns');
    try {
      const s = await seed(api);
      await loginViaUi(page, server.admin.username, server.admin.password);
      const drawer = await openIntegrations(page, s.company);

      // A webhook endpoint: its secret is shown once.
      await drawer.getByLabel('Receiver URL').fill(receiver.url);
      await drawer.getByRole('button', { name: 'Add Endpoint' }).click();
      const secret = (await drawer.getByTestId('secret-value').textContent())!.trim();
      expect(secret).toMatch(/^whsec_/);
      await expect(drawer.getByTestId('webhooks-table')).toContainText(receiver.url);
      await takeScreenshot(page, 'events-01-webhook-secret');
      await expectNoAxeViolations(page, 'admin-webhooks');
      await drawer.getByRole('button', { name: 'I have copied it' }).click();

      // Expected returns: a bad file is refused by line and column, nothing written; the good one is listed.
      await drawer.getByRole('tab', { name: 'Expected Returns' }).click();
      const sku = product(s.ref, 1).sku;
      const file = (content: string) => ({ name: 'expected.csv', mimeType: 'text/csv', buffer: Buffer.from(content) });
      const header = 'RMA,Tracking Number,Order Reference,SKU,UPC,Quantity,Reason\n';
      await drawer
        .locator('input[type=file]')
        .setInputFiles(file(`${header}RMA-${s.ref},${TRACKING},SO-${s.ref}-A,${sku},,zero,Wrong size\n`));
      await drawer.getByRole('button', { name: 'Upload' }).click();
      const problems = drawer.getByTestId('upload-problems');
      await expect(problems).toContainText('Line 2, column F (quantity)');
      await expect(drawer.getByTestId('expected-table')).toContainText('No expected returns.');
      await takeScreenshot(page, 'events-02-upload-refused');
      await expectNoAxeViolations(page, 'admin-expected-refused');
      await drawer
        .locator('input[type=file]')
        .setInputFiles(file(`${header}RMA-${s.ref},${TRACKING},SO-${s.ref}-A,${sku},,1,Wrong size\n`));
      await drawer.getByRole('button', { name: 'Upload' }).click();
      const row = drawer
        .getByTestId('expected-table')
        .getByRole('row')
        .filter({ hasText: `RMA-${s.ref}` });
      await expect(row).toContainText('Expected');
      await expect(problems).not.toBeAttached();
      await takeScreenshot(page, 'events-03-expected-listed');

      // At the desk: the label's barcode in Search Reference opens the order with the expected items.
      await page.keyboard.press('Escape');
      await expect(drawer).not.toBeAttached();
      await logoutViaUi(page);
      const desk = page;
      await loginViaUi(desk, s.operator.username, s.operator.password);
      await desk.getByLabel('Search Reference').fill(IMPB_SCAN);
      await desk.getByLabel('Search Reference').press('Enter');
      const card = desk.getByTestId('expected-items');
      await expect(card).toContainText(`Expected return RMA-${s.ref}`);
      await expect(card.getByTestId('expected-item').filter({ hasText: sku })).toContainText('Expected');
      await expect(card).toContainText('Wrong size → Wrong size');
      await expect(desk.getByTestId('order-line').first()).toBeVisible();
      // The consumer's reason is pre-selected on its line.
      await expect(desk.getByRole('combobox', { name: `Reason, ${sku}` }).locator('option:checked')).toHaveText('Wrong size');
      await takeScreenshot(desk, 'events-04-desk-expected');
      await expectNoAxeViolations(desk, 'desk-expected-items');
      // Received: the item scanned into the return, then submitted.
      await expect.poll(() => desk.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('line-filter');
      await desk.keyboard.type(product(s.ref, 1).upc);
      await desk.keyboard.press('Enter');
      await expect(card.getByTestId('expected-item').filter({ hasText: sku })).toHaveAttribute('data-status', 'received');
      const { returnId } = await submitReturnViaSummary(desk);
      // The Dashboard: expected vs arrived.
      await desk.goto('/dashboard?period=today');
      await expect(desk.getByTestId('expected-announced')).toHaveText('1');
      await expect(desk.getByTestId('expected-arrived')).toHaveText('1');
      await desk.getByTestId('tile-expected').scrollIntoViewIfNeeded();
      await takeScreenshot(desk, 'events-06-dashboard-expected');
      await expectNoAxeViolations(desk, 'dashboard-expected-tile');
      await logoutViaUi(desk);

      // The receiver gets return.received, signed with the secret shown once.
      await expect
        .poll(() => receiver.got.filter((r) => JSON.parse(r.body).type === 'return.received').length, { timeout: 20_000 })
        .toBe(1);
      const delivery = receiver.got.find((r) => JSON.parse(r.body).type === 'return.received')!;
      expect(verify(secret, delivery.headers, delivery.body)).toBe(true);
      expect(verify('whsec_wrong', delivery.headers, delivery.body)).toBe(false);
      expect(JSON.parse(delivery.body).data.return.id).toBe(Number(returnId));

      // The admin sees it received, and delivered in the endpoint's log.
      await loginViaUi(page, server.admin.username, server.admin.password);
      const again = await openIntegrations(page, s.company);
      await again.getByRole('tab', { name: 'Expected Returns' }).click();
      await expect(
        again
          .getByTestId('expected-table')
          .getByRole('row')
          .filter({ hasText: `RMA-${s.ref}` }),
      ).toContainText(`Return #${returnId}`);
      await again.getByRole('tab', { name: 'Webhooks' }).click();
      await again.getByRole('button', { name: 'Deliveries' }).click();
      const log = again.getByTestId('deliveries-table').getByRole('row').filter({ hasText: 'return.received' });
      await expect(log).toContainText('Delivered');
      await expect(log).toContainText('{"received":true}');
      await takeScreenshot(page, 'events-05-delivery-log');
      await expectNoAxeViolations(page, 'admin-webhook-deliveries');
      expect(errors).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});

test.describe('events and pre-advice screens (issue 26)', () => {
  test(
    "a customer's integrations drawer (webhooks with a delivery log, API keys, expected returns) and the desk's expected items",
    // At 412 px too: the customers list and the drawer's tables scroll in their own box (issue 28).
    { tag: ['@responsive', '@handheld'] },
    async ({ page, api, server, errors, takeScreenshot }) => {
      test.slow();
      const receiver = await startReceiver('/hooks/returns');
      try {
        const audit = startAudit(page, takeScreenshot);
        const s = await seed(api);
        const token = await api.adminToken();
        const hook = await api.call<{ id: number }>('POST', `/su/customers/${s.customerId}/webhooks`, {
          token,
          body: { url: receiver.url, event_types: ['return.received', 'parcel.received'], description: 'Loop returns platform' },
        });
        expect(hook.code, JSON.stringify(hook)).toBe(200);
        expect((await api.call('POST', `/su/webhooks/${hook.message.id}/test`, { token })).code).toBe(200);
        const key = await api.call('POST', `/su/customers/${s.customerId}/api-keys`, {
          token,
          body: { name: 'Loop production', scopes: ['returns:read', 'expected_returns:write'] },
        });
        expect(key.code).toBe(200);
        const sku = product(s.ref, 1).sku;
        const csv = `rma,tracking_number,order_reference,sku,quantity,reason\nRMA-${s.ref},1Z999AA10123456784,SO-${s.ref}-A,${sku},1,Wrong size\nRMA-${s.ref},,,${product(s.ref, 2).sku},1,Changed my mind\n`;
        expect(
          (
            await api.call('POST', `/su/customers/${s.customerId}/expected-returns/import`, {
              token,
              body: { format: 'csv', content: csv },
            })
          ).code,
        ).toBe(200);

        await loginViaUi(page, server.admin.username, server.admin.password);
        const drawer = await openIntegrations(page, s.company);
        await drawer.getByRole('button', { name: 'Deliveries' }).click();
        await expect(drawer.getByTestId('deliveries-table').getByRole('row').filter({ hasText: 'webhook.test' })).toContainText(
          'Delivered',
        );
        await state_(audit, 'events-webhooks-deliveries');
        await drawer.getByRole('tab', { name: 'API Keys' }).click();
        await expect(drawer.getByTestId('api-keys-table')).toContainText('Loop production');
        await state_(audit, 'events-api-keys');
        await drawer.getByRole('tab', { name: 'Expected Returns' }).click();
        await expect(drawer.getByTestId('expected-table')).toContainText(`RMA-${s.ref}`);
        await state_(audit, 'events-expected-returns');
        await page.keyboard.press('Escape');
        await expect(drawer).not.toBeAttached();
        await logoutViaUi(page);

        // The desk: the UPS label's number opens the order with both expected items.
        await loginViaUi(page, s.operator.username, s.operator.password);
        await page.getByLabel('Search Reference').fill('1Z 999 AA1 01 2345 6784');
        await page.getByLabel('Search Reference').press('Enter');
        await expect(page.getByTestId('expected-item')).toHaveCount(2);
        await expect(page.getByLabel('Search Reference')).toHaveValue(`SO-${s.ref}-A`);
        await state_(audit, 'events-desk-expected-items');
        expectAccessible(audit);
        expect(errors).toEqual([]);
      } finally {
        await receiver.close();
      }
    },
  );

  test("a blind customer's expected return that names no order opens a blind return with its items, and the save receives it", async ({
    page,
    api,
    errors,
    takeScreenshot,
  }) => {
    const s = await seed(api, { can_blind: true });
    const token = await api.adminToken();
    const rma = `RMA-B${s.ref}`;
    const header = 'RMA,Tracking Number,Order Reference,SKU,UPC,Quantity,Reason\n';
    const content = `${header}${rma},,,${product(s.ref, 2).sku},,2,Wrong size\n${rma},,,NOT-A-PRODUCT,,1,\n`;
    const uploaded = await api.call('POST', `/su/customers/${s.customerId}/expected-returns/import`, {
      token,
      body: { format: 'csv', content },
    });
    expect(uploaded.code, JSON.stringify(uploaded)).toBe(200);

    await loginViaUi(page, s.operator.username, s.operator.password);
    await page.getByLabel('Search Reference').fill(rma);
    await page.getByLabel('Search Reference').press('Enter');
    await page.waitForURL(`**/blind/${s.customerId}?rma=${rma}`);
    const banner = page.getByTestId('expected-blind');
    await expect(banner).toContainText(`Expected return ${rma}`);
    await expect(banner).toContainText('Its 1 announced product is added below.');
    await expect(banner).toContainText("Not among the customer's products: NOT-A-PRODUCT");
    await expect(page.getByLabel('Reference 1')).toHaveValue(rma);
    const row = page.getByRole('row').filter({ hasText: product(s.ref, 2).sku });
    await expect(row.getByLabel('Quantity', { exact: true })).toHaveValue('2');
    await expect(row.getByLabel('Reason', { exact: true })).toHaveValue('Wrong size');
    await takeScreenshot(page, 'events-07-blind-expected');
    await expectNoAxeViolations(page, 'blind-expected');

    await page.getByRole('button', { name: 'Save Return' }).click();
    await page.waitForURL(/\/returns\/\d+/);
    const returnId = Number(/\/returns\/(\d+)/.exec(page.url())![1]);
    const listed = await api.call<{ expected_returns: { rma: string; status: string; return_id: number | null }[] }>(
      'GET',
      `/su/customers/${s.customerId}/expected-returns?status=received`,
      { token },
    );
    expect(listed.message.expected_returns).toEqual([expect.objectContaining({ rma, status: 'received', return_id: returnId })]);
    expect(errors).toEqual([]);
  });
});
