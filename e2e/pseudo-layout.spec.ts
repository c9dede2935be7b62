// Issue 24: the pseudo-localised build (every text accented, 40% longer, in ⟦ ⟧) through the layout
// checks at every project's size (desk 1366×768, tablet 1024×768, handhelds 412×915 and 360×740; issue 28:
// also the states: an order open, its summary, History filtered, the admin screens and drawers): no
// clipped text or placeholder, no page wider than the screen.
// The spec builds that SPA itself (VITE_PSEUDO=1) and serves its files to the browser in place of
// the server's own build; the API is the real server's.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { createCompiledCatalog } from '@lingui/cli/api';
import type { Page } from '@playwright/test';
import { test, expect } from './support/index';
import { seedReturnsCustomer, submitBlindReturn } from './returns-seed';

const root = join(import.meta.dirname, '..');
let pseudoRoot = '';

// Built once per run (in the run's folder): each project's worker, and a worker restarted after a
// failure, uses the same build.
test.beforeAll(async ({ server }) => {
  test.setTimeout(240_000);
  pseudoRoot = join(server.runDir, 'pseudo-web');
  if (existsSync(join(pseudoRoot, 'index.html'))) return;
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const build = spawnSync(process.execPath, [vite, 'build', '--outDir', pseudoRoot, '--logLevel', 'warn'], {
    cwd: root,
    env: { ...process.env, VITE_PSEUDO: '1' },
    stdio: 'inherit',
  });
  expect(build.status, 'the pseudo build').toBe(0);
});

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

/** The browser gets the pseudo build's files; /api goes to the server as usual. */
async function servePseudo(page: Page) {
  await page.route(
    (url) => !url.pathname.startsWith('/api/'),
    async (route) => {
      const path = new URL(route.request().url()).pathname;
      const file = join(pseudoRoot, path);
      const target = path !== '/' && existsSync(file) && extname(file) ? file : join(pseudoRoot, 'index.html');
      await route.fulfill({ body: readFileSync(target), contentType: TYPES[extname(target)] ?? 'application/octet-stream' });
    },
  );
}

/** A text as the pseudo build shows it (Lingui's own pseudo-localisation, so a label can be found by its name). */
function ps(english: string): string {
  const { source } = createCompiledCatalog(
    'pseudo',
    { text: english },
    {
      pseudoLocale: 'pseudo',
      pseudoLocaleOptions: { prepend: '⟦', append: '⟧', extend: 0.4 }, // as lingui.config.ts
      namespace: 'json',
    },
  );
  return (JSON.parse(source) as { messages: { text: string[] } }).messages.text.join('');
}

/**
 * A pattern for a name as the pseudo build shows it: Lingui pads a text with spaces inside the
 * brackets, and a text with values (an aria-label 'Save {sku}') has them outside.
 */
function psName(english: string, { exact = true } = {}): RegExp {
  const words = ps(english)
    .replace(/[⟦⟧]/g, '')
    .trim()
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return exact ? new RegExp(`^⟦\\s*${words}\\s*⟧$`) : new RegExp(words);
}

/** Texts cut by their box: an element that clips its content and whose content is wider or taller, without an ellipsis. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const doc = document.scrollingElement!;
    if (doc.scrollWidth > window.innerWidth + 1) problems.push(`page is ${doc.scrollWidth}px wide on a ${window.innerWidth}px screen`);
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const own = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.includes('⟦'));
      if (!own || el.offsetParent === null) continue;
      const style = getComputedStyle(el);
      const clips = ['hidden', 'clip'].includes(style.overflowX) || ['hidden', 'clip'].includes(style.overflowY);
      if (!clips || style.textOverflow === 'ellipsis') continue;
      // Visually hidden on purpose (a screen reader's text, 1×1 px): not cut, hidden.
      if (el.clientWidth <= 2 && el.clientHeight <= 2) continue;
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 2) {
        problems.push(
          `cut: "${el.textContent!.slice(0, 60)}" (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`,
        );
      }
    }
    // A placeholder is cut where its text is wider than the field's room for it (measured in the field's font).
    const measure = document.createElement('canvas').getContext('2d')!;
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder*="⟦"], textarea[placeholder*="⟦"]'))) {
      if (input.offsetParent === null || input.value) continue;
      const style = getComputedStyle(input);
      measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const width = measure.measureText(input.placeholder).width;
      if (width > room + 1)
        problems.push(`placeholder cut: "${input.placeholder.slice(0, 60)}" (${Math.round(width)} in ${Math.round(room)})`);
    }
    return problems;
  });
}

/** Each project runs these at its own size (desk 1366×768, tablet 1024×768, handhelds 412×915 and 360×740, touch). */
const EVERY_SIZE = { tag: ['@responsive', '@handheld', '@small'] };

