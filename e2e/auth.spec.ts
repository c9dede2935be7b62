// SPEC §2.2–2.6: login, session, top bar, change password, forgotten password, logout.
import assert from 'node:assert/strict';
import { describe } from 'node:test';
import {
  apiCall,
  createOperator,
  e2eEnv,
  e2eTest,
  linkIn,
  loginAsAdmin,
  loginViaUi,
  logoutViaUi,
  screenshot,
  useBrowser,
  waitForMail,
} from './support/index';

const browser = useBrowser();

describe('login', () => {
  e2eTest('the form validates on submit, focuses the username and shows the logo and title', browser, async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.equal(await page.getByAltText('Returns Desk logo').isVisible(), true);
    assert.equal(await page.getByLabel('Username').evaluate((el) => el === document.activeElement), true);
    await page.keyboard.press('Enter');
    await page.getByText('Username is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await screenshot(page, 'login-validation');
  });

  e2eTest('a wrong password shows "Login failed"', browser, async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Username').fill(e2eEnv.admin.username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.getByText('Login failed').waitFor();
    assert.match(page.url(), /\/auth\/login$/);
    await screenshot(page, 'login-failed');
  });

  e2eTest('logging in lands on Receiving and replaces the login entry in the history', browser, async ({ page, errors }) => {
    await page.goto('/auth/login');
    await screenshot(page, 'login');
    await loginAsAdmin(page);
    assert.equal(new URL(page.url()).pathname, '/');
    assert.equal(await page.getByRole('link', { name: 'Receiving' }).getAttribute('aria-current'), 'page');
    await page.goBack().catch(() => undefined);
    assert.notEqual(new URL(page.url()).pathname, '/auth/login');
    assert.deepEqual(errors, []);
  });

  e2eTest('an unknown page behind login sends a visitor without a session to the login screen', browser, async ({ page }) => {
    await page.goto('/history');
    await page.waitForURL('**/auth/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  });

  e2eTest('a stored token that the server refuses is cleared and leads to login', browser, async ({ page }) => {
    await page.goto('/auth/login');
    await page.evaluate(() => {
      localStorage.setItem('returns-desk.token', 'forged-token');
      localStorage.setItem('returns-desk.expire', new Date(Date.now() + 3600_000).toISOString());
    });
    await page.goto('/');
    await page.waitForURL('**/auth/login');
    assert.equal(await page.evaluate(() => localStorage.getItem('returns-desk.token')), null);
  });
});

describe('top bar', () => {
  e2eTest('an admin sees the Admin menu with its four screens', browser, async ({ page }) => {
    await loginAsAdmin(page);
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    for (const [label, path] of [
      ['Users', '/admin/users'],
      ['Customers', '/admin/customers'],
      ['System Settings', '/admin/systems'],
      ['Task Status', '/admin/tasks'],
    ] as const) {
      assert.equal(await page.getByRole('menuitem', { name: label }).getAttribute('href'), path);
    }
    await screenshot(page, 'layout-admin-menu');
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.waitForURL('**/admin/users');
  });

  e2eTest('an operator sees no Admin menu; History opens with the default query', browser, async ({ page }) => {
    const operator = await createOperator({ allCustomers: true, name: 'Olivia Operator' });
    await loginViaUi(page, operator.username, operator.password);
    await page.getByTestId('account-name').getByText('Olivia Operator').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Admin', exact: true }).count(), 0);
    await screenshot(page, 'layout-operator');
    await page.getByRole('link', { name: 'History' }).click();
    await page.waitForURL('**/history?**');
    const url = new URL(page.url());
    assert.equal(
      decodeURIComponent(url.search),
      '?page=1&search[id]=&search[delivery_number]=&search[order_number]=&search[web_order_number]=&filter[customer_id]=All&filter[is_blind]=All',
    );
    assert.equal(await page.getByRole('link', { name: 'History' }).getAttribute('aria-current'), 'page');
  });

  e2eTest('a reload on a logged-in page stays logged in', browser, async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto('/admin/tasks');
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/admin/tasks');
  });

  e2eTest('logout returns to login, revokes the token, and a reload stays logged out', browser, async ({ page }) => {
    await loginAsAdmin(page);
    const token = await page.evaluate(() => localStorage.getItem('returns-desk.token'));
    assert.ok(token);
    await logoutViaUi(page);
    // The login form opens with the cursor in Username, as it does on a fresh page load.
    await page.waitForFunction(() => document.activeElement?.getAttribute('autocomplete') === 'username');
    assert.equal(await page.evaluate(() => localStorage.getItem('returns-desk.token')), null);
    const refused = await apiCall('POST', '/account/token', { token: token! });
    assert.equal(refused.code, 401);
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.goto('/');
    await page.waitForURL('**/auth/login');
  });
});

describe('user menu (loaded on first use, issue 13)', () => {
  e2eTest(
    'the trigger looks and reads the same before and after loading; Enter and Space open it with the focus inside, Escape closes it and the focus returns to the trigger',
    browser,
    async ({ page, errors }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      const operator = await createOperator();
      await loginViaUi(page, operator.username, operator.password);
      const userMenu = page.getByRole('button', { name: 'User menu' });
      const menu = page.getByRole('menu');
      const focusInMenu = () => menu.evaluate((el) => el.contains(document.activeElement));
      const triggerFocused = () => userMenu.evaluate((el) => el === document.activeElement);
      // Drawn alone, the trigger carries what Mantine's Menu.Target gives a closed menu's button.
      assert.equal(await userMenu.getAttribute('aria-haspopup'), 'menu');
      assert.equal(await userMenu.getAttribute('aria-expanded'), 'false');
      await page.mouse.move(600, 500);
      const standIn = await userMenu.screenshot({ animations: 'disabled' });

      // First activation from the keyboard: the menu's code loads, and it opens as a click would.
      await userMenu.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('menuitem', { name: 'Change Password' }).waitFor();
      assert.equal(await userMenu.getAttribute('aria-expanded'), 'true');
      assert.equal(await userMenu.getAttribute('aria-controls'), await menu.getAttribute('id'));
      await page.waitForFunction(() => document.querySelector('[role=menu]')?.contains(document.activeElement));
      assert.equal(await focusInMenu(), true, 'the focus did not move into the menu');
      await screenshot(page, 'user-menu-open-keyboard');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.activeElement?.textContent?.includes('User menu'));
      assert.equal(await triggerFocused(), true, 'Escape did not return the focus to the trigger');
      assert.equal(await userMenu.getAttribute('aria-expanded'), 'false');

      // Mounted from now on: Space opens it again, Escape returns the focus again.
      await page.keyboard.press('Space');
      await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
      await page.waitForFunction(() => document.querySelector('[role=menu]')?.contains(document.activeElement));
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.activeElement?.textContent?.includes('User menu'));

      // Same pixels as the stand-in, once the focus and the pointer are elsewhere.
      await userMenu.evaluate((el) => (el as HTMLElement).blur());
      await page.mouse.move(600, 500);
      await page.waitForTimeout(200); // the hover background's 120 ms transition
      assert.equal(
        Buffer.compare(await userMenu.screenshot({ animations: 'disabled' }), standIn),
        0,
        'the loaded trigger is drawn differently',
      );

      // A click opens it (the menu's own target now); the item still works.
      await userMenu.click();
      await page.getByRole('menuitem', { name: 'Change Password' }).click();
      await page.getByRole('dialog', { name: 'Change Password' }).waitFor();
      assert.deepEqual(errors, []);
    },
  );

  e2eTest(
    'an admin: the Admin menu loads on its first click, opens with its links, and Escape returns the focus',
    browser,
    async ({ page, errors }) => {
      await loginAsAdmin(page);
      const admin = page.getByRole('button', { name: 'Admin', exact: true });
      assert.equal(await admin.getAttribute('aria-haspopup'), 'menu');
      assert.equal(await admin.getAttribute('aria-expanded'), 'false');
      await admin.click();
      await page.getByRole('menuitem', { name: 'Task Status' }).waitFor();
      assert.equal(await admin.getAttribute('aria-expanded'), 'true');
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Admin');
      assert.deepEqual(errors, []);
    },
  );
});

