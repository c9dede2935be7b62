// Issue 25, decisions on exceptions: an admin adds a decision rule (Scrap waits) in the customer
// drawer and invites a brand user; the brand user chooses a password from the mail, sees the Scrap
// line with its photo in Decisions and decides it; the Return View shows the decision and who made
// it. A line of a rule with a 0-hour deadline gets its default from the worker's deadline scheduler
// (polled every second in the e2e server; the deadline by the injected clock is the integration
// tier's). The screens at desk, tablet and handheld sizes: axe 0, fitting, 44 px targets.
import type { Page, TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectNoAxeViolations, linkIn, loginViaUi, test, unique, type Api } from './support/index';
import { isTouch, layoutProblems } from './support/layout-audit';
import { seedReturnsCustomer, type ReturnsSeed } from './returns-seed';

interface LoadedOrder {
  id: number;
  order_lines: { id: number; product_id: number }[];
}

const DISPOSITIONS = [
  { code: 'RESTOCK', name: 'Restock', requires_location: true, default_for: ['Pristine'] },
  { code: 'REFURB', name: 'Refurbish', requires_location: false, default_for: ['Reconditioning'] },
  { code: 'SCRAP', name: 'Scrap it', requires_location: false, default_for: ['Scrap'] },
];

async function withDispositions(api: Api, customerId: number) {
  const token = await api.adminToken();
  for (const body of DISPOSITIONS) {
    const res = await api.call('POST', `/su/customers/${customerId}/dispositions`, { token, body });
    expect(res.code, JSON.stringify(res)).toBe(200);
  }
}

/** An order return of one Scrap line with a photo, through the Receiving API as the customer's operator. */
async function scrapReturn(api: Api, baseUrl: string, seed: ReturnsSeed, order = 0): Promise<{ id: number; orderId: number }> {
  const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a5a3c' } })
    .png()
    .toBuffer();
  const upload = await fetch(`${baseUrl}/api/photos?customer_id=${seed.customerId}`, {
    method: 'POST',
    headers: { 'Content-Type': 'image/png', Authorization: `Bearer ${seed.token}` },
    body: new Uint8Array(png),
  });
  const photo = (await upload.json()) as { code: number; message: { id: number } };
  expect(photo.code, JSON.stringify(photo)).toBe(200);
  const found = await api.call<{ id: number; source: string }[]>('PUT', `/returns/search/${seed.customerId}`, {
    token: seed.token,
    body: { search: `HO-${seed.ref}-00${order}` },
  });
  const hit = found.message[0]!;
  const loaded = await api.call<LoadedOrder>('PUT', `/returns/order/${encodeURIComponent(hit.source)}/${hit.id}`, {
    token: seed.token,
    body: {},
  });
  const line = loaded.message.order_lines[0]!;
  const saved = await api.call<{ id: number }>('POST', '/returns', {
    token: seed.token,
    body: {
      id: `__${Math.random().toString(36).slice(2, 8).padEnd(6, 'x')}`,
      customer_id: seed.customerId,
      order_id: loaded.message.id,
      reference_1: unique('RMA-DEC'),
      reference_2: '',
      return_date: '2026-11-20',
      is_blind: false,
      return_ledgers: [
        {
          order_line_id: line.id,
          product_id: line.product_id,
          quantity: 1,
          condition: 'Scrap',
          reason: 'DAMAGED',
          comment: 'seam open',
          photo_ids: [photo.message.id],
        },
      ],
    },
  });
  expect(saved.code, JSON.stringify(saved)).toBe(200);
  return { id: saved.message.id, orderId: loaded.message.id };
}

async function addRule(api: Api, customerId: number, deadlineHours: number) {
  const res = await api.call('POST', `/su/customers/${customerId}/decision-rules`, {
    token: await api.adminToken(),
    body: { kind: 'condition', value: 'Scrap', deadline_hours: deadlineHours, default_disposition: 'SCRAP' },
  });
  expect(res.code, JSON.stringify(res)).toBe(200);
}

async function check(page: Page, testInfo: TestInfo, state: string, shot: (p: Page, n: string) => Promise<string>) {
  await expectNoAxeViolations(page, state);
  expect(await layoutProblems(page, { touch: isTouch(testInfo) }), state).toEqual([]);
  await shot(page, state.replace(/[^a-z0-9]+/gi, '-'));
}

