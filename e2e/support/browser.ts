// Chromium through playwright-core (Debian's /usr/bin/chromium; nothing is downloaded).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { fakeClientAddress } from './api';
import { e2eEnv } from './env';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // A fake camera (a moving test picture) and no permission prompt: the webcam photo of issue 16.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
}

let shared: Browser | undefined;
/** One browser per spec file: launched before its first test, closed after the last. */
export function useBrowser(): () => Browser {
  before(async () => {
    shared = await launchBrowser();
  });
  after(async () => {
    await shared?.close();
    shared = undefined;
  });
  return () => {
    if (!shared) throw new Error('the browser is not running (call useBrowser() at the top of the spec)');
    return shared;
  };
}

export interface E2EPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught page errors seen so far (a spec may assert there are none). */
  errors: string[];
}

/** A fresh context (own localStorage) with the base URL, a desktop viewport and its own client address. */
export async function openPage(browser: Browser, options: { width?: number; height?: number } = {}): Promise<E2EPage> {
  const context = await browser.newContext({
    baseURL: e2eEnv.baseUrl,
    viewport: { width: options.width ?? 1366, height: options.height ?? 850 },
    extraHTTPHeaders: { 'X-Forwarded-For': fakeClientAddress() },
    locale: 'en-US',
  });
  context.setDefaultTimeout(20_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, context, errors };
}

function fileName(name: string): string {
  return `${name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '')}.png`;
}

/** Full-page screenshot into the run's shots folder (E2E_SHOTS_DIR); returns the file path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(e2eEnv.shotsDir, { recursive: true });
  // A lazily loaded screen may still be arriving: wait (briefly) until its loader is gone and fonts settled.
  await page
    .locator('[data-page-loader]')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready).catch(() => undefined);
  // Opening transitions (a menu's fade) settled, so the shot shows what the user sees a moment later;
  // endless ones (loaders) do not count.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      {
        timeout: 1_000,
      },
    )
    .catch(() => undefined);
  const path = join(e2eEnv.shotsDir, fileName(name));
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * A test with its own browser context; on failure it saves `FAILED-<name>.png` before rethrowing.
 * Usage: `const browser = useBrowser(); e2eTest('logs in', browser, async ({ page }) => { ... });`
 */
export function e2eTest(name: string, browser: () => Browser, fn: (p: E2EPage) => Promise<void>, options: { timeout?: number } = {}): void {
  test(name, { timeout: options.timeout ?? 90_000 }, async () => {
    const p = await openPage(browser());
    try {
      await fn(p);
    } catch (error) {
      await screenshot(p.page, `FAILED-${name}`).catch(() => undefined);
      throw error;
    } finally {
      await p.context.close();
    }
  });
}