describe('change password', () => {
  e2eTest('the modal validates, reports a wrong old password, updates, and the new password logs in', browser, async ({ page }) => {
    const operator = await createOperator();
    await loginViaUi(page, operator.username, operator.password);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    const modal = page.getByRole('dialog', { name: 'Change Password' });
    await modal.waitFor();

    await modal.getByRole('button', { name: 'Update Password' }).click();
    await modal.getByText('Old password is required').waitFor();
    await modal.getByText('New password is required').waitFor();
    await modal.getByLabel('New Password', { exact: true }).fill('first-new-pass');
    await modal.getByLabel('Confirm New Password').fill('something-else');
    await modal.getByRole('button', { name: 'Update Password' }).click();
    await modal.getByText('New passwords must match').waitFor();

    // Clicking beside the modal does not close it (SPEC §2.6).
    await page.mouse.click(10, 400);
    assert.equal(await modal.isVisible(), true);

    await modal.getByLabel('Old Password').fill('wrong-old-password');
    await modal.getByLabel('Confirm New Password').fill('first-new-pass');
    await modal.getByRole('button', { name: 'Update Password' }).click();
    await modal.locator('.mantine-Alert-root').filter({ hasText: 'Error' }).waitFor();
    await screenshot(page, 'change-password-error');

    const newPassword = `New-${operator.password}`;
    await modal.getByLabel('Old Password').fill(operator.password);
    await modal.getByLabel('New Password', { exact: true }).fill(newPassword);
    await modal.getByLabel('Confirm New Password').fill(newPassword);
    await modal.getByRole('button', { name: 'Update Password' }).click();
    await modal.getByText('Password Updated').waitFor();
    await modal.getByText('Your password has been updated successfully').waitFor();
    assert.equal(await modal.getByLabel('Old Password').inputValue(), '');
    await screenshot(page, 'change-password-updated');

    await modal.getByRole('button', { name: 'Close' }).first().click();
    await logoutViaUi(page);
    await page.getByLabel('Username').fill(operator.username);
    await page.getByLabel('Password', { exact: true }).fill(operator.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Login failed').waitFor();
    await loginViaUi(page, operator.username, newPassword);
  });
  e2eTest(
    'from the keyboard: the menu opens it, Tab stays inside, Escape closes it and the focus returns to the user menu',
    browser,
    async ({ page }) => {
      const operator = await createOperator();
      await loginViaUi(page, operator.username, operator.password);
      const userMenu = page.getByRole('button', { name: 'User menu' });
      await userMenu.focus();
      await page.keyboard.press('Enter');
      const item = page.getByRole('menuitem', { name: 'Change Password' });
      await item.waitFor();
      // Arrow keys walk the menu; where the highlight starts is Mantine's business.
      for (let i = 0; i < 4 && !(await item.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('ArrowDown');
      assert.equal(await item.evaluate((el) => el === document.activeElement), true, 'Change Password never got the focus');
      await page.keyboard.press('Enter');
      const modal = page.getByRole('dialog', { name: 'Change Password' });
      await modal.getByLabel('Old Password').waitFor();

      for (let i = 0; i < 12; i++) {
        await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
        assert.equal(await modal.evaluate((el) => el.contains(document.activeElement)), true, `focus left the modal after key ${i + 1}`);
      }

      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      await page.waitForFunction(() => document.activeElement?.textContent?.includes('User menu'));
      assert.equal(await userMenu.evaluate((el) => el === document.activeElement), true);
    },
  );
});

describe('forgotten password', () => {
  e2eTest('forget → mail → reset link → new password → login', browser, async ({ page }) => {
    const operator = await createOperator();
    const asked = new Date();
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forget Password?' }).click();
    await page.waitForURL('**/auth/forget-password');
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Email is not valid').waitFor();
    await page.getByLabel('Username').fill(operator.username);
    await page.getByLabel('Email').fill(operator.email);
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByText('Please check your email to reset password.').waitFor();
    assert.equal(await page.getByLabel('Username').inputValue(), '');
    assert.equal(await page.getByLabel('Email').inputValue(), '');
    await screenshot(page, 'forget-password-sent');

    const mail = await waitForMail({ to: operator.email, after: asked });
    const link = linkIn(mail, '/auth/password/');
    const path = new URL(link).pathname;
    assert.match(path, new RegExp(`^/auth/password/${operator.username}/`));

    await page.goto(path);
    await page.getByLabel('Password', { exact: true }).waitFor();
    await screenshot(page, 'reset-password-form');
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByText('New password is required').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('a-brand-new-password');
    await page.getByLabel('Confirm Password').fill('not-the-same');
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByText('Passwords must match').waitFor();
    await page.getByLabel('Confirm Password').fill('a-brand-new-password');
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByText('Your password is now updated').waitFor();
    assert.equal(await page.getByLabel('Password', { exact: true }).inputValue(), '');
    await screenshot(page, 'reset-password-done');

    await page.getByRole('link', { name: 'Back to login' }).click();
    await loginViaUi(page, operator.username, 'a-brand-new-password');

    // The link is single use.
    await page.goto(path);
    await page.getByText('Expired Link').waitFor();
  });

  e2eTest('an invalid reset link shows "Expired Link" with a way to ask again', browser, async ({ page }) => {
    await page.goto('/auth/password/nobody/0123456789abcdef0123456789abcdef');
    await page.getByText('Expired Link').waitFor();
    await page.getByText('Your reset link seems to be expired, please submit another request.').waitFor();
    await screenshot(page, 'reset-password-expired');
    assert.equal(await page.getByRole('link', { name: 'Back to login' }).isVisible(), true);
    await page.getByRole('link', { name: 'Request a new reset link' }).click();
    await page.waitForURL('**/auth/forget-password');
    await screenshot(page, 'forget-password');
  });
});

describe('session and loading', () => {
  e2eTest('the layout shows "checking account status..." while the stored session is checked', browser, async ({ page }) => {
    await loginAsAdmin(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/account/token', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.getByText('checking account status...').waitFor();
    await screenshot(page, 'layout-checking');
    release();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
  });

  e2eTest('on a narrow screen the top bar keeps its entries as icons', browser, async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 800 });
    await loginAsAdmin(page);
    await page.getByRole('link', { name: 'History' }).waitFor();
    await screenshot(page, 'layout-narrow');
    await page.getByRole('link', { name: 'History' }).click();
    await page.waitForURL('**/history?**');
  });

  e2eTest('a 401 in the middle of work clears the session and goes to login', browser, async ({ page }) => {
    const operator = await createOperator();
    await loginViaUi(page, operator.username, operator.password);
    const token = await page.evaluate(() => localStorage.getItem('returns-desk.token'));
    // The session ends elsewhere (an admin disables the user, another tab logs out, …).
    assert.equal((await apiCall('POST', '/account/logout', { token: token! })).code, 200);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Change Password' }).click();
    const modal = page.getByRole('dialog', { name: 'Change Password' });
    await modal.getByLabel('Old Password').fill(operator.password);
    await modal.getByLabel('New Password', { exact: true }).fill('whatever-new');
    await modal.getByLabel('Confirm New Password').fill('whatever-new');
    await modal.getByRole('button', { name: 'Update Password' }).click();
    await page.waitForURL('**/auth/login');
    assert.equal(await page.evaluate(() => localStorage.getItem('returns-desk.token')), null);
  });

  e2eTest('a screen that fails to load shows a load error with a reload button', browser, async ({ page }) => {
    await loginAsAdmin(page);
    await page.route('**/assets/HistoryPage-*.js', (route) => route.abort('connectionreset'));
    await page.getByRole('link', { name: 'History' }).click();
    await page.getByText('This screen could not be loaded').waitFor();
    // The top bar stays usable around the failed screen.
    assert.equal(await page.getByRole('button', { name: 'User menu' }).isVisible(), true);
    await screenshot(page, 'load-error');
    await page.unroute('**/assets/HistoryPage-*.js');
    await page.getByRole('button', { name: 'Reload page' }).click();
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    assert.equal(await page.getByText('This screen could not be loaded').count(), 0);
  });
});
