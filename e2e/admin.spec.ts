// SPEC §2.10–§2.14: the back office from the browser, and an operator reaching none of it.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import {
  apiCall,
  adminToken,
  createOperator,
  e2eTest,
  loginAsAdmin,
  loginViaUi,
  logoutViaUi,
  screenshot,
  unique,
  useBrowser,
} from './support/index';

const browser = useBrowser();

describe('admin back office', () => {
  e2eTest(
    'add a customer with a reason and a connection, then a user linked to it who logs in and sees it',
    browser,
    async ({ page, errors }) => {
      const company = unique('Acme Returns');
      await loginAsAdmin(page);

      // Customer
      await page.goto('/admin/customers');
      await page.getByRole('heading', { name: 'List of Customers' }).waitFor();
      await page.getByRole('button', { name: 'Add New Customer' }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByRole('button', { name: 'Create Customer' }).click();
      await drawer.getByText('Company is required').waitFor();
      await screenshot(page, 'admin-customer-form-validation');
      await drawer.getByLabel('Company').fill(company);
      await drawer.getByLabel('Enable blind receiving').check();
      await drawer.getByLabel('Image base URL 1').fill('https://cdn.example.com/img/');
      await drawer.getByRole('button', { name: 'Create Customer' }).click();
      const row = page.getByTestId('customers-table').getByRole('row').filter({ hasText: company });
      await row.waitFor();
      assert.match(await row.innerText(), /No Reasons/);
      assert.match(await row.innerText(), /No Connections/);

      // Reason
      await row.getByRole('button', { name: `Options of ${company}` }).click();
      await drawer.getByRole('button', { name: 'Add Reason' }).click();
      await drawer.getByText('Code is required').waitFor();
      await drawer.getByText('Value is required').waitFor();
      await drawer.getByRole('textbox', { name: 'Code', exact: true }).fill('DMG');
      await drawer.getByRole('textbox', { name: 'Value', exact: true }).fill('Damaged in transit');
      await drawer.getByRole('button', { name: 'Add Reason' }).click();
      await drawer.getByTestId('options-table').getByText('Damaged in transit').waitFor();
      await screenshot(page, 'admin-customer-options');
      await page.keyboard.press('Escape');
      await row.getByText('1', { exact: true }).first().waitFor();

      // Connection with write-only secrets
      await row.getByRole('button', { name: `Connections of ${company}` }).click();
      await drawer.getByRole('button', { name: 'Add Connection' }).click();
      const form = drawer.getByTestId('connection-form');
      await form.getByRole('combobox', { name: 'Connection Type' }).click();
      await page.getByRole('option', { name: 'Biztalk Outbound Return' }).click();
      await form.getByLabel('Sender').fill('SGL');
      await form.getByLabel('Receiver').fill('ACME');
      await form.getByLabel('Endpoint').fill('ftp://127.0.0.1/out');
      await form.getByLabel('Username').fill('acme-ftp');
      await form.locator('input[aria-label="Password"]').fill('very-secret-pw');
      // The receiver opts into the format with dispositions and discrepancies (issue 16).
      await form.getByRole('combobox', { name: 'Format version' }).click();
      await page.getByRole('option', { name: /^2 — / }).click();
      await screenshot(page, 'admin-connection-form');
      await form.getByRole('button', { name: 'Add Connection' }).click();
      const connRow = drawer.getByTestId('connections-table').getByRole('row').filter({ hasText: 'Biztalk Outbound Return' });
      await connRow.waitFor();
      assert.match(await connRow.innerText(), /password set/i);
      assert.match(await connRow.innerText(), /token not set/i);
      assert.match(await connRow.innerText(), /\bv2\b/i);
      await connRow.getByRole('button', { name: /Edit connection/ }).click();
      await drawer.getByTestId('connection-form').getByText('set', { exact: true }).waitFor();
      assert.equal(await drawer.getByTestId('connection-form').locator('input[aria-label="Password"]').inputValue(), '');
      await screenshot(page, 'admin-connections-drawer');
      await page.keyboard.press('Escape');

      // The browser never received the secret.
      const customers = await apiCall('GET', '/su/customers', { token: await adminToken() });
      assert.doesNotMatch(JSON.stringify(customers), /very-secret-pw/);
      const customerId = (customers.message as { id: number; company: string }[]).find((c) => c.company === company)!.id;
      await screenshot(page, 'admin-customers');

      // User linked to the customer
      await page.goto('/admin/users');
      await page.getByRole('heading', { name: 'List of Users' }).waitFor();
      await page.getByRole('button', { name: 'Add New User' }).click();
      await drawer.getByRole('button', { name: 'Create User' }).click();
      for (const text of ['Name is required', 'Email is not valid', 'Username is required', 'New password is required']) {
        await drawer.getByText(text, { exact: true }).waitFor();
      }
      await screenshot(page, 'admin-user-form-validation');
      const username = unique('linked');
      await drawer.getByRole('textbox', { name: 'Name', exact: true }).fill('Lena Linked');
      await drawer.getByRole('textbox', { name: 'Email', exact: true }).fill(`${username}@example.com`);
      await drawer.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
      await drawer.locator('input[data-path="password"]').fill('Linked-pass-1');
      await drawer.locator('input[data-path="pass_confirmed"]').fill('Linked-pass-2');
      await drawer.getByRole('button', { name: 'Create User' }).click();
      await drawer.getByText('Passwords must match').waitFor();
      await drawer.locator('input[data-path="pass_confirmed"]').fill('Linked-pass-1');
      await drawer.getByRole('combobox', { name: 'Customers' }).click();
      await page.getByRole('option', { name: company }).click();
      // Close the customers dropdown by moving the focus away.
      await drawer.getByRole('textbox', { name: 'Name', exact: true }).click();
      await drawer.getByRole('button', { name: 'Create User' }).click();
      const userRow = page.getByTestId('users-table').getByRole('row').filter({ hasText: username });
      await userRow.waitFor();
      assert.match(await userRow.innerText(), new RegExp(company));
      assert.match(await userRow.innerText(), /Active/i);

      // Edit shows the audit trail of the record.
      await userRow.getByRole('button', { name: `Edit ${username}` }).click();
      await drawer.getByRole('button', { name: /Audit trail/ }).click();
      await drawer.getByTestId('audit-trail').getByText('create').waitFor();
      await screenshot(page, 'admin-user-drawer');
      await page.keyboard.press('Escape');
      await screenshot(page, 'admin-users');

      await logoutViaUi(page);
      await loginViaUi(page, username, 'Linked-pass-1');
      const me = await page.evaluate(async () => {
        const res = await fetch('/api/account/token', {
          method: 'POST',
          headers: { Authorization: `Bearer ${localStorage.getItem('returns-desk.token')}` },
        });
        const body = (await res.json()) as { message: { token: string; expire: string; customers: { id: number }[] } };
        localStorage.setItem('returns-desk.token', body.message.token);
        return body.message.customers.map((c) => c.id);
      });
      assert.deepEqual(me, [customerId]);
      assert.deepEqual(errors, []);
    },
    { timeout: 120_000 },
  );

  e2eTest('change a setting on blur, with the write-only FTP password', browser, async ({ page, errors }) => {
    await loginAsAdmin(page);
    await page.goto('/admin/systems');
    await page.getByRole('heading', { name: 'System Settings' }).waitFor();
    const dir = page.getByLabel('BIZTALK_OUTBOUND_DIR');
    await dir.fill(`/outbound/${unique('dir')}`);
    const expected = await dir.inputValue();
    await dir.press('Tab');
    await page.locator('[data-signal="saved"]').first().waitFor();
    const pw = page.getByLabel('BIZTALK_FTP_PASSWORD');
    await pw.fill('ftp-secret-e2e');
    await pw.press('Tab');
    await page.getByTestId('ftp-password-state').getByText('A password is set.').waitFor();
    assert.equal(await pw.inputValue(), '');
    await screenshot(page, 'admin-systems');
    const counter = page.getByLabel('BIZTALK_MESSAGE_ID_COUNTER');
    await counter.fill('-5');
    await counter.press('Tab');
    await page.locator('[data-signal="failed"]').first().waitFor();
    await screenshot(page, 'admin-systems-failed');

    const settings = await apiCall<{ setting_key: string; setting_value: string }[]>('GET', '/su/settings', { token: await adminToken() });
    assert.equal(settings.message.find((s) => s.setting_key === 'BIZTALK_OUTBOUND_DIR')!.setting_value, expected);
    assert.doesNotMatch(JSON.stringify(settings), /ftp-secret-e2e/);
    assert.deepEqual(errors, []);
  });

  e2eTest('a setting with a wrong value is cleared on purpose; the counter cannot be', browser, async ({ page, errors }) => {
    await loginAsAdmin(page);
    await page.goto('/admin/systems');
    const dir = page.getByLabel('H2O_UPLOAD_DIR');
    await dir.fill(`/wrong/${unique('dir')}`);
    await dir.press('Tab');
    await page.locator('[data-signal="saved"]').first().waitFor();
    // A blur never saves an empty field (SPEC §2.13): emptying it and leaving keeps the stored value.
    await dir.fill('');
    await dir.press('Tab');
    const stored = async () =>
      (await apiCall<{ setting_key: string; setting_value: string }[]>('GET', '/su/settings', { token: await adminToken() })).message.find(
        (s) => s.setting_key === 'H2O_UPLOAD_DIR',
      )!.setting_value;
    assert.match(await stored(), /^\/wrong\//);
    await page.reload();
    await page.getByRole('button', { name: 'Clear H2O_UPLOAD_DIR' }).click();
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Setting cleared' }).first().waitFor();
    assert.equal(await dir.inputValue(), '');
    assert.equal(await stored(), '');
    assert.equal(await page.getByRole('button', { name: 'Clear H2O_UPLOAD_DIR' }).isDisabled(), true);
    assert.equal(await page.getByRole('button', { name: 'Clear BIZTALK_MESSAGE_ID_COUNTER' }).count(), 0);
    await screenshot(page, 'admin-systems-cleared');
    assert.deepEqual(errors, []);
  });

  e2eTest('filter the task list and open a task; the admin edits it', browser, async ({ page, errors }) => {
    // A Mail task of our own: the forgotten-password mail of a fresh operator.
    const operator = await createOperator();
    await apiCall('POST', '/auth/forget-password', { body: { username: operator.username, email: operator.email } });
    // Wait until the worker has sent it, so the Task Action form (not the Queued notice) shows first.
    const token = await adminToken();
    for (let i = 0; i < 100; i++) {
      const res = await apiCall<{ data: { task_status: string }[] }>('GET', `/su/tasks?message_1=${operator.username}`, { token });
      if (res.message.data[0]?.task_status === 'Success') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await loginAsAdmin(page);
    await page.goto('/admin/tasks');
    await page.getByRole('heading', { name: 'System Task Status' }).waitFor();
    await page.getByLabel('Message 1').fill(operator.username);
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Mail' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/task_type=Mail/);
    assert.doesNotMatch(page.url(), /task_status/);
    const row = page
      .getByTestId('tasks-table')
      .getByRole('row')
      .filter({ hasText: `Password reset for ${operator.username}` });
    await row.waitFor();
    // The filtered answer replaces the first, unfiltered page: wait for the header plus our one task.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="tasks-table"] tbody tr').length === 1);
    await screenshot(page, 'admin-tasks');

    await row.getByRole('button', { name: /Detail of task/ }).click();
    const modal = page.getByTestId('task-detail');
    await modal.getByTestId('json-tree').waitFor();
    await modal.getByText('Task Logs').waitFor();
    await screenshot(page, 'admin-task-detail');
    await modal.getByLabel('Message 2').fill('checked by e2e');
    await modal.getByRole('button', { name: 'Save' }).click();
    await page.locator('.mantine-Notification-root').filter({ hasText: 'Task updated' }).first().waitFor();
    await modal.getByText('admin update').first().waitFor();
    await screenshot(page, 'admin-task-detail-saved');

    // Back to Pending with attempts under 3 and not running: the form gives way to the Queued notice.
    await modal.getByRole('combobox', { name: 'Task Status' }).click();
    await page.getByRole('option', { name: 'Pending' }).click();
    await modal.getByLabel('Attempts').fill('1');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.getByText('Queued', { exact: true }).waitFor();
    assert.equal(await modal.getByRole('button', { name: 'Save' }).count(), 0);
    await screenshot(page, 'admin-task-detail-queued');
    assert.deepEqual(errors, []);
  });

  e2eTest('a return file of an outbound task downloads through a short-lived link', browser, async ({ page, errors }) => {
    // A blind return for the demo customer with a BizTalk outbound connection makes an SGL Outbound
    // task; its handler stores the file even when the FTP upload fails.
    const token = await adminToken();
    const customers = await apiCall<{ id: number; company: string; options: { option_code: string }[] }[]>('GET', '/su/customers', {
      token,
    });
    const northwind = customers.message.find((c) => c.company === 'Northwind Apparel')!;
    const products = await apiCall<{ id: number }[]>('PUT', `/returns/products/${northwind.id}`, { token, body: { search: 'NW-TSHIRT' } });
    const reference = unique('FILE');
    const saved = await apiCall('PUT', `/returns/blind/${northwind.id}`, {
      token,
      body: {
        reference_1: reference,
        return_date: new Date().toISOString().slice(0, 10),
        is_blind: true,
        return_ledgers: [
          { product_id: products.message[0]!.id, quantity: 1, condition: 'Pristine', reason: northwind.options[0]!.option_code },
        ],
      },
    });
    assert.equal(saved.code, 200, JSON.stringify(saved));
    const returnId = (saved.message as { id: number }).id;
    let taskId = 0;
    for (let i = 0; i < 150 && !taskId; i++) {
      const res = await apiCall<{ data: { id: number; has_file: boolean; task_type: string }[] }>(
        'GET',
        `/su/tasks?message_1=${encodeURIComponent(`Return #${returnId}`)}`,
        { token },
      );
      taskId = res.message.data.find((t) => t.has_file && t.task_type === 'SGL Outbound')?.id ?? 0;
      if (!taskId) await new Promise((r) => setTimeout(r, 200));
    }
    assert.ok(taskId, 'the SGL Outbound task stored a file');

    await loginAsAdmin(page);
    await page.goto(`/admin/tasks?page=1&message_1=${encodeURIComponent(`Return #${returnId}`)}&task_type=SGL+Outbound`);
    const row = page
      .getByTestId('tasks-table')
      .getByRole('row')
      .filter({ hasText: `Return #${returnId}` });
    await row.getByRole('button', { name: `Detail of task ${taskId}`, exact: true }).click();
    const modal = page.getByTestId('task-detail');
    const download = page.waitForEvent('download');
    await modal.getByRole('button', { name: 'download file' }).click();
    const file = await download;
    assert.match(file.suggestedFilename(), /\S/);
    const path = await file.path();
    const { readFileSync } = await import('node:fs');
    assert.match(readFileSync(path, 'utf8'), /\S/);
    await screenshot(page, 'admin-task-detail-file');
    assert.deepEqual(errors, []);
  });

  e2eTest('an operator reaches none of the back office', browser, async ({ page }) => {
    const operator = await createOperator();
    await loginViaUi(page, operator.username, operator.password);
    for (const path of ['/admin/users', '/admin/customers', '/admin/systems', '/admin/tasks']) {
      await page.goto(path);
      await page.getByText('This page is for admin users only.').waitFor();
    }
    await screenshot(page, 'admin-operator-refused');
    const token = await page.evaluate(() => localStorage.getItem('returns-desk.token'));
    const res = await apiCall('GET', '/su/users', { token: token! });
    assert.equal(res.code, 403);
  });
});
