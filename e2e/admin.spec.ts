// SPEC §2.10–§2.14: the back office from the browser, and an operator reaching none of it.
import { test, expect, unique, loginViaUi, logoutViaUi } from './support/index';

test.describe('admin back office', () => {
  test('add a customer with a reason and a connection, then a user linked to it who logs in and sees it', async ({
    page,
    errors,
    api,
    takeScreenshot,
    loginAsAdmin,
  }) => {
    test.slow();
    const company = unique('Acme Returns');
    await loginAsAdmin(page);

    // Customer
    await page.goto('/admin/customers');
    await expect(page.getByRole('heading', { name: 'List of Customers' })).toBeVisible();
    await page.getByRole('button', { name: 'Add New Customer' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Create Customer' }).click();
    await expect(drawer.getByText('Company is required')).toBeVisible();
    await takeScreenshot(page, 'admin-customer-form-validation');
    await drawer.getByLabel('Company').fill(company);
    await drawer.getByLabel('Enable blind receiving').check();
    await drawer.getByLabel('Image base URL 1').fill('https://cdn.example.com/img/');
    await drawer.getByRole('button', { name: 'Create Customer' }).click();
    const row = page.getByTestId('customers-table').getByRole('row').filter({ hasText: company });
    await expect(row).toBeVisible();
    await expect(row).toHaveText(/No Reasons/, { useInnerText: true });
    await expect(row).toHaveText(/No Connections/, { useInnerText: true });

    // Reason
    await row.getByRole('button', { name: `Options of ${company}` }).click();
    await drawer.getByRole('button', { name: 'Add Reason' }).click();
    await expect(drawer.getByText('Code is required')).toBeVisible();
    await expect(drawer.getByText('Value is required')).toBeVisible();
    await drawer.getByRole('textbox', { name: 'Code', exact: true }).fill('DMG');
    await drawer.getByRole('textbox', { name: 'Value', exact: true }).fill('Damaged in transit');
    await drawer.getByRole('button', { name: 'Add Reason' }).click();
    await expect(drawer.getByTestId('options-table').getByText('Damaged in transit')).toBeVisible();
    await takeScreenshot(page, 'admin-customer-options');
    await page.keyboard.press('Escape');
    await expect(row.getByText('1', { exact: true }).first()).toBeVisible();

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
    await takeScreenshot(page, 'admin-connection-form');
    await form.getByRole('button', { name: 'Add Connection' }).click();
    const connRow = drawer.getByTestId('connections-table').getByRole('row').filter({ hasText: 'Biztalk Outbound Return' });
    await expect(connRow).toBeVisible();
    await expect(connRow).toHaveText(/password set/i, { useInnerText: true });
    await expect(connRow).toHaveText(/token not set/i, { useInnerText: true });
    await expect(connRow).toHaveText(/\bv2\b/i, { useInnerText: true });
    await connRow.getByRole('button', { name: /Edit connection/ }).click();
    await expect(drawer.getByTestId('connection-form').getByText('set', { exact: true })).toBeVisible();
    await expect(drawer.getByTestId('connection-form').locator('input[aria-label="Password"]')).toHaveValue('');
    await takeScreenshot(page, 'admin-connections-drawer');
    await page.keyboard.press('Escape');

    // The browser never received the secret.
    const customers = await api.call('GET', '/su/customers', { token: await api.adminToken() });
    expect(JSON.stringify(customers)).not.toMatch(/very-secret-pw/);
    const customerId = (customers.message as { id: number; company: string }[]).find((c) => c.company === company)!.id;
    await takeScreenshot(page, 'admin-customers');

    // User linked to the customer
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'List of Users' })).toBeVisible();
    await page.getByRole('button', { name: 'Add New User' }).click();
    await drawer.getByRole('button', { name: 'Create User' }).click();
    for (const text of ['Name is required', 'Email is not valid', 'Username is required', 'New password is required']) {
      await expect(drawer.getByText(text, { exact: true })).toBeVisible();
    }
    await takeScreenshot(page, 'admin-user-form-validation');
    const username = unique('linked');
    await drawer.getByRole('textbox', { name: 'Name', exact: true }).fill('Lena Linked');
    await drawer.getByRole('textbox', { name: 'Email', exact: true }).fill(`${username}@example.com`);
    await drawer.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
    await drawer.locator('input[data-path="password"]').fill('Linked-pass-1');
    await drawer.locator('input[data-path="pass_confirmed"]').fill('Linked-pass-2');
    await drawer.getByRole('button', { name: 'Create User' }).click();
    await expect(drawer.getByText('Passwords must match')).toBeVisible();
    await drawer.locator('input[data-path="pass_confirmed"]').fill('Linked-pass-1');
    await drawer.getByRole('combobox', { name: 'Customers' }).click();
    await page.getByRole('option', { name: company }).click();
    // Close the customers dropdown by moving the focus away.
    await drawer.getByRole('textbox', { name: 'Name', exact: true }).click();
    await drawer.getByRole('button', { name: 'Create User' }).click();
    const userRow = page.getByTestId('users-table').getByRole('row').filter({ hasText: username });
    await expect(userRow).toBeVisible();
    await expect(userRow).toHaveText(new RegExp(company), { useInnerText: true });
    await expect(userRow).toHaveText(/Active/i, { useInnerText: true });

    // Edit shows the audit trail of the record.
    await userRow.getByRole('button', { name: `Edit ${username}` }).click();
    await drawer.getByRole('button', { name: /Audit trail/ }).click();
    await expect(drawer.getByTestId('audit-trail').getByText('create')).toBeVisible();
    await takeScreenshot(page, 'admin-user-drawer');
    await page.keyboard.press('Escape');
    await takeScreenshot(page, 'admin-users');

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
    expect(me).toEqual([customerId]);
    expect(errors).toEqual([]);
  });

  test('change a setting on blur, with the write-only FTP password', async ({ page, errors, api, takeScreenshot, loginAsAdmin }) => {
    await loginAsAdmin(page);
    await page.goto('/admin/systems');
    await expect(page.getByRole('heading', { name: 'System Settings' })).toBeVisible();
    const dir = page.getByLabel('BIZTALK_OUTBOUND_DIR');
    await dir.fill(`/outbound/${unique('dir')}`);
    const expected = await dir.inputValue();
    await dir.press('Tab');
    await expect(page.locator('[data-signal="saved"]').first()).toBeVisible();
    // Confirmed visibly, naming the setting (issue 28).
    await expect(
      page.locator('.mantine-Notification-root').filter({ hasText: 'Setting saved' }).filter({ hasText: 'BIZTALK_OUTBOUND_DIR' }),
    ).toBeVisible();
    const pw = page.getByLabel('BIZTALK_FTP_PASSWORD');
    await pw.fill('ftp-secret-e2e');
    await pw.press('Tab');
    await expect(page.getByTestId('ftp-password-state').getByText('A password is set.')).toBeVisible();
    await expect(pw).toHaveValue('');
    await takeScreenshot(page, 'admin-systems');
    const counter = page.getByLabel('BIZTALK_MESSAGE_ID_COUNTER');
    await counter.fill('-5');
    await counter.press('Tab');
    await expect(page.locator('[data-signal="failed"]').first()).toBeVisible();
    await takeScreenshot(page, 'admin-systems-failed');

    const settings = await api.call<{ setting_key: string; setting_value: string }[]>('GET', '/su/settings', {
      token: await api.adminToken(),
    });
    expect(settings.message.find((s) => s.setting_key === 'BIZTALK_OUTBOUND_DIR')!.setting_value).toBe(expected);
    expect(JSON.stringify(settings)).not.toMatch(/ftp-secret-e2e/);
    expect(errors).toEqual([]);
  });

  test('a setting with a wrong value is cleared on purpose; the counter cannot be', async ({
    page,
    errors,
    api,
    takeScreenshot,
    loginAsAdmin,
  }) => {
    await loginAsAdmin(page);
    await page.goto('/admin/systems');
    const dir = page.getByLabel('H2O_UPLOAD_DIR');
    await dir.fill(`/wrong/${unique('dir')}`);
    await dir.press('Tab');
    await expect(page.locator('[data-signal="saved"]').first()).toBeVisible();
    // A blur never saves an empty field (SPEC §2.13): emptying it and leaving keeps the stored value.
    await dir.fill('');
    await dir.press('Tab');
    const stored = async () =>
      (
        await api.call<{ setting_key: string; setting_value: string }[]>('GET', '/su/settings', { token: await api.adminToken() })
      ).message.find((s) => s.setting_key === 'H2O_UPLOAD_DIR')!.setting_value;
    expect(await stored()).toMatch(/^\/wrong\//);
    await page.reload();
    await page.getByRole('button', { name: 'Clear H2O_UPLOAD_DIR' }).click();
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Setting cleared' }).first()).toBeVisible();
    await expect(dir).toHaveValue('');
    expect(await stored()).toBe('');
    await expect(page.getByRole('button', { name: 'Clear H2O_UPLOAD_DIR' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Clear BIZTALK_MESSAGE_ID_COUNTER' })).toHaveCount(0);
    await takeScreenshot(page, 'admin-systems-cleared');
    expect(errors).toEqual([]);
  });

  test('filter the task list and open a task; the admin edits it', async ({ page, errors, api, takeScreenshot, loginAsAdmin }) => {
    // A Mail task of our own: the forgotten-password mail of a fresh operator.
    const operator = await api.createOperator();
    await api.call('POST', '/auth/forget-password', { body: { username: operator.username, email: operator.email } });
    // Wait until the worker has sent it, so the Task Action form (not the Queued notice) shows first.
    const token = await api.adminToken();
    await expect
      .poll(async () => {
        const res = await api.call<{ data: { task_status: string }[] }>('GET', `/su/tasks?message_1=${operator.username}`, { token });
        return res.message.data[0]?.task_status;
      })
      .toBe('Success');
    await loginAsAdmin(page);
    await page.goto('/admin/tasks');
    await expect(page.getByRole('heading', { name: 'System Task Status' })).toBeVisible();
    await page.getByLabel('Message 1').fill(operator.username);
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Mail' }).click();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/task_type=Mail/);
    await expect(page).not.toHaveURL(/task_status/);
    const row = page
      .getByTestId('tasks-table')
      .getByRole('row')
      .filter({ hasText: `Password reset for ${operator.username}` });
    await expect(row).toBeVisible();
    // The filtered answer replaces the first, unfiltered page: wait for the header plus our one task.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="tasks-table"] tbody tr').length === 1);
    await takeScreenshot(page, 'admin-tasks');

    await row.getByRole('button', { name: /Detail of task/ }).click();
    const modal = page.getByTestId('task-detail');
    await expect(modal.getByTestId('json-tree')).toBeVisible();
    await expect(modal.getByText('Task Logs')).toBeVisible();
    await takeScreenshot(page, 'admin-task-detail');
    await modal.getByLabel('Message 2').fill('checked by e2e');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Task updated' }).first()).toBeVisible();
    await expect(modal.getByText('admin update').first()).toBeVisible();
    await takeScreenshot(page, 'admin-task-detail-saved');

    // Back to Pending with attempts under 3 and not running: the form gives way to the Queued notice.
    await modal.getByRole('combobox', { name: 'Task Status' }).click();
    await page.getByRole('option', { name: 'Pending' }).click();
    await modal.getByLabel('Attempts').fill('1');
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(modal.getByText('Queued', { exact: true })).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await takeScreenshot(page, 'admin-task-detail-queued');
    expect(errors).toEqual([]);
  });

  test('a return file of an outbound task downloads through a short-lived link', async ({
    page,
    errors,
    api,
    takeScreenshot,
    loginAsAdmin,
  }) => {
    // A blind return for the demo customer with a BizTalk outbound connection makes an SGL Outbound
    // task; its handler stores the file even when the FTP upload fails.
    const token = await api.adminToken();
    const customers = await api.call<{ id: number; company: string; options: { option_code: string }[] }[]>('GET', '/su/customers', {
      token,
    });
    const northwind = customers.message.find((c) => c.company === 'Northwind Apparel')!;
    const products = await api.call<{ id: number }[]>('PUT', `/returns/products/${northwind.id}`, { token, body: { search: 'NW-TSHIRT' } });
    const reference = unique('FILE');
    const saved = await api.call('PUT', `/returns/blind/${northwind.id}`, {
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
    expect(saved.code, JSON.stringify(saved)).toBe(200);
    const returnId = (saved.message as { id: number }).id;
    let taskId = 0;
    await expect
      .poll(
        async () => {
          const res = await api.call<{ data: { id: number; has_file: boolean; task_type: string }[] }>(
            'GET',
            `/su/tasks?message_1=${encodeURIComponent(`Return #${returnId}`)}`,
            { token },
          );
          taskId = res.message.data.find((t) => t.has_file && t.task_type === 'SGL Outbound')?.id ?? 0;
          return taskId;
        },
        { message: 'the SGL Outbound task stored a file', timeout: 30_000 },
      )
      .toBeGreaterThan(0);

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
    expect(file.suggestedFilename()).toMatch(/\S/);
    const path = await file.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(path, 'utf8')).toMatch(/\S/);
    await takeScreenshot(page, 'admin-task-detail-file');
    expect(errors).toEqual([]);
  });

  test('an operator reaches none of the back office', async ({ page, api, takeScreenshot }) => {
    const operator = await api.createOperator();
    await loginViaUi(page, operator.username, operator.password);
    for (const path of ['/admin/users', '/admin/customers', '/admin/systems', '/admin/tasks']) {
      await page.goto(path);
      await expect(page.getByText('This page is for admin users only.')).toBeVisible();
    }
    await takeScreenshot(page, 'admin-operator-refused');
    const token = await page.evaluate(() => localStorage.getItem('returns-desk.token'));
    const res = await api.call('GET', '/su/users', { token: token! });
    expect(res.code).toBe(403);
  });
});
