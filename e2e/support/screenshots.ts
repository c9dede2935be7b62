// Screenshots of the screens a spec reaches, into E2E_SHOTS_DIR (for people to look at; nothing
// compares them). Specs call the `screenshot` fixture (fixtures.ts); Playwright itself adds a
// screenshot and a trace to a failing test's results.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

function fileName(name: string): string {
  return `${name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '')}.png`;
}

/**
 * Opening transitions (a menu's fade) have settled, so a shot or a check sees what the user sees a
 * moment later; endless animations (loaders) do not count. Waits up to `timeout` ms, then goes on.
 */
export async function transitionsSettled(page: Page, timeout = 1_000): Promise<void> {
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout },
    )
    .catch(() => undefined);
}

/**
 * Screenshot `<dir>/<name>.png` (the whole page at the desk and tablet sizes, the screen on a handheld);
 * returns the file path. A full-page shot resizes the viewport for a moment: on a mobile viewport that
 * moved an open menu while the page re-fitted itself, and the next tap waited for it in vain.
 */
export async function saveScreenshot(page: Page, dir: string, name: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  // A lazily loaded screen may still be arriving: wait (briefly) until its loader is gone and fonts settled.
  await page
    .locator('[data-page-loader]')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready).catch(() => undefined);
  await transitionsSettled(page);
  const path = join(dir, fileName(name));
  const mobile = await page.evaluate(() => window.matchMedia('(max-width: 600px)').matches);
  await page.screenshot({ path, fullPage: !mobile });
  return path;
}