test.describe('decisions on exceptions', () => {
  test('an admin adds a rule and invites a brand user, who decides a Scrap line from its photo; the return view says who', async ({
    page,
    api,
    server,
    outbox,
    loginAsAdmin,
    takeScreenshot,
    errors,
  }, testInfo) => {
    test.setTimeout(180_000);
    const seed = await seedReturnsCustomer(api, { prefix: 'Decision Co' });
    await withDispositions(api, seed.customerId);

    // Admin Customers → Rules → Decisions: a 422 under its field, then the rule.
    await loginAsAdmin(page);
    await page.goto('/admin/customers');
    await page.getByRole('button', { name: `Rules (inspection rules and grades of ${seed.company})` }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('tab', { name: 'Decisions' }).click();
    const panel = drawer.getByTestId('decision-rules-panel');
    await expect(panel.getByText('No decision rules: every submitted line is final at once.')).toBeVisible();
    const form = panel.getByTestId('decision-rule-form');
    await form.getByRole('button', { name: 'Add decision rule' }).click();
    await expect(form.getByText('A default disposition is required')).toBeVisible();
    await form.getByRole('combobox', { name: 'Default disposition' }).click();
    await page.getByRole('option', { name: 'SCRAP – Scrap it' }).click();
    await expect(form.getByRole('textbox', { name: 'Deadline (hours)' })).toHaveValue('48');
    await form.getByRole('button', { name: 'Add decision rule' }).click();
    const row = panel.getByTestId('decision-rule-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('By condition: Scrap');
    await expect(row).toContainText('48 h');
    await expect(row).toContainText('SCRAP – Scrap it');
    await check(page, testInfo, 'admin decision rules', takeScreenshot);
    await page.keyboard.press('Escape');

    // Admin Users: a brand user invited by e-mail.
    const username = unique('brand');
    const email = `${username}@brand.example`;
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Add New User' }).click();
    const userDrawer = page.getByRole('dialog', { name: 'Add New User' });
    await userDrawer.getByRole('textbox', { name: 'Name', exact: true }).fill('Bea Buyer');
    await userDrawer.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await userDrawer.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
    await userDrawer.getByText('Brand', { exact: true }).click();
    await userDrawer.getByLabel('Send an invitation by e-mail; the user chooses the password').check();
    await userDrawer.getByRole('combobox', { name: 'Customers' }).click();
    await page.getByRole('option', { name: seed.company }).click();
    await userDrawer.getByRole('textbox', { name: 'Name', exact: true }).click();
    await userDrawer.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByTestId('users-table').getByRole('row', { name: new RegExp(username) })).toContainText('Brand');

    // The operator's return: one Scrap line with a photo, which now waits.
    const ret = await scrapReturn(api, server.baseUrl, seed);

    // The mail's link, the password, the queue.
    const mail = await outbox.waitForMail({ to: email, subject: 'Returns Desk: your account is ready' });
    const link = linkIn(mail, '/auth/password/');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/auth/login');
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await page.getByLabel('Password', { exact: true }).fill('Brand-chosen-7');
    await page.getByLabel('Confirm Password').fill('Brand-chosen-7');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('Your password is now updated')).toBeVisible();
    await loginViaUi(page, username, 'Brand-chosen-7');
    await page.waitForURL('**/history?**');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Decisions' }).click();
    await expect(page.getByRole('heading', { name: 'Decisions', level: 1 })).toBeVisible();
    const card = page.getByTestId('decision-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Waits: condition Scrap');
    await expect(card.getByTestId('time-left')).toContainText(/47 h|48 h|1 d 23 h|2 d 0 h/);
    await expect(card.getByTestId('photo-thumb').locator('img')).toBeVisible();
    await check(page, testInfo, 'brand decisions queue', takeScreenshot);

    // Decide without a disposition: named on the line; then REFURB with a comment.
    await card.getByRole('button', { name: /^Decide / }).click();
    await expect(card.getByText('Choose a disposition')).toBeVisible();
    await card.getByRole('combobox', { name: /^Disposition for / }).click();
    await page.getByRole('option', { name: 'REFURB – Refurbish' }).click();
    await card.getByRole('textbox', { name: /^Comment for / }).fill('Fixable, send it to refurbishing');
    await card.getByRole('button', { name: /^Decide / }).click();
    await expect(page.getByText('Decision saved.')).toBeVisible();
    await expect(page.getByTestId('decisions-empty')).toHaveText('Nothing waits for your decision.');
    await page.getByText('Decided', { exact: true }).click();
    const decided = page.getByTestId('decided-card');
    await expect(decided).toContainText(`Decided by ${username}`);
    await expect(decided).toContainText('SCRAP → REFURB');
    await check(page, testInfo, 'brand decisions decided', takeScreenshot);

    // The Return View: the line's decision and who.
    await page.goto(`/orders/${ret.orderId}/returns/${ret.id}`);
    const decision = page.getByTestId('line-decision');
    await expect(decision).toHaveAttribute('data-state', 'decided');
    await expect(decision).toContainText(`Decided by ${username}`);
    await expect(decision).toContainText('Fixable, send it to refurbishing');
    await expect(page.getByTestId('awaiting-decision')).toHaveCount(0);
    await check(page, testInfo, 'brand return view decided', takeScreenshot);

    // The Dashboard's decisions tile: nothing waits now, one line decided by the brand, with its median.
    await page.goto('/dashboard');
    const tile = page.getByTestId('tile-decisions');
    await expect(tile.getByTestId('decisions-decided')).toHaveText('1');
    await expect(tile.getByTestId('decisions-awaiting')).toHaveText('0');
    await expect(tile.getByTestId('decisions-median')).toContainText('Median time to decide:');
    await check(page, testInfo, 'brand dashboard decisions tile', takeScreenshot);
    expect(errors).toEqual([]);
  });

  test('a line whose deadline has passed gets its default from the worker, marked as no answer', async ({ page, api, server, errors }) => {
    const seed = await seedReturnsCustomer(api, { prefix: 'Default Co' });
    await withDispositions(api, seed.customerId);
    await addRule(api, seed.customerId, 0);
    const brand = await api.createUser({ isBrand: true, customerIds: [seed.customerId] });
    const ret = await scrapReturn(api, server.baseUrl, seed);

    await loginViaUi(page, brand.username, brand.password);
    await page.waitForURL('**/history?**');
    // The scheduler applies the default on its next round; the return view is read until it shows it.
    await expect(async () => {
      await page.goto(`/orders/${ret.orderId}/returns/${ret.id}`);
      await expect(page.getByTestId('line-decision')).toHaveAttribute('data-state', 'defaulted', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('line-decision')).toContainText('By default, no answer');
    await page.goto('/decisions?state=defaulted');
    await expect(page.getByTestId('decided-card')).toContainText('By default, no answer');
    expect(errors).toEqual([]);
  });

  test("the operator's summary marks the Scrap line that will wait for the brand, before the submit", async ({ page, api, errors }) => {
    const seed = await seedReturnsCustomer(api, { prefix: 'Summary Co' });
    await withDispositions(api, seed.customerId);
    await addRule(api, seed.customerId, 48);
    await loginViaUi(page, seed.operator.username, seed.operator.password);
    await page.getByLabel('Search Reference').fill(`HO-${seed.ref}-000`);
    await page.getByLabel('Search Reference').press('Enter');
    await expect(page.getByTestId('order-line')).toHaveCount(1);
    // One unit scanned as Scrap (Alt+X): the customer's rule holds Scrap lines back.
    await page.getByTestId('line-filter').focus();
    await page.keyboard.press('Alt+X');
    await page.keyboard.type(seed.products[0]!.upc);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('order-line').getByTestId('ledger-new')).toHaveCount(1);
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Return Processing Summary' });
    const row = modal.getByTestId('summary-table').getByRole('row').nth(1);
    await expect(row.getByTestId('summary-will-wait')).toHaveText("Will wait for the brand's decision");
    await expect(modal.getByTestId('summary-waiting-note')).toContainText("1 new line will wait for the brand's decision");
    await expectNoAxeViolations(page, 'receiving summary: a line will wait');
    await modal.getByRole('button', { name: 'Confirm & Submit Return' }).click();
    await expect(modal).not.toBeAttached();
    expect(errors).toEqual([]);
  });

  test(
    "the decision screens at every size: the admin's rules, the brand's queue, the return view",
    { tag: ['@responsive', '@handheld'] },
    async ({ page, api, server, takeScreenshot, errors }, testInfo) => {
      const seed = await seedReturnsCustomer(api, { prefix: 'Sizes Co' });
      await withDispositions(api, seed.customerId);
      await addRule(api, seed.customerId, 48);
      const brand = await api.createUser({ isBrand: true, customerIds: [seed.customerId] });
      const ret = await scrapReturn(api, server.baseUrl, seed);
      const size = testInfo.project.name;

      await loginViaUi(page, server.admin.username, server.admin.password);
      await page.goto('/admin/customers');
      await page.getByRole('button', { name: `Rules (inspection rules and grades of ${seed.company})` }).click();
      await page.getByRole('dialog').getByRole('tab', { name: 'Decisions' }).click();
      await expect(page.getByTestId('decision-rule-row')).toHaveCount(1);
      await check(page, testInfo, `decision rules ${size}`, takeScreenshot);
      await page.goto(`/orders/${ret.orderId}/returns/${ret.id}`);
      await expect(page.getByTestId('awaiting-decision')).toBeVisible();
      await expect(page.getByTestId('line-decision')).toHaveAttribute('data-state', 'awaiting');
      await check(page, testInfo, `return view awaiting ${size}`, takeScreenshot);
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.waitForURL('**/auth/login');

      await loginViaUi(page, brand.username, brand.password);
      await page.waitForURL('**/history?**');
      await page.goto('/decisions');
      await expect(page.getByTestId('decision-card').getByTestId('photo-thumb').locator('img')).toBeVisible();
      await page.getByLabel('Select all (1)').check();
      await check(page, testInfo, `decisions queue ${size}`, takeScreenshot);
      await page.getByTestId('decision-card').getByTestId('photo-thumb').click();
      await expect(page.getByTestId('photo-viewer-image')).toBeVisible();
      await expectNoAxeViolations(page, `decisions photo viewer ${size}`);
      await page.keyboard.press('Escape');
      expect(errors).toEqual([]);
    },
  );
});
