// Issue 15: every screen and every modal/drawer state passes axe-core's WCAG 2.1 AA rules, each
// screen names itself in the browser tab, has one h1 and the landmarks main/header/nav.
// Screens are checked at 1366×768, the size of the receiving desks' screens, and (tagged @responsive)
// in the tablet and handheld projects of playwright.config.ts.
import type { Page } from '@playwright/test';
import { test, expect, linkIn, loginViaUi, axeAudit } from './support/index';
import { seedReturnsCustomer, submitBlindReturn, submitOrderReturn } from './returns-seed';

/** One walk through screens: axe's findings and the structure problems (title, h1, landmarks), reported at the end. */
interface Audit {
  page: Page;
  axe: ReturnType<typeof axeAudit>;
  structure: string[];
  takeScreenshot: (page: Page, name: string) => Promise<string>;
}

function startAudit(page: Page, takeScreenshot: Audit['takeScreenshot']): Audit {
  return { page, axe: axeAudit(page), structure: [], takeScreenshot };
}

function expectAccessible(audit: Audit) {
  const problems = [...audit.structure.map((p) => `structure: ${p}`), ...audit.axe.failures().map((f) => `axe: ${f}`)];
  expect(
    problems,
    `${problems.length} of ${audit.axe.states.length} states fail WCAG 2.1 AA or the structure:\n${problems.join('\n')}`,
  ).toEqual([]);
}

/** The screen's structure (title, one h1, landmarks), a screenshot, then axe. */
async function screen(audit: Audit, state: string, title: string | RegExp, options: { auth?: boolean } = {}) {
  const { page } = audit;
  await page
    .locator('[data-page-loader]')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  const expected = typeof title === 'string' ? `${title} · Returns Desk` : title;
  await page
    .waitForFunction(
      (t) => (typeof t === 'string' ? document.title === t : new RegExp(t).test(document.title)),
      typeof expected === 'string' ? expected : expected.source,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  const documentTitle = await page.title();
  const problems = audit.structure;
  const titleOk = typeof expected === 'string' ? documentTitle === expected : expected.test(documentTitle);
  if (!titleOk) problems.push(`${state}: document.title is "${documentTitle}", expected ${String(expected)}`);
  const h1 = await page.locator('h1').allInnerTexts();
  if (h1.length !== 1) problems.push(`${state}: ${h1.length} h1 (${h1.join(' | ')}), expected one`);
  if ((await page.getByRole('main').count()) !== 1) problems.push(`${state}: no single main landmark`);
  if (!options.auth) {
    if ((await page.getByRole('banner').count()) !== 1) problems.push(`${state}: no single header (banner) landmark`);
    if ((await page.getByRole('navigation', { name: 'Main' }).count()) !== 1) problems.push(`${state}: no nav named Main`);
  }
  await state_(audit, state);
}

/** A modal/drawer/menu state of the current screen: a screenshot, no clipped badge, then axe. */
async function state_(audit: Audit, state: string) {
  const { page } = audit;
  await audit.takeScreenshot(page, `a11y-${state}`);
  // Issue 15: a status badge squeezed beside long text read 'SUCCE…'; a badge shows its whole label.
  const clipped = await page
    .locator('.mantine-Badge-root')
    .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent ?? ''));
  if (clipped.length) audit.structure.push(`${state}: clipped badges ${JSON.stringify(clipped)}`);
  await audit.axe.check(state);
}

test.describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  test(
    'the auth screens: login, forgotten password, reset password, expired link',
    { tag: ['@responsive', '@handheld'] },
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
    { tag: '@responsive' },
    async ({ page, errors, takeScreenshot, api }) => {
      test.slow();
      const audit = startAudit(page, takeScreenshot);
      const seed = await seedReturnsCustomer(api, { orders: 2, prefix: 'A11y Co' });
      const saved = await submitOrderReturn(api, seed, 1, 'A11Y-1');
      await loginViaUi(page, seed.operator.username, seed.operator.password);

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
      await report.getByLabel('Date From').click();
      await page
        .locator('.mantine-DatePicker-day, .mantine-DateInput-day, [data-dates-day]')
        .first()
        .waitFor()
        .catch(() => undefined);
      await state_(audit, 'report-modal-calendar');
      await page.keyboard.press('Escape');
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

  test(
    'an admin: users, customers (drawers, options, connections), system settings, tasks, blind return view',
    { tag: '@responsive' },
    async ({ page, errors, takeScreenshot, api, loginAsAdmin }) => {
      test.slow();
      const audit = startAudit(page, takeScreenshot);
      const seed = await seedReturnsCustomer(api, { orders: 1, prefix: 'A11y Admin Co' });
      const blindId = await submitBlindReturn(api, seed, 'A11Y-BLIND', seed.products[0]!.sku);
      await loginAsAdmin(page);

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
      await page.goto('/admin/billing');
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
      await loginViaUi(page, operator.username, operator.password);
      await page.goto('/admin/users');
      await expect(page.getByText('This page is for admin users only.')).toBeVisible();
      await screen(audit, 'admin-refused', 'Users');

      expectAccessible(audit);
      expect(errors).toEqual([]);
    },
  );
  test(
    'an operator: parcels (intake form, refusal, saved notice, queue filters, parcel drawer, close form), receiving and blind return with a parcel',
    { tag: '@responsive' },
    async ({ page, errors, takeScreenshot, api }) => {
      test.slow();
      const audit = startAudit(page, takeScreenshot);
      const seed = await seedReturnsCustomer(api, { orders: 1, prefix: 'A11y Parcel Co' });
      await loginViaUi(page, seed.operator.username, seed.operator.password);
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
