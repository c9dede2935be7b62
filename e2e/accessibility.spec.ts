// Issue 15: every screen and every modal/drawer state passes axe-core's WCAG 2.1 AA rules, each
// screen names itself in the browser tab, has one h1 and the landmarks main/header/nav.
// Screens are checked at 1366×768, the size of the receiving desks' screens.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import type { Page } from 'playwright-core';
import {
  adminToken,
  apiCall,
  axeAudit,
  createOperator,
  e2eTest,
  linkIn,
  loginAsAdmin,
  loginViaUi,
  screenshot,
  useBrowser,
  waitForMail,
} from './support/index';
import { seedReturnsCustomer, submitBlindReturn, submitOrderReturn } from './returns-seed';

const browser = useBrowser();

type Audit = ReturnType<typeof axeAudit>;
/** Structure problems (title, h1, landmarks) per audit, reported with axe's findings at the end. */
const structure = new WeakMap<Audit, string[]>();

function startAudit(page: Page): Audit {
  const audit = axeAudit(page);
  structure.set(audit, []);
  return audit;
}

function assertAccessible(audit: Audit) {
  const problems = structure.get(audit)!;
  let axeMessage = '';
  try {
    audit.assertClean();
  } catch (error) {
    axeMessage = (error as Error).message;
  }
  if (problems.length || axeMessage) {
    throw new Error([...problems.map((p) => `structure: ${p}`), axeMessage].filter(Boolean).join('\n'));
  }
}

/** The screen's structure (title, one h1, landmarks), a screenshot, then axe. */
async function screen(page: Page, audit: Audit, state: string, title: string | RegExp, options: { auth?: boolean } = {}) {
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
  const problems = structure.get(audit)!;
  const titleOk = typeof expected === 'string' ? documentTitle === expected : expected.test(documentTitle);
  if (!titleOk) problems.push(`${state}: document.title is "${documentTitle}", expected ${String(expected)}`);
  const h1 = await page.locator('h1').allInnerTexts();
  if (h1.length !== 1) problems.push(`${state}: ${h1.length} h1 (${h1.join(' | ')}), expected one`);
  if ((await page.getByRole('main').count()) !== 1) problems.push(`${state}: no single main landmark`);
  if (!options.auth) {
    if ((await page.getByRole('banner').count()) !== 1) problems.push(`${state}: no single header (banner) landmark`);
    if ((await page.getByRole('navigation', { name: 'Main' }).count()) !== 1) problems.push(`${state}: no nav named Main`);
  }
  await state_(page, audit, state);
}

