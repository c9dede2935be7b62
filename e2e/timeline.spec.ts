// Issue 6: the Return View timeline shows the outbound file task turning green once the worker has
// delivered the file. The first upload is made to fail (the H2O folder is blocked by a plain file),
// so the task is seen waiting for its retry (gray); the folder is then freed and the worker's own
// retry delivers the same file (green), with 'Msg #' on the header.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe } from 'node:test';
import { adminToken, apiCall, e2eEnv, e2eTest, loginViaUi, screenshot, useBrowser } from './support/index';
import { seedReturnsCustomer, submitOrderReturn } from './returns-seed';

const browser = useBrowser();

interface ViewTask {
  task_type: string;
  task_status: string;
  attempts_count: number;
}

async function setSetting(token: string, key: string, value: string) {
  const res = await apiCall('POST', '/su/settings', { token, body: { setting_key: key, setting_value: value } });
  assert.equal(res.code, 200, JSON.stringify(res));
}

describe('return view timeline', () => {
  e2eTest(
    'the outbound task turns green when the worker has delivered the file',
    browser,
    async ({ page, errors }) => {
      const seed = await seedReturnsCustomer({ orders: 1, prefix: 'Timeline Co' });
      const admin = await adminToken();
      const ftpRoot = join(e2eEnv.dataDir, 'ftp');
      const blocked = join(ftpRoot, `h2o-${seed.ref}`);
      mkdirSync(ftpRoot, { recursive: true });
      writeFileSync(blocked, 'a file where the upload folder should be');
      await setSetting(admin, 'BIZTALK_FTP_URL', pathToFileURL(ftpRoot).href);
      await setSetting(admin, 'H2O_CUSTOMER_ID', String(seed.customerId));
      await setSetting(admin, 'H2O_UPLOAD_DIR', `/h2o-${seed.ref}/returns`);

      const saved = await submitOrderReturn(seed, 0, 'TL-REF-1');
      const viewPath = `/returns/${saved.id}/order/${saved.orderId}`;
      // The first attempt fails and waits for its retry.
      for (let i = 0; ; i++) {
        const res = await apiCall<{ tasks: ViewTask[] }>('GET', viewPath, { token: seed.token });
        const task = res.message.tasks.find((t) => t.task_type === 'SGL Outbound');
        if (task && task.attempts_count >= 1 && task.task_status === 'Pending') break;
        assert.ok(i < 150, `the first attempt did not fail as planned: ${JSON.stringify(res.message.tasks)}`);
        await new Promise((r) => setTimeout(r, 200));
      }

      await loginViaUi(page, seed.operator.username, seed.operator.password);
      await page.goto(`/orders/${saved.orderId}/returns/${saved.id}`);
      await page.getByRole('heading', { name: 'Return View' }).waitFor();
      const item = page.getByTestId('timeline-task').first();
      await item.getByText('Biztalk File').waitFor();
      assert.equal(await item.getAttribute('data-color'), 'gray');
      await screenshot(page, 'timeline-01-waiting-for-retry');

      rmSync(blocked);
      // The worker retries by itself (30 s after the failure); the page shows it on the next load.
      let color: string | null = null;
      for (let i = 0; i < 45 && color !== 'green'; i++) {
        await new Promise((r) => setTimeout(r, 2000));
        await page.reload();
        await page.getByRole('heading', { name: 'Return View' }).waitFor();
        await page.getByTestId('timeline-task').first().waitFor();
        color = await page.getByTestId('timeline-task').first().getAttribute('data-color');
      }
      assert.equal(color, 'green');
      const msg = (await page.getByTestId('field-Msg #').innerText()).trim();
      assert.match(msg, /^\d+$/);
      await screenshot(page, 'timeline-02-delivered');

      const file = join(blocked, 'returns', `RET_${saved.id}_${msg}.xml`);
      assert.ok(existsSync(file), `${file} was not written`);
      const xml = readFileSync(file, 'utf8');
      assert.match(xml, new RegExp(`<MessageId>${msg}</MessageId>`));
      assert.match(xml, /<Receiver>E2E<\/Receiver>/);
      assert.match(xml, /<Reference1>TL-REF-1<\/Reference1>/);
      assert.deepEqual(errors, []);
    },
    { timeout: 180_000 },
  );
});
