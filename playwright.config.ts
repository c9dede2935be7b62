// The end-to-end tier (`npm run test:e2e`): @playwright/test with Debian's Chromium (nothing is
// downloaded), against the real server that e2e/support/global-setup.ts starts. See e2e/README.md.
import { defineConfig } from '@playwright/test';

/** STACK-NOTES pitfall 13, plus a fake camera without a permission prompt (the webcam photo of issue 16). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  // Two at once on two cores (a test mostly waits for its server or its browser, never both): each worker
  // has a server and a database of its own (global-setup.ts), as some specs change global settings.
  // Files are shared out between the workers; the tests of one file run in order in one of them.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 90_000,
  // The machines are shared and slow at times: an element may take a while, never a fixed time.
  expect: { timeout: 20_000 },
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    headless: true,
    locale: 'en-US',
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    // A failed test keeps its trace (DOM snapshots and the network); no screencast frames, which
    // cost every passing test CPU on two cores.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // The build's service worker (issue 28) would serve the app's files from its cache, past page.route
    // (auth.spec's failed chunk, pseudo-layout's build): only e2e/offline.spec.ts allows it.
    serviceWorkers: 'block',
  },
  projects: [
    // The receiving desks' screens: every spec.
    // (`@touch`: a check of the touch sizes only.)
    { name: 'desk', grepInvert: /@touch/, use: { viewport: { width: 1366, height: 768 } } },
    // Smaller screens run the tests tagged for them (`{ tag: '@responsive' }`).
    { name: 'tablet', grep: /@responsive/, use: { viewport: { width: 1024, height: 768 }, hasTouch: true } },
    // The handhelds (issue 28): 412 px runs the `@handheld` tests (the accessibility walks, layout.spec);
    // 360 px the `@small` ones (layout.spec: receiving and the screens around a return).
    { name: 'handheld', grep: /@handheld/, use: { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true } },
    { name: 'handheld-small', grep: /@small/, use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } },
  ],
});
