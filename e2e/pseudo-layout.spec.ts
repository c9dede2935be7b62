// Issue 24: the pseudo-localised build (every text accented, 40% longer, in ⟦ ⟧) through the layout
// checks at the desk, tablet and handheld sizes: no clipped text, no page wider than the screen.
// The spec builds that SPA itself (VITE_PSEUDO=1) and serves its files to the browser in place of
// the server's own build; the API is the real server's.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './support/index';
import { seedReturnsCustomer } from './returns-seed';

const root = join(import.meta.dirname, '..');
let pseudoRoot = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  pseudoRoot = mkdtempSync(join(tmpdir(), 'returns-desk-pseudo-'));
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
    return problems;
  });
}

const SIZES = [
  { name: 'desk', width: 1366, height: 768 },
  { name: 'tablet', width: 1024, height: 768 },
  { name: 'handheld', width: 412, height: 915 },
] as const;

for (const size of SIZES) {
  test(`pseudo-localised screens at ${size.name} size: no clipped text, nothing wider than the screen`, async ({
    page,
    api,
    takeScreenshot,
  }) => {
    test.slow();
    await page.setViewportSize({ width: size.width, height: size.height });
    const seed = await seedReturnsCustomer(api, { orders: 1 });
    await servePseudo(page);
    await page.goto('/auth/login');
    await expect(page.locator('h1')).toContainText('⟦');
    expect(await layoutProblems(page), 'login').toEqual([]);
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
      expect(await layoutProblems(page), path).toEqual([]);
      await takeScreenshot(page, `pseudo-${size.name}-${path === '/' ? 'receiving' : path.slice(1)}`);
    }
  });
}
