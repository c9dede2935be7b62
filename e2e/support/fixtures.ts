// The spec's `test`: Playwright's, with the server under test and what specs need around it.
//   server      worker: base URL, data dir, admin account, screenshot folder (from global-setup.ts)
//   api         worker: API helpers bound to the server (users, customers, tokens, raw calls)
//   outbox      worker: the mails the server wrote (read, waitForMail)
//   errors      uncaught page errors of the test's page (a spec asserts there are none)
//   takeScreenshot  takeScreenshot(page, name) into the screenshot folder (E2E_SHOTS_DIR)
//   loginAsAdmin(page)
// Each test has its own context (own localStorage) with the base URL and its own client address.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { createApi, fakeClientAddress, type Api } from './api';
import { createOutbox, type Outbox } from './mail';
import { FAILED_MARKER } from './run-folder';
import { saveScreenshot } from './screenshots';
import { serverFromEnv, type E2EServer } from './server';
import { loginViaUi } from './ui';

interface WorkerFixtures {
  server: E2EServer;
  api: Api;
  outbox: Outbox;
}

interface TestFixtures {
  errors: string[];
  takeScreenshot: (page: Page, name: string) => Promise<string>;
  loginAsAdmin: (page: Page) => Promise<void>;
  keepRunFolderOnFailure: void;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Playwright reads a fixture's dependencies from its first parameter: `{}` is how one says "none".
  // eslint-disable-next-line no-empty-pattern
  server: [async ({}, use, workerInfo) => use(serverFromEnv(workerInfo.parallelIndex)), { scope: 'worker' }],
  api: [async ({ server }, use) => use(createApi(server)), { scope: 'worker' }],
  outbox: [async ({ server }, use) => use(createOutbox(server.dataDir)), { scope: 'worker' }],

  baseURL: async ({ server }, use) => use(server.baseUrl),
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use) => use({ 'X-Forwarded-For': fakeClientAddress() }),

  errors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await use(errors);
  },
  takeScreenshot: async ({ server }, use) => use((page, name) => saveScreenshot(page, server.shotsDir, name)),
  loginAsAdmin: async ({ server }, use) => use((page) => loginViaUi(page, server.admin.username, server.admin.password)),

  keepRunFolderOnFailure: [
    async ({ server }, use, testInfo) => {
      await use();
      if (testInfo.status !== testInfo.expectedStatus)
        writeFileSync(join(server.runDir, FAILED_MARKER), `${testInfo.titlePath.join(' › ')}\n`, { flag: 'a' });
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
