// Issue 15: every screen and every modal/drawer state passes axe-core's WCAG 2.1 AA rules, each
// screen names itself in the browser tab, has one h1 and the landmarks main/header/nav.
// Screens are checked at 1366×768, the size of the receiving desks' screens, and (tagged @responsive,
// @handheld, @small) in the tablet and both handheld projects of playwright.config.ts (412 and 360 px).
// The admin screens and the parcels walk are in accessibility-admin.spec.ts.
import { test, expect, linkIn, loginViaApi } from './support/index';
import { seedReturnsCustomer, submitOrderReturn } from './returns-seed';
import { expectAccessible, screen, startAudit, state_ } from './support/a11y-audit';

test.describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  test(
    'the auth screens: login, forgotten password, reset password, expired link',
    { tag: ['@responsive', '@handheld', '@small'] },
    async ({ page, errors, takeScreenshot, api, outbox }) => {
      const audit = startAudit(page, takeScreenshot);
      const operator = await api.createOperator();

      await page.goto('/auth/login');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await screen(audit, 'login', 'Login', { auth: true });
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText('Username is required')).toBeVisible();
      await state_(audit, 'login-validation');
      await page.getByLabel('Username').fill(operator.username);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByText('Login failed')).toBeVisible();
      await state_(audit, 'login-failed');

      await page.getByRole('link', { name: 'Forget Password?' }).click();
      await expect(page.getByRole('heading', { name: 'Forget Password' })).toBeVisible();
      await screen(audit, 'forget-password', 'Forget Password', { auth: true });
      await page.getByRole('button', { name: 'Reset' }).click();
      await expect(page.getByText('Username is required')).toBeVisible();
      await state_(audit, 'forget-password-validation');
      const asked = new Date();
      await page.getByLabel('Username').fill(operator.username);
      await page.getByLabel('Email').fill(operator.email);
      await page.getByRole('button', { name: 'Reset' }).click();
      await expect(page.getByText('Please check your email to reset password.')).toBeVisible();
      await state_(audit, 'forget-password-sent');

      const mail = await outbox.waitForMail({ to: operator.email, after: asked });
      await page.goto(new URL(linkIn(mail, '/auth/password/')).pathname);
      await expect(page.getByLabel('Confirm Password')).toBeVisible();
      await screen(audit, 'reset-password', 'Reset Password', { auth: true });
      await page.getByRole('button', { name: 'Reset' }).click();
      await expect(page.getByText('New password is required')).toBeVisible();
      await state_(audit, 'reset-password-validation');
      await page.getByLabel('Password', { exact: true }).fill('a-brand-new-password');
      await page.getByLabel('Confirm Password').fill('a-brand-new-password');
      await page.getByRole('button', { name: 'Reset' }).click();
      await expect(page.getByText('Your password is now updated')).toBeVisible();
      await state_(audit, 'reset-password-done');

      await page.goto('/auth/password/nobody/0123456789abcdef0123456789abcdef');
      await expect(page.getByText('Expired Link')).toBeVisible();
      await screen(audit, 'reset-password-expired', 'Reset Password', { auth: true });

      expectAccessible(audit);
      expect(errors).toEqual([]);
    },
  );

  test(
    'an operator: receiving, blind return, history, report, return view, change password, not found',
    { tag: ['@responsive', '@handheld', '@small'] },
    async ({ page, errors, takeScreenshot, api }) => {
      test.slow();
      const audit = startAudit(page, takeScreenshot);
      const seed = await seedReturnsCustomer(api, { orders: 2, prefix: 'A11y Co' });
      const saved = await submitOrderReturn(api, seed, 1, 'A11Y-1');
      await loginViaApi(page, seed.operator.username, seed.operator.password);

      // Receiving: empty, customer and results, the order panel, a scanned line, the summary modal.
      await expect(page.getByRole('heading', { name: 'Order Search' })).toBeVisible();
      await screen(audit, 'receiving-empty', 'Return Processing');
      await page.getByRole('combobox', { name: 'Customer' }).click();
      await expect(page.getByRole('option', { name: seed.company })).toBeVisible();
      await state_(audit, 'receiving-customer-dropdown');
      await page.getByRole('option', { name: seed.company }).click();
      await page.getByLabel('Search Reference').fill(`HO-${seed.ref}-000`);
      const result = page.getByRole('button', { name: new RegExp(`HD${seed.ref}000|HO-${seed.ref}-000`) }).first();
      await expect(result).toBeVisible();
      await state_(audit, 'receiving-results');
      await result.click();
      await expect(page.getByTestId('order-line').first()).toBeVisible();
      await page.mouse.move(1300, 700);
      await screen(audit, 'receiving-order-panel', 'Return Processing');
      // The Receiving Date's calendar (its own chunk, loaded on first opening).
      await page.getByRole('button', { name: 'Pick the date from a calendar' }).click();
      const calendar = page.getByRole('dialog', { name: 'Pick the date from a calendar' });
      await expect(calendar.getByRole('button', { name: 'Next month' })).toBeVisible();
      // Opened, the focus is on the chosen day (ReceivingDateCalendar), so Escape reaches the popover.
      await expect(calendar.locator('table button[tabindex="0"]')).toBeFocused();
      await state_(audit, 'receiving-date-calendar');
      await page.keyboard.press('Escape');
      await expect(calendar).not.toBeAttached();
      const filter = page.getByTestId('line-filter');
      await filter.fill(seed.products[0]!.upc);
      await filter.press('Enter');
      await expect(page.getByTestId('ledger-new').first()).toBeVisible();
      await state_(audit, 'receiving-order-panel-with-ledger');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      const summary = page.getByRole('dialog', { name: 'Return Processing Summary' });
      await expect(summary.getByTestId('summary-table')).toBeVisible();
      await state_(audit, 'receiving-summary-modal');
      await summary.getByRole('button', { name: 'Back' }).click();
      await expect(summary).not.toBeAttached();

      // The user menu and the Change Password modal.
      await page.getByRole('button', { name: 'User menu' }).click();
      await expect(page.getByRole('menuitem', { name: 'Change Password' })).toBeVisible();
      await state_(audit, 'user-menu');
      await page.getByRole('menuitem', { name: 'Change Password' }).click();
      const password = page.getByRole('dialog', { name: 'Change Password' });
      await expect(password.getByLabel('Old Password')).toBeVisible();
      await state_(audit, 'change-password-modal');
      await password.getByRole('button', { name: 'Update Password' }).click();
      await expect(password.getByText('Old password is required')).toBeVisible();
      await state_(audit, 'change-password-validation');
      await page.keyboard.press('Escape');
      await expect(password).not.toBeAttached();

      // Blind return: empty, product dropdown, lines.
      await page.goto(`/blind/${seed.customerId}`);
      await expect(page.getByRole('heading', { name: `${seed.company}: Blind Return` })).toBeVisible();
      await screen(audit, 'blind-return', `${seed.company}: Blind Return`);
      await page.getByLabel('Product Search').fill(seed.products[0]!.sku);
      await expect(page.getByRole('option', { name: new RegExp(seed.products[0]!.sku) })).toBeVisible();
      await state_(audit, 'blind-return-product-dropdown');
      await page.getByRole('option', { name: new RegExp(seed.products[0]!.sku) }).click();
      await expect(page.getByTestId('blind-line').first()).toBeVisible();
      await page.getByRole('button', { name: 'Save Return' }).click();
      await expect(page.getByText('Reference 1 is required')).toBeVisible();
      await state_(audit, 'blind-return-lines-validation');
      await page.goto('/blind/987654321');
      await expect(page.getByText('No customer found')).toBeVisible();
      await screen(audit, 'blind-return-unknown-customer', 'Blind Return');

      // History and the report modal.
      await page.getByRole('link', { name: 'History' }).click();
      await expect(page.getByTestId('history-row').first()).toBeVisible();
      await screen(audit, 'history', 'Return History');
      await page.getByRole('combobox', { name: /Blind/ }).click();
      await expect(page.getByRole('option', { name: 'Blind Only', exact: true })).toBeVisible();
      await state_(audit, 'history-filter-dropdown');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Generate Return Report' }).click();
      const report = page.getByRole('dialog', { name: 'Generate Return Report' });
      await expect(report.getByLabel('Email')).toBeVisible();
      await state_(audit, 'report-modal');
      await report.getByRole('button', { name: 'Send Report' }).click();
      await expect(report.getByText('Customer account is required')).toBeVisible();
      await state_(audit, 'report-modal-validation');
      // (The dates are native date fields: their picker is the browser's, outside the page axe reads.)
      await page.keyboard.press('Escape');
      await expect(report).not.toBeAttached();

      // Return view and the operator's task detail modal.
      await page.goto(`/orders/${saved.orderId}/returns/${saved.id}`);
      await expect(page.getByRole('heading', { name: 'Return View' })).toBeVisible();
      await expect(page.getByTestId('timeline-task').first()).toBeVisible();
      await screen(audit, 'return-view', `Return #${saved.id}`);
      await page
        .getByTestId('timeline-task')
        .first()
        .getByRole('button', { name: /^View / })
        .click();
      const task = page.getByRole('dialog');
      await expect(task.getByText('Task Logs')).toBeVisible();
      await state_(audit, 'return-view-task-modal-operator');
      await page.keyboard.press('Escape');

      // Dashboard (issue 12): the figures, a range with its date inputs, History filtered from a tile.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
      await expect(page.getByTestId('tile-reasons').getByRole('link', { name: 'Damaged in transit' })).toBeVisible();
      await screen(audit, 'dashboard', 'Dashboard');
      await page.locator('label', { hasText: /^Range$/ }).click();
      await expect(page.getByLabel('From')).toBeVisible();
      await state_(audit, 'dashboard-range');
      await page.getByTestId('tile-reasons').getByRole('link', { name: 'Damaged in transit' }).click();
      await expect(page.getByTestId('history-filter-reason')).toBeVisible();
      await expect(page.getByTestId('history-row').first()).toBeVisible();
      await screen(audit, 'history-from-dashboard', 'Return History');

      // Not found.
      await page.goto('/no/such/screen');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await screen(audit, 'not-found', 'Page not found');

      expectAccessible(audit);
      expect(errors).toEqual([]);
    },
  );
});
