// Issue 25, the brand's window: an admin invites a brand user from Admin Users, the brand user
// chooses a password from the mailed link, signs in and sees its own returns only (with the Scrap
// line's photo), never the warehouse's screens; its screens pass axe at desk, tablet and handheld sizes.
import sharp from 'sharp';
import { expect, expectNoAxeViolations, linkIn, loginViaUi, test, unique, type Api } from './support/index';
import { seedReturnsCustomer, type ReturnsSeed } from './returns-seed';

interface LoadedOrder {
  id: number;
  order_lines: { id: number; product_id: number }[];
}

/** An order return of one Scrap line with a photo, through the Receiving API as the customer's operator. */
async function returnWithPhoto(api: Api, baseUrl: string, seed: ReturnsSeed, reference1: string): Promise<{ id: number; orderId: number }> {
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
    body: { search: `HO-${seed.ref}-000` },
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
      reference_1: reference1,
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

/** A brand's customer with a photographed Scrap return, and another customer's return it must not see. */
async function seedTwoBrands(api: Api, baseUrl: string) {
  const mine = await seedReturnsCustomer(api, { prefix: 'Brand Own' });
  const theirs = await seedReturnsCustomer(api, { prefix: 'Brand Other' });
  const ownRef = unique('RMA-OWN');
  const otherRef = unique('RMA-OTHER');
  const own = await returnWithPhoto(api, baseUrl, mine, ownRef);
  await returnWithPhoto(api, baseUrl, theirs, otherRef);
  return { mine, theirs, own, ownRef, otherRef };
}

test.describe('the brand portal', () => {
  test('an admin invites a brand user, who sets a password from the mail and sees only its own returns', async ({
    page,
    api,
    server,
    outbox,
    loginAsAdmin,
    takeScreenshot,
    errors,
  }) => {
    const s = await seedTwoBrands(api, server.baseUrl);
    const username = unique('brand');
    const email = `${username}@brand.example`;

    // Admin Users: kind Brand, its customer, an invitation instead of a password.
    await loginAsAdmin(page);
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Add New User' }).click();
    const drawer = page.getByRole('dialog', { name: 'Add New User' });
    await drawer.getByRole('textbox', { name: 'Name', exact: true }).fill('Bea Buyer');
    await drawer.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await drawer.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
    await drawer.getByText('Brand', { exact: true }).click();
    await drawer.getByLabel('Send an invitation by e-mail; the user chooses the password').check();
    await expect(drawer.getByLabel('Password', { exact: true })).toHaveCount(0);
    await drawer.getByRole('combobox', { name: 'Customers' }).click();
    await page.getByRole('option', { name: s.mine.company }).click();
    // Close the customers dropdown by moving the focus away.
    await drawer.getByRole('textbox', { name: 'Name', exact: true }).click();
    await expectNoAxeViolations(page, 'admin users: inviting a brand user');
    await takeScreenshot(page, 'brand-invite-form');
    await drawer.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByTestId('users-table').getByRole('row', { name: new RegExp(username) })).toContainText('Brand');

    // The mail, its link, the password.
    const mail = await outbox.waitForMail({ to: email, subject: 'Returns Desk: your account is ready' });
    const link = linkIn(mail, '/auth/password/');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/auth/login');
    await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('Brand-chosen-7');
    await page.getByLabel('Confirm Password').fill('Brand-chosen-7');
    await expectNoAxeViolations(page, 'invitation: choose your password');
    await takeScreenshot(page, 'brand-choose-password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('Your password is now updated')).toBeVisible();

    // Signed in: no Receiving, its History only, the return with its photo.
    await loginViaUi(page, username, 'Brand-chosen-7');
    await page.waitForURL('**/history?**');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Receiving' })).toHaveCount(0);
    await expect(nav.getByRole('button', { name: 'Admin' })).toHaveCount(0);
    await expect(page.getByText(s.ownRef)).toBeVisible();
    await expect(page.getByText(s.otherRef)).toHaveCount(0);
    await expectNoAxeViolations(page, 'brand: history');
    await takeScreenshot(page, 'brand-history');

    await page.goto(`/orders/${s.own.orderId}/returns/${s.own.id}`);
    await expect(page.getByText('seam open')).toBeVisible();
    const thumb = page.getByTestId('photo-thumb').first();
    await expect(thumb.locator('img')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Correct' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'brand: return view');
    await takeScreenshot(page, 'brand-return-view');
    await thumb.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolations(page, 'brand: photo viewer');
    await takeScreenshot(page, 'brand-photo-viewer');
    await page.keyboard.press('Escape');

    // The warehouse's screens are not its own.
    await page.goto('/');
    await page.waitForURL('**/history?**');
    await page.goto('/admin/users');
    await expect(page.getByText('This page is for admin users only.')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test(
    "a brand user's screens at every size: history, return view, dashboard, parcels",
    { tag: ['@responsive', '@handheld'] },
    async ({ page, api, server, takeScreenshot, errors }, testInfo) => {
      const s = await seedTwoBrands(api, server.baseUrl);
      const { username, password } = await api.createUser({ isBrand: true, customerIds: [s.mine.customerId] });
      const size = testInfo.project.name;

      await loginViaUi(page, username, password);
      await page.waitForURL('**/history?**');
      await expect(page.getByText(s.ownRef)).toBeVisible();
      await expect(page.getByText(s.otherRef)).toHaveCount(0);
      await expectNoAxeViolations(page, `brand history (${size})`);
      await takeScreenshot(page, `brand-history-${size}`);

      await page.goto(`/orders/${s.own.orderId}/returns/${s.own.id}`);
      await expect(page.getByTestId('photo-thumb').first().locator('img')).toBeVisible();
      await expectNoAxeViolations(page, `brand return view (${size})`);
      await takeScreenshot(page, `brand-return-view-${size}`);

      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('tile-operators')).toHaveCount(0);
      await expectNoAxeViolations(page, `brand dashboard (${size})`);
      await takeScreenshot(page, `brand-dashboard-${size}`);

      await page.goto('/parcels');
      await expect(page.getByRole('heading', { name: 'Parcels waiting' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Take in a parcel' })).toHaveCount(0);
      await expectNoAxeViolations(page, `brand parcels (${size})`);
      await takeScreenshot(page, `brand-parcels-${size}`);
      expect(errors).toEqual([]);
    },
  );
});
