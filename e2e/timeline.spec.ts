// Issue 6: the Return View timeline shows the outbound file task turning green once the worker has
// delivered the file. The first upload is made to fail (the H2O folder is blocked by a plain file),
// so the task is seen waiting for its retry (gray); the folder is then freed, an admin asks for the
// retry now instead of after the 30 s back-off (Task Action: Pending again, which makes it due at
// once), and the worker's retry delivers the same file: green on the view's next poll (the page's
// clock is moved to it), with 'Msg #' on the header.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test, expect, loginViaUi, type Api } from './support/index';
import { returnTasks, seedReturnsCustomer, submitOrderReturn } from './returns-seed';
import { TIMELINE_POLL_MS } from '../src/web/lib/polling';

async function setSetting(api: Api, token: string, key: string, value: string) {
  const res = await api.call('POST', '/su/settings', { token, body: { setting_key: key, setting_value: value } });
  expect(res.code, JSON.stringify(res)).toBe(200);
}

test.describe('return view timeline', () => {
  test('the outbound task turns green when the worker has delivered the file', async ({ page, errors, api, server, takeScreenshot }) => {
    test.slow();
    const seed = await seedReturnsCustomer(api, { orders: 1, prefix: 'Timeline Co' });
    const admin = await api.adminToken();
    const ftpRoot = join(server.dataDir, 'ftp');
    const blocked = join(ftpRoot, `h2o-${seed.ref}`);
    mkdirSync(ftpRoot, { recursive: true });
    writeFileSync(blocked, 'a file where the upload folder should be');
    await setSetting(api, admin, 'BIZTALK_FTP_URL', pathToFileURL(ftpRoot).href);
    await setSetting(api, admin, 'H2O_CUSTOMER_ID', String(seed.customerId));
    await setSetting(api, admin, 'H2O_UPLOAD_DIR', `/h2o-${seed.ref}/returns`);

    const saved = await submitOrderReturn(api, seed, 0, 'TL-REF-1');
    // The first attempt fails and waits for its retry.
    const outbound = async () => (await returnTasks(api, seed.token, saved.id, saved.orderId)).find((t) => t.task_type === 'SGL Outbound');
    await expect
      .poll(
        async () => {
          const task = await outbound();
          return task && { failedOnce: task.attempts_count >= 1, status: task.task_status };
        },
        { message: 'the first attempt fails as planned' },
      )
      .toEqual({ failedOnce: true, status: 'Pending' });

    await loginViaUi(page, seed.operator.username, seed.operator.password);
    await page.clock.install();
    await page.goto(`/orders/${saved.orderId}/returns/${saved.id}`);
    await expect(page.getByRole('heading', { name: 'Return View' })).toBeVisible();
    const item = page.getByTestId('timeline-task').first();
    await expect(item.getByText('Biztalk File')).toBeVisible();
    await expect(item).toHaveAttribute('data-color', 'gray');
    await takeScreenshot(page, 'timeline-01-waiting-for-retry');

    rmSync(blocked);
    const task = (await outbound())!;
    const retry = await api.call('PUT', `/su/tasks/${task.id}`, {
      token: admin,
      body: { message_2: 'upload folder freed: retry now', is_running: false, task_status: 'Pending', attempts_count: task.attempts_count },
    });
    expect(retry.code, JSON.stringify(retry)).toBe(200);
    await expect.poll(async () => (await outbound())?.task_status, { message: 'the retry delivers the file' }).toBe('Success');
    // The view reads the return again every TIMELINE_POLL_MS while a task is Pending: its clock moves there.
    await page.clock.runFor(TIMELINE_POLL_MS);
    await expect(item).toHaveAttribute('data-color', 'green');
    const msg = (await page.getByTestId('field-Msg #').innerText()).trim();
    expect(msg).toMatch(/^\d+$/);
    await takeScreenshot(page, 'timeline-02-delivered');

    const file = join(blocked, 'returns', `RET_${saved.id}_${msg}.xml`);
    expect(existsSync(file), `${file} was not written`).toBeTruthy();
    const xml = readFileSync(file, 'utf8');
    expect(xml).toMatch(new RegExp(`<MessageId>${msg}</MessageId>`));
    expect(xml).toMatch(/<Receiver>E2E<\/Receiver>/);
    expect(xml).toMatch(/<Reference1>TL-REF-1<\/Reference1>/);
    expect(errors).toEqual([]);
  });
});
