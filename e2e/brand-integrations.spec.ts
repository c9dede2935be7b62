// Issues 25 and 26, the brand's Integrations: a brand user registers a webhook endpoint of its
// customer (a receiver started by this test on 127.0.0.1), keeps the secret shown once, sends a test
// event that arrives with a valid signature and is in the delivery log; uploads expected returns, a
// file with a bad row refused by line and column with nothing written, then a good one. axe 0, 44 px
// tap targets on touch, at desk, tablet and handheld sizes.
import { expect, expectNoAxeViolations, loginViaUi, test, unique, type Api } from './support/index';
import { startReceiver, verify } from './support/webhook-receiver';
import { isTouch, layoutProblems } from './support/layout-audit';

/** A customer and a brand user of it, through the API. */
async function seedBrand(api: Api) {
  const token = await api.adminToken();
  const company = unique('Brand Hooks Co');
  const customerId = await api.createCustomerWithReasons(token, company);
  const username = unique('brandhooks');
  const password = 'Brand-pass-1';
  const created = await api.call('POST', '/su/users', {
    token,
    body: {
      name: 'Hal Hooks',
      email: `${username}@brand.example`,
      username,
      password,
      pass_confirmed: password,
      is_brand: true,
      customer_ids: [customerId],
    },
  });
  expect(created.code, JSON.stringify(created)).toBe(200);
  /** The customer's expected returns, as the admin reads them (the portal has no list of them). */
  const expectedRmas = async () => {
    const res = await api.call<{ expected_returns: { rma: string }[] }>('GET', `/su/customers/${customerId}/expected-returns`, { token });
    expect(res.code, JSON.stringify(res)).toBe(200);
    return res.message.expected_returns.map((e) => e.rma);
  };
  return { company, customerId, username, password, expectedRmas };
}

test.describe("the brand's integrations", () => {
  test(
    'a brand user registers an endpoint, sends a signed test event, reads the log; uploads expected returns (a bad row refused, then a good file)',
    { tag: ['@responsive', '@handheld'] },
    async ({ page, api, takeScreenshot, errors }, testInfo) => {
      test.slow();
      const receiver = await startReceiver('/hooks/brand');
      try {
        const s = await seedBrand(api);
        const size = testInfo.project.name;
        const touch = isTouch(testInfo);
        const fits = async (state: string) => {
          expect(await layoutProblems(page, { touch }), state).toEqual([]);
          await expectNoAxeViolations(page, state);
        };

        await loginViaUi(page, s.username, s.password);
        await page.waitForURL('**/history?**');
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Integrations' }).click();
        await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
        const hooks = page.getByRole('region', { name: 'Webhooks' });
        await expect(hooks.getByText('No webhook endpoints.')).toBeVisible();
        await fits(`brand integrations: empty (${size})`);
        await takeScreenshot(page, `brand-integrations-empty-${size}`);

        // An endpoint of its customer: the secret is shown once.
        await hooks.getByLabel('Receiver URL').fill(receiver.url);
        await hooks.getByRole('button', { name: 'Add Endpoint' }).click();
        const secret = (await page.getByTestId('secret-value').textContent())!.trim();
        expect(secret).toMatch(/^whsec_/);
        await expect(hooks.getByTestId('webhooks-table')).toContainText(receiver.url);
        await fits(`brand integrations: the secret shown once (${size})`);
        await takeScreenshot(page, `brand-integrations-secret-${size}`);
        await page.getByRole('button', { name: 'I have copied it' }).click();
        await expect(page.getByTestId('secret-value')).toHaveCount(0);

        // A test event: it arrives signed with that secret, and the log says delivered.
        await hooks.getByRole('button', { name: 'Send test event' }).click();
        await expect.poll(() => receiver.got.filter((r) => JSON.parse(r.body).type === 'webhook.test').length, { timeout: 20_000 }).toBe(1);
        const delivery = receiver.got.find((r) => JSON.parse(r.body).type === 'webhook.test')!;
        expect(verify(secret, delivery.headers, delivery.body)).toBe(true);
        expect(verify('whsec_wrong', delivery.headers, delivery.body)).toBe(false);
        const log = hooks.getByTestId('deliveries-table').getByRole('row').filter({ hasText: 'webhook.test' });
        await expect(log).toContainText('Delivered');
        await expect(log).toContainText('{"received":true}');
        await fits(`brand integrations: the delivery log (${size})`);
        await takeScreenshot(page, `brand-integrations-log-${size}`);

        // Expected returns: a bad row refused by line and column, nothing written; then the good file.
        const upload = page.getByRole('region', { name: 'Expected returns' });
        const file = (content: string) => ({ name: 'expected.csv', mimeType: 'text/csv', buffer: Buffer.from(content) });
        const header = 'rma,tracking_number,order_reference,sku,upc,quantity,reason\n';
        const rma = `RMA-${unique('B')}`;
        await upload
          .locator('input[type=file]')
          .setInputFiles(file(`${header}${rma}-1,1Z999AA10123456784,SO-1,SKU-1,,1,Too small\n${rma}-2,,,SKU-2,,zero,\n`));
        await upload.getByRole('button', { name: 'Upload' }).click();
        const problems = upload.getByTestId('upload-problems');
        await expect(problems).toContainText('Line 3, column F (quantity)');
        expect(await s.expectedRmas()).toEqual([]);
        await fits(`brand integrations: upload refused (${size})`);
        await takeScreenshot(page, `brand-integrations-upload-refused-${size}`);
        await upload
          .locator('input[type=file]')
          .setInputFiles(file(`${header}${rma}-1,1Z999AA10123456784,SO-1,SKU-1,,1,Too small\n${rma}-2,,,SKU-2,,2,\n`));
        await upload.getByRole('button', { name: 'Upload' }).click();
        await expect(page.getByText('Expected returns uploaded')).toBeVisible();
        await expect(problems).not.toBeAttached();
        expect((await s.expectedRmas()).sort()).toEqual([`${rma}-1`, `${rma}-2`]);
        await fits(`brand integrations: uploaded (${size})`);
        await takeScreenshot(page, `brand-integrations-uploaded-${size}`);
        expect(errors).toEqual([]);
      } finally {
        await receiver.close();
      }
    },
  );
});
