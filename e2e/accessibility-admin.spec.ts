// Issue 15, continued from accessibility.spec.ts: the admin screens (users, customers with their
// drawers, system settings, tasks, a blind return's view) and the parcels walk, audited the same way.
import { test, expect, loginViaApi } from './support/index';
import { seedReturnsCustomer, submitBlindReturn } from './returns-seed';
import { expectAccessible, screen, startAudit, state_ } from './support/a11y-audit';

test.describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  // The admin walk is two tests (each some 1.5 min on an idle box, every state audited): a slow run of one
  // never takes the other with it, and the two can go to different workers.
  test(
    'an admin: users, customers (drawers, options, dispositions, connections, reports & billing)',
    { tag: ['@responsive', '@handheld', '@small'] },
    async ({ page, errors, takeScreenshot, api, server }) => {
      test.slow();
      const audit = startAudit(page, takeScreenshot);
      const seed = await seedReturnsCustomer(api, { orders: 1, prefix: 'A11y Admin Co' });
      await loginViaApi(page, server.admin.username, server.admin.password);

      await page.getByRole('button', { name: 'Admin', exact: true }).click();
      await expect(page.getByRole('menuitem', { name: 'Users' })).toBeVisible();
      await state_(audit, 'admin-menu');
      await page.getByRole('menuitem', { name: 'Users' }).click();

      // Users: list, add drawer with messages, edit drawer with the audit trail.
      await expect(page.getByTestId('users-table').getByRole('row').nth(1)).toBeVisible();
      await screen(audit, 'admin-users', 'Users');
      await page.getByRole('button', { name: 'Add New User' }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByRole('button', { name: 'Create User' }).click();
      await expect(drawer.getByText('Name is required', { exact: true })).toBeVisible();
      await state_(audit, 'admin-user-drawer-add');
      await page.keyboard.press('Escape');
      await expect(drawer).not.toBeAttached();
      const userRow = page.getByTestId('users-table').getByRole('row').filter({ hasText: seed.operator.username });
      await userRow.getByRole('button', { name: `Edit ${seed.operator.username}` }).click();
      await drawer.getByRole('button', { name: /Audit trail/ }).click();
      await expect(drawer.getByTestId('audit-trail').getByText('create')).toBeVisible();
      await state_(audit, 'admin-user-drawer-edit-audit');
      await page.keyboard.press('Escape');
      await expect(drawer).not.toBeAttached();

      // Customers: list, customer drawer, options drawer (edit), connections drawer and form.
      await page.goto('/admin/customers');
      const row = page.getByTestId('customers-table').getByRole('row').filter({ hasText: seed.company });
      await expect(row).toBeVisible();
      await screen(audit, 'admin-customers', 'Customers');
      await page.getByRole('button', { name: 'Add New Customer' }).click();
      await drawer.getByRole('button', { name: 'Create Customer' }).click();
      await expect(drawer.getByText('Company is required')).toBeVisible();
      await state_(audit, 'admin-customer-drawer-add');
      await page.keyboard.press('Escape');
      await expect(drawer).not.toBeAttached();
      await row.getByRole('button', { name: `Edit ${seed.company}` }).click();
      await expect(drawer.getByLabel('Company')).toBeVisible();
      await state_(audit, 'admin-customer-drawer-edit');
      await page.keyboard.press('Escape');
      await expect(drawer).not.toBeAttached();
      await row.getByRole('button', { name: `Options of ${seed.company}` }).click();
      await expect(drawer.getByTestId('options-table').getByText('Damaged in transit')).toBeVisible();
      await drawer.getByRole('button', { name: 'Edit reason DAMAGED' }).click();
      await state_(audit, 'admin-customer-options-drawer');
      // Issue 16: the customer's dispositions under its reasons, with the form's validation shown.
      await expect(drawer.getByTestId('dispositions-panel')).toBeVisible();
      await drawer.getByRole('button', { name: 'Add Disposition' }).click();
      await expect(drawer.getByText('Code is required')).toBeVisible();
      await state_(audit, 'admin-customer-dispositions-form-errors');
      await page.keyboard.press('Escape');
      await expect(drawer).not.toBeAttached();
      await row.getByRole('button', { name: `Connections of ${seed.company}` }).click();
      await expect(drawer.getByTestId('connections-table').getByRole('row').nth(1)).toBeVisible();
      await state_(audit, 'admin-customer-connections-drawer');
      await drawer.getByRole('button', { name: 'Add Connection' }).click();
      const form = drawer.getByTestId('connection-form');
      await form.getByRole('combobox', { name: 'Connection Type' }).click();
      await page.getByRole('option', { name: 'Biztalk Outbound Return' }).click();
      await expect(form.getByLabel('Sender')).toBeVisible();
      await state_(audit, 'admin-customer-connection-form');
      await page.keyboard.press('Escape');
      await expect(drawer).not.toBeAttached();

      // Reports & Billing drawer (issue 12): report schedules and billing rates; the billing screen.
      await row.getByRole('button', { name: `Reports & Billing (report schedules and billing rates of ${seed.company})` }).click();
      await expect(drawer.getByText('No report schedules.')).toBeVisible();
      await state_(audit, 'admin-customer-reports-billing-drawer');
      await page.keyboard.press('Escape');
      await expect(drawer).not.toBeAttached();

      expectAccessible(audit);
      expect(errors).toEqual([]);
    },
  );

  test(
    'an admin: billing, system settings, tasks, a blind return view with its task modal and correction; an operator refused',
    { tag: ['@responsive', '@handheld', '@small'] },
    async ({ page, errors, takeScreenshot, api, server }) => {
      test.slow();
      const audit = startAudit(page, takeScreenshot);
      const seed = await seedReturnsCustomer(api, { orders: 1, prefix: 'A11y Admin Co' });
      const blindId = await submitBlindReturn(api, seed, 'A11Y-BLIND', seed.products[0]!.sku);
      await loginViaApi(page, server.admin.username, server.admin.password, '/admin/billing');
      await expect(page.getByRole('heading', { name: 'Billing' })).toBeVisible();
      await screen(audit, 'admin-billing', 'Billing');

      // System settings, with a failed save shown.
      await page.goto('/admin/systems');
      await expect(page.getByLabel('BIZTALK_MESSAGE_ID_COUNTER')).toBeVisible();
      await screen(audit, 'admin-systems', 'System Settings');
      const counter = page.getByLabel('BIZTALK_MESSAGE_ID_COUNTER');
      const before = await counter.inputValue();
      await counter.fill('-5');
      await counter.press('Tab');
      await expect(page.locator('[data-signal="failed"]').first()).toBeVisible();
      await state_(audit, 'admin-systems-failed');
      await counter.fill(before);
      await counter.press('Tab');

      // Tasks: list, filters, detail with the Task Action form.
      await page.goto('/admin/tasks');
      await expect(page.getByTestId('tasks-table').getByRole('row').nth(1)).toBeVisible();
      await screen(audit, 'admin-tasks', 'Task Status');
      await page.getByRole('combobox', { name: 'Status' }).click();
      await expect(page.getByRole('option', { name: 'Success' })).toBeVisible();
      await state_(audit, 'admin-tasks-status-filter');
      await page.keyboard.press('Escape');
      await page
        .getByTestId('tasks-table')
        .getByRole('button', { name: /Detail of task/ })
        .first()
        .click();
      const task = page.getByTestId('task-detail');
      await expect(task.getByText('Task Logs')).toBeVisible();
      await state_(audit, 'admin-task-detail-modal');
      await page.keyboard.press('Escape');
      await expect(task).not.toBeAttached();

      // A blind return's view and the admin's task modal with the Task Action panel.
      await page.goto(`/orders/blind/returns/${blindId}`);
      await expect(page.getByTestId('timeline-task').first()).toBeVisible();
      await screen(audit, 'return-view-blind', `Return #${blindId}`);
      await page
        .getByTestId('timeline-task')
        .first()
        .getByRole('button', { name: /^View / })
        .click();
      await expect(page.getByRole('dialog').getByLabel('Attempts')).toBeVisible();
      await state_(audit, 'return-view-task-modal-admin');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).not.toBeAttached();

      // Issue 11: the correction dialog, then a corrected return's badge and version list.
      await page.getByRole('button', { name: 'Correct' }).click();
      const correcting = page.getByRole('dialog', { name: `Correct Return #${blindId}` });
      await expect(correcting.getByTestId('correction-line').first()).toBeVisible();
      await state_(audit, 'return-view-correction-modal');
      await page.keyboard.press('Escape');
      await expect(correcting).not.toBeAttached();
      const admin = await api.adminToken();
      const current = await api.call<{ version: number; lines: { id: number; quantity: number; condition: string; reason: string }[] }>(
        'GET',
        `/returns/${blindId}/order/blind`,
        { token: admin },
      );
      const corrected = await api.call('POST', `/su/returns/${blindId}/corrections`, {
        token: admin,
        body: {
          version: current.message.version,
          comment: 'Two units were in the parcel',
          lines: current.message.lines.map((l) => ({ id: l.id, quantity: l.quantity + 1, condition: l.condition, reason: l.reason })),
        },
      });
      expect(corrected.code, JSON.stringify(corrected)).toBe(200);
      await page.reload();
      await expect(page.getByTestId('version-list').getByText('Two units were in the parcel')).toBeVisible();
      await screen(audit, 'return-view-corrected-versions', `Return #${blindId}`);

      // An admin-only screen seen by an operator.
      const operator = await api.createOperator();
      await page.evaluate(() => localStorage.clear());
      await loginViaApi(page, operator.username, operator.password, '/admin/users');
      await expect(page.getByText('This page is for admin users only.')).toBeVisible();
      await screen(audit, 'admin-refused', 'Users');

      expectAccessible(audit);
      expect(errors).toEqual([]);
    },
  );

  test(
    'an operator: parcels (intake form, refusal, saved notice, queue filters, parcel drawer, close form), receiving and blind return with a parcel',
    { tag: ['@responsive', '@handheld', '@small'] },
    async ({ page, errors, takeScreenshot, api }) => {
      test.slow();
      const audit = startAudit(page, takeScreenshot);
      const seed = await seedReturnsCustomer(api, { orders: 1, prefix: 'A11y Parcel Co' });
      await loginViaApi(page, seed.operator.username, seed.operator.password);
      await page.getByRole('link', { name: 'Parcels' }).click();
      await expect(page.getByRole('heading', { name: 'Parcels', level: 1 })).toBeVisible();
      await screen(audit, 'parcels', 'Parcels');

      // A refused save, then a saved parcel.
      await page.getByRole('button', { name: 'Save parcel' }).click();
      await expect(page.getByText('Tracking number is required')).toBeVisible();
      await state_(audit, 'parcels-intake-refused');
      const tracking = `1ZA11Y${seed.ref}`;
      await page.getByLabel('Tracking number').fill(tracking);
      await page.getByLabel('Shelf location').fill('A11Y-1');
      await page.locator('section[aria-labelledby="intake-title"]').getByLabel('Customer').fill(seed.company);
      await page.getByRole('option', { name: seed.company }).click();
      await page.getByRole('button', { name: 'Save parcel' }).click();
      await expect(page.getByTestId('parcel-saved').getByText(tracking)).toBeVisible();
      await expect(page.getByTestId('parcel-row').filter({ hasText: tracking })).toBeVisible();
      await state_(audit, 'parcels-saved');

      // Queue filters open; the parcel's drawer; the close form.
      await page.getByRole('combobox', { name: 'Age' }).click();
      await expect(page.getByRole('option', { name: 'Red' })).toBeVisible();
      await state_(audit, 'parcels-age-filter-open');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: `Open ${tracking}` }).click();
      const drawer = page.getByRole('dialog', { name: `Parcel ${tracking}` });
      await expect(drawer.getByTestId('parcel-timeline')).toBeVisible();
      await state_(audit, 'parcels-drawer');
      await drawer.getByRole('button', { name: 'Close without a return' }).click();
      await expect(drawer.getByRole('combobox', { name: 'Reason' })).toBeVisible();
      await state_(audit, 'parcels-drawer-close-form');

      // Convert to blind return: the Blind Return screen with the parcel.
      await drawer.getByRole('button', { name: 'Convert to blind return' }).click();
      await expect(page.getByTestId('parcel-banner').getByText(`Converting parcel ${tracking}`)).toBeVisible();
      await screen(audit, 'blind-return-with-parcel', `${seed.company}: Blind Return`);

      // Match to order: Receiving with the parcel and the parcels Order Search finds.
      await page.goto('/parcels');
      await page.getByRole('button', { name: `Open ${tracking}` }).click();
      await drawer.getByRole('button', { name: 'Match to order' }).click();
      await expect(page.getByTestId('parcel-banner').getByText(`Matching parcel ${tracking}`)).toBeVisible();
      await page.getByLabel('Search Reference').fill(tracking);
      await expect(page.getByTestId('parcel-hit')).toBeVisible();
      await screen(audit, 'receiving-with-parcel', 'Return Processing');

      expectAccessible(audit);
      expect(errors).toEqual([]);
    },
  );
});