test(
  `pseudo-localised screens at the project's size: no clipped text, nothing wider than the screen`,
  EVERY_SIZE,
  async ({ page, api, takeScreenshot }, testInfo) => {
    test.slow();
    const size = { name: testInfo.project.name };
    const problems: string[] = [];
    const check = async (state: string) => {
      for (const problem of await layoutProblems(page)) problems.push(`${state}: ${problem}`);
    };
    const seed = await seedReturnsCustomer(api, { orders: 1 });
    await servePseudo(page);
    await page.goto('/auth/login');
    await expect(page.locator('h1')).toContainText('⟦');
    await check('login');
    await takeScreenshot(page, `pseudo-${size.name}-login`);
    await page.locator('input[autocomplete="username"]').fill(seed.operator.username);
    await page.locator('input[autocomplete="current-password"]').fill(seed.operator.password);
    await page.locator('button[type="submit"]').click();
    await expect(page).not.toHaveURL(/\/auth\/login/);
    for (const path of ['/', '/history', '/parcels', '/dashboard']) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/$' : path}`));
      await expect(page.locator('main h1, main h2').first()).toContainText('⟦');
      // Tables scroll inside their own box: only the page itself must fit.
      await check(path);
      await takeScreenshot(page, `pseudo-${size.name}-${path === '/' ? 'receiving' : path.slice(1)}`);
    }
    // Issue 28: receiving with an order open, its band, scan bar and lines in the longer texts.
    await page.goto('/');
    await page.getByTestId('search-reference').fill(`HO-${seed.ref}-000`);
    await page.getByTestId('search-reference').press('Enter');
    await expect(page.getByTestId('order-line').first()).toBeVisible();
    await page.mouse.move(0, 0);
    await check('receiving with an order open');
    await takeScreenshot(page, `pseudo-${size.name}-receiving-order`);
    expect(problems, 'texts cut or wider than the screen').toEqual([]);
  },
);

/**
 * The states beyond the first screens, at each size: receiving with an order open and its summary,
 * History filtered, a return's view, the parcels page, and as the admin each admin screen
 * with its drawers. Every text (and placeholder) must fit, the closing bracket ⟧ in sight.
 */
test(
  `pseudo-localised states at the project's size: an order open, the summary, History filtered, admin drawers`,
  EVERY_SIZE,
  async ({ page, api, server, takeScreenshot }, testInfo) => {
    test.slow();
    test.setTimeout(300_000);
    const size = { name: testInfo.project.name };
    const seed = await seedReturnsCustomer(api, { orders: 1, canBlind: true });
    await submitBlindReturn(api, seed, 'PSEUDO-BLIND', seed.products[0]!.sku);
    await servePseudo(page);
    const problems: string[] = [];
    const check = async (state: string) => {
      await takeScreenshot(page, `pseudo-${size.name}-${state}`);
      for (const problem of await layoutProblems(page)) problems.push(`${state}: ${problem}`);
    };
    const signIn = async (username: string, password: string) => {
      await page.goto('/auth/login');
      await page.getByLabel(psName('Username', { exact: false })).fill(username);
      await page.getByLabel(psName('Password', { exact: false })).fill(password);
      await page.getByRole('button', { name: psName('Login') }).click();
      await expect(page.getByRole('button', { name: psName('User menu', { exact: false }) })).toBeVisible();
    };
    await signIn(seed.operator.username, seed.operator.password);

    // Receiving: an order open with a line saved, then the summary.
    await page.getByRole('combobox', { name: psName('Customer', { exact: false }) }).fill(seed.company.slice(0, 20));
    await page.getByRole('option', { name: seed.company }).click();
    await page.getByLabel(psName('Search Reference', { exact: false })).fill(`HO-${seed.ref}-000`);
    await page
      .getByRole('listitem')
      .filter({ hasText: `HO-${seed.ref}-000` })
      .first()
      .click();
    const line = page.getByTestId('order-line').first();
    await expect(line).toBeVisible();
    await line.getByRole('button', { name: psName('Save', { exact: false }) }).click();
    await expect(page.getByTestId('ledger-new')).toHaveCount(1);
    await check('receiving-order');
    await page.getByRole('button', { name: psName('Submit') }).click();
    const summary = page.getByRole('dialog', { name: psName('Return Processing Summary', { exact: false }) });
    await expect(summary).toBeVisible();
    await check('receiving-summary');
    await page.keyboard.press('Escape');
    await expect(summary).not.toBeAttached();

    // History with filters (chips), then a return's view.
    await page.goto('/history?filter[is_blind]=1&filter[from]=2026-11-01&filter[condition]=Pristine');
    await expect(page.getByText('PSEUDO-BLIND')).toBeVisible();
    await check('history-filtered');
    await page.goto('/history?filter[is_blind]=1');
    await page.getByRole('row').filter({ hasText: 'PSEUDO-BLIND' }).getByRole('link').first().click();
    await expect(page.getByTestId('return-timeline')).toBeVisible();
    await check('return-view');

    // The parcels page with its intake form (the form is on the page, not in a drawer).
    await page.goto('/parcels');
    await expect(page.locator('main h1, main h2').first()).toContainText('⟦');
    await check('parcels');

    // The admin: every admin screen, the user and customer drawers.
    await page.getByRole('button', { name: psName('User menu', { exact: false }) }).click();
    await page.getByRole('menuitem', { name: psName('Logout', { exact: false }) }).click();
    await signIn(server.admin.username, server.admin.password);
    for (const path of ['/admin/users', '/admin/customers', '/admin/systems', '/admin/tasks', '/admin/billing']) {
      await page.goto(path);
      await expect(page.locator('main h1, main h2').first()).toContainText('⟦');
      await page.waitForLoadState('networkidle');
      await check(path.slice(1).replace('/', '-'));
    }
    await page.goto('/admin/users');
    await page.getByRole('button', { name: psName('Add New User', { exact: false }) }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check('admin-user-drawer');
    await page.keyboard.press('Escape');
    await page.goto('/admin/customers');
    await page.getByTestId('customers-table').getByRole('row').filter({ hasText: seed.company }).getByRole('button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await check('admin-customer-drawer');

    expect(problems, 'texts cut or wider than the screen').toEqual([]);
  },
);
