// Issue 24: an admin walks every admin screen in German, Dutch, Polish and Spanish: Users with the
// user drawer and its messages; Customers with every drawer (edit, options and reasons, connections,
// reports and billing with schedules, integrations, rules) and every tab of each (Rules, Grades, File,
// Decisions; Webhooks, API keys, Expected) with the customer's audit trail open on a change of its
// fields; System settings; the task monitor with a task's log;
// Billing; a return's correction dialog. No English (support/english-text.ts) on any of them.
import { test, expect } from './support/index';
import { SWEEP_LOCALES, sweepCatalogue, sweepRecorder } from './support/english-text';
import { expectReturnTasks, seedReturnsCustomer, submitOrderReturn } from './returns-seed';

for (const locale of SWEEP_LOCALES) {
  test.describe(`admin screens in ${locale}`, () => {
    test.use({ locale });

    test(`${locale}: the admin's screens and drawers show no English`, async ({ page, api, server, takeScreenshot, errors }) => {
      test.slow();
      test.setTimeout(300_000);
      const { tr } = sweepCatalogue(locale);
      const seed = await seedReturnsCustomer(api, { orders: 1, canBlind: true, prefix: 'Sweep Admin' });
      const saved = await submitOrderReturn(api, seed, 0, `SWEEP-A-${locale}`);
      await expectReturnTasks(api, seed.token, saved.id, saved.orderId, 'settled');
      // A change of the customer's fields, so its audit trail has an entry with field names to show.
      const changed = await api.call('PUT', `/su/customers/${seed.customerId}`, {
        token: await api.adminToken(),
        body: { company: seed.company, can_blind: false, order_source: 'Biztalk', customer_status: 'Active' },
      });
      expect(changed.code).toBe(200);
      const { look, leaks } = sweepRecorder(page, locale, takeScreenshot, [seed.company, ...seed.products.map((p) => p.name_1)]);

      await page.goto('/auth/login');
      await page.getByLabel(tr('Username')).fill(server.admin.username);
      await page.getByLabel(tr('Password'), { exact: true }).fill(server.admin.password);
      await page.getByRole('button', { name: tr('Login') }).click();
      await expect(page.getByRole('button', { name: tr('User menu') })).toBeVisible();

      // Users: the list, the new user's drawer with the messages of an empty form.
      await page.goto('/admin/users');
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      await look('admin-users');
      await page.getByRole('button', { name: tr('Add New User') }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: tr('Create User') })
        .click();
      await expect(page.getByRole('dialog').getByText(tr('Name is required'), { exact: true })).toBeVisible();
      await look('admin-user-drawer');
      await page.keyboard.press('Escape');

      // Customers: every action of the seeded customer's row, and every tab of its drawer.
      await page.goto('/admin/customers');
      const row = page.getByTestId('customers-table').getByRole('row').filter({ hasText: seed.company });
      await expect(row).toBeVisible();
      await look('admin-customers');
      const actions = await row.getByRole('button').count();
      expect(actions).toBeGreaterThanOrEqual(6);
      for (let a = 0; a < actions; a++) {
        await row.getByRole('button').nth(a).click();
        const drawer = page.getByRole('dialog');
        await expect(drawer).toBeVisible();
        await page.waitForLoadState('networkidle');
        const tabs = drawer.getByRole('tab');
        const tabCount = await tabs.count();
        // The customer's form: its audit trail opened on the change of its fields.
        const trail = drawer.getByRole('button', { name: new RegExp(`^${tr('Audit trail')}`) });
        if (await trail.count()) {
          await trail.click();
          await expect(drawer.getByTestId('audit-trail').getByRole('cell').first()).toBeVisible();
          await drawer.getByTestId('audit-trail').scrollIntoViewIfNeeded();
        }
        await look(`admin-customer-action-${a}`);
        for (let i = 1; i < tabCount; i++) {
          await tabs.nth(i).click();
          await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
          await page.waitForLoadState('networkidle');
          await look(`admin-customer-action-${a}-tab-${i}`);
        }
        await page.keyboard.press('Escape');
        await expect(drawer).not.toBeAttached();
      }

      // System settings, Billing.
      for (const path of ['/admin/systems', '/admin/billing']) {
        await page.goto(path);
        await expect(page.locator('main h1, main h2').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await look(path.slice(1).replace('/', '-'));
      }

      // The task monitor, and a task's log (the return's outbound file, with its worker's entries).
      await page.goto(`/admin/tasks?customer_id=${seed.customerId}`);
      await expect(page.getByTestId('tasks-table')).toBeVisible();
      await page.waitForLoadState('networkidle');
      await look('admin-tasks');
      await page.getByTestId('tasks-table').getByRole('button').first().click();
      await expect(page.getByTestId('task-detail')).toBeVisible();
      await look('admin-task-log');
      await page.keyboard.press('Escape');

      // A return's view as the admin sees it, and its correction with the message of a missing comment.
      await page.goto(`/orders/${saved.orderId}/returns/${saved.id}`);
      await expect(page.getByTestId('return-timeline')).toBeVisible();
      await look('admin-return-view');
      await page.getByRole('button', { name: tr('Correct'), exact: true }).click();
      const correction = page.getByRole('dialog');
      await expect(correction.getByTestId('correction-line').first()).toBeVisible();
      await correction.getByRole('button', { name: tr('Save correction') }).click();
      await look('admin-correction');
      await page.keyboard.press('Escape');

      expect(leaks, 'English texts on screens in the language').toEqual([]);
      expect(errors).toEqual([]);
    });
  });
}