/** A modal/drawer/menu state of the current screen: a screenshot, no clipped badge, then axe. */
async function state_(page: Page, audit: Audit, state: string) {
  await screenshot(page, `a11y-${state}`);
  // Issue 15: a status badge squeezed beside long text read 'SUCCE…'; a badge shows its whole label.
  const clipped = await page
    .locator('.mantine-Badge-root')
    .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent ?? ''));
  if (clipped.length) structure.get(audit)!.push(`${state}: clipped badges ${JSON.stringify(clipped)}`);
  await audit.check(state);
}

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  e2eTest('the auth screens: login, forgotten password, reset password, expired link', browser, async ({ page, errors }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const audit = startAudit(page);
    const operator = await createOperator();

    await page.goto('/auth/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await screen(page, audit, 'login', 'Login', { auth: true });
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Username is required').waitFor();
    await state_(page, audit, 'login-validation');
    await page.getByLabel('Username').fill(operator.username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Login failed').waitFor();
    await state_(page, audit, 'login-failed');

    await page.getByRole('link', { name: 'Forget Password?' }).click();
    await page.getByRole('heading', { name: 'Forget Password' }).waitFor();
    await screen(page, audit, 'forget-password', 'Forget Password', { auth: true });
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByText('Username is required').waitFor();
    await state_(page, audit, 'forget-password-validation');
    const asked = new Date();
    await page.getByLabel('Username').fill(operator.username);
    await page.getByLabel('Email').fill(operator.email);
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByText('Please check your email to reset password.').waitFor();
    await state_(page, audit, 'forget-password-sent');

    const mail = await waitForMail({ to: operator.email, after: asked });
    await page.goto(new URL(linkIn(mail, '/auth/password/')).pathname);
    await page.getByLabel('Confirm Password').waitFor();
    await screen(page, audit, 'reset-password', 'Reset Password', { auth: true });
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByText('New password is required').waitFor();
    await state_(page, audit, 'reset-password-validation');
    await page.getByLabel('Password', { exact: true }).fill('a-brand-new-password');
    await page.getByLabel('Confirm Password').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByText('Your password is now updated').waitFor();
    await state_(page, audit, 'reset-password-done');

    await page.goto('/auth/password/nobody/0123456789abcdef0123456789abcdef');
    await page.getByText('Expired Link').waitFor();
    await screen(page, audit, 'reset-password-expired', 'Reset Password', { auth: true });

    assertAccessible(audit);
    assert.deepEqual(errors, []);
  });

  e2eTest(
    'an operator: receiving, blind return, history, report, return view, change password, not found',
    browser,
    async ({ page, errors }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      const audit = startAudit(page);
      const seed = await seedReturnsCustomer({ orders: 2, prefix: 'A11y Co' });
      const saved = await submitOrderReturn(seed, 1, 'A11Y-1');
      await loginViaUi(page, seed.operator.username, seed.operator.password);

      // Receiving: empty, customer and results, the order panel, a scanned line, the summary modal.
      await page.getByRole('heading', { name: 'Order Search' }).waitFor();
      await screen(page, audit, 'receiving-empty', 'Return Processing');
      await page.getByRole('combobox', { name: 'Customer' }).click();
      await page.getByRole('option', { name: seed.company }).waitFor();
      await state_(page, audit, 'receiving-customer-dropdown');
      await page.getByRole('option', { name: seed.company }).click();
      await page.getByLabel('Search Reference').fill(`HO-${seed.ref}-000`);
      const result = page.getByRole('button', { name: new RegExp(`HD${seed.ref}000|HO-${seed.ref}-000`) }).first();
      await result.waitFor();
      await state_(page, audit, 'receiving-results');
      await result.click();
      await page.getByTestId('order-line').first().waitFor();
      await page.mouse.move(1300, 700);
      await screen(page, audit, 'receiving-order-panel', 'Return Processing');
      // The Receiving Date's calendar (its own chunk, loaded on first opening).
      await page.getByRole('button', { name: 'Pick the date from a calendar' }).click();
      const calendar = page.getByRole('dialog', { name: 'Pick the date from a calendar' });
      await calendar.getByRole('button', { name: 'Next month' }).waitFor();
      await state_(page, audit, 'receiving-date-calendar');
      await page.keyboard.press('Escape');
      await calendar.waitFor({ state: 'detached' });
      const filter = page.getByTestId('line-filter');
      await filter.fill(seed.products[0]!.upc);
      await filter.press('Enter');
      await page.getByTestId('ledger-new').first().waitFor();
      await state_(page, audit, 'receiving-order-panel-with-ledger');
      await page.getByRole('button', { name: 'Submit', exact: true }).click();
      const summary = page.getByRole('dialog', { name: 'Return Processing Summary' });
      await summary.getByTestId('summary-table').waitFor();
      await state_(page, audit, 'receiving-summary-modal');
      await summary.getByRole('button', { name: 'Back' }).click();
      await summary.waitFor({ state: 'detached' });

      // The user menu and the Change Password modal.
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'Change Password' }).waitFor();
      await state_(page, audit, 'user-menu');
      await page.getByRole('menuitem', { name: 'Change Password' }).click();
      const password = page.getByRole('dialog', { name: 'Change Password' });
      await password.getByLabel('Old Password').waitFor();
      await state_(page, audit, 'change-password-modal');
      await password.getByRole('button', { name: 'Update Password' }).click();
      await password.getByText('Old password is required').waitFor();
      await state_(page, audit, 'change-password-validation');
      await page.keyboard.press('Escape');
      await password.waitFor({ state: 'detached' });

      // Blind return: empty, product dropdown, lines.
      await page.goto(`/blind/${seed.customerId}`);
      await page.getByRole('heading', { name: `${seed.company}: Blind Return` }).waitFor();
      await screen(page, audit, 'blind-return', `${seed.company}: Blind Return`);
      await page.getByLabel('Product Search').fill(seed.products[0]!.sku);
      await page.getByRole('option', { name: new RegExp(seed.products[0]!.sku) }).waitFor();
      await state_(page, audit, 'blind-return-product-dropdown');
      await page.getByRole('option', { name: new RegExp(seed.products[0]!.sku) }).click();
      await page.getByTestId('blind-line').first().waitFor();
      await page.getByRole('button', { name: 'Save Return' }).click();
      await page.getByText('Reference 1 is required').waitFor();
      await state_(page, audit, 'blind-return-lines-validation');
      await page.goto('/blind/987654321');
      await page.getByText('No customer found').waitFor();
      await screen(page, audit, 'blind-return-unknown-customer', 'Blind Return');

      // History and the report modal.
      await page.getByRole('link', { name: 'History' }).click();
      await page.getByTestId('history-row').first().waitFor();
      await screen(page, audit, 'history', 'Return History');
      await page.getByRole('combobox', { name: /Blind/ }).click();
      await page.getByRole('option', { name: 'Blind Only', exact: true }).waitFor();
      await state_(page, audit, 'history-filter-dropdown');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Generate Return Report' }).click();
      const report = page.getByRole('dialog', { name: 'Generate Return Report' });
      await report.getByLabel('Email').waitFor();
      await state_(page, audit, 'report-modal');
      await report.getByRole('button', { name: 'Send Report' }).click();
      await report.getByText('Customer account is required').waitFor();
      await state_(page, audit, 'report-modal-validation');
      await report.getByLabel('Date From').click();
      await page
        .locator('.mantine-DatePicker-day, .mantine-DateInput-day, [data-dates-day]')
        .first()
        .waitFor()
        .catch(() => undefined);
      await state_(page, audit, 'report-modal-calendar');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await report.waitFor({ state: 'detached' });

      // Return view and the operator's task detail modal.
      await page.goto(`/orders/${saved.orderId}/returns/${saved.id}`);
      await page.getByRole('heading', { name: 'Return View' }).waitFor();
      await page.getByTestId('timeline-task').first().waitFor();
      await screen(page, audit, 'return-view', `Return #${saved.id}`);
      await page
        .getByTestId('timeline-task')
        .first()
        .getByRole('button', { name: /^View / })
        .click();
      const task = page.getByRole('dialog');
      await task.getByText('Task Logs').waitFor();
      await state_(page, audit, 'return-view-task-modal-operator');
      await page.keyboard.press('Escape');

      // Dashboard (issue 12): the figures, a range with its date inputs, History filtered from a tile.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
      await page.getByTestId('tile-reasons').getByRole('link', { name: 'Damaged in transit' }).waitFor();
      await screen(page, audit, 'dashboard', 'Dashboard');
      await page.locator('label', { hasText: /^Range$/ }).click();
      await page.getByLabel('From').waitFor();
      await state_(page, audit, 'dashboard-range');
      await page.getByTestId('tile-reasons').getByRole('link', { name: 'Damaged in transit' }).click();
      await page.getByTestId('history-filter-reason').waitFor();
      await page.getByTestId('history-row').first().waitFor();
      await screen(page, audit, 'history-from-dashboard', 'Return History');

      // Not found.
      await page.goto('/no/such/screen');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await screen(page, audit, 'not-found', 'Page not found');

      assertAccessible(audit);
      assert.deepEqual(errors, []);
    },
    { timeout: 180_000 },
  );

  e2eTest(
    'an admin: users, customers (drawers, options, connections), system settings, tasks, blind return view',
    browser,
    async ({ page, errors }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      const audit = startAudit(page);
      const seed = await seedReturnsCustomer({ orders: 1, prefix: 'A11y Admin Co' });
      const blindId = await submitBlindReturn(seed, 'A11Y-BLIND', seed.products[0]!.sku);
      await loginAsAdmin(page);

      await page.getByRole('button', { name: 'Admin', exact: true }).click();
      await page.getByRole('menuitem', { name: 'Users' }).waitFor();
      await state_(page, audit, 'admin-menu');
      await page.getByRole('menuitem', { name: 'Users' }).click();

      // Users: list, add drawer with messages, edit drawer with the audit trail.
      await page.getByTestId('users-table').getByRole('row').nth(1).waitFor();
      await screen(page, audit, 'admin-users', 'Users');
      await page.getByRole('button', { name: 'Add New User' }).click();
      const drawer = page.getByRole('dialog');
      await drawer.getByRole('button', { name: 'Create User' }).click();
      await drawer.getByText('Name is required', { exact: true }).waitFor();
      await state_(page, audit, 'admin-user-drawer-add');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      const userRow = page.getByTestId('users-table').getByRole('row').filter({ hasText: seed.operator.username });
      await userRow.getByRole('button', { name: `Edit ${seed.operator.username}` }).click();
      await drawer.getByRole('button', { name: /Audit trail/ }).click();
      await drawer.getByTestId('audit-trail').getByText('create').waitFor();
      await state_(page, audit, 'admin-user-drawer-edit-audit');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });

      // Customers: list, customer drawer, options drawer (edit), connections drawer and form.
      await page.goto('/admin/customers');
      const row = page.getByTestId('customers-table').getByRole('row').filter({ hasText: seed.company });
      await row.waitFor();
      await screen(page, audit, 'admin-customers', 'Customers');
      await page.getByRole('button', { name: 'Add New Customer' }).click();
      await drawer.getByRole('button', { name: 'Create Customer' }).click();
      await drawer.getByText('Company is required').waitFor();
      await state_(page, audit, 'admin-customer-drawer-add');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      await row.getByRole('button', { name: `Edit ${seed.company}` }).click();
      await drawer.getByLabel('Company').waitFor();
      await state_(page, audit, 'admin-customer-drawer-edit');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      await row.getByRole('button', { name: `Options of ${seed.company}` }).click();
      await drawer.getByTestId('options-table').getByText('Damaged in transit').waitFor();
      await drawer.getByRole('button', { name: 'Edit reason DAMAGED' }).click();
      await state_(page, audit, 'admin-customer-options-drawer');
      // Issue 16: the customer's dispositions under its reasons, with the form's validation shown.
      await drawer.getByTestId('dispositions-panel').waitFor();
      await drawer.getByRole('button', { name: 'Add Disposition' }).click();
      await drawer.getByText('Code is required').waitFor();
      await state_(page, audit, 'admin-customer-dispositions-form-errors');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      await row.getByRole('button', { name: `Connections of ${seed.company}` }).click();
      await drawer.getByTestId('connections-table').getByRole('row').nth(1).waitFor();
      await state_(page, audit, 'admin-customer-connections-drawer');
      await drawer.getByRole('button', { name: 'Add Connection' }).click();
      const form = drawer.getByTestId('connection-form');
      await form.getByRole('combobox', { name: 'Connection Type' }).click();
      await page.getByRole('option', { name: 'Biztalk Outbound Return' }).click();
      await form.getByLabel('Sender').waitFor();
      await state_(page, audit, 'admin-customer-connection-form');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });

      // Reports & Billing drawer (issue 12): report schedules and billing rates; the billing screen.
      await row.getByRole('button', { name: `Reports & Billing (report schedules and billing rates of ${seed.company})` }).click();
      await drawer.getByText('No report schedules.').waitFor();
      await state_(page, audit, 'admin-customer-reports-billing-drawer');
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
      await page.goto('/admin/billing');
      await page.getByRole('heading', { name: 'Billing' }).waitFor();
      await screen(page, audit, 'admin-billing', 'Billing');

      // System settings, with a failed save shown.
      await page.goto('/admin/systems');
      await page.getByLabel('BIZTALK_MESSAGE_ID_COUNTER').waitFor();
      await screen(page, audit, 'admin-systems', 'System Settings');
      const counter = page.getByLabel('BIZTALK_MESSAGE_ID_COUNTER');
      const before = await counter.inputValue();
      await counter.fill('-5');
      await counter.press('Tab');
      await page.locator('[data-signal="failed"]').first().waitFor();
      await state_(page, audit, 'admin-systems-failed');
      await counter.fill(before);
      await counter.press('Tab');

      // Tasks: list, filters, detail with the Task Action form.
      await page.goto('/admin/tasks');
      await page.getByTestId('tasks-table').getByRole('row').nth(1).waitFor();
      await screen(page, audit, 'admin-tasks', 'Task Status');
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Success' }).waitFor();
      await state_(page, audit, 'admin-tasks-status-filter');
      await page.keyboard.press('Escape');
      await page
        .getByTestId('tasks-table')
        .getByRole('button', { name: /Detail of task/ })
        .first()
        .click();
      const task = page.getByTestId('task-detail');
      await task.getByText('Task Logs').waitFor();
      await state_(page, audit, 'admin-task-detail-modal');
      await page.keyboard.press('Escape');
      await task.waitFor({ state: 'detached' });

      // A blind return's view and the admin's task modal with the Task Action panel.
      await page.goto(`/orders/blind/returns/${blindId}`);
      await page.getByTestId('timeline-task').first().waitFor();
      await screen(page, audit, 'return-view-blind', `Return #${blindId}`);
      await page
        .getByTestId('timeline-task')
        .first()
        .getByRole('button', { name: /^View / })
        .click();
      await page.getByRole('dialog').getByLabel('Attempts').waitFor();
      await state_(page, audit, 'return-view-task-modal-admin');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // Issue 11: the correction dialog, then a corrected return's badge and version list.
      await page.getByRole('button', { name: 'Correct' }).click();
      const correcting = page.getByRole('dialog', { name: `Correct Return #${blindId}` });
      await correcting.getByTestId('correction-line').first().waitFor();
      await state_(page, audit, 'return-view-correction-modal');
      await page.keyboard.press('Escape');
      await correcting.waitFor({ state: 'detached' });
      const admin = await adminToken();
      const current = await apiCall<{ version: number; lines: { id: number; quantity: number; condition: string; reason: string }[] }>(
        'GET',
        `/returns/${blindId}/order/blind`,
        { token: admin },
      );
      const corrected = await apiCall('POST', `/su/returns/${blindId}/corrections`, {
        token: admin,
        body: {
          version: current.message.version,
          comment: 'Two units were in the parcel',
          lines: current.message.lines.map((l) => ({ id: l.id, quantity: l.quantity + 1, condition: l.condition, reason: l.reason })),
        },
      });
      assert.equal(corrected.code, 200, JSON.stringify(corrected));
      await page.reload();
      await page.getByTestId('version-list').getByText('Two units were in the parcel').waitFor();
      await screen(page, audit, 'return-view-corrected-versions', `Return #${blindId}`);

      // An admin-only screen seen by an operator.
      const operator = await createOperator();
      await page.evaluate(() => localStorage.clear());
      await loginViaUi(page, operator.username, operator.password);
      await page.goto('/admin/users');
      await page.getByText('This page is for admin users only.').waitFor();
      await screen(page, audit, 'admin-refused', 'Users');

      assertAccessible(audit);
      assert.deepEqual(errors, []);
    },
    { timeout: 180_000 },
  );
  e2eTest(
    'an operator: parcels (intake form, refusal, saved notice, queue filters, parcel drawer, close form), receiving and blind return with a parcel',
    browser,
    async ({ page, errors }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      const audit = startAudit(page);
      const seed = await seedReturnsCustomer({ orders: 1, prefix: 'A11y Parcel Co' });
      await loginViaUi(page, seed.operator.username, seed.operator.password);
      await page.getByRole('link', { name: 'Parcels' }).click();
      await page.getByRole('heading', { name: 'Parcels', level: 1 }).waitFor();
      await screen(page, audit, 'parcels', 'Parcels');

      // A refused save, then a saved parcel.
      await page.getByRole('button', { name: 'Save parcel' }).click();
      await page.getByText('Tracking number is required').waitFor();
      await state_(page, audit, 'parcels-intake-refused');
      const tracking = `1ZA11Y${seed.ref}`;
      await page.getByLabel('Tracking number').fill(tracking);
      await page.getByLabel('Shelf location').fill('A11Y-1');
      await page.locator('section[aria-labelledby="intake-title"]').getByLabel('Customer').fill(seed.company);
      await page.getByRole('option', { name: seed.company }).click();
      await page.getByRole('button', { name: 'Save parcel' }).click();
      await page.getByTestId('parcel-saved').getByText(tracking).waitFor();
      await page.getByTestId('parcel-row').filter({ hasText: tracking }).waitFor();
      await state_(page, audit, 'parcels-saved');

      // Queue filters open; the parcel's drawer; the close form.
      await page.getByRole('combobox', { name: 'Age' }).click();
      await page.getByRole('option', { name: 'Red' }).waitFor();
      await state_(page, audit, 'parcels-age-filter-open');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: `Open ${tracking}` }).click();
      const drawer = page.getByRole('dialog', { name: `Parcel ${tracking}` });
      await drawer.getByTestId('parcel-timeline').waitFor();
      await state_(page, audit, 'parcels-drawer');
      await drawer.getByRole('button', { name: 'Close without a return' }).click();
      await drawer.getByRole('combobox', { name: 'Reason' }).waitFor();
      await state_(page, audit, 'parcels-drawer-close-form');

      // Convert to blind return: the Blind Return screen with the parcel.
      await drawer.getByRole('button', { name: 'Convert to blind return' }).click();
      await page.getByTestId('parcel-banner').getByText(`Converting parcel ${tracking}`).waitFor();
      await screen(page, audit, 'blind-return-with-parcel', `${seed.company}: Blind Return`);

      // Match to order: Receiving with the parcel and the parcels Order Search finds.
      await page.goto('/parcels');
      await page.getByRole('button', { name: `Open ${tracking}` }).click();
      await drawer.getByRole('button', { name: 'Match to order' }).click();
      await page.getByTestId('parcel-banner').getByText(`Matching parcel ${tracking}`).waitFor();
      await page.getByLabel('Search Reference').fill(tracking);
      await page.getByTestId('parcel-hit').waitFor();
      await screen(page, audit, 'receiving-with-parcel', 'Return Processing');

      assertAccessible(audit);
      assert.deepEqual(errors, []);
    },
    { timeout: 120_000 },
  );
});
