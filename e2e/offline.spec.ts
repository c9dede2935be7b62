// Issue 28, a dropped network: the build's service worker opens the app on a reload with no network
// (the draft with it), a banner says the network is gone and goes when it is back, a submit made with no
// network is sent once when it is back (exactly one return on the server), a submit whose answer the
// dropped network lost is not saved twice, and a second tab of the same order learns that the first
// submitted it. At the desk and on the 412 px handheld.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { product, seed, type Seed } from './receiving-seed';
import { test, expect, loginViaUi, expectNoAxeViolations, type Api } from './support/index';

// The other specs block service workers (playwright.config.ts); this one is about it.
test.use({ serviceWorkers: 'allow' });

const banner = (page: Page) => page.getByTestId('offline-banner');
const NO_NETWORK = /No network\. Scans and drafts are kept on this device/;

/** Waits until the build's worker controls the page, its files cached (install done before it activates). */
async function workerInControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { message: 'the service worker controls the page' })
    .toBe(true);
}

/**
 * A screenshot with no network: Playwright's page.screenshot waits forever while the context is
 * offline, so the picture is taken through the DevTools protocol.
 */
async function offlineShot(page: Page, dir: string, name: string) {
  const cdp = await page.context().newCDPSession(page);
  const { data } = await cdp.send('Page.captureScreenshot', { format: 'png' });
  await cdp.detach();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.png`), Buffer.from(data, 'base64'));
}

async function openOrder(page: Page, s: Seed) {
  const reference = page.getByLabel('Search Reference');
  await reference.fill(`SO-${s.ref}-A`);
  await reference.press('Enter');
  await expect(page.getByTestId('order-line')).toHaveCount(5);
}

async function scan(page: Page, code: string, expected: number) {
  const field = page.getByTestId('line-filter');
  await field.fill(code);
  await field.press('Enter');
  await expect(page.getByTestId('ledger-new')).toHaveCount(expected);
}

/** The returns of the seeded 5-line order, read through the API as its operator. */
async function returnsOfOrder(api: Api, s: Seed): Promise<{ id: number }[]> {
  const token = await api.login(s.operator.username, s.operator.password);
  const found = await api.call<{ id: number; source: string }[]>('PUT', `/returns/search/${s.customerId}`, {
    token,
    body: { search: `SO-${s.ref}-A` },
  });
  const hit = found.message[0]!;
  const loaded = await api.call<{ returns: { id: number }[] }>('PUT', `/returns/order/${encodeURIComponent(hit.source)}/${hit.id}`, {
    token,
    body: {},
  });
  expect(loaded.code, JSON.stringify(loaded)).toBe(200);
  return loaded.message.returns;
}

async function signedInWithOrder(page: Page, api: Api) {
  const s = await seed(api);
  await loginViaUi(page, s.operator.username, s.operator.password);
  await workerInControl(page);
  await openOrder(page, s);
  return s;
}

async function submitFromSummary(page: Page) {
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const summary = page.getByRole('dialog', { name: 'Return Processing Summary' });
  await expect(summary.getByTestId('summary-table')).toBeVisible();
  await summary.getByRole('button', { name: 'Confirm & Submit Return' }).click();
  await expect(summary).not.toBeAttached();
}

test.describe('a dropped network (issue 28) @handheld', () => {
  // Offline reloads and a second tab on a busy shared machine.
  test.describe.configure({ timeout: 180_000 });
  test('a reload with no network opens the app and its draft; the banner comes with the drop and goes with the return', async ({
    page,
    context,
    api,
    errors,
    server,
  }, testInfo) => {
    const s = await signedInWithOrder(page, api);
    await scan(page, product(s.ref, 1).upc, 1);
    await expect(banner(page)).toBeEmpty();

    await context.setOffline(true);
    await expect(banner(page)).toHaveText(NO_NETWORK);
    await expect(banner(page)).toHaveAttribute('role', 'status');
    // Scans keep adding to the draft with no network.
    await scan(page, product(s.ref, 2).upc, 2);
    await expectNoAxeViolations(page, 'receiving: offline banner');
    await offlineShot(page, server.shotsDir, `offline-banner-${testInfo.project.name}`);

    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker(), 'the page came from the service worker').toBe(true);
    await expect(page.getByTestId('order-line')).toHaveCount(5);
    await expect(page.getByTestId('ledger-new')).toHaveCount(2);
    await expect(banner(page)).toHaveText(NO_NETWORK);

    await context.setOffline(false);
    await expect(banner(page)).toBeEmpty();
    await expect(page.getByTestId('ledger-new')).toHaveCount(2);
    expect(errors).toEqual([]);
  });

  test('a submit with no network waits, survives a reload and is sent once when the network is back', async ({
    page,
    context,
    api,
    errors,
    server,
  }, testInfo) => {
    const s = await signedInWithOrder(page, api);
    await scan(page, product(s.ref, 1).upc, 1);
    await scan(page, product(s.ref, 3).upc, 2);

    await context.setOffline(true);
    await submitFromSummary(page);
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'The return will be sent when back online.' })).toBeVisible();
    const waiting = page.getByTestId('return-waiting');
    await expect(waiting).toContainText('Return waiting for the network');
    await expect(page.getByTestId('ledger-new')).toHaveCount(2);
    // (axe once offline, in the first test: a second run of axe with no network did not finish here.)
    await offlineShot(page, server.shotsDir, `offline-waiting-${testInfo.project.name}`);

    // Still waiting after a reload with no network.
    await page.reload();
    await expect(waiting).toBeVisible();
    expect(await returnsOfOrder(api, s)).toHaveLength(0);

    await context.setOffline(false);
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: /Return #\d+ saved/ })).toBeVisible();
    await expect(waiting).not.toBeAttached();
    await expect(page.getByTestId('ledger-new')).toHaveCount(0);
    // A second 'online' (the network flickers) sends nothing more: the draft is a fresh, empty one.
    await context.setOffline(true);
    await context.setOffline(false);
    await expect(banner(page)).toBeEmpty();
    const returns = await returnsOfOrder(api, s);
    expect(returns, 'exactly one return on the server').toHaveLength(1);
    await expect(
      page
        .getByTestId('saved-returns')
        .getByRole('link', { name: `#${returns[0]!.id}`, exact: false })
        .first(),
    ).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('the network drops during the submit: the return the server saved is not saved twice', async ({ page, context, api, errors }) => {
    const s = await signedInWithOrder(page, api);
    await scan(page, product(s.ref, 2).upc, 1);
    await scan(page, product(s.ref, 4).upc, 2);

    // The submit reaches the server, which saves the return; the network drops before its answer is back.
    // (The context's route: the page's would not see a request that passed through the service worker.)
    let cut = false;
    await context.route('**/api/returns', async (route) => {
      if (cut || route.request().method() !== 'POST') return route.fallback();
      cut = true;
      await route.fetch();
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    });
    await submitFromSummary(page);
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'The return will be sent when back online.' })).toBeVisible();
    const waiting = page.getByTestId('return-waiting');
    await expect(waiting).toContainText('Return waiting for the network');
    const [saved, ...more] = await returnsOfOrder(api, s);
    expect(more, 'the server has the return whose answer was lost').toHaveLength(0);

    // Back online the draft is sent again under the same draft id: the server answers the return it saved.
    await context.setOffline(false);
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: `Return #${saved!.id} saved` })).toBeVisible();
    await expect(waiting).not.toBeAttached();
    await expect(page.getByTestId('ledger-new')).toHaveCount(0);
    expect(await returnsOfOrder(api, s), 'one return, not two').toEqual([expect.objectContaining({ id: saved!.id })]);
    expect(errors).toEqual([]);
  });

  test('a second tab of the same order learns that the first submitted it and cannot send it again', async ({
    page,
    context,
    api,
    errors,
    takeScreenshot,
  }, testInfo) => {
    const s = await signedInWithOrder(page, api);
    await scan(page, product(s.ref, 2).upc, 1);
    const second = await openSecondTab(context);
    await expect(second.getByTestId('order-line')).toHaveCount(5);
    await expect(second.getByTestId('ledger-new')).toHaveCount(1);

    // A tab in the background gets no frames in headless Chromium: the one worked in comes to the front.
    await page.bringToFront();
    await submitFromSummary(page);
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: /Return #\d+ saved/ })).toBeVisible();
    const [saved] = await returnsOfOrder(api, s);
    await second.bringToFront();
    const notice = second.getByTestId('other-tab-submit');
    await expect(notice).toContainText(`Return #${saved!.id} was submitted in another tab with the lines of this draft.`);
    await expect(notice).toHaveAttribute('role', 'alert');
    await expect(second.getByTestId('ledger-new')).toHaveCount(0);
    await expectNoAxeViolations(second, 'receiving: submitted in another tab');
    await takeScreenshot(second, `offline-other-tab-${testInfo.project.name}`);

    // The second tab's Submit has nothing to send.
    await second.getByRole('button', { name: 'Submit', exact: true }).click();
    const summary = second.getByRole('dialog', { name: 'Return Processing Summary' });
    await expect(summary.getByText('Add at least one return line before submitting.')).toBeVisible();
    await expect(summary.getByRole('button', { name: 'Confirm & Submit Return' })).toHaveAttribute('aria-disabled', 'true');
    expect(await returnsOfOrder(api, s), 'one return, not two').toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

async function openSecondTab(context: BrowserContext): Promise<Page> {
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByRole('button', { name: 'User menu' })).toBeVisible();
  return second;
}
